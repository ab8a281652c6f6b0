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

/// Both directions in one sweep down the image: each pair of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
///
/// With `threads` 2 (and a column plan with a `seam`), each thread sweeps one band on its own,
/// with its own rings: the upper band from row 0 to the seam, the lower from the seam to the end,
/// each sum starting afresh at the seam (`BoxPlan.restart`) as it does on one thread, so the
/// pixels are one thread's. The upper band's last output rows need the Σ reach image rows below
/// the seam, which the lower band overwrites early: the lower band copies them first. The lower
/// band's first input rows lie above the seam, which the upper band overwrites last: the upper
/// band waits, once, before its first row below the seam, until the lower band has read those
/// (`blur_publish`, `blur_wait`); by then the lower band is long past them. With `inTurn` (for
/// tests) the calling thread runs the lower band to its end, then the upper.
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
        let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: 2, streamsOutput: streaming)
        defer { stream.deallocate() }
        fusedSweep(stream, strip, rowPlan: rowPlan, inputs: 0..<height) { image + 4 * $0 * width }
        stream.finish(strip)
        if streaming { LineKernels.streamingFence() }
        return
    }
    let reach = columnPlan.totalReach
    // The image rows below the seam that the upper band reads, and the lower band's signal.
    let below = PixelMemory.unzeroedScratch(4 * reach * width)
    let signal = UnsafeMutablePointer<Int32>.allocate(capacity: 16)
    signal.initialize(repeating: 0, count: 16)
    defer {
        below.deallocate()
        signal.deallocate()
    }
    nonisolated(unsafe) let shared = (pixels, below, signal, strip)
    let band = { @Sendable (lower: Bool) in
        let (pixels, below, signal, strip) = shared
        let image = UnsafePointer(pixels)
        let stream = BoxStream(
            plan: columnPlan, capacity: width, lookahead: 2, streamsOutput: streaming, startingAtSeam: lower)
        defer { stream.deallocate() }
        if lower {
            below.update(from: image + 4 * seam * width, count: 4 * reach * width)
            fusedSweep(stream, strip, rowPlan: rowPlan, inputs: (seam - reach)..<height) {
                image + 4 * $0 * width
            } after: {
                if $0 == seam { blur_publish(signal, 1) }
            }
            stream.finish(strip)
        } else {
            fusedSweep(stream, strip, rowPlan: rowPlan, inputs: 0..<(seam + reach)) { y in
                if y == seam { blur_wait(signal, 1) }
                return y < seam ? image + 4 * y * width : UnsafePointer(below + 4 * (y - seam) * width)
            }
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

/// The horizontal passes of image rows `inputs`, two at a time (`source(y)` is where row y is
/// read, asked for in order), into ring 0 of `stream`, each pair then received by its vertical
/// passes; `after(y)` once the rows before y have been read.
private func fusedSweep(
    _ stream: BoxStream, _ strip: BoxStream.Strip, rowPlan: BoxPlan, inputs: Range<Int>,
    source: (Int) -> UnsafePointer<Float>, after: (Int) -> Void = { _ in }
) {
    let rows = BoxRows(plan: rowPlan)
    defer { rows.deallocate() }
    for y in stride(from: inputs.lowerBound, to: inputs.upperBound, by: 2) {
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
