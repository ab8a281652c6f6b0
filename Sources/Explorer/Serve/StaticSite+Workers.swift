import Authoring
import BlurKit
import Foundation

extension StaticSite {
    /// The threads a bake runs on (`explorer export --jobs`), what they share (the cell memo, the
    /// gate that gives each timing cell the machine to itself) and the lock under which they
    /// record the states they made.
    final class Workers: @unchecked Sendable {
        /// Threads at once, this one among them: at most one a core.
        let jobs: Int
        let gate = TimingGate()
        let memo: CellMemo
        let quick: Bool
        /// Held while a worker takes the next index, records what a state adds to its lesson, or
        /// says a line.
        let lock = NSLock()
        /// Hears each state as it starts; lines from different workers may interleave, each
        /// names its lesson.
        let progress: (String) -> Void

        init(jobs: Int, memo: CellMemo, quick: Bool, progress: @escaping (String) -> Void) {
            self.jobs = max(1, min(jobs, BuildInfo.cores))
            self.memo = memo
            self.quick = quick
            self.progress = { [lock] line in lock.withLock { progress(line) } }
        }

        /// Runs `body` holding the gate shared; its seconds as the bake counts them: those in timing
        /// cells whole (the other cores idle meanwhile), the rest divided over `jobs`: its other
        /// work, and its waits for the others to let go before a timing cell (they worked
        /// meanwhile). Its waits for another worker's timing cell are that cell's, counted there.
        func measured<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Double {
            let start = Date()
            let (_, spent) = try gate.shared(body)
            let others = max(0, Date().timeIntervalSince(start) - spent.alone - spent.waited)
            return spent.alone + others / Double(jobs)
        }

        /// `body(0..<count)` on `jobs` threads at once, each taking the next index when it is
        /// free; the results in index order.
        func each<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
            // Both are read and written under the lock only.
            nonisolated(unsafe) var results = [T?](repeating: nil, count: count)
            nonisolated(unsafe) var next = 0
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let work = body
                DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
                    while true {
                        let index = lock.withLock {
                            next += 1
                            return next - 1
                        }
                        guard index < count else { return }
                        let result = work(index)
                        lock.withLock { results[index] = result }
                    }
                }
            }
            return results.compactMap { $0 }
        }
    }
}
