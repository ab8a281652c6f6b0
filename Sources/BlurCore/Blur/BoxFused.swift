/// The bytes of full-width ring rows up to which one thread runs the horizontal and vertical
/// passes fused (`boxFused`).
///
/// The fused sweep wins while its rings stay in the last-level cache and loses once they do not,
/// so the gate sits at three quarters of a 32 MiB L3 (docs/performance.md, "Iterated box:
/// fused against streamed").
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
    // the caches by then, and non-temporal stores save reading them again before writing
    // (docs/performance.md, "Iterated box: non-temporal stores").
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
