/// Separable convolution: a horizontal then a vertical 1-D pass with the same `2R+1` weights.
///
/// A 2-D kernel that is an outer product, `K(i, j) = w(i)·w(j)` — the Gaussian is one — gives
/// the same result as two 1-D passes (up to Float32 rounding, ≈ 1e-6 relative), at `2(2R+1)`
/// instead of `(2R+1)²` multiply-adds per pixel. Each pass reads the edge mode's padding, so
/// `zero` pads both passes with zeros exactly as the 2-D sum would.
///
/// Speed: the horizontal pass copies one row into a padded scratch row and computes eight
/// output pixels at a time, taps outer and the eight pixels inner, in registers. The vertical
/// pass streams down strips of columns with `RowWindow` (a ring of 2R+16 rows of the strip that
/// stays in cache) and computes its output rows the same way from the window rows, so memory
/// is read row by row, never down columns with a power-of-two stride. Both passes cost about
/// 3 SIMD instructions per pixel and tap (no FMA in BlurKit's baseline x86-64 build).
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
        weights.withUnsafeBufferPointer { weights in
            PixelMemory.withPixels(of: &image) { pixels in
                nonisolated(unsafe) let pixels = pixels
                nonisolated(unsafe) let weights = weights.baseAddress!
                let taps = self.weights.count, symmetric = self.weights.elementsEqual(self.weights.reversed())
                Parallel.forSlices(of: height, threads: threads) { rows in
                    separableRows(pixels, width: width, rows: rows, weights: weights, taps: taps, symmetric: symmetric,
                                  map: rowMap)
                }
                let strip = PixelMemory.stripWidth(width: width, rowsInCache: taps + RowWindow.rowsPerStep,
                                                   threads: threads)
                Parallel.forSlices(of: (width + strip - 1) / strip, threads: threads) { strips in
                    for s in strips {
                        let columns = s * strip ..< min(width, (s + 1) * strip)
                        let window = RowWindow(width: width, height: height, radius: taps / 2, columns: columns,
                                               padded: false, edges: edges)
                        window.forEachStep(pixels, bands: 1, threads: 1) { rows, count, output, stride in
                            LineKernels.convolveColumns(rows, count: count, weights: weights, taps: taps, symmetric: symmetric,
                                                        width: columns.count, into: output, outStride: stride)
                        }
                    }
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
