/// The bytes of full-width ring rows up to which one thread runs the horizontal and vertical
/// passes fused (`boxFused`).
///
/// Measured (issue 18, `bench/box_schedules.py` and `explorer bench --box-schedule`, one thread,
/// 2-core AMD EPYC with 1 MiB of L2 a core and 32 MiB of L3, load ≈ 1.5), fused against streamed
/// columns, ns a pixel: on 2048², 4.0–4.4 against 5.6–6.8 at σ = 2–25 (rings of 0.6–5 MiB); on
/// 4096², 3.8 against 6.4–6.5 at σ = 10 and 4.2–4.5 against 6.4 at σ = 25 (10 MiB); on 8192×1024,
/// 3.9 against 6.0–6.3 at σ = 10 and 5.3–6.0 against 6.4–6.6 at σ = 25 (21 MiB), but 10.1–10.3
/// against 7.9–8.1 at σ = 50 (40 MiB of rings, more than the L3 cache). So the gate sits at
/// three quarters of that L3. It was 2 MiB (issue 15) before the row pairs, the column cascade
/// and the non-temporal stores, and 8 MiB for a while during issue 18.
let boxFusedCacheBytes = 24 * 1024 * 1024

/// Both directions in one sweep down the image: each group of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan
) {
    let rows = BoxRows(plan: rowPlan)
    // Output row y is written Σrᵢ rows after the row was read: at large σ its lines have left
    // the caches by then, and non-temporal stores save reading them again before writing.
    // Measured on 2048² (one thread, load ≈ 1.5): 4.7 / 5.0 against 5.3 / 6.1 ns/px at
    // σ = 10 / 25, and no slower at σ = 2 and 5, where the lines are still in L2.
    let streaming = Int(bitPattern: pixels) % 16 == 0
    let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: 2, streamsOutput: streaming)
    defer {
        rows.deallocate()
        stream.deallocate()
    }
    let strip = BoxStream.Strip(pixels: pixels, width: width, columns: 0..<width)
    for y in stride(from: 0, to: height, by: 2) {
        let first = UnsafePointer(pixels + 4 * y * width)
        if y + 1 < height {
            rows.run(first, first + 4 * width, into: stream.inputRow(y, strip), stream.inputRow(y + 1, strip))
            stream.receivedFullWidth(y, strip)
            stream.receivedFullWidth(y + 1, strip)
        } else {
            rows.run(first, nil, into: stream.inputRow(y, strip), nil)
            stream.receivedFullWidth(y, strip)
        }
    }
    stream.finish(strip)
    if streaming { LineKernels.streamingFence() }
}
