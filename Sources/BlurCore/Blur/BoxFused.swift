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

/// Rows per step of the two-thread fused sweep (`boxFused(threads: 2)`): both threads run the
/// horizontal passes of one step's rows, half each, and the vertical passes of the step before, a
/// half of the columns each, then meet once. Ring 0 holds twice this many rows more.
let boxSplitRows = 64

/// Both directions in one sweep down the image: each group of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
///
/// With `threads` 2 the sweep goes in steps of `boxSplitRows` rows, and each thread has a fixed
/// half of every step's work: the horizontal passes of half its rows (a row's passes run whole,
/// on one thread), then the vertical passes of the previous step's rows down half the columns
/// (a column's passes run whole, on one thread), each half of the columns with its own view of
/// the shared rings (`BoxStream.columns`). The two meet once a step (`blur_meet`), so the rows
/// one thread's horizontal passes wrote are there for the other's vertical passes. Every pixel's
/// arithmetic is that of one thread, so the pixels are too.
func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan,
    threads: Int = 1
) {
    let split = threads >= 2 && width >= 8
    let lookahead = split ? 2 * boxSplitRows : 2
    // Output row y is written Σrᵢ rows after the row was read: at large σ its lines have left
    // the caches by then, and non-temporal stores save reading them again before writing
    // (docs/performance.md, "Iterated box: non-temporal stores").
    let streaming = Int(bitPattern: pixels) % 16 == 0
    let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: lookahead, streamsOutput: streaming)
    defer { stream.deallocate() }
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
    guard split else {
        let rows = BoxRows(plan: rowPlan)
        defer { rows.deallocate() }
        for y in stride(from: 0, to: height, by: 2) {
            horizontal(rows, y)
            for t in y..<min(y + 2, height) { stream.receivedFullWidth(t, strip) }
        }
        stream.finish(strip)
        if streaming { LineKernels.streamingFence() }
        return
    }
    // Each thread's count of steps done, a cache line apart.
    let steps = UnsafeMutablePointer<Int32>.allocate(capacity: 32)
    steps.initialize(repeating: 0, count: 32)
    defer { steps.deallocate() }
    // Columns split at a multiple of 4 pixels (a cache line), so the halves share no line.
    let middle = (width / 2 + 3) / 4 * 4
    let stepCount = (height + boxSplitRows - 1) / boxSplitRows
    nonisolated(unsafe) let shared = (horizontal, stream, steps, pixels)
    let half = { @Sendable (k: Int) in
        let (horizontal, stream, steps, _) = shared
        let rows = BoxRows(plan: rowPlan)
        let columns = k == 0 ? 0..<middle : middle..<width
        let view = stream.columns(columns)
        let own = BoxStream.Strip(pixels: shared.3, width: width, columns: columns)
        defer {
            rows.deallocate()
            view.deallocateView()
        }
        for step in 0...stepCount {
            if step < stepCount {
                // This thread's pairs of the step's rows: the first half of them, or the rest.
                let first = step * boxSplitRows, end = min(first + boxSplitRows, height)
                let pairs = (end - first + 1) / 2, mine = k == 0 ? 0..<(pairs / 2) : (pairs / 2)..<pairs
                for pair in mine { horizontal(rows, first + 2 * pair) }
            }
            if step > 0 {
                let first = (step - 1) * boxSplitRows
                for t in first..<min(first + boxSplitRows, height) { view.receivedFullWidth(t, own) }
            }
            blur_meet(steps + 16 * k, steps + 16 * (1 - k), Int32(step + 1))
        }
        view.finish(own)
        if streaming { LineKernels.streamingFence() }
    }
    // The second half on a thread of its own, not a Dispatch worker: the two must run at the same
    // time, which `concurrentPerform` does not promise (called from inside another parallel loop
    // it may run its iterations one after the other, and the meetings would wait forever).
    let finished = DispatchSemaphore(value: 0)
    let other = Thread {
        half(1)
        finished.signal()
    }
    other.start()
    half(0)
    finished.wait()
}
