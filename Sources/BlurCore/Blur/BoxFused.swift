import CSeparableKernels
import Dispatch
import Foundation

/// The bytes of full-width ring rows up to which one thread runs the horizontal and vertical
/// passes fused (`boxFused`).
///
/// The fused sweep wins while its rings stay in the last-level cache and loses once they do not,
/// so the gate sits at three quarters of a 32 MiB L3 (docs/performance.md, "Iterated box:
/// fused against streamed").
let boxFusedCacheBytes = 24 * 1024 * 1024

/// Rows the horizontal passes may run ahead of the vertical ones when two threads share the fused
/// sweep (`boxFused(threads: 2)`): ring 0 holds this many rows more, so that neither thread waits
/// for the other at every row.
let boxPipelineRows = 16

/// In a two-thread fused sweep, every this many pairs of rows the vertical thread runs the
/// horizontal passes itself: on one thread the horizontal passes took about 57 % of the sweep and
/// the vertical 43 % (perf, 2048², σ = 2 and 25), so one pair in 8 moved across evens the two.
let boxPipelinePairs = 8

/// Both directions in one sweep down the image: each group of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
///
/// With `threads` 2 the sweep is a pipeline: the calling thread runs the horizontal passes, two
/// rows at a time, into ring 0, up to `boxPipelineRows` rows ahead; a thread started for the blur
/// runs the vertical passes down them as they arrive and writes the output, and the horizontal
/// passes of one pair in `boxPipelinePairs` itself. Each publishes how far it has got
/// (`blur_progress_publish`) and waits for the other only when it would overtake it, asleep
/// after a short spin, so that on a busy machine the thread it waits for gets the core. The rows
/// and their arithmetic are those of one thread, so the pixels are too.
func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan,
    threads: Int = 1
) {
    let pipelined = threads >= 2
    let lookahead = pipelined ? boxPipelineRows : 2
    let rows = BoxRows(plan: rowPlan), ownRows = BoxRows(plan: rowPlan)
    // Output row y is written Σrᵢ rows after the row was read: at large σ its lines have left
    // the caches by then, and non-temporal stores save reading them again before writing
    // (docs/performance.md, "Iterated box: non-temporal stores").
    let streaming = Int(bitPattern: pixels) % 16 == 0
    let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: lookahead, streamsOutput: streaming)
    // Rows produced, and rows received, a cache line apart.
    let progress = UnsafeMutablePointer<Int32>.allocate(capacity: 32)
    progress.initialize(repeating: 0, count: 32)
    defer {
        rows.deallocate()
        ownRows.deallocate()
        stream.deallocate()
        progress.deallocate()
    }
    let strip = BoxStream.Strip(pixels: pixels, width: width, columns: 0..<width)
    // The horizontal passes of rows y and y + 1 (y alone when it is the last) into ring 0.
    let horizontal = { (rows: BoxRows, y: Int) in
        let first = UnsafePointer(pixels + 4 * y * width)
        if y + 1 < height {
            rows.run(first, first + 4 * width, into: stream.inputRow(y, strip), stream.inputRow(y + 1, strip))
        } else {
            rows.run(first, nil, into: stream.inputRow(y, strip), nil)
        }
    }
    guard pipelined else {
        for y in stride(from: 0, to: height, by: 2) {
            horizontal(rows, y)
            for t in y..<min(y + 2, height) { stream.receivedFullWidth(t, strip) }
        }
        stream.finish(strip)
        if streaming { LineKernels.streamingFence() }
        return
    }
    nonisolated(unsafe) let produced = progress, received = progress + 16
    nonisolated(unsafe) let work = (horizontal, stream, strip, rows, ownRows)
    // Pairs (rows y and y + 1, y even) whose horizontal passes the vertical thread runs.
    let ownPair = { @Sendable (y: Int) in (y / 2) % boxPipelinePairs == boxPipelinePairs - 1 }
    // The vertical passes on a thread of their own, not a Dispatch worker: the two roles must run
    // at the same time, which `concurrentPerform` does not promise (called from inside another
    // parallel loop it may run its iterations one after the other, and this pipeline would wait
    // forever).
    let finished = DispatchSemaphore(value: 0)
    let vertical = Thread {
        let (horizontal, stream, strip, _, ownRows) = work
        for t in 0..<height {
            if ownPair(t) {
                // Its slots are free: every row up to t − 1 has been received.
                if t % 2 == 0 { horizontal(ownRows, t) }
            } else {
                blur_progress_wait(produced, Int32(t + 1))
            }
            stream.receivedFullWidth(t, strip)
            blur_progress_publish(received, Int32(t + 1))
        }
        stream.finish(strip)
        if streaming { LineKernels.streamingFence() }
        finished.signal()
    }
    vertical.start()
    for y in stride(from: 0, to: height, by: 2) where !ownPair(y) {
        let last = min(y + 1, height - 1)
        // Ring 0's slot for row `last` is free once row last − lookahead has been received.
        blur_progress_wait(received, Int32(last - lookahead + 1))
        horizontal(rows, y)
        blur_progress_publish(produced, Int32(last + 1))
    }
    finished.wait()
}
