import CSeparableKernels

/// Separable convolution: a horizontal then a vertical 1-D pass with the same `2R+1` weights.
///
/// A 2-D kernel that is an outer product, `K(i, j) = w(i)·w(j)` — the Gaussian is one — gives
/// the same result as two 1-D passes (up to Float32 rounding, ≈ 1e-6 relative), at `2(2R+1)`
/// instead of `(2R+1)²` multiply-adds per pixel. Each pass reads the edge mode's padding, so
/// `zero` pads both passes with zeros exactly as the 2-D sum would.
///
/// Speed: the horizontal pass computes eight output pixels at a time, taps outer and the eight
/// pixels inner, in registers, from a padded copy of the row. The vertical pass copies blocks
/// of 16 columns into a padded `[row][column]` scratch and runs the same register kernel down
/// them, eight columns at a time; the window of rows a tap loop reads is then contiguous and
/// stays in L1. With R ≤ 12 (`separableRingTaps`) both passes run in one sweep instead
/// (`separableRing`, one band of rows per thread): each row's horizontal pass, read straight from the image, goes
/// into a ring of 2R+1 rows from which the vertical pass writes the output row, so the image
/// is read and written once and no column block is gathered. (For larger R the ring's rows,
/// one per tap, come from L2 and the blocks win.) Symmetric weights add the two pixels of each
/// mirrored pair of taps before multiplying. Every path gives the same pixels.
///
/// What the baseline x86-64 target costs: SSE2 has 4-float registers and no fused multiply-add.
/// At σ = 2 with OpenCV's 17 taps (R = 8) a pass costs, per pixel, 8 pair additions, 9
/// multiplications and 8 accumulating additions on one 4-float register, which bound the pass on
/// two SSE adders well above the cost of reading and writing the image once (docs/performance.md,
/// "Separable: target CPU"). Where the CPU has AVX2 the same loops run eight floats an instruction
/// instead (sixteen where it has AVX-512F), chosen at run time
/// (`KernelVariant`), with the same additions in the same order, so
/// the pixels are the same; Swift never contracts `a += b * w` into an FMA on its own. Small
/// kernels run both passes in one sweep through a ring of rows (`separableRing`,
/// docs/performance.md, "Separable: ring sweep").
public struct Separable: BlurMethod {
    /// The 1-D weights, `2R+1` of them; position `k` weighs the pixel at offset `k - R`.
    package let weights: [Float]
    /// Which passes run: both (the blur), or one alone, whose result is the two-pass blur's
    /// intermediate image (the separability picture: rows blurred, columns not yet).
    package var directions: Directions = .both

    /// The passes a `Separable` runs.
    package enum Directions: String, CaseIterable, Sendable {
        /// The horizontal pass, then the vertical one: the 2-D Gaussian.
        case both
        /// The horizontal pass alone: every row blurred, each column as it was.
        case rows
        /// The vertical pass alone.
        case columns
    }

    /// Creates the method from an odd number of weights (the caller normalises them).
    public init(weights: [Float]) {
        precondition(weights.count % 2 == 1, "weights.count (\(weights.count)) must be odd (2R+1)")
        self.weights = weights
    }

    /// The kernel radius R.
    package var radius: Int { weights.count / 2 }
    /// "separable", as the command line names the method.
    public var name: String { "separable" }
    /// The radius and the taps per pass: "R=9, 19 taps", and ", rows only" or ", columns only"
    /// for one pass alone.
    public var parameters: String {
        "R=\(radius), \(weights.count) taps" + (directions == .both ? "" : ", \(directions.rawValue) only")
    }
    /// R: each pass reaches R pixels along its axis.
    public var reach: Int { radius }

    /// 2R+1 taps along the rows and 2R+1 down the columns, in two passes (kernels of at most
    /// `separableRingTaps` taps sweep both in one); one pass alone reads 2R+1.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let passes: Double = directions == .both ? 2 : 1
        return CostCounters(reads: passes * Double(weights.count), passes: passes)
    }

    /// Runs the 1-D weights along the rows, then down the columns, each pass reading its input
    /// through `edges`, in place. An image without pixels is left as it is.
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
                if directions == .both && edges != .wrap && taps <= separableRingTaps {
                    // On several threads each sweeps its own band of rows; the R rows either side
                    // of a band, which a neighbour overwrites, are read from copies taken first.
                    let r = taps / 2, slices = max(1, min(threads, height))
                    let bands = (0..<slices).map { height * $0 / slices..<height * ($0 + 1) / slices }
                    let halos = bands.map { band in
                        Array(max(0, band.lowerBound - r)..<band.lowerBound)
                            + Array(band.upperBound..<min(height, band.upperBound + r))
                    }
                    nonisolated(unsafe) let copies = halos.map { rows in
                        let copy = PixelMemory.scratch(max(1, rows.count) * 4 * width)
                        for (i, y) in rows.enumerated() {
                            (copy + i * 4 * width).update(from: pixels + 4 * y * width, count: 4 * width)
                        }
                        return copy
                    }
                    defer { for copy in copies { copy.deallocate() } }
                    Parallel.forSlices(of: slices, threads: slices) { indices in
                        for i in indices {
                            let band = bands[i], halo = halos[i], copy = copies[i]
                            separableRing(
                                pixels, width: width, height: height, band: band, weights: weights, taps: taps,
                                symmetric: symmetric, rowMap: rowMap, columnMap: columnMap
                            ) { y in
                                band.contains(y)
                                    ? UnsafePointer(pixels + 4 * y * width)
                                    : UnsafePointer(copy + halo.firstIndex(of: y)! * 4 * width)
                            }
                        }
                    }
                    return
                }
                if directions != .columns {
                    Parallel.forSlices(of: height, threads: threads) { rows in
                        separableRows(
                            pixels, width: width, rows: rows, weights: weights, taps: taps, symmetric: symmetric,
                            map: rowMap)
                    }
                }
                guard directions != .rows else { return }
                let blocks = (width + separableBlock - 1) / separableBlock
                Parallel.forSlices(of: blocks, threads: threads) { blocks in
                    separableColumns(
                        pixels, width: width, height: height, blocks: blocks, weights: weights, taps: taps,
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
        LineKernels.gather(
            from: row, positionStride: 4, laneStride: 0, validLanes: 1,
            map: map, before: taps / 2, count: width, into: padded, lanes: 1)
        LineKernels.convolveRow(padded, weights: weights, taps: taps, symmetric: symmetric, count: width, into: row)
    }
}

/// Columns per block of the vertical pass: 16 pixels are 256 bytes, four cache lines of a row.
let separableBlock = 16

/// The vertical pass over column blocks `blocks`, in place: each block of `separableBlock`
/// columns is copied, padded, into a `[row][column]` scratch (a power-of-two row stride is
/// walked once, by that copy) and convolved eight columns at a time. The scratch's rows hold
/// four pixels more than the block (never read): 320 bytes, five cache lines, so that the 2R+1
/// rows a tap loop reads spread over all of L1's sets. At 256 bytes they fell in half of them,
/// and from R ≈ 60 on the window no longer fitted (docs/performance.md, "Separable: block stride").
private func separableColumns(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, blocks: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, map: [Int]
) {
    let lanes = separableBlock, storedLanes = separableBlock + 4
    let block = PixelMemory.scratch(map.count * storedLanes * 4)
    defer { block.deallocate() }
    for b in blocks {
        let x0 = b * lanes, valid = min(lanes, width - x0)
        LineKernels.gather(
            from: pixels + 4 * x0, positionStride: 4 * width, laneStride: 4, validLanes: valid,
            map: map, before: taps / 2, count: height, into: block, lanes: storedLanes)
        for sub in stride(from: 0, to: valid, by: 8) {
            LineKernels.convolveLanes(
                block + 4 * sub, positionStride: 4 * storedLanes, weights: weights, taps: taps,
                symmetric: symmetric, count: height, into: pixels + 4 * (x0 + sub),
                outPositionStride: 4 * width, validLanes: min(8, valid - sub))
        }
    }
}

/// The most taps for which each thread runs both passes in one sweep (`separableRing`).
/// Above it the sweep is slower than the two separate passes: its vertical pass reads each of
/// the 2R+1 ring rows from the L2 cache for every output row, where the column blocks read them
/// from L1 (docs/performance.md, "Separable: ring sweep").
let separableRingTaps = 25

/// Both passes in one sweep down the image (or a band of it; not for wrap, whose first rows need the
/// last): each row's horizontal pass goes into a ring of the last 2R+1 rows, and as soon as the
/// ring holds rows y−R … y+R the vertical pass writes output row y from them
/// (`LineKernels.convolveRows`). Each image row is read once and written once, and no column
/// block is gathered. Padding rows come from the ring: for zero, clamp, reflect and mirror the
/// rows they map to lie within y−R … y+R (see `BoxStream`), and every row is in the ring when
/// the image has at most 2R+1 rows. The arithmetic is that of the two separate passes, so the
/// results are identical.
///
/// It writes the output rows of `band` only, from the input rows `row` gives (the image's own
/// rows inside the band, copies of them outside it): one thread's share of a blur on several,
/// each sweeping from R rows above its band to R rows below. Every output row is computed from
/// the same rows in the same way whatever the band, so the pixels do not depend on the threads.
private func separableRing(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, band: Range<Int>, weights: UnsafePointer<Float>,
    taps: Int, symmetric: Bool, rowMap: [Int], columnMap: [Int], row source: (Int) -> UnsafePointer<Float>
) {
    let r = taps / 2
    let padded = PixelMemory.scratch(rowMap.count * 4)
    defer { padded.deallocate() }
    // Rows wider than 2R are convolved straight from the image (the output goes to the ring, not
    // back into the row), all but their first and last R pixels: those read padded copies of
    // their 3R source pixels. The pixel loads need 16-byte alignment, which Swift's arrays give.
    let direct = width > 2 * r && Int(bitPattern: pixels) % 16 == 0  // copies are aligned too
    let edgeMaps = direct ? [Array(rowMap[0..<(3 * r)]), Array(rowMap[(width - r)..<(width + 2 * r)])] : []
    ringSweep(width: width, height: height, band: band, taps: taps, columnMap: columnMap) { t, out in
        let row = source(t)
        if direct {
            for (side, map) in edgeMaps.enumerated() {
                LineKernels.gather(
                    from: row, positionStride: 4, laneStride: 0, validLanes: 1, map: map,
                    before: 3 * r, count: 0, into: padded, lanes: 1)
                LineKernels.convolveRow(
                    padded, weights: weights, taps: taps, symmetric: symmetric, count: r,
                    into: out + side * 4 * (width - r))
            }
            LineKernels.convolveRow(
                row, weights: weights, taps: taps, symmetric: symmetric, count: width - 2 * r, into: out + 4 * r)
        } else {
            LineKernels.gather(
                from: row, positionStride: 4, laneStride: 0, validLanes: 1,
                map: rowMap, before: r, count: width, into: padded, lanes: 1)
            LineKernels.convolveRow(
                padded, weights: weights, taps: taps, symmetric: symmetric, count: width, into: out)
        }
    } vertical: { y, window in
        LineKernels.convolveRows(
            window, weights: weights, taps: taps, symmetric: symmetric, count: width, into: pixels + 4 * y * width)
    }
}

/// The loop `separableRing` and `levelRing` share: for each input row t from R rows above `band`
/// to R below it (within the image), `horizontal(t, ringRow)` writes its horizontal pass into the
/// ring of the last 2R+1 rows; then, for each output row y of `band` whose rows y−R … y+R are in
/// the ring, `vertical(y, window)` gets their ring rows (padding rows through `columnMap`: zero, or
/// the row they map to).
func ringSweep(
    width: Int, height: Int, band: Range<Int>, taps: Int, columnMap: [Int],
    horizontal: (Int, UnsafeMutablePointer<Float>) -> Void,
    vertical: (Int, UnsafePointer<UnsafePointer<Float>>) -> Void
) {
    let r = taps / 2
    // One cache line more than a row, so that ring rows do not all fall in one L1 set.
    let rowFloats = 4 * width + 16
    let ring = PixelMemory.scratch(taps * rowFloats)
    let zero = PixelMemory.scratch(4 * width)
    let window = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: taps)
    defer {
        ring.deallocate()
        zero.deallocate()
        window.deallocate()
    }
    for t in max(0, band.lowerBound - r)..<(band.upperBound + r) {
        if t < height { horizontal(t, ring + (t % taps) * rowFloats) }
        let y = t - r
        guard y >= band.lowerBound else { continue }
        for k in 0..<taps {
            let source = columnMap[y + k]
            window[k] = UnsafePointer(source < 0 ? zero : ring + (source % taps) * rowFloats)
        }
        vertical(y, window)
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `Separable` in the catalog: O(R), taught, reads `truncate`; the sampled 1-D Gaussian of σ
    /// (`sigma`, or `radius` / T) cut at R (`radius`, or ⌊T·σ + ½⌋).
    public static let separable = MethodEntry(
        name: "separable", summary: "the same kernel as two 1-D passes", parameters: [.truncate], cost: .linear,
        taught: true,
        scheduleNote:
            "The fast loop copies each row (or a block of 16 columns) into a padded scratch line, then adds the weighted taps for eight pixels × four channels at once, adding mirrored taps before multiplying when the weights are symmetric."
    ) { settings in
        let sigma = try settings.gaussianSigma(for: "separable")
        let radius = try settings.gaussianRadius(sigma: sigma)
        return Separable(weights: try GaussianKernel1D(sigma: sigma, radius: radius).weights.map(Float.init))
    }
}
