import Foundation

/// Figures a timing lane leaves for the other lane to draw (a live page's preview).
///
/// On two lanes (`LessonRunner.runInLanes`) the timing cells run in order on one thread and the
/// untimed cells on the other. A strip is drawn and encoded after its cell's timing and takes as
/// long as a timing of its own, so a timing cell hands it here and goes on to its next cell; the
/// untimed lane draws the strips once its own cells are done, on its own thread, and the timing
/// lane, once its last timing is done, draws those still left; no third thread ever competes
/// with a timing for a core.
final class DeferredFigures: @unchecked Sendable {
    /// A figure to draw and write; its error, if any, belongs to the cell at `line`.
    struct Job {
        var line: Int
        var work: () throws -> Void
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var producerDone = false
    private var failures: [(line: Int, error: any Error)] = []

    /// Leaves `work` for the untimed lane.
    func add(line: Int, _ work: @escaping () throws -> Void) {
        condition.lock()
        jobs.append(Job(line: line, work: work))
        condition.signal()
        condition.unlock()
    }

    /// Says the timing lane will add nothing more.
    func finish() {
        condition.lock()
        producerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Draws figures as they come until the timing lane has finished and none is left (either
    /// lane may call it; each figure is drawn once).
    func drain() {
        while true {
            condition.lock()
            while jobs.isEmpty && !producerDone { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            do {
                try job.work()
            } catch {
                condition.lock()
                failures.append((job.line, error))
                condition.unlock()
            }
        }
    }

    /// The first figure that could not be written, by cell line.
    var firstFailure: (line: Int, error: any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failures.min { $0.line < $1.line }
    }
}
