/// Exact direct 2-D convolution with a full `(2R+1)×(2R+1)` kernel: O(R²) per pixel.
///
/// `out(x, y) = Σᵢ Σⱼ K(i, j) · in(x + i − R, y + j − R)`, every tap read through the edge mode
/// on both axes. This is the method that needs no assumption about the kernel, so it is the
/// reference the faster methods are measured against; in Float32 it matches a Float64 sum to
/// about 1e-6 relative.
///
/// Speed: the rows of the window come from `RowWindow` (padded, so no tap tests the border);
/// output rows are computed eight pixels at a time in SIMD registers, taps outer and pixels
/// inner, so the compiler never has to reorder additions to vectorise. Threads take bands of
/// rows.
public struct Gaussian2D: BlurMethod {
    /// The kernel, row-major: `weights[j * (2R+1) + i]` weighs the pixel at (i − R, j − R).
    package let weights: [Float]
    /// The kernel radius R.
    package let radius: Int

    /// Creates the method from `(2R+1)²` weights in row-major order (the caller normalises them).
    public init(weights: [Float], radius: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        let taps = 2 * radius + 1
        precondition(weights.count == taps * taps,
                     "weights.count (\(weights.count)) must be (2R+1)² = \(taps * taps) for R = \(radius)")
        self.weights = weights
        self.radius = radius
    }

    /// "gaussian2d", as the command line names the method.
    public var name: String { "gaussian2d" }
    /// The radius and the window: "R=9, 19×19 taps".
    public var parameters: String { "R=\(radius), \(2 * radius + 1)×\(2 * radius + 1) taps" }
    /// R: the kernel reaches R pixels along either axis.
    public var reach: Int { radius }

    /// (2R+1)² taps, in one pass.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let taps = Double(2 * radius + 1)
        return CostCounters(reads: taps * taps, passes: 1)
    }

    /// Convolves with all (2R+1)² weights, every tap read through `edges`, in place; threads take
    /// bands of rows. An image without pixels is left as it is.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let taps = 2 * radius + 1
        weights.withUnsafeBufferPointer { weights in
            nonisolated(unsafe) let weights = weights.baseAddress!
            PixelMemory.withPixels(of: &image) { pixels in
                let window = RowWindow(width: width, height: height, radius: radius, edges: edges)
                window.forEachStep(pixels, bands: threads, threads: threads) { rows, count, output, stride in
                    LineKernels.convolveWindow(rows, count: count, weights: weights, taps: taps, width: width,
                                               into: output, outStride: stride)
                }
            }
        }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `Gaussian2D` in the catalog: O(R²), taught, reads `truncate`; the sampled 2-D Gaussian of σ
    /// (`sigma`, or `radius` / T) cut at R (`radius`, or ⌊T·σ + ½⌋); in passes, `Separable`
    /// with the same σ and R.
    public static let gaussian2D = MethodEntry(
        name: "gaussian2d", summary: "exact 2-D convolution", parameters: [.truncate],
        cost: .quadratic, taught: true,
        scheduleNote: "The fast loop reads padded rows (no edge-mode test per tap), keeps eight pixels × four channels in SIMD registers with the taps outermost, and splits the rows over threads.",
        inPasses: { settings in try MethodEntry.separable.make(settings) }
    ) { settings in
        let sigma = try settings.gaussianSigma(for: "gaussian2d")
        let radius = try settings.gaussianRadius(sigma: sigma)
        let kernel = try GaussianKernel2D(sigma: sigma, radius: radius)
        return Gaussian2D(weights: kernel.weights.map(Float.init), radius: radius)
    }
}

// MARK: - Line kernels: the direct 2-D window

extension LineKernels {
    /// `count` output rows of a 2-D convolution from padded window rows:
    /// `out[j][x] = Σₘ Σᵢ weights[m · taps + i] · rows[j + m][x + i]`, output row j at
    /// `out + j * outStride`. Eight columns at a time, all rows before the next columns.
    static func convolveWindow(
        _ rows: UnsafePointer<UnsafePointer<Float>>, count: Int, weights: UnsafePointer<Float>, taps: Int,
        width: Int, into out: UnsafeMutablePointer<Float>, outStride: Int
    ) {
        var x = 0
        // lesson-code: gaussian2d
        while x + 8 <= width {
            for j in 0..<count {
                var a = SIMD16<Float>(), b = SIMD16<Float>()
                for m in 0..<taps {
                    let (c, d) = weighted8(rows[j + m] + 4 * x, tapStride: 4, weights: weights + m * taps, taps: taps)
                    a += c
                    b += d
                }
                store16(a, out + j * outStride + 4 * x)
                store16(b, out + j * outStride + 4 * x + 16)
            }
            x += 8
        }
        // end lesson-code
        while x < width {
            for j in 0..<count {
                var a = SIMD4<Float>()
                for m in 0..<taps {
                    a += weighted1(rows[j + m] + 4 * x, tapStride: 4, weights: weights + m * taps, taps: taps)
                }
                store4(a, out + j * outStride + 4 * x)
            }
            x += 1
        }
    }
}
