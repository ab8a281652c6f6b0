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
/// register kernel down them, so no pass ever strides through the image with a power-of-two
/// row stride in its inner loop.
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
            PixelLines.withPixels(of: &image) { pixels in
                nonisolated(unsafe) let pixels = pixels
                nonisolated(unsafe) let weights = weights.baseAddress!
                let taps = self.weights.count
                Parallel.forSlices(of: height, threads: threads) { rows in
                    separableRows(pixels, width: width, rows: rows, weights: weights, taps: taps, map: rowMap)
                }
                let blocks = (width + separableBlock - 1) / separableBlock
                Parallel.forSlices(of: blocks, threads: threads) { blocks in
                    separableColumns(pixels, width: width, height: height, blocks: blocks,
                                     weights: weights, taps: taps, map: columnMap)
                }
            }
        }
    }
}

/// Columns per block of the vertical pass: 16 pixels are 256 bytes, four cache lines per row.
let separableBlock = 16

/// The weighted sum of `taps` groups of eight pixels: group `k` starts at `p + k * tapStride`
/// (floats) and is weighed by `weights[k]`. Returns pixels 0–3 and 4–7.
@inline(__always)
private func weighted8(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int)
    -> (SIMD16<Float>, SIMD16<Float>) {
    var a = SIMD16<Float>(), b = SIMD16<Float>()
    var q = p
    for k in 0..<taps {
        let w = weights[k]
        a += load16(q) * w
        b += load16(q + 16) * w
        q += tapStride
    }
    return (a, b)
}

/// The weighted sum of `taps` pixels starting at `p`, `tapStride` floats apart.
@inline(__always)
private func weighted1(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int) -> SIMD4<Float> {
    var a = SIMD4<Float>()
    var q = p
    for k in 0..<taps {
        a += load4(q) * weights[k]
        q += tapStride
    }
    return a
}

/// The horizontal pass over `rows`, in place, through one padded scratch row.
private func separableRows(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, rows: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, map: [Int]
) {
    let padded = PixelLines.scratch(map.count * 4)
    defer { padded.deallocate() }
    for y in rows {
        let row = pixels + 4 * y * width
        PixelLines.gather(from: row, positionStride: 4, laneStride: 0, validLanes: 1,
                          map: map, into: padded, lanes: 1)
        var x = 0
        while x + 8 <= width {
            let (a, b) = weighted8(padded + 4 * x, tapStride: 4, weights: weights, taps: taps)
            store16(a, row + 4 * x)
            store16(b, row + 4 * x + 16)
            x += 8
        }
        while x < width {
            store4(weighted1(padded + 4 * x, tapStride: 4, weights: weights, taps: taps), row + 4 * x)
            x += 1
        }
    }
}

/// The vertical pass over column blocks `blocks`, in place: each block of `separableBlock`
/// columns is copied, padded, into a `[row][column]` scratch and convolved eight columns at a
/// time.
private func separableColumns(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, blocks: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, map: [Int]
) {
    let lanes = separableBlock
    let block = PixelLines.scratch(map.count * lanes * 4)
    defer { block.deallocate() }
    let rowStride = 4 * width, blockStride = 4 * lanes
    for b in blocks {
        let x0 = b * lanes
        let valid = min(lanes, width - x0)
        PixelLines.gather(from: pixels + 4 * x0, positionStride: rowStride, laneStride: 4,
                          validLanes: valid, map: map, into: block, lanes: lanes)
        var sub = 0
        while sub < valid {
            let subValid = min(8, valid - sub)
            for y in 0..<height {
                let (a, c) = weighted8(block + y * blockStride + 4 * sub, tapStride: blockStride,
                                       weights: weights, taps: taps)
                storeLanes8(a, c, pixels + y * rowStride + 4 * (x0 + sub), laneStride: 4, validLanes: subValid)
            }
            sub += 8
        }
    }
}
