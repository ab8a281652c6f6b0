/// Naive box averaging: each output pixel is the mean of the (2R+1)×(2R+1) window around it,
/// summed directly — O(R²) per pixel, the teaching baseline that the running-sum box must match.
///
/// The window is summed row by row, column by column (no running sums, no separation), but
/// eight output pixels at a time in SIMD registers; in `zero` mode the missing pixels count as
/// zeros, so the divisor is always (2R+1)².
public struct BoxAverage: BlurMethod {
    public let radius: Int

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
        PixelLines.withPixels(of: &image) { pixels in
            RowWindow.forEachRow(pixels, width: width, height: height, radius: radius,
                                 edges: edges, threads: threads) { rows, output in
                averageRow(rows, taps: taps, scale: scale, width: width, into: output)
            }
        }
    }
}

/// One output row of the box average from the `taps` padded window rows.
private func averageRow(
    _ rows: UnsafePointer<UnsafePointer<Float>>, taps: Int, scale: Float, width: Int,
    into output: UnsafeMutablePointer<Float>
) {
    var x = 0
    while x + 8 <= width {
        var a = SIMD16<Float>(), b = SIMD16<Float>()
        for j in 0..<taps {
            var q = rows[j] + 4 * x
            for _ in 0..<taps {
                a += load16(q)
                b += load16(q + 16)
                q += 4
            }
        }
        store16(a * scale, output + 4 * x)
        store16(b * scale, output + 4 * x + 16)
        x += 8
    }
    while x < width {
        var a = SIMD4<Float>()
        for j in 0..<taps {
            let q = rows[j] + 4 * x
            for i in 0..<taps { a += load4(q + 4 * i) }
        }
        store4(a * scale, output + 4 * x)
        x += 1
    }
}
