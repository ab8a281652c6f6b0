import Foundation

/// Synthetic test images, usable wherever a PNG path is (`builtin:NAME[@WxH]`).
///
/// All are opaque and deterministic; default size 256×256.
public enum BuiltinImage: String, CaseIterable, Sendable {
    /// Black and white squares of 16 pixels: sharp edges in both directions.
    case checker
    /// A white disc, a vertical step and a thin line on mid-grey: edges of every orientation.
    case edges
    /// A zone plate `½ + ½·cos(π r² / (2·W))`: frequency rises from the centre up to Nyquist at
    /// the border, so it shows which frequencies a blur passes and where a box rings.
    case zoneplate
    /// One white pixel at the centre on black: the blur's impulse response.
    case impulse
    /// Uniform grey-level noise from a fixed seed (xorshift64*), different per channel.
    case noise

    public var defaultSize: (width: Int, height: Int) { (256, 256) }

    /// One line describing the image, for listings and alt text.
    public var summary: String {
        switch self {
        case .checker: "black and white checkerboard of 16-pixel squares"
        case .edges: "white disc, vertical step and thin line on grey"
        case .zoneplate: "zone plate: rings whose frequency rises to Nyquist at the border"
        case .impulse: "a single white pixel at the centre of a black image"
        case .noise: "seeded uniform colour noise"
        }
    }

    public func make(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 1))
        switch self {
        case .checker:
            for y in 0..<height { for x in 0..<width {
                let v: Float = ((x / 16) + (y / 16)) % 2 == 0 ? 1 : 0
                image[x, y] = SIMD4(v, v, v, 1)
            } }
        case .edges:
            let cx = Double(width) * 0.32, cy = Double(height) * 0.5, radius = Double(min(width, height)) * 0.22
            for y in 0..<height { for x in 0..<width {
                var v: Float = 0.5
                if x >= width * 2 / 3 { v = 0.1 }
                if x == width * 5 / 6 { v = 1 }
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                if dx * dx + dy * dy <= radius * radius { v = 1 }
                image[x, y] = SIMD4(v, v, v, 1)
            } }
        case .zoneplate:
            let cx = Double(width) / 2, cy = Double(height) / 2
            let scale = Double.pi / (2 * max(cx, cy, 1))
            for y in 0..<height { for x in 0..<width {
                let dx = Double(x) - cx, dy = Double(y) - cy
                let v = Float(0.5 + 0.5 * cos(scale * (dx * dx + dy * dy)))
                image[x, y] = SIMD4(v, v, v, 1)
            } }
        case .impulse:
            image[width / 2, height / 2] = SIMD4(1, 1, 1, 1)
        case .noise:
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for i in 0..<(width * height) {
                for c in 0..<3 {
                    state ^= state >> 12; state ^= state << 25; state ^= state >> 27
                    let r = state &* 0x2545_F491_4F6C_DD1D
                    image.pixels[4 * i + c] = Float(r >> 40) / Float(1 << 24)
                }
            }
        }
        return image
    }
}
