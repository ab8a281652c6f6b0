/// Blur a smaller copy: shrink by K with area averaging, blur with an inner method, enlarge
/// bilinearly back — the frosted-glass trick (FXBlurView, 7blur, UIKit's materials).
///
/// A Gaussian of σ on the full image is approximated by one of σ/K on the K× smaller image, so
/// the caller builds `inner` for σ/K. The work drops by about K² (K³ or K⁴ for the O(R) and
/// O(R²) inner methods), at the price of aliasing in the shrink and bilinear softness in the
/// enlargement.
///
/// - Shrink: small pixel (i, j) is the mean of the full-resolution pixels in the block
///   `[iK, iK+K) × [jK, jK+K)`; a partial block at the right or bottom border is averaged over
///   the pixels it holds. The small image is ⌈W/K⌉×⌈H/K⌉.
/// - Enlarge: pixel centres are aligned, so output x samples the small image at
///   `(x + 0.5)/K − 0.5`, interpolating linearly between its two neighbours and clamping at the
///   border (the edge mode acts in the inner blur only).
/// - Reach: output x interpolates small pixels ⌊s⌋ and ⌊s⌋+1, each reads `inner.reach` small
///   pixels further, each small pixel covers K pixels: at most `(K·(2·inner.reach + 3) − 1)/2`
///   pixels (integer division), about K × (inner.reach + 1.5).
public struct Downsampled: BlurMethod {
    /// The shrink factor K ≥ 1.
    package let factor: Int
    /// The blur applied to the small image (built for σ/K).
    package let inner: any BlurMethod

    /// Shrinks by `factor` (K ≥ 1), blurs with `inner` (built for σ/K), enlarges back.
    public init(factor: Int, inner: any BlurMethod) {
        precondition(factor >= 1, "factor (\(factor)) must be at least 1")
        self.factor = factor
        self.inner = inner
    }

    /// "downsampled", as the command line names the method.
    public var name: String { "downsampled" }
    /// The factor and the inner method with its parameters: "K=4, inner separable R=…, … taps".
    public var parameters: String { "K=\(factor), inner \(inner.name) \(inner.parameters)" }
    /// (K·(2·inner.reach + 3) − 1)/2: the farthest full-resolution pixel an output pixel reads
    /// (see the type's discussion).
    public var reach: Int { (factor * (2 * inner.reach + 3) - 1) / 2 }

    /// The shrink reads every pixel once and writes the small image; the inner method counts its
    /// own plan on the small image, scaled by its size; the enlargement reads four small pixels
    /// (a bilinear fetch) per pixel and writes the image.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let smallWidth = (width + factor - 1) / factor, smallHeight = (height + factor - 1) / factor
        let small = Double(smallWidth * smallHeight) / Double(max(width * height, 1))
        let inside = inner.counters(width: smallWidth, height: smallHeight, edges: edges)
        return CostCounters(reads: 1 + small * inside.reads + 4, passes: (1 + small) / 2 + small * inside.passes + (small + 1) / 2)
    }

    /// Shrinks by K with area averaging, blurs the small image with `inner` (which alone reads
    /// `edges`), and enlarges it bilinearly back into `image`; threads take bands of rows. An image
    /// without pixels is left as it is.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        // lesson-code: downsampled
        let k = factor
        var small = RGBAImage(width: (width + k - 1) / k, height: (height + k - 1) / k)
        let smallWidth = small.width, smallHeight = small.height
        PixelMemory.withPixels(of: &image) { pixels in
            nonisolated(unsafe) let pixels = pixels
            PixelMemory.withPixels(of: &small) { smallPixels in
                nonisolated(unsafe) let smallPixels = smallPixels
                Parallel.forSlices(of: smallHeight, threads: threads) { rows in
                    LineKernels.shrink(pixels, width: width, height: height, factor: k, rows: rows,
                                       into: smallPixels, smallWidth: smallWidth)
                }
            }
            inner.blur(&small, edges: edges, threads: threads)
            let columns = BilinearTaps(count: width, smallCount: smallWidth, factor: k)
            let rowTaps = BilinearTaps(count: height, smallCount: smallHeight, factor: k)
            PixelMemory.withPixels(of: &small) { smallPixels in
                nonisolated(unsafe) let smallPixels = smallPixels
                Parallel.forSlices(of: height, threads: threads) { rows in
                    columns.lower.withUnsafeBufferPointer { lower in
                        columns.upper.withUnsafeBufferPointer { upper in
                            columns.fraction.withUnsafeBufferPointer { fraction in
                                for y in rows {
                                    LineKernels.interpolateRow(
                                        top: smallPixels + 4 * rowTaps.lower[y] * smallWidth,
                                        bottom: smallPixels + 4 * rowTaps.upper[y] * smallWidth,
                                        rowFraction: rowTaps.fraction[y], lower: lower.baseAddress!,
                                        upper: upper.baseAddress!, fraction: fraction.baseAddress!,
                                        width: width, into: pixels + 4 * y * width)
                                }
                            }
                        }
                    }
                }
            }
        }
        // end lesson-code
    }
}

/// Where each full-resolution position samples the small image: between `lower[x]` and
/// `upper[x]` with weight `fraction[x]` on the upper one.
struct BilinearTaps: Sendable {
    let lower: [Int]
    let upper: [Int]
    let fraction: [Float]

    init(count: Int, smallCount: Int, factor: Int) {
        var lower = [Int](), upper = [Int](), fraction = [Float]()
        for x in 0..<count {
            let s = min(max((Double(x) + 0.5) / Double(factor) - 0.5, 0), Double(smallCount - 1))
            let i = Int(s.rounded(.down))
            lower.append(i)
            upper.append(min(i + 1, smallCount - 1))
            fraction.append(Float(s - Double(i)))
        }
        self.lower = lower
        self.upper = upper
        self.fraction = fraction
    }
}

// MARK: - Catalog

extension MethodParameter {
    /// The shrink factor K of the downsampled method.
    public static let downsample = MethodParameter(
        name: "downsample", kind: .integer(1...64), defaultValue: 4, meaning: "Shrink factor K of the downsampled method.")
}

extension MethodEntry {
    /// `Downsampled` in the catalog: O(R) (the inner blur is separable), taught, reads `downsample` K and
    /// `truncate`; the inner method is `Separable` with the sampled Gaussian of σ/K, σ from
    /// `sigma` or `radius` / T.
    public static let downsampled = MethodEntry(
        name: "downsampled", summary: "shrink by K, blur with σ/K, enlarge", parameters: [.downsample, .truncate],
        cost: .linear, taught: true,
        scheduleNote: "The fast version runs the same three steps with rows split over threads, the inner method's own fast loop, and the bilinear positions and weights computed once per row and column instead of once per pixel."
    ) { settings in
        let factor = settings.integer(.downsample)
        let small = try settings.gaussianSigma(for: "downsampled") / Double(factor)
        let kernel = try GaussianKernel1D(sigma: small, truncate: settings.value(.truncate))
        return Downsampled(factor: factor, inner: Separable(weights: kernel.weights.map(Float.init)))
    }
}

// MARK: - Reduced copies

extension RGBAImage {
    /// This image reduced by `k`: each pixel the mean of its K×K block (or of the part inside the
    /// image at the right and bottom border), as `downsampled` shrinks before it blurs.
    ///
    /// - Precondition: `k` ≥ 1.
    package func reduced(by k: Int) -> RGBAImage {
        precondition(k >= 1, "a reduction factor must be at least 1, not \(k)")
        var small = RGBAImage(width: (width + k - 1) / k, height: (height + k - 1) / k)
        guard !pixels.isEmpty else { return small }
        let smallWidth = small.width, rows = 0..<small.height
        pixels.withUnsafeBufferPointer { input in
            small.pixels.withUnsafeMutableBufferPointer { output in
                LineKernels.shrink(input.baseAddress!, width: width, height: height, factor: k, rows: rows,
                                   into: output.baseAddress!, smallWidth: smallWidth)
            }
        }
        return small
    }
}

// MARK: - Line kernels: resampling

extension LineKernels {
    /// Small rows `rows`: each pixel the mean of its K×K block (or the part inside the image).
    static func shrink(
        _ pixels: UnsafePointer<Float>, width: Int, height: Int, factor k: Int, rows: Range<Int>,
        into small: UnsafeMutablePointer<Float>, smallWidth: Int
    ) {
        for j in rows {
            let y0 = j * k, y1 = min(y0 + k, height)
            for i in 0..<smallWidth {
                let x0 = i * k, x1 = min(x0 + k, width)
                var sum = SIMD4<Float>()
                for y in y0..<y1 {
                    var p = pixels + 4 * (y * width + x0)
                    for _ in x0..<x1 {
                        sum += load4(p)
                        p += 4
                    }
                }
                store4(sum / Float((y1 - y0) * (x1 - x0)), small + 4 * (j * smallWidth + i))
            }
        }
    }

    /// One full-resolution row interpolated between two small rows: with `f = fraction[x]`,
    /// `row(x) = r(lower[x]) + (r(upper[x]) − r(lower[x])) · f` on each small row, then the same
    /// between the two rows with `rowFraction`.
    static func interpolateRow(
        top: UnsafePointer<Float>, bottom: UnsafePointer<Float>, rowFraction fy: Float,
        lower: UnsafePointer<Int>, upper: UnsafePointer<Int>, fraction: UnsafePointer<Float>,
        width: Int, into out: UnsafeMutablePointer<Float>
    ) {
        for x in 0..<width {
            let l = 4 * lower[x], u = 4 * upper[x], fx = fraction[x]
            let upperRow = load4(top + l) + (load4(top + u) - load4(top + l)) * fx
            let lowerRow = load4(bottom + l) + (load4(bottom + u) - load4(bottom + l)) * fx
            store4(upperRow + (lowerRow - upperRow) * fy, out + 4 * x)
        }
    }
}
