import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Decides which lesson runs happen, for the whole class at once.
///
/// - **One cache of results**, keyed by lesson, values and timing mode: most students pick the
///   same slider steps, so a value is run (and its timing cells timed) once, whoever asks first;
///   a request for a run under way waits for it instead of starting another. A preview request is
///   also answered by a finished full run of the same values.
/// - **Two lanes.** Previews (quick timing) run at most `width` at once; full-timing runs one at a
///   time on a lane of their own, so a preview never waits behind a full run, and a full run's
///   timing shares the machine with at most the previews.
/// - **A let-go is answered at once**: `result(_:session:isKept:work:full:pausesBackground:)` with a preview key and
///   the full run's work answers with the preview (from the cache when the slider step was warmed)
///   and puts the full run of the same values in its lane; the page asks for it next (`wait`).
/// - **Only wanted runs start.** Each page wants what its newest request asked (a let-go: the full
///   run and its preview); a run waiting for a slot starts only if some page still wants it, so a
///   page holds at most one place in each lane, and pages are served in the order they asked. A
///   request whose task is cancelled (its client went away) wants nothing any more. A preview
///   under way finishes and its result is kept for whoever asks; a full-timing run that no page
///   wants any more (its page dragged on, or went away) stops at its next cell (`RunStop`): a
///   12-megapixel upload's takes a minute, and the next let-go's full run would wait behind it.
/// - **Slider grids in the background**: `warm` lists previews a page will likely ask for (each
///   value of a slider's steps); they run on at most `width - 1` preview slots (one when `width`
///   is 1), only while no preview waits, so a request always finds a slot soon; and none while
///   a page drags over a large upload (its previews read a reduced copy, sized by `ReducedCopy`
///   to fit the second with both cores): none starts until it has asked for no preview for
///   `quiet` (a drag asks for the next as soon as one is shown).
/// - **Previews first on the cores**: background runs and full-timing runs run on threads of
///   lower priority (`atLowerPriority`, a nice value on Linux), so a full run under way (a
///   12-megapixel upload's takes a minute) or a background run yields the CPU to a preview. A
///   full run's timed runs that overlap a drag are lengthened by it, more than when the two
///   shared the cores evenly (its table gives the median of the timed runs).
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
        var preview: Key { var key = self; key.quick = true; return key }
    }

    /// What the background and the load script see of the lanes (`GET /status`).
    struct Status: Encodable, Sendable {
        /// Background previews not yet made (listed or under way).
        var warming: Int
        /// Background previews under way.
        var backgroundRunning: Int
        var previewsRunning: Int
        var timingRunning: Int
        /// Runs waiting for a slot, in both lanes.
        var waiting: Int
        var runsMade: Int
        /// Full-timing runs stopped between cells, no page wanting them any more.
        var runsStopped: Int
    }

    private enum Entry {
        case running(Task<Outcome, Never>)
        case done(Outcome, used: Int)
    }

    /// Most previews at once.
    let width: Int
    /// How long after a page's latest preview of a large upload background runs stay paused.
    let quiet: Duration
    /// Most finished results kept.
    let capacity: Int
    private var previewsRunning = 0
    private var backgroundRunning = 0
    private var timingRunning = 0
    /// Runs waiting for a slot, oldest first (a run is shared by every page asking for its key).
    private var waiting: [(key: Key, resume: CheckedContinuation<Bool, Never>)] = []
    /// What each page wants: the keys of its newest request (a let-go: the preview and the full
    /// run), and that request's generation.
    private var wish: [String: (generation: Int, keys: [Key])] = [:]
    private var generation = 0
    private var results: [Key: Entry] = [:]
    /// Runs actually made (not taken from the cache), for tests and the load script's report.
    private(set) var runsMade = 0
    /// Full-timing runs stopped between cells because no page wanted them any more.
    private(set) var runsStopped = 0
    /// Runs to make while idle, first first.
    private var background: [(key: Key, work: Work)] = []
    private var backgroundKeys: Set<Key> = []
    /// When each page dragging over a large upload last asked for a preview (a drag's, or a
    /// let-go's), for `quiet`.
    private var asked: [String: ContinuousClock.Instant] = [:]
    /// The wake-up that starts background runs again once the pages have been quiet long enough.
    private var wakeUp: Task<Void, Never>?

    /// A run: given the flag that says its result is no longer wanted, which it reads between
    /// cells (`LiveLesson.run`), it gives the page or the failure.
    typealias Work = @Sendable (RunStop) -> Result<LiveLesson.Page, LiveLesson.Failure>
    /// The flags of the full-timing runs under way: a full run no page wants any more stops at its
    /// next cell.
    private var stops: [Key: RunStop] = [:]

    init(width: Int, capacity: Int = 512, quiet: Duration = .seconds(2)) {
        self.width = max(1, width)
        self.capacity = max(1, capacity)
        self.quiet = quiet
    }

    /// The result for `key`, asked by page `session`: from the cache while `isKept` says its run is
    /// still on disk, else made by `work` on a thread outside Swift's cooperative pool once a slot
    /// of its lane is free, unless the page asks for something else first.
    ///
    /// - Parameter pausesBackground: the preview reads a large upload's reduced copy: no background
    ///   run starts until the page has been quiet for `quiet`.
    /// - Parameter full: for a preview `key`, the key and work of the full run of the same values
    ///   (its picture may be larger than the preview's: an upload's reduced copy): the page let go
    ///   of a control and wants the full timing. The full run is put in its lane for the class, and
    ///   this request is answered by the preview (or by the full run, if it is done).
    func result(_ key: Key, session: String, isKept: @escaping @Sendable (LiveLesson.Page) -> Bool,
                work: @escaping Work, full: (key: Key, work: Work)? = nil, pausesBackground: Bool = false) async -> Outcome {
        generation += 1
        let mine = generation
        wish[session] = (mine, full.map { [key, $0.key] } ?? [key])
        if key.quick && pausesBackground { asked[session] = .now }
        if let full {
            if case .done(.page(let page), _)? = results[full.key], !isKept(page) { results[full.key] = nil }
            if results[full.key] == nil { start(full.key, work: full.work) }
        }
        dispatch()
        let candidates = full.map { [$0.key, key] } ?? (key.quick ? [key.full, key] : [key])
        while true {
            guard wish[session]?.generation == mine else { return .superseded }
            for candidate in candidates {
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
            } else {
                task = start(key, work: work)
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

    func status() -> Status {
        Status(warming: background.count + backgroundRunning, backgroundRunning: backgroundRunning, previewsRunning: previewsRunning,
               timingRunning: timingRunning, waiting: waiting.count, runsMade: runsMade, runsStopped: runsStopped)
    }

    /// The run for `key`, listed as under way; it waits for a slot of its lane.
    @discardableResult
    private func start(_ key: Key, work: @escaping Work) -> Task<Outcome, Never> {
        let task = Task { await self.perform(key, work: work) }
        results[key] = .running(task)
        return task
    }

    /// Whether some page still wants the run for `key`.
    private func isWanted(_ key: Key) -> Bool {
        wish.values.contains { $0.keys.contains(key) }
    }

    /// A request whose client went away: unless the page has asked again since, it no longer
    /// wants anything, and its place in the line (if it has one) is given up.
    private func abandon(session: String, generation mine: Int) {
        guard wish[session]?.generation == mine else { return }
        wish[session] = nil
        dispatch()
    }

    private func perform(_ key: Key, work: @escaping Work) async -> Outcome {
        guard await acquire(key) else {
            results[key] = nil
            return .superseded
        }
        runsMade += 1
        let stop = RunStop()
        if !key.quick { stops[key] = stop }
        let made = key.quick ? await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work(stop)) }
        } : await Self.atLowerPriority { work(stop) }
        if key.quick { previewsRunning -= 1 } else { timingRunning -= 1 }
        stops[key] = nil
        generation += 1
        if stop.isStopped, case .failure = made {
            // Stopped between cells: nothing is kept, and whoever still waits asks again.
            results[key] = nil
            runsStopped += 1
            dispatch()
            return .superseded
        }
        let outcome: Outcome
        switch made {
        case .success(let page):
            results[key] = .done(.page(page), used: generation)
            outcome = .page(page)
        case .failure(let failure) where failure.status == 400 || failure.status == 422:
            results[key] = .done(.failure(failure), used: generation)
            outcome = .failure(failure)
        case .failure(let failure):
            results[key] = nil
            outcome = .failure(failure)
        }
        trim()
        dispatch()
        return outcome
    }

    /// Whether a slot of `key`'s lane is free now.
    private func hasSlot(_ key: Key) -> Bool {
        key.quick ? previewsRunning + backgroundRunning < width : timingRunning < 1
    }

    private func take(_ key: Key) {
        if key.quick { previewsRunning += 1 } else { timingRunning += 1 }
    }

    /// Waits for a slot; false when no page wants the run any more.
    private func acquire(_ key: Key) async -> Bool {
        guard isWanted(key) else { return false }
        if hasSlot(key) && !waiting.contains(where: { $0.key.quick == key.quick }) {
            take(key)
            return true
        }
        return await withCheckedContinuation { waiting.append((key, $0)) }
    }

    /// Gives up the places of runs no page wants, hands free slots to the oldest waiting runs of
    /// each lane, then starts background runs.
    private func dispatch() {
        for (key, stop) in stops where !isWanted(key) { stop.stop() }
        var index = 0
        while index < waiting.count {
            let next = waiting[index]
            if !isWanted(next.key) {
                waiting.remove(at: index).resume.resume(returning: false)
            } else if hasSlot(next.key) {
                take(next.key)
                waiting.remove(at: index).resume.resume(returning: true)
            } else {
                index += 1
            }
        }
        startBackground()
    }

    /// Adds `items` to the runs made while nothing else runs (those already kept are skipped);
    /// with `first`, ahead of those listed before (an upload's grid, for the one page that
    /// uploaded it, goes before the class's grid of the shipped picture), else after them.
    func warm(_ items: [(key: Key, work: Work)], first: Bool = false) {
        var keys = Set<Key>()
        let fresh = items.filter { results[$0.key] == nil && keys.insert($0.key).inserted }
        if first {
            background = fresh + background.filter { !keys.contains($0.key) }
        } else {
            background += fresh.filter { !backgroundKeys.contains($0.key) }
        }
        backgroundKeys.formUnion(keys)
        startBackground()
    }

    /// The keys listed for the background, next first (for tests).
    var warming: [Key] { background.map(\.key) }

    /// Starts background runs while no preview waits and no page dragging over a large upload has
    /// asked for one for `quiet`, leaving a preview slot free for requests.
    private func startBackground() {
        guard !background.isEmpty, !waiting.contains(where: { $0.key.quick }) else { return }
        let now = ContinuousClock.now
        asked = asked.filter { $0.value + quiet > now }
        if let latest = asked.values.max() {
            if wakeUp == nil {
                wakeUp = Task {
                    try? await Task.sleep(until: latest + quiet, clock: .continuous)
                    await self.wake()
                }
            }
            return
        }
        while backgroundRunning < max(1, width - 1), previewsRunning + backgroundRunning < width, !background.isEmpty {
            let (key, work) = background.removeFirst()
            backgroundKeys.remove(key)
            guard results[key] == nil else { continue }
            backgroundRunning += 1
            runsMade += 1
            results[key] = .running(Task { await self.finishBackground(key, work: work) })
        }
    }

    private func wake() {
        wakeUp = nil
        dispatch()
    }

    private func finishBackground(_ key: Key, work: @escaping Work) async -> Outcome {
        let made = await Self.atLowerPriority { work(RunStop()) }
        backgroundRunning -= 1
        generation += 1
        switch made {
        case .success(let page): results[key] = .done(.page(page), used: generation)
        case .failure(let failure): results[key] = .done(.failure(failure), used: generation)
        }
        trim()
        dispatch()
        if case .done(let outcome, _)? = results[key] { return outcome }
        return .superseded
    }

    /// How much lower background and full-timing runs are scheduled than previews: a nice value
    /// (Linux weighs a thread of nice 10 about a tenth of one of nice 0 when both want a core).
    static let lowerNice: Int32 = 10

    /// Runs `work` on a thread of its own, of lower priority than the previews' (on Linux its
    /// nice value `lowerNice`, which is per thread there; elsewhere the utility quality of
    /// service). Work it hands to Dispatch's threads keeps the default priority, so a background
    /// run keeps its cells on its one lane (`LessonRunner.mayUseLanes`); a full run has one anyway.
    static func atLowerPriority<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                #if os(Linux)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, lowerNice)
                #endif
                continuation.resume(returning: work())
            }
            thread.qualityOfService = .utility
            thread.stackSize = 8 << 20
            thread.start()
        }
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

/// Tells a run under way that no page wants its result any more: the run reads it between cells
/// and stops there (a cell cannot be stopped half-way), removing its run folder.
final class RunStop: Sendable {
    private let stopped = Atomic<Bool>(false)

    func stop() { stopped.store(true, ordering: .relaxed) }

    var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
