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
        /// Hears each state as it starts; lines from different workers may interleave, each
        /// names its lesson.
        let progress: (String) -> Void
        private let lock = NSLock()

        init(jobs: Int, memo: CellMemo, quick: Bool, progress: @escaping (String) -> Void) {
            self.jobs = max(1, min(jobs, BuildInfo.cores))
            self.memo = memo
            self.quick = quick
            let said = NSLock()
            self.progress = { line in
                said.lock()
                defer { said.unlock() }
                progress(line)
            }
        }

        /// Runs `body` under the workers' lock (what a state adds to its lesson).
        func record(_ body: () -> Void) {
            lock.lock()
            defer { lock.unlock() }
            body()
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
            let tickets = Tickets()
            return [T](unsafeUninitializedCapacity: count) { buffer, initialised in
                // Each slot is written by exactly one worker, and read after all have ended.
                nonisolated(unsafe) let slots = buffer
                withoutActuallyEscaping(body) { body in
                    nonisolated(unsafe) let work = body
                    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
                        while true {
                            let index = tickets.take()
                            guard index < count else { return }
                            (slots.baseAddress! + index).initialize(to: work(index))
                        }
                    }
                }
                initialised = count
            }
        }

        /// The next index to take, one worker at a time.
        private final class Tickets: @unchecked Sendable {
            private let lock = NSLock()
            private var next = 0

            func take() -> Int {
                lock.lock()
                defer { lock.unlock() }
                next += 1
                return next - 1
            }
        }
    }

    /// One state left to bake: a parameter's value, or a combination of a pair's.
    enum Job {
        case single(Bake, name: String, value: String)
        case combination(Bake, Pair, values: [String])

        var bake: Bake {
            switch self {
            case .single(let bake, _, _), .combination(let bake, _, _): bake
            }
        }
    }

    /// Runs every state of `bakes` still to run on the workers, in lesson order, and writes each
    /// lesson's page (`finish`) as soon as its last state is made; a lesson whose page could not
    /// be written keeps why in `failure`.
    static func bakeRest(_ bakes: [Bake], root: String, workers: Workers) {
        var jobs: [Job] = []
        for bake in bakes {
            let before = jobs.count
            jobs += bake.todo.map { .single(bake, name: $0.name, value: $0.value) }
            bake.todo = []
            for pair in bake.pairs where pair.baked {
                jobs += pair.todo.map { .combination(bake, pair, values: $0) }
                pair.todo = []
            }
            bake.left = jobs.count - before
            if bake.left == 0 { finishOrKeep(bake, root: root) }
        }
        let all = jobs
        _ = workers.each(all.count) { index in
            let job = all[index]
            switch job {
            case .single(let bake, let name, let value): runNext(bake, name: name, value: value, workers: workers)
            case .combination(let bake, let pair, let values): runNext(pair, values: values, of: bake, workers: workers)
            }
            var last = false
            workers.record {
                job.bake.left -= 1
                last = job.bake.left == 0
            }
            // Holding the gate: a timing cell runs beside no page being written either.
            if last { _ = workers.gate.shared { finishOrKeep(job.bake, root: root) } }
        }
    }

    /// `finish(bake)`, its error kept in `bake.failure`.
    private static func finishOrKeep(_ bake: Bake, root: String) {
        do throws(LessonError) {
            try finish(bake, root: root)
        } catch {
            bake.failure = error
        }
    }
}
