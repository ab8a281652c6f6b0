import BlurCanvas
import BlurCore
import Foundation

/// Synthetic test images, usable wherever a PNG path is (`builtin:NAME[@WxH]`).
///
/// All are deterministic and all but `cutout` opaque; default size 256×256.
public enum BuiltinImage: String, CaseIterable, Sendable {
    /// Black and white squares of 16 pixels: sharp edges in both directions.
    case checker
    /// A white disc, a vertical step and a thin line on mid-grey: edges of every orientation.
    case edges
    /// A zone plate `½ + ½·cos(π r² / (2·ρ))`, ρ the distance from the centre to the corner:
    /// the local frequency 2·(π/2ρ)·r rises from 0 at the centre to π (Nyquist) at the corners,
    /// never above, so the image itself does not alias; it shows which frequencies a blur passes
    /// and where a box rings.
    case zoneplate
    /// One white pixel at the centre on black: the blur's impulse response.
    case impulse
    /// Uniform grey-level noise from a fixed seed (xorshift64*), different per channel.
    case noise
    /// A small app screen: a title bar, coloured icons and rows of text on white, a photo-like
    /// banner — the busy background a frosted panel or a Reduce Transparency fallback sits on.
    case ui
    /// A white disc, opaque, on fully transparent pixels that store black in the left half and
    /// magenta in the right: colour no one sees until a straight-alpha blur mixes it in.
    case cutout
    /// Small bright dots (white, warm and cool) on black, like lights at night.
    case lights
    /// Saturated red in the left half, saturated green in the right: one vertical boundary.
    case redgreen
    /// Vertical stripes one pixel wide, black and white in turn: half the light of white.
    case grating

    /// The size `builtin:NAME` without `@WxH` gives: 360×480 (portrait, like a screen) for `ui`,
    /// 256×256 for every other image.
    public var defaultSize: (width: Int, height: Int) { self == .ui ? (360, 480) : (256, 256) }

    /// One line describing the image, for listings and alt text.
    public var summary: String {
        switch self {
        case .checker: "black and white checkerboard of 16-pixel squares"
        case .edges: "white disc, vertical step and thin line on grey"
        case .zoneplate: "zone plate: rings whose frequency rises to Nyquist (π) at the corners"
        case .impulse: "a single white pixel at the centre of a black image"
        case .noise: "seeded uniform colour noise"
        case .ui: "a small app screen: title bar, coloured icons and rows of text"
        case .cutout: "white disc on transparent pixels storing black (left) and magenta (right)"
        case .lights: "small bright dots on black"
        case .redgreen: "red left half, green right half"
        case .grating: "black and white stripes one pixel wide"
        }
    }

    /// The zone plate's phase at pixel (x, y): `s·r²` with r the distance from the image centre
    /// and `s = π / (2ρ)`, ρ the distance from the centre to the farthest pixel (a corner).
    ///
    /// The local frequency is the phase's gradient, `2·s·r`, at most `2·s·ρ = π` radians per
    /// pixel: the rings reach the grid's limit at the corners and nowhere pass it. (A scale set
    /// by the half-width instead reaches π at the edge midpoints and √2·π in the corners, whose
    /// rings then alias into false, coarser rings.)
    public static func zonePlatePhase(x: Int, y: Int, width: Int, height: Int) -> Double {
        let cx = Double(width) / 2, cy = Double(height) / 2
        let scale = Double.pi / (2 * max((cx * cx + cy * cy).squareRoot(), 1))
        let dx = Double(x) - cx, dy = Double(y) - cy
        return scale * (dx * dx + dy * dy)
    }

    /// Draws the image at `width`×`height`; the same size always gives the same pixels.
    ///
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    /// - Returns: the image, with straight alpha.
    public func make(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 1))
        switch self {
        case .checker:
            for y in 0..<height {
                for x in 0..<width {
                    let v: Float = ((x / 16) + (y / 16)) % 2 == 0 ? 1 : 0
                    image[x, y] = SIMD4(v, v, v, 1)
                }
            }
        case .edges:
            let cx = Double(width) * 0.32, cy = Double(height) * 0.5, radius = Double(min(width, height)) * 0.22
            for y in 0..<height {
                for x in 0..<width {
                    var v: Float = 0.5
                    if x >= width * 2 / 3 { v = 0.1 }
                    if x == width * 5 / 6 { v = 1 }
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    if dx * dx + dy * dy <= radius * radius { v = 1 }
                    image[x, y] = SIMD4(v, v, v, 1)
                }
            }
        case .zoneplate:
            for y in 0..<height {
                for x in 0..<width {
                    let v = Float(0.5 + 0.5 * cos(Self.zonePlatePhase(x: x, y: y, width: width, height: height)))
                    image[x, y] = SIMD4(v, v, v, 1)
                }
            }
        case .impulse:
            image[width / 2, height / 2] = SIMD4(1, 1, 1, 1)
        case .ui:
            image = Self.uiMockup(width: width, height: height)
        case .cutout:
            let cx = Double(width) / 2, cy = Double(height) / 2, radius = Double(min(width, height)) * 0.3
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    if dx * dx + dy * dy <= max(radius * radius, 0.5) {
                        image[x, y] = SIMD4(1, 1, 1, 1)
                    } else {
                        image[x, y] = x < width / 2 ? SIMD4(0, 0, 0, 0) : SIMD4(1, 0, 1, 0)
                    }
                }
            }
        case .lights:
            image = RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 1))
            let spacing = max(8, min(width, height) / 6), radius = max(1.0, Double(spacing) / 12)
            let colours: [SIMD4<Float>] = [SIMD4(1, 1, 1, 1), SIMD4(1, 0.8, 0.35, 1), SIMD4(0.55, 0.8, 1, 1)]
            for y in 0..<height {
                for x in 0..<width {
                    let cellX = x / spacing, cellY = y / spacing
                    let dx = Double(x % spacing) + 0.5 - Double(spacing) / 2,
                        dy = Double(y % spacing) + 0.5 - Double(spacing) / 2
                    if dx * dx + dy * dy <= radius * radius || (width == 1 && height == 1) {
                        image[x, y] = colours[(cellX + cellY) % colours.count]
                    }
                }
            }
        case .redgreen:
            for y in 0..<height {
                for x in 0..<width {
                    image[x, y] = x < width / 2 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 1, 0, 1)
                }
            }
        case .grating:
            for y in 0..<height {
                for x in 0..<width where x % 2 == 1 {
                    image[x, y] = SIMD4(1, 1, 1, 1)
                }
            }
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

    /// Draws the app-screen mock-up, laid out in proportion to the size asked for.
    static func uiMockup(width: Int, height: Int) -> RGBAImage {
        var canvas = Canvas(width: width, height: height, background: SIMD4(1, 1, 1, 1))
        let unit = max(1.0, Double(min(width, height)) / 360)
        let bar = Int(56 * unit)
        canvas.fill(PixelRect(x: 0, y: 0, width: width, height: bar), colour: FigureColour.hex(0x1F6FEB))
        let font = unit >= 1.5 ? BitmapFont.caption : BitmapFont.label
        canvas.draw(
            text: "Messages", x: Int(16 * unit), y: (bar - font.lineHeight) / 2, font: font, colour: SIMD4(1, 1, 1, 1))
        // A banner with diagonal colour bands: strong edges and colour for a blur to smear.
        let bannerTop = bar, bannerHeight = Int(120 * unit)
        for y in stride(from: bannerTop, to: min(height, bannerTop + bannerHeight), by: 1) {
            for x in 0..<width {
                let band = ((x + 2 * (y - bannerTop)) / max(1, Int(24 * unit))) % 4
                let colours: [UInt32] = [0xF4B400, 0xDB4437, 0x0F9D58, 0x4285F4]
                canvas.blend(x: x, y: y, colour: FigureColour.hex(colours[band]))
            }
        }
        let names = [
            "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
            "Donald Knuth", "Margaret Hamilton", "Ken Thompson"
        ]
        let previews = [
            "See you at the lecture", "The machine halts.", "Found the bug!", "Goto considered…",
            "Substitution works", "Premature optimisation", "Apollo code ready", "Unix is ready"
        ]
        let iconColours: [UInt32] = [0xDB4437, 0x0F9D58, 0xF4B400, 0x4285F4, 0xAB47BC, 0x00ACC1, 0xFF7043, 0x5C6BC0]
        let rowHeight = Int(64 * unit)
        var y = bannerTop + bannerHeight
        var row = 0
        while y + rowHeight <= height {
            let i = row % names.count
            let r = Double(rowHeight) * 0.32
            canvas.fillCircle(
                centre: SIMD2(16 * unit + r, Double(y) + Double(rowHeight) / 2), radius: r,
                colour: FigureColour.hex(iconColours[i]))
            let textX = Int(16 * unit + 2 * r + 12 * unit)
            canvas.draw(
                text: names[i], x: textX, y: y + Int(8 * unit), font: BitmapFont.label,
                colour: FigureColour.hex(0x1C1C1E))
            canvas.draw(
                text: previews[i], x: textX, y: y + Int(8 * unit) + BitmapFont.label.lineHeight,
                font: BitmapFont.label, colour: FigureColour.hex(0x6E6E73))
            canvas.fill(
                PixelRect(x: textX, y: y + rowHeight - 1, width: width - textX, height: 1),
                colour: FigureColour.hex(0xD1D1D6))
            y += rowHeight
            row += 1
        }
        return canvas.image
    }
}
