/// Naive box averaging: each output pixel is the mean of the (2R+1)×(2R+1) window around it,
/// summed directly — O(R²) per pixel, the teaching baseline that the running-sum box must match.
public struct BoxAverage: Sendable {
    public let radius: Int

    public init(radius: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        self.radius = radius
    }

    /// Blurs interleaved RGBA values as they are (callers premultiply alpha first).
    public func apply(_ image: RGBAImage, edges: EdgeMode) -> RGBAImage {
        let w = image.width, h = image.height, r = radius
        var out = [Float](repeating: 0, count: image.pixels.count)
        // Column index tables for the window, one per output x, so the inner loop does not branch.
        let xs: [[Int]] = (0..<w).map { x in (-r...r).compactMap { edges.sourceIndex(x + $0, count: w) } }
        let scale = 1 / Float((2 * r + 1) * (2 * r + 1))
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let rows = (-r...r).compactMap { edges.sourceIndex(y + $0, count: h) }
                    for x in 0..<w {
                        var sum = SIMD4<Float>.zero
                        for sy in rows {
                            let base = 4 * sy * w
                            for sx in xs[x] {
                                let i = base + 4 * sx
                                sum += SIMD4(src[i], src[i + 1], src[i + 2], src[i + 3])
                            }
                        }
                        sum *= scale
                        let o = 4 * (y * w + x)
                        dst[o] = sum.x; dst[o + 1] = sum.y; dst[o + 2] = sum.z; dst[o + 3] = sum.w
                    }
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }
}
