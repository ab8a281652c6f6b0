/// The rows a direct 2-D stencil of radius R reads, for filtering in place while streaming down
/// the image row by row.
///
/// Output row y needs the original rows y−R … y+R (edge-mapped), padded by R columns on both
/// sides. The rows are split into bands, one per thread. Before any band writes, the R rows
/// just above and just below each band are copied into snapshots: they may lie in another band,
/// or be edge-mapped rows (mirror, wrap) that the band itself overwrites first. Inside a band, rows
/// are copied into a ring of 2R+B rows just before the first output row that needs them —
/// never after it was overwritten — and B output rows are computed per step. Rows are read and
/// written in order, so memory is streamed (no strided column walks), and scratch is
/// (4R+B) padded rows per band.
///
/// Kernels compute a step's B output rows a few columns at a time, all B rows before moving
/// on, so the 2R+B window rows of those columns are reused from the L1 cache.
struct RowWindow {
    /// Output rows per step, B.
    static let rowsPerStep = 16

    let width: Int
    let height: Int
    let radius: Int
    let edges: EdgeMode

    /// Floats in one padded window row.
    var rowFloats: Int { 4 * (width + 2 * radius) }

    /// Calls `body(rows, count, output, outputStride)` for consecutive runs of `count` ≤ B
    /// image rows y₀ … y₀+count−1 that together cover the image, where `rows[k]`
    /// (k in `0..<2R+count`) points at the original row y₀ − R + k, padded (its pixel 0 is
    /// column −R), and `output + j * outputStride` at image row y₀ + j, which `body` overwrites.
    func forEachStep(
        _ pixels: UnsafeMutablePointer<Float>, bands: Int, threads: Int,
        _ body: @Sendable (_ rows: UnsafePointer<UnsafePointer<Float>>, _ count: Int,
                           _ output: UnsafeMutablePointer<Float>, _ outputStride: Int) -> Void
    ) {
        let r = radius, rowFloats = rowFloats, height = height, width = width
        let bands = max(1, min(bands, height))
        let band: @Sendable (Int) -> Range<Int> = { height * $0 / bands ..< height * ($0 + 1) / bands }
        let rowMap = edges.paddedSourceIndices(count: height, before: r, after: r)
        let columnMap = edges.paddedSourceIndices(count: width, before: r, after: r)
        nonisolated(unsafe) let pixels = pixels
        // Copies row `i` (−R ≤ i < height + R, edge-mapped) of the image as it is now.
        let copyRow: @Sendable (Int, UnsafeMutablePointer<Float>) -> Void = { i, destination in
            let source = rowMap[i + r]
            if source < 0 {
                destination.update(repeating: 0, count: rowFloats)
            } else {
                LineKernels.gather(from: pixels + 4 * source * width, positionStride: 4, laneStride: 0, validLanes: 1,
                                   map: columnMap, before: r, count: width, into: destination, lanes: 1)
            }
        }
        // Snapshot j of band b: rows y0 − R + j (j < R) and y1 + j − R (j ≥ R).
        nonisolated(unsafe) let snapshots = PixelMemory.scratch(bands * 2 * r * rowFloats)
        defer { snapshots.deallocate() }
        let snapshot: @Sendable (Int, Int) -> UnsafeMutablePointer<Float> = { b, j in
            snapshots + (b * 2 * r + j) * rowFloats
        }
        Parallel.forSlices(of: bands, threads: threads) { slice in
            for b in slice {
                let rows = band(b)
                for j in 0..<r {
                    copyRow(rows.lowerBound - r + j, snapshot(b, j))
                    copyRow(rows.upperBound + j, snapshot(b, r + j))
                }
            }
        }
        Parallel.forSlices(of: bands, threads: threads) { slice in
            let ringRows = 2 * r + RowWindow.rowsPerStep
            let ring = PixelMemory.scratch(ringRows * rowFloats)
            let window = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: ringRows)
            defer {
                ring.deallocate()
                window.deallocate()
            }
            for b in slice {
                let rows = band(b)
                // Rows of the band are copied into the ring when first asked for, in order.
                var copied = rows.lowerBound
                let row: (Int) -> UnsafePointer<Float> = { i in
                    if i < rows.lowerBound { return UnsafePointer(snapshot(b, i - rows.lowerBound + r)) }
                    if i >= rows.upperBound { return UnsafePointer(snapshot(b, r + i - rows.upperBound)) }
                    let slot = ring + (i % ringRows) * rowFloats
                    if i >= copied {
                        copyRow(i, slot)
                        copied = i + 1
                    }
                    return UnsafePointer(slot)
                }
                for y0 in stride(from: rows.lowerBound, to: rows.upperBound, by: RowWindow.rowsPerStep) {
                    let count = min(RowWindow.rowsPerStep, rows.upperBound - y0)
                    for k in 0..<(2 * r + count) { window[k] = row(y0 - r + k) }
                    body(window, count, pixels + 4 * y0 * width, 4 * width)
                }
            }
        }
    }
}
