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
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var newest: [String: Int] = [:]
    private var tickets = 0

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `work` on a thread outside Swift's cooperative pool once a slot is free, unless a newer
    /// request from `client` arrived meanwhile; nil when superseded.
    func run<T: Sendable>(client: String, _ work: @escaping @Sendable () -> T) async -> T? {
        tickets += 1
        let ticket = tickets
        newest[client] = ticket
        if running < width {
            running += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release(client: client, ticket: ticket) }
        guard newest[client] == ticket else { return nil }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func release(client: String, ticket: Int) {
        if newest[client] == ticket { newest[client] = nil }
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
