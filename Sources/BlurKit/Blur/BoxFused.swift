/// The bytes of full-width ring rows up to which one thread runs the horizontal and vertical
/// passes fused (`boxFused`). Measured on 2048² (2-core AMD EPYC, 1 MiB L2 a core): fused was
/// ≈ 20 % faster at σ = 2 (1 MiB of rings), a few % at σ = 5–10 (1.6–3.2 MiB), slower at σ = 25.
///
/// Why this path is kept (issue 15): `bench/box_schedules.py`, one thread, four interleaved
/// rounds on a loaded 2-core machine, time relative to blocked columns — fused 0.69 / 0.64 at
/// σ = 2 / 5 on 1024² against 0.78 / 0.79 streamed (12–19 % less time), 0.61 against 0.67 at
/// σ = 2 on 2048²; at σ = 25 on 2048² it was 1.23 (slower), which is what this gate avoids.
let boxFusedCacheBytes = 2 * 1024 * 1024

/// Both directions in one sweep down the image: each group of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan
) {
    let rows = BoxRows(plan: rowPlan)
    let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: 2)
    defer {
        rows.deallocate()
        stream.deallocate()
    }
    let strip = BoxStream.Strip(pixels: pixels, width: width, columns: 0..<width)
    for y in stride(from: 0, to: height, by: 2) {
        let first = UnsafePointer(pixels + 4 * y * width)
        if y + 1 < height {
            rows.run(first, first + 4 * width, into: stream.inputRow(y, strip), stream.inputRow(y + 1, strip))
            stream.received(y, strip)
            stream.received(y + 1, strip)
        } else {
            rows.run(first, nil, into: stream.inputRow(y, strip), nil)
            stream.received(y, strip)
        }
    }
    stream.finish(strip)
}
