/// The rows a direct 2-D stencil of radius R reads, for blurring in place.
///
/// Output row y needs the original rows y−R … y+R (edge-mapped), horizontally padded by R. The
/// image is split into bands of rows, one per thread. Before any band writes, the R padded rows
/// just above and just below each band are copied into snapshots (they may lie in another band,
/// or be edge-mapped rows that the band itself overwrites first). Inside a band, each row is
/// copied, padded, into a ring of 2R+1 rows just before the first output row that needs it —
/// never after it was overwritten. Scratch: (4R+1) padded rows per band.
enum RowWindow {
    /// Calls `body(rows, output)` once for every image row y, where `rows[k]` (k in `0...2R`)
    /// points at the original row y − R + k padded by R pixels on both sides (`width + 2R`
    /// pixels), and `output` at image row y, which `body` overwrites.
    static func forEachRow(
        _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, radius: Int,
        edges: EdgeMode, threads: Int,
        _ body: @Sendable (_ rows: UnsafePointer<UnsafePointer<Float>>, _ output: UnsafeMutablePointer<Float>) -> Void
    ) {
        let r = radius
        let rowFloats = 4 * (width + 2 * r)
        let columnMap = edges.paddedSourceIndices(count: width, before: r, after: r)
        let rowMap = edges.paddedSourceIndices(count: height, before: r, after: r)
        let bands = max(1, min(threads, height))
        let band: @Sendable (Int) -> Range<Int> = { height * $0 / bands ..< height * ($0 + 1) / bands }
        nonisolated(unsafe) let pixels = pixels
        // Copies padded row `i` (−R ≤ i < height + R, edge-mapped) of the image as it is now.
        let copyRow: @Sendable (Int, UnsafeMutablePointer<Float>) -> Void = { i, destination in
            let source = rowMap[i + r]
            if source < 0 {
                destination.update(repeating: 0, count: rowFloats)
            } else {
                PixelLines.gather(from: pixels + 4 * source * width, positionStride: 4, laneStride: 0,
                                  validLanes: 1, map: columnMap, into: destination, lanes: 1)
            }
        }
        // Snapshot j of band b: rows y0 − R + j (j < R) and y1 + j − R (j ≥ R).
        nonisolated(unsafe) let snapshots = PixelLines.scratch(bands * 2 * r * rowFloats)
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
            let ring = PixelLines.scratch((2 * r + 1) * rowFloats)
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
                    body(window, pixels + 4 * y * width)
                }
            }
        }
    }
}
