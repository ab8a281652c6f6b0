/// The rows a vertical stencil of radius R reads, for filtering in place while streaming down
/// the image row by row.
///
/// Output row y needs the original rows y−R … y+R (edge-mapped), over a range of columns (a
/// strip; for 2-D stencils all columns, padded by R on both sides). The rows are split into
/// bands (one per thread for 2-D stencils). Before any band writes, the R rows just above and
/// just below each band are copied into snapshots: they may lie in another band, or be
/// edge-mapped rows (mirror, wrap) that the band itself overwrites first. Inside a band, each
/// row is copied into a ring of 2R+1 rows just before the first output row that needs it —
/// never after it was overwritten. Rows are read and written in order, so memory is streamed
/// (no strided column walks), and scratch is (4R+1) rows of the strip per band.
struct RowWindow {
    let width: Int
    let height: Int
    let radius: Int
    /// The first column and the number of columns each window row holds.
    let columns: Range<Int>
    /// Whether window rows are padded by R columns on each side (for 2-D stencils).
    let padded: Bool
    let edges: EdgeMode

    /// Floats in one window row.
    var rowFloats: Int { 4 * (columns.count + (padded ? 2 * radius : 0)) }

    /// Calls `body(rows, output)` once for every image row y, where `rows[k]` (k in `0...2R`)
    /// points at the original row y − R + k over `columns` (padded when `padded`), and `output`
    /// at image row y, column `columns.lowerBound`, which `body` overwrites.
    func forEachRow(
        _ pixels: UnsafeMutablePointer<Float>, bands: Int, threads: Int,
        _ body: @Sendable (_ rows: UnsafePointer<UnsafePointer<Float>>, _ output: UnsafeMutablePointer<Float>) -> Void
    ) {
        let r = radius, rowFloats = rowFloats, height = height, width = width
        let bands = max(1, min(bands, height))
        let band: @Sendable (Int) -> Range<Int> = { height * $0 / bands ..< height * ($0 + 1) / bands }
        let rowMap = edges.paddedSourceIndices(count: height, before: r, after: r)
        let columnMap = padded ? edges.paddedSourceIndices(count: width, before: r, after: r) : []
        let x0 = columns.lowerBound, padded = padded
        nonisolated(unsafe) let pixels = pixels
        // Copies row `i` (−R ≤ i < height + R, edge-mapped) of the image as it is now.
        let copyRow: @Sendable (Int, UnsafeMutablePointer<Float>) -> Void = { i, destination in
            let source = rowMap[i + r]
            if source < 0 {
                destination.update(repeating: 0, count: rowFloats)
            } else if padded {
                LineKernels.gather(from: pixels + 4 * source * width, positionStride: 4, laneStride: 0, validLanes: 1,
                                   map: columnMap, before: r, count: width, into: destination, lanes: 1)
            } else {
                destination.update(from: pixels + 4 * (source * width + x0), count: rowFloats)
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
            let ring = PixelMemory.scratch((2 * r + 1) * rowFloats)
            let window = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: 2 * r + 1)
            defer {
                ring.deallocate()
                window.deallocate()
            }
            for b in slice {
                let rows = band(b)
                let row: (Int) -> UnsafePointer<Float> = { i in
                    if i < rows.lowerBound { return UnsafePointer(snapshot(b, i - rows.lowerBound + r)) }
                    if i >= rows.upperBound { return UnsafePointer(snapshot(b, r + i - rows.upperBound)) }
                    let slot = ring + (i % (2 * r + 1)) * rowFloats
                    copyRow(i, slot)
                    return UnsafePointer(slot)
                }
                for k in 0..<(2 * r) { window[k + 1] = row(rows.lowerBound - r + k) }
                for y in rows {
                    for k in 0..<(2 * r) { window[k] = window[k + 1] }
                    window[2 * r] = row(y + r)
                    body(window, pixels + 4 * (y * width + x0))
                }
            }
        }
    }
}
