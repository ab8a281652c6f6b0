/// Exact direct 2-D convolution with a full `(2R+1)×(2R+1)` kernel: O(R²) per pixel.
///
/// `out(x, y) = Σᵢ Σⱼ K(i, j) · in(x + i − R, y + j − R)`, every tap read through the edge mode
/// on both axes. This is the method that needs no assumption about the kernel, so it is the
/// reference the faster methods are measured against; in Float32 it matches a Float64 sum to
/// about 1e-6 relative.
///
/// Speed: the rows of the window come from `RowWindow` (padded, so no tap tests the border);
/// each output row is computed eight pixels at a time in SIMD registers, taps outer and pixels
/// inner, so the compiler never has to reorder additions to vectorise.
public struct Gaussian2D: BlurMethod {
    /// The kernel, row-major: `weights[j * (2R+1) + i]` weighs the pixel at (i − R, j − R).
    public let weights: [Float]
    /// The kernel radius R.
    public let radius: Int

    /// Creates the method from `(2R+1)²` weights in row-major order (the caller normalises them).
    public init(weights: [Float], radius: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        precondition(weights.count == (2 * radius + 1) * (2 * radius + 1),
                     "weights.count (\(weights.count)) must be (2R+1)² = \((2 * radius + 1) * (2 * radius + 1)) for R = \(radius)")
        self.weights = weights
        self.radius = radius
    }

    public var name: String { "gaussian2d" }
    public var parameters: String { "R=\(radius), \(2 * radius + 1)×\(2 * radius + 1) taps" }
    public var reach: Int { radius }

    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let taps = 2 * radius + 1
        weights.withUnsafeBufferPointer { weights in
            nonisolated(unsafe) let weights = weights.baseAddress!
            PixelLines.withPixels(of: &image) { pixels in
                RowWindow.forEachRow(pixels, width: width, height: height, radius: radius,
                                     edges: edges, threads: threads) { rows, output in
                    convolveRow(rows, weights: weights, taps: taps, width: width, into: output)
                }
            }
        }
    }
}

/// One output row of the 2-D convolution from the `taps` padded window rows.
private func convolveRow(
    _ rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, taps: Int, width: Int,
    into output: UnsafeMutablePointer<Float>
) {
    var x = 0
    while x + 8 <= width {
        var a = SIMD16<Float>(), b = SIMD16<Float>()
        for j in 0..<taps {
            var q = rows[j] + 4 * x
            let row = weights + j * taps
            for i in 0..<taps {
                let w = row[i]
                a += load16(q) * w
                b += load16(q + 16) * w
                q += 4
            }
        }
        store16(a, output + 4 * x)
        store16(b, output + 4 * x + 16)
        x += 8
    }
    while x < width {
        var a = SIMD4<Float>()
        for j in 0..<taps {
            let q = rows[j] + 4 * x
            let row = weights + j * taps
            for i in 0..<taps { a += load4(q + 4 * i) * row[i] }
        }
        store4(a, output + 4 * x)
        x += 1
    }
}
