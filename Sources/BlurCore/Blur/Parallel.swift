import Dispatch

/// Splits work over threads with `DispatchQueue.concurrentPerform`.
enum Parallel {
    /// Calls `body` on contiguous, nearly equal slices of `0..<count`: one slice when
    /// `threads ≤ 1`, otherwise up to `threads` slices run concurrently.
    ///
    /// Each slice is a pure function of `count` and `threads`, and the methods compute every
    /// pixel the same way whatever slice holds it, so results do not depend on `threads`.
    static func forSlices(of count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let slices = max(1, min(threads, count))
        if slices == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: slices) { i in
            body(count * i / slices ..< count * (i + 1) / slices)
        }
    }
}
