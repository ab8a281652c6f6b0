import Foundation

/// Decides which lesson runs happen, for the whole class at once.
///
/// - **One cache of results**, keyed by lesson, values and timing mode: most students pick the
///   same slider steps, so a value is run (and its timing cells timed) once, whoever asks first;
///   a request for a run under way waits for it instead of starting another. A preview request is
///   also answered by a finished full run of the same values.
/// - **Slider grids in the background**: `warm` lists runs a page will likely ask for (each value
///   of a slider's steps); they are made one at a time, only while no request runs or waits.
/// - **At most `width` runs at once**, and for each page only its newest request: a page's request
///   still waiting for a slot when the page asks again is answered "superseded" without running,
///   so a waiting page holds one place in the line, and pages are served in turn. A request whose
///   task is cancelled (its client went away) leaves the line too. A run already under way
///   finishes (a cell cannot be stopped half-way) and its result is kept for whoever asks.
actor RunScheduler {
    /// What a request gets.
    enum Outcome: Sendable {
        case page(LiveLesson.Page)
        case failure(LiveLesson.Failure)
        /// The page asked again before this request's run started.
        case superseded
    }

    /// What a run is for: a lesson, its values (`name=value`, sorted) and whether timing is quick.
    struct Key: Hashable, Sendable {
        var lesson: Int
        var values: [String]
        var quick: Bool

        init(lesson: Int, values: [String: String], quick: Bool) {
            self.lesson = lesson
            self.values = values.map { $0.key + "=" + $0.value }.sorted()
            self.quick = quick
        }

        var full: Key { var key = self; key.quick = false; return key }
    }

    private enum Entry {
        case running(Task<Outcome, Never>)
        case done(Outcome, used: Int)
    }

    /// Most runs at once.
    let width: Int
    /// Most finished results kept.
    let capacity: Int
    private var running = 0
    /// Requests waiting for a slot, oldest first: at most one per page.
    private var waiting: [(session: String, generation: Int, resume: CheckedContinuation<Bool, Never>)] = []
    /// Each page's newest request.
    private var newest: [String: Int] = [:]
    private var generation = 0
    private var results: [Key: Entry] = [:]
    /// Runs actually made (not taken from the cache), for tests and the load script's report.
    private(set) var runsMade = 0
    /// Runs to make while idle, first first.
    private var background: [(key: Key, work: Work)] = []
    private var backgroundKeys: Set<Key> = []

    typealias Work = @Sendable () -> Result<LiveLesson.Page, LiveLesson.Failure>

    init(width: Int, capacity: Int = 512) {
        self.width = max(1, width)
        self.capacity = max(1, capacity)
    }

    /// The result for `key`, asked by page `session`: from the cache while `isKept` says its run is
    /// still on disk, else made by `work` on a thread outside Swift's cooperative pool once a slot
    /// is free, unless the page asks again first.
    func result(_ key: Key, session: String, isKept: @escaping @Sendable (LiveLesson.Page) -> Bool,
                work: @escaping @Sendable () -> Result<LiveLesson.Page, LiveLesson.Failure>) async -> Outcome {
        generation += 1
        let mine = generation
        newest[session] = mine
        while true {
            guard newest[session] == mine else { return .superseded }
            for candidate in key.quick ? [key.full, key] : [key] {
                if case .done(let outcome, _)? = results[candidate] {
                    if case .page(let page) = outcome, !isKept(page) {
                        results[candidate] = nil
                        continue
                    }
                    generation += 1
                    results[candidate] = .done(outcome, used: generation)
                    return outcome
                }
            }
            let task: Task<Outcome, Never>
            if case .running(let under)? = results[key] {
                task = under
            } else if key.quick, case .running(let under)? = results[key.full] {
                task = under
            } else {
                task = Task { await self.perform(key, session: session, generation: mine, work: work) }
                results[key] = .running(task)
            }
            let outcome = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                Task { await self.abandon(session: session, generation: mine) }
            }
            if case .superseded = outcome { continue }
            return outcome
        }
    }

    /// A request whose client went away: unless the page has asked again since, it no longer
    /// wants anything, and its place in the line (if it has one) is given up.
    private func abandon(session: String, generation mine: Int) {
        guard newest[session] == mine else { return }
        newest[session] = nil
        if let index = waiting.firstIndex(where: { $0.session == session && $0.generation == mine }) {
            waiting.remove(at: index).resume.resume(returning: false)
        }
    }

    private func perform(_ key: Key, session: String, generation mine: Int,
                         work: @escaping @Sendable () -> Result<LiveLesson.Page, LiveLesson.Failure>) async -> Outcome {
        guard await acquire(session: session, generation: mine) else {
            results[key] = nil
            return .superseded
        }
        runsMade += 1
        let made = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
        release()
        generation += 1
        switch made {
        case .success(let page):
            results[key] = .done(.page(page), used: generation)
        case .failure(let failure) where failure.status == 400 || failure.status == 422:
            results[key] = .done(.failure(failure), used: generation)
        case .failure(let failure):
            results[key] = nil
            return .failure(failure)
        }
        trim()
        if case .done(let outcome, _)? = results[key] { return outcome }
        return .superseded
    }

    /// Waits for a slot; false when the page asked again first.
    private func acquire(session: String, generation mine: Int) async -> Bool {
        if let index = waiting.firstIndex(where: { $0.session == session }) {
            waiting.remove(at: index).resume.resume(returning: false)
        }
        guard newest[session] == mine else { return false }
        if running < width {
            running += 1
            return true
        }
        return await withCheckedContinuation { waiting.append((session, mine, $0)) }
    }

    /// Hands the slot to the oldest waiting request still its page's newest.
    private func release() {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            if newest[next.session] == next.generation {
                next.resume.resume(returning: true)
                return
            }
            next.resume.resume(returning: false)
        }
        running -= 1
        startBackground()
    }

    /// Adds `items` to the runs made while nothing else runs (those already kept or listed are skipped).
    func warm(_ items: [(key: Key, work: Work)]) {
        for item in items where results[item.key] == nil && !backgroundKeys.contains(item.key) {
            background.append(item)
            backgroundKeys.insert(item.key)
        }
        startBackground()
    }

    /// Starts the next background run when no request runs or waits.
    private func startBackground() {
        while running == 0, waiting.isEmpty, !background.isEmpty {
            let (key, work) = background.removeFirst()
            backgroundKeys.remove(key)
            guard results[key] == nil else { continue }
            running += 1
            runsMade += 1
            results[key] = .running(Task { await self.finishBackground(key, work: work) })
        }
    }

    private func finishBackground(_ key: Key, work: @escaping Work) async -> Outcome {
        let made = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: work()) }
        }
        generation += 1
        switch made {
        case .success(let page): results[key] = .done(.page(page), used: generation)
        case .failure(let failure): results[key] = .done(.failure(failure), used: generation)
        }
        trim()
        release()
        if case .done(let outcome, _)? = results[key] { return outcome }
        return .superseded
    }

    /// Drops the least recently used finished results beyond `capacity`.
    private func trim() {
        let done = results.compactMap { key, entry -> (Key, Int)? in
            if case .done(_, let used) = entry { return (key, used) }
            return nil
        }
        guard done.count > capacity else { return }
        for (key, _) in done.sorted(by: { $0.1 < $1.1 }).prefix(done.count - capacity) { results[key] = nil }
    }
}
