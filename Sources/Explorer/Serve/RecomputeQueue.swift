import Foundation

/// Decides which lesson runs happen: at most `width` at once, and for each client only its newest
/// request.
///
/// A student dragging a slider sends a request per step. A request that is still waiting for a
/// free slot when a newer one from the same client arrives is answered "superseded" without
/// running; a run already under way finishes (a cell cannot be stopped half-way) but its result is
/// still returned. So the work in the server is bounded by `width` runs plus one waiting request
/// per client, whatever the number of requests.
actor RecomputeQueue {
    /// Most runs at once.
    let width: Int
    private var running = 0
    /// Requests waiting for a slot, oldest first: their client, and what to resume (true: run).
    private var waiting: [(client: String, resume: CheckedContinuation<Bool, Never>)] = []

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `work` on a thread outside Swift's cooperative pool once a slot is free, unless a newer
    /// request from `client` arrives first; nil when superseded (answered at once).
    func run<T: Sendable>(client: String, _ work: @escaping @Sendable () -> T) async -> T? {
        if let index = waiting.firstIndex(where: { $0.client == client }) {
            waiting.remove(at: index).resume.resume(returning: false)
        }
        if running < width {
            running += 1
        } else {
            let granted = await withCheckedContinuation { waiting.append((client, $0)) }
            guard granted else { return nil }
        }
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume.resume(returning: true)
        }
        return result
    }
}
