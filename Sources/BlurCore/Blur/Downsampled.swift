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
    public let factor: Int
    /// The blur applied to the small image (built for σ/K).
    public let inner: any BlurMethod

    /// Shrinks by `factor` (K ≥ 1), blurs with `inner` (built for σ/K), enlarges back.
    public init(factor: Int, inner: any BlurMethod) {
        precondition(factor >= 1, "factor (\(factor)) must be at least 1")
        self.factor = factor
        self.inner = inner
    }

    public var name: String { "downsampled" }
    public var parameters: String { "K=\(factor), inner \(inner.name) \(inner.parameters)" }
    public var reach: Int { (factor * (2 * inner.reach + 3) - 1) / 2 }

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
