import Foundation

/// Lets several workers run lesson states at once (`explorer export --jobs`) while every timing
/// cell runs alone: a worker holds the gate *shared* for the whole of a state, gives it up at each
/// cell's start when a timing cell is waiting (`checkpoint`), and runs a timing cell only once no
/// other worker holds it (`alone`). So a timing is measured beside no other state's work, only
/// beside the workers waiting at the gate, and a waiting timing cell waits at most for the cells
/// the other workers are running to end.
///
/// It also keeps, per worker thread, the seconds spent in timing cells and waiting at the gate,
/// from which the bake's estimate divides only the rest over the workers (`shared(_:)`).
final class TimingGate: @unchecked Sendable {
    /// What one `shared` stretch spent: in timing cells (alone), waiting for the other workers to
    /// let go before one (`drained`: they worked meanwhile, this core idled) and waiting for another
    /// worker's timing cell (`waited`).
    struct Spent {
        var alone = 0.0
        var drained = 0.0
        var waited = 0.0
    }

    private let condition = NSCondition()
    /// Guarded by `condition`: workers holding the gate shared, timing cells waiting, whether one
    /// runs, and the seconds per thread.
    private var holders = 0
    private var waiting = 0
    private var timing = false
    private var spent: [UInt: Spent] = [:]

    private static var thread: UInt { UInt(pthread_self()) }

    /// Runs `body` holding the gate shared (waiting first while a timing cell waits or runs);
    /// returns its result and what it spent alone and waiting.
    func shared<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, spent: Spent) {
        let thread = Self.thread
        condition.lock()
        spent[thread] = Spent()
        wait(thread) { !$0.timing && $0.waiting == 0 }
        holders += 1
        condition.unlock()
        defer {
            condition.lock()
            holders -= 1
            spent[thread] = nil
            condition.broadcast()
            condition.unlock()
        }
        let result = try body()
        condition.lock()
        let used = spent[thread] ?? Spent()
        condition.unlock()
        return (result, used)
    }

    /// Called by a holder before each untimed cell: when a timing cell waits or runs, lets go of the
    /// gate until it is done.
    func checkpoint() {
        let thread = Self.thread
        condition.lock()
        defer { condition.unlock() }
        guard timing || waiting > 0 else { return }
        holders -= 1
        condition.broadcast()
        wait(thread) { !$0.timing && $0.waiting == 0 }
        holders += 1
    }

    /// Runs the timing cell `body` (called by a holder) once no other worker holds the gate,
    /// keeping the others out until it ends.
    func alone<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let thread = Self.thread
        condition.lock()
        holders -= 1
        waiting += 1
        condition.broadcast()
        wait(thread, adding: \.drained) { !$0.timing && $0.holders == 0 }
        waiting -= 1
        timing = true
        condition.unlock()
        let start = Date()
        defer {
            condition.lock()
            timing = false
            spent[thread, default: Spent()].alone += Date().timeIntervalSince(start)
            condition.broadcast()
            // Another worker's timing cell, if one waits, goes before this worker's other cells.
            wait(thread) { !$0.timing && $0.waiting == 0 }
            holders += 1
            condition.unlock()
        }
        return try body()
    }

    /// Waits (holding `condition`) until `ready`, adding the wait to `thread`'s seconds.
    private func wait(
        _ thread: UInt, adding part: WritableKeyPath<Spent, Double> = \.waited, until ready: (TimingGate) -> Bool
    ) {
        guard !ready(self) else { return }
        let start = Date()
        while !ready(self) { condition.wait() }
        spent[thread, default: Spent()][keyPath: part] += Date().timeIntervalSince(start)
    }
}
