/// Separable convolution: a horizontal then a vertical 1-D pass with the same `2R+1` weights.
///
/// A 2-D kernel that is an outer product, `K(i, j) = w(i)·w(j)` — the Gaussian is one — gives
/// the same result as two 1-D passes (up to Float32 rounding, ≈ 1e-6 relative), at `2(2R+1)`
/// instead of `(2R+1)²` multiply-adds per pixel. Each pass reads the edge mode's padding, so
/// `zero` pads both passes with zeros exactly as the 2-D sum would.
///
/// Speed: the horizontal pass copies one row into a padded scratch row and computes eight
/// output pixels at a time, taps outer and the eight pixels inner, in registers. The vertical
/// pass copies blocks of 16 columns into a padded `[row][column]` scratch and runs the same
/// register kernel down them, eight columns at a time; the window of rows a tap loop reads is
/// then contiguous and stays in L1. (Streaming rows through a ring, as `IteratedBox` does, was
/// 20–25 % slower here at σ ≥ 10: each tap reads another ring row, on another memory page.)
/// Symmetric weights add the two pixels of each mirrored pair of taps before multiplying. Both passes
/// cost 2–3 SSE instructions per pixel and tap (no FMA in BlurKit's baseline x86-64 build).
///
/// What the baseline x86-64 target costs: SSE2 has 4-float registers and no fused multiply-add,
/// where OpenCV picks AVX2 + FMA at run time; building for AVX2/FMA (`-target-cpu`, README)
/// made these loops 1.3–1.6× faster at σ = 2–25. Swift has no run-time dispatch between
/// targets, so the default build pays that. At σ = 2 with OpenCV's 17 taps (R = 8) a pass
/// costs, per pixel, 8 pair additions, 9 multiplies and 8 accumulating additions on one
/// 4-float register — about 50 instructions for both passes, so it is bound by arithmetic
/// (≈ 10 ns/px against a memory floor of ≈ 1.5), where AVX2 + FMA does the same in 8-wide
/// fused instructions. Measured against OpenCV `GaussianBlur` float32 (`bench/peers.py`,
/// 2048², one thread): 0.97–1.25× its time at σ = 2 and 0.3–0.7× at σ ≥ 5. No kernel change
/// was tried for σ = 2 in the default build.
public struct Separable: BlurMethod {
    /// The 1-D weights, `2R+1` of them; position `k` weighs the pixel at offset `k - R`.
    public let weights: [Float]

    /// Creates the method from an odd number of weights (the caller normalises them).
    public init(weights: [Float]) {
        precondition(weights.count % 2 == 1, "weights.count (\(weights.count)) must be odd (2R+1)")
        self.weights = weights
    }

    /// The kernel radius R.
    public var radius: Int { weights.count / 2 }
    public var name: String { "separable" }
    public var parameters: String { "R=\(radius), \(weights.count) taps" }
    public var reach: Int { radius }

    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let rowMap = edges.paddedSourceIndices(count: width, before: radius, after: radius)
        let columnMap = edges.paddedSourceIndices(count: height, before: radius, after: radius)
        weights.withUnsafeBufferPointer { weights in
            PixelMemory.withPixels(of: &image) { pixels in
                nonisolated(unsafe) let pixels = pixels
                nonisolated(unsafe) let weights = weights.baseAddress!
                let taps = self.weights.count, symmetric = self.weights.elementsEqual(self.weights.reversed())
                Parallel.forSlices(of: height, threads: threads) { rows in
                    separableRows(pixels, width: width, rows: rows, weights: weights, taps: taps, symmetric: symmetric,
                                  map: rowMap)
                }
                let blocks = (width + separableBlock - 1) / separableBlock
                Parallel.forSlices(of: blocks, threads: threads) { blocks in
                    separableColumns(pixels, width: width, height: height, blocks: blocks, weights: weights, taps: taps,
                                     symmetric: symmetric, map: columnMap)
                }
            }
        }
    }
}

/// The horizontal pass over `rows`, in place, through one padded scratch row.
private func separableRows(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, rows: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, map: [Int]
) {
    let padded = PixelMemory.scratch(map.count * 4)
    defer { padded.deallocate() }
    for y in rows {
        let row = pixels + 4 * y * width
        LineKernels.gather(from: row, positionStride: 4, laneStride: 0, validLanes: 1,
                           map: map, before: taps / 2, count: width, into: padded, lanes: 1)
        LineKernels.convolveRow(padded, weights: weights, taps: taps, symmetric: symmetric, count: width, into: row)
    }
}

/// Columns per block of the vertical pass: 16 pixels are 256 bytes, four cache lines of a row.
let separableBlock = 16

/// The vertical pass over column blocks `blocks`, in place: each block of `separableBlock`
/// columns is copied, padded, into a `[row][column]` scratch (a power-of-two row stride is
/// walked once, by that copy) and convolved eight columns at a time.
private func separableColumns(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, blocks: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, map: [Int]
) {
    let lanes = separableBlock
    let block = PixelMemory.scratch(map.count * lanes * 4)
    defer { block.deallocate() }
    for b in blocks {
        let x0 = b * lanes, valid = min(lanes, width - x0)
        LineKernels.gather(from: pixels + 4 * x0, positionStride: 4 * width, laneStride: 4, validLanes: valid,
                           map: map, before: taps / 2, count: height, into: block, lanes: lanes)
        for sub in stride(from: 0, to: valid, by: 8) {
            LineKernels.convolveLanes(block + 4 * sub, positionStride: 4 * lanes, weights: weights, taps: taps,
                                      symmetric: symmetric, count: height, into: pixels + 4 * (x0 + sub),
                                      outPositionStride: 4 * width, validLanes: min(8, valid - sub))
        }
    }
}
