/// Naive box averaging: each output pixel is the mean of the (2R+1)×(2R+1) window around it,
/// summed directly — O(R²) per pixel, the teaching baseline that the running-sum box must match.
///
/// The window is summed row by row, column by column (no running sums, no separation), but
/// eight output pixels at a time in SIMD registers, from the padded window rows of `RowWindow`;
/// in `zero` mode the missing pixels count as zeros, so the divisor is always (2R+1)².
public struct BoxAverage: BlurMethod {
    /// The box's radius R: it averages (2R+1)×(2R+1) pixels.
    public let radius: Int

    /// The (2R+1)×(2R+1) box of radius R ≥ 0.
    public init(radius: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        self.radius = radius
    }

    public var name: String { "box" }
    public var parameters: String { "R=\(radius)" }
    public var reach: Int { radius }

    /// Blurs interleaved RGBA values as they are (callers premultiply alpha first).
    public func apply(_ image: RGBAImage, edges: EdgeMode) -> RGBAImage {
        var out = image
        blur(&out, edges: edges, threads: 1)
        return out
    }

    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let taps = 2 * radius + 1
        let scale = 1 / Float(taps * taps)
        PixelMemory.withPixels(of: &image) { pixels in
            let window = RowWindow(width: width, height: height, radius: radius, edges: edges)
            window.forEachStep(pixels, bands: threads, threads: threads) { rows, count, output, stride in
                LineKernels.averageWindow(rows, count: count, taps: taps, scale: scale, width: width,
                                          into: output, outStride: stride)
            }
        }
    }
}
