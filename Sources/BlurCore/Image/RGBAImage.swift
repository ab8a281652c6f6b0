/// An RGBA image with Float32 working values.
///
/// Layout: `pixels` is interleaved and row-major — pixel (x, y) occupies
/// `pixels[4 * (y * width + x) ..< 4 * (y * width + x) + 4]` as R, G, B, A.
/// Values are in 0...1 as stored in the file (sRGB-encoded colour), and alpha is **straight**
/// (not premultiplied). Blur methods premultiply internally while they blur, so transparent
/// pixels never bleed their colour, and return straight alpha again.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `4 · width · height` values, row by row, R, G, B, A for each pixel.
    public var pixels: [Float]

    /// The number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// Creates an image from interleaved RGBA values.
    ///
    /// - Precondition: `pixels.count == 4 * width * height`.
    public init(width: Int, height: Int, pixels: [Float]) {
        precondition(width >= 0 && height >= 0, "size \(width)×\(height) must not be negative")
        precondition(pixels.count == 4 * width * height,
                     "pixels.count (\(pixels.count)) must equal 4 * width * height (\(4 * width * height))")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image filled with one colour.
    public init(width: Int, height: Int, fill: SIMD4<Float> = .zero) {
        let count = width * height
        let values = fill == .zero || count <= 0 ? [Float](repeating: 0, count: max(0, 4 * count))
            : [Float](unsafeUninitializedCapacity: 4 * count) { buffer, initialised in
                // Written once, as whole pixels, with no zeroing pass before it.
                buffer.baseAddress!.withMemoryRebound(to: SIMD4<Float>.self, capacity: count) {
                    $0.initialize(repeating: fill, count: count)
                }
                initialised = 4 * count
            }
        self.init(width: width, height: height, pixels: values)
    }

    /// The pixel at (x, y) as (R, G, B, A).
    @inlinable
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get {
            let i = 4 * (y * width + x)
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = 4 * (y * width + x)
            pixels[i] = newValue.x; pixels[i + 1] = newValue.y
            pixels[i + 2] = newValue.z; pixels[i + 3] = newValue.w
        }
    }
}

// MARK: - 8-bit conversion

extension RGBAImage {
    /// Creates an image from 8-bit interleaved RGBA bytes (value / 255).
    public init(width: Int, height: Int, rgba8: [UInt8]) {
        precondition(rgba8.count == 4 * width * height,
                     "rgba8.count (\(rgba8.count)) must equal 4 * width * height (\(4 * width * height))")
        self.init(width: width, height: height, pixels: rgba8.map { Float($0) / 255 })
    }

    /// The image as 8-bit interleaved RGBA: each value clamped to 0...1, times 255, rounded to
    /// the nearest integer (NaN becomes 0).
    public func rgba8() -> [UInt8] {
        pixels.map { Self.quantize($0) }
    }

    /// One value to 8 bits: clamp to 0...1, scale by 255, round half away from zero.
    @inlinable
    package static func quantize(_ value: Float) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        return UInt8((value * 255).rounded())
    }
}
