import CSeparableKernels
import Dispatch
import Foundation

/// The bytes of full-width ring rows up to which the horizontal and vertical passes run fused
/// (`boxFused`), counting each thread's rings.
///
/// The fused sweep wins while its rings stay in the last-level cache and loses once they do not,
/// so the gate sits at three quarters of a 32 MiB L3 (docs/performance.md, "Iterated box:
/// fused against streamed").
let boxFusedCacheBytes = 24 * 1024 * 1024

/// The input rows the fused sweep writes into ring 0 before the vertical passes receive them: the
/// horizontal passes make up to four rows at once (`BoxRows.rowsAtOnce`).
let boxFusedLookahead = 4

/// Both directions in one sweep down the image: each pair of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
///
/// With `threads` 2 (and a column plan with a `seam`), each thread sweeps one band on its own,
/// with its own rings: the upper band from row 0 to the seam, the lower from the seam to the end,
/// each sum starting afresh at the seam (`BoxPlan.restart`) as it does on one thread, so the
/// pixels are one thread's. Both bands read the first pass's input rows within Σ reach of the
/// seam: the lower band makes their horizontal passes first, into rows of their own
/// (`BoxStream.sharedRows`), and the upper band, which would make them last, waits once, after
/// its rows above them, until the lower band has made them (`blur_publish`, `blur_wait`), then
/// reads them (by then the lower band is long past them, and has read the image rows above the
/// seam that the upper band then overwrites). So no row's horizontal passes are made twice; the
/// seam lies Σ reach ÷ 2 below the middle (`BoxPlan.seam`), which gives the lower band, whose
/// rows all have both directions, about as much work as the upper. With `inTurn` (for tests) the
/// calling thread runs the lower band to its end, then the upper.
func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan,
    threads: Int = 1, inTurn: Bool = false
) {
    // Output row y is written Σrᵢ rows after the row was read: at large σ its lines have left
    // the caches by then, and non-temporal stores save reading them again before writing
    // (docs/performance.md, "Iterated box: non-temporal stores").
    let streaming = Int(bitPattern: pixels) % 16 == 0
    let strip = BoxStream.Strip(pixels: pixels, width: width, columns: 0..<width)
    let image = UnsafePointer(pixels)
    guard threads >= 2, let seam = columnPlan.seam else {
        let stream = BoxStream(
            plan: columnPlan, capacity: width, lookahead: boxFusedLookahead, streamsOutput: streaming)
        defer { stream.deallocate() }
        fusedSweep(stream, strip, rowPlan: rowPlan, inputs: 0..<height) { image + 4 * $0 * width }
        stream.finish(strip)
        if streaming { LineKernels.streamingFence() }
        return
    }
    let reach = columnPlan.totalReach
    // The first pass's input rows on both sides of the seam, which both bands read: the lower
    // band makes them first, the upper band reads them last. And the lower band's signal.
    let boundary = (seam - reach)..<(seam + reach)
    let rowFloats = BoxStream.ringRowFloats(capacity: width)
    let shared = PixelMemory.unzeroedScratch(boundary.count * rowFloats)
    let signal = UnsafeMutablePointer<Int32>.allocate(capacity: 16)
    signal.initialize(repeating: 0, count: 16)
    defer {
        shared.deallocate()
        signal.deallocate()
    }
    nonisolated(unsafe) let state = (pixels, shared, signal, strip)
    let band = { @Sendable (lower: Bool) in
        let (pixels, shared, signal, strip) = state
        let image = UnsafePointer(pixels)
        let stream = BoxStream(
            plan: columnPlan, capacity: width, lookahead: boxFusedLookahead, streamsOutput: streaming,
            startingAtSeam: lower,
            sharedRows: (boundary, shared))
        defer { stream.deallocate() }
        if lower {
            fusedSweep(stream, strip, rowPlan: rowPlan, inputs: boundary.lowerBound..<height) {
                image + 4 * $0 * width
            } after: {
                if $0 == boundary.upperBound { blur_publish(signal, 1) }
            }
            stream.finish(strip)
        } else {
            fusedSweep(stream, strip, rowPlan: rowPlan, inputs: 0..<boundary.lowerBound) { image + 4 * $0 * width }
            blur_wait(signal, 1)
            for t in boundary { stream.receivedFullWidth(t, strip) }
        }
        if streaming { LineKernels.streamingFence() }
    }
    // The lower band on a thread of its own, not a Dispatch worker: the upper band waits for it,
    // and `concurrentPerform` does not promise to run its iterations at the same time (called
    // from inside another parallel loop it may run them one after the other).
    if inTurn {
        band(true)
        band(false)
        return
    }
    let finished = DispatchSemaphore(value: 0)
    let other = Thread {
        band(true)
        finished.signal()
    }
    other.start()
    band(false)
    finished.wait()
}

/// The horizontal passes of image rows `inputs`, two or four at a time (`BoxRows.rowsAtOnce`;
/// `source(y)` is where row y is read, asked for in order), into ring 0 of `stream`, each group
/// then received by its vertical passes; `after(y)` once the rows before y have been read.
private func fusedSweep(
    _ stream: BoxStream, _ strip: BoxStream.Strip, rowPlan: BoxPlan, inputs: Range<Int>,
    source: (Int) -> UnsafePointer<Float>, after: (Int) -> Void = { _ in }
) {
    let rows = BoxRows(plan: rowPlan)
    defer { rows.deallocate() }
    var start = inputs.lowerBound
    if rows.rowsAtOnce == 4 {
        while start + 4 <= inputs.upperBound {
            let y = start
            rows.run4(
                (source(y), source(y + 1), source(y + 2), source(y + 3)),
                into: (
                    stream.inputRow(y, strip), stream.inputRow(y + 1, strip), stream.inputRow(y + 2, strip),
                    stream.inputRow(y + 3, strip)
                ))
            for t in y..<(y + 4) {
                stream.receivedFullWidth(t, strip)
                after(t + 1)
            }
            start += 4
        }
    }
    for y in stride(from: start, to: inputs.upperBound, by: 2) {
        let first = source(y)
        if y + 1 < inputs.upperBound {
            rows.run(first, source(y + 1), into: stream.inputRow(y, strip), stream.inputRow(y + 1, strip))
        } else {
            rows.run(first, nil, into: stream.inputRow(y, strip), nil)
        }
        for t in y..<min(y + 2, inputs.upperBound) {
            stream.receivedFullWidth(t, strip)
            after(t + 1)
        }
    }
}
