import Authoring
import BlurKit
import Foundation

extension StaticSite {
    /// What `write` did: lessons, states and bytes written, and the lessons left out with why.
    struct Summary {
        var lessons = 0
        var states = 0
        var bytes = 0
        var failures: [String] = []
    }

    /// What a bake is expected to cost, from the states run first (each lesson's defaults and one
    /// state more, as PlutoSliderServer samples a few states of a group): states, bytes, seconds.
    struct Estimate {
        var states = 0
        var bytes = 0.0
        var seconds = 0.0
        /// One line for each group of two parameters' combinations: baked, or why not (`plan`).
        var plan: [String] = []
    }

    /// The copy of the lesson file a baked page folder keeps.
    static let sourceName = "source.md"

    /// One lesson being baked: its page folder (in a temporary folder until it is swapped in),
    /// the states left to run, those kept, and what its first two runs cost.
    final class Bake {
        let lesson: Lesson
        let building: String
        var todo: [(name: String, value: String)] = []
        var kept: [String: [String]] = [:]
        var folders: [String: [String: String]] = [:]
        var states = 1
        var first = (bytes: 0.0, seconds: 0.0)
        var step: (bytes: Double, seconds: Double)?
        var pairs: [Pair] = []
        /// States still running or to run, and why the page could not be written (`bakeRest`).
        var left = 0
        var failure: LessonError?

        init(lesson: Lesson, building: String) {
            self.lesson = lesson
            self.building = building
        }

        var page: String { building + "/" + lesson.pageFolderName }

        /// The lesson's expected bytes and seconds: the defaults' run, then each state as the one sampled.
        var estimate: Estimate {
            let each = step ?? first
            let left = Double(todo.count)
            return Estimate(
                states: states + todo.count, bytes: first.bytes + (step?.bytes ?? 0) + left * each.bytes,
                seconds: first.seconds + (step?.seconds ?? 0) + left * each.seconds)
        }
    }

    /// Writes the site into `root` for `entries` of `library` on `jobs` workers; `progress` hears
    /// each state as it starts, and `estimated` what the whole bake should cost once each lesson's
    /// first two states are run (before the others are).
    ///
    /// The workers take lessons (their first states), then states, as each is free, every timing
    /// cell alone (`TimingGate`). The pages are the same whatever `jobs` is, but for the numbers
    /// timings measure. A state's seconds are counted as its timing cells' plus the rest divided
    /// over the workers (at most one a core), so the estimate is the bake's wall-clock time.
    ///
    /// Each lesson is built whole in a temporary folder beside its page folder and swapped in by
    /// one rename (`swap`), so a run killed at any moment leaves each lesson's earlier page, with
    /// its controls and states, or the new one. A lesson that fails is left out (its earlier
    /// page, if any, stays) and named in `Summary.failures`; the others and the index are written.
    ///
    /// - Throws: `LessonError` when `root` holds an `index.html` that is not a course index
    ///   (nothing is written then), when the estimate is over `maxBytes` (nothing more is
    ///   written), or when the assets or the index cannot be written.
    static func write(
        library: LessonLibrary, entries: [LessonLibrary.Entry], root: String, steps: Int, quick: Bool,
        maxBytes: Int? = nil, maxSeconds: Double? = nil, jobs: Int = 1, progress: @escaping (String) -> Void,
        estimated: (Estimate) -> Void = { _ in }
    ) throws(LessonError) -> Summary {
        var summary = Summary()
        let memo = CellMemo()
        let workers = Workers(jobs: jobs, memo: memo, quick: quick, progress: progress)
        if let existing = try? String(contentsOfFile: root + "/index.html", encoding: .utf8),
            !existing.contains(indexTitle)
        {
            throw LessonError(
                root + "/index.html", line: nil,
                "exists and is not a course index that explorer wrote; choose another --output folder")
        }
        try writeAssets(root)
        AtomicFile.removeStale(in: root)
        var bakes: [Bake] = []
        defer {
            for bake in bakes {
                try? FileManager.default.removeItem(atPath: bake.building)
                TemporaryFiles.unregister(bake.building)
            }
        }
        let begun = workers.each(entries.count) { index in
            Result { () throws(LessonError) in try begin(entries[index], root: root, steps: steps, workers: workers) }
        }
        for result in begun {
            switch result {
            case .success(let bake): bakes.append(bake)
            case .failure(let error): summary.failures.append(error.description)
            }
        }
        var total = bakes.reduce(into: Estimate()) { total, bake in
            let one = bake.estimate
            total.states += one.states
            total.bytes += one.bytes
            total.seconds += one.seconds
        }
        if let maxBytes, total.bytes > Double(maxBytes) {
            estimated(total)
            throw LessonError(
                root, line: nil,
                "the site would take about \(Int(total.bytes / 1_048_576)) MiB, over the budget of \(maxBytes / 1_048_576) MiB; bake fewer --steps or raise --max-site-mb"
            )
        }
        total.plan = plan(bakes, total: &total, maxBytes: maxBytes, maxSeconds: maxSeconds)
        estimated(total)
        bakeRest(bakes, root: root, workers: workers)
        for bake in bakes {
            if let failure = bake.failure {
                summary.failures.append(failure.description)
            } else {
                summary.states += bake.states
                summary.lessons += 1
            }
        }
        try CourseIndex.write(in: root, site: true)
        summary.bytes = size(of: root)
        return summary
    }

    /// Writes the page's scripts and style into `root/assets/`, and the `live.json` by which a page
    /// on a static host knows no server takes uploads there (`explorer serve` answers it itself).
    static func writeAssets(_ root: String) throws(LessonError) {
        do {
            try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
            for name in LiveAssets.names {
                try AtomicFile.write(text: LiveAssets.text(name) ?? "", to: root + "/assets/" + name)
            }
            try AtomicFile.write(text: "{\"upload\": false}\n", to: root + "/live.json")
        } catch {
            throw LessonError(root, line: nil, "cannot write the site's assets: \(reason(error))")
        }
    }

    /// Starts one lesson in a temporary folder: runs its defaults and its first state, timed.
    static func begin(
        _ entry: LessonLibrary.Entry, root: String, steps: Int, workers: Workers
    ) throws(LessonError) -> Bake {
        let (quick, memo, progress) = (workers.quick, workers.memo, workers.progress)
        let lesson = try LessonParser.parse(fileAt: entry.path)
        // `.lesson-03.tmp-XXXXXX`: a name `AtomicFile.removeStale` removes once a killed run's.
        var template = Array((root + "/." + lesson.pageFolderName + ".tmp-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw LessonError(
                root, line: nil, "cannot write \(lesson.pageFolderName): \(String(cString: strerror(errno)))")
        }
        let bake = Bake(
            lesson: lesson,
            building: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        TemporaryFiles.register(bake.building)
        progress("\(lesson.pageFolderName): defaults")
        let defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        var runner = LessonRunner(
            lesson: lesson, values: defaults, outputRoot: bake.building, quickTiming: quick,
            invocation: LessonCommand.invocation(lesson: lesson, settings: []), memo: memo)
        runner.gate = workers.gate
        var bytes = 0
        let seconds = try workers.measured { () throws(LessonError) in
            _ = try runner.run()
            bytes = size(of: bake.page)
        }
        bake.first = (Double(bytes), seconds)
        for parameter in lesson.parameters {
            bake.kept[parameter.name] = [parameter.value]
            for value in grid(parameter, steps: steps) where value != parameter.value {
                bake.todo.append((parameter.name, value))
            }
        }
        if !bake.todo.isEmpty {
            let (name, value) = bake.todo.removeFirst()
            let (bytes, seconds) = runNext(bake, name: name, value: value, workers: workers)
            bake.step = (Double(bytes ?? 0), seconds)
        }
        // Each group of two parameters' combinations: its first state, to estimate the group.
        bake.pairs = pairs(lesson, steps: steps)
        for pair in bake.pairs {
            let values = pair.todo.removeFirst()
            pair.sample = runNext(pair, values: values, of: bake, workers: workers) ?? bake.step ?? bake.first
        }
        return bake
    }

    /// Runs the state `name`=`value` of `bake` into its `states/` folder, holding the gate; the
    /// state's bytes, or nil when the lesson refused the value (it is left out, and said), and its
    /// seconds as `Workers.measured` counts them.
    @discardableResult
    static func runNext(
        _ bake: Bake, name: String, value: String, workers: Workers
    ) -> (bytes: Int?, seconds: Double) {
        let (quick, memo, progress) = (workers.quick, workers.memo, workers.progress)
        let lesson = bake.lesson
        var values = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        values[name] = value
        let folder = stateFolder(name, value)
        progress("\(lesson.pageFolderName): \(name)=\(value)")
        var bytes: Int?
        let seconds = workers.measured {
            do {
                try runState(
                    lesson, values: values, settings: ["\(name)=\(value)"], folder: folder,
                    into: bake.page + "/states", base: "states/", quick: quick, memo: memo, gate: workers.gate)
                bytes = size(of: bake.page + "/states/" + folder)
            } catch {
                progress("\(lesson.pageFolderName): \(name)=\(value) left out: \(reason(error))")
            }
        }
        guard bytes != nil else { return (nil, seconds) }
        workers.record {
            bake.kept[name, default: []].append(value)
            bake.folders[name, default: [:]][value] = folder
            bake.states += 1
        }
        return (bytes, seconds)
    }

    /// Runs `lesson` at `values` into `states/folder` with its page as `state.html`, its links
    /// made to start at `base` + `folder/`, each occurrence of `hide` (a server's folder) left out;
    /// a job's run (`hide` given) puts its cells on two lanes when it can (`LessonRunner.preview`).
    static func runState(
        _ lesson: Lesson, values: [String: String], settings: [String], folder: String, into states: String,
        base: String, quick: Bool, memo: CellMemo, hide: String? = nil, first: String? = nil,
        gate: TimingGate? = nil
    ) throws {
        let staging = states + "/.staging-" + folder
        defer { try? FileManager.default.removeItem(atPath: staging) }
        var runner = LessonRunner(
            lesson: lesson, values: values, outputRoot: staging, quickTiming: quick,
            invocation: LessonCommand.invocation(lesson: lesson, settings: settings), memo: memo)
        runner.preview = hide != nil && quick
        runner.gate = gate
        let outcome = try runner.run()
        var html = LivePage.links(
            try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8), base: base + folder + "/")
        if let hide { html = html.replacingOccurrences(of: hide, with: "") }
        if let first, let head = html.range(of: "<head>") {
            html.insert(
                contentsOf: "\n<meta name=\"live-first\" content=\"\(LessonPage.escapeHTML(first))\">",
                at: head.upperBound)
        }
        try AtomicFile.write(text: html, to: outcome.folder + "/state.html")
        // In one step: a page may be reading a first look's figures (`job`) while it is replaced.
        try swap(outcome.folder, into: states + "/" + folder)
        // Its cells' figures stay in the memo, for the next states that share those cells.
        memo.moved(outcome.folder, to: states + "/" + folder)
    }

    /// Writes `bake`'s page with controls, its states all run, and swaps it in.
    static func finish(_ bake: Bake, root: String) throws(LessonError) {
        var states = bake.folders
        for pair in bake.pairs where pair.baked {
            states[pair.key] = pair.folders
            bake.states += pair.folders.count
        }
        let lesson = bake.lesson
        let target = root + "/" + lesson.pageFolderName
        var grids: [String: [String]] = [:]
        for parameter in lesson.parameters {
            guard let kept = bake.kept[parameter.name], kept.count > 1 else { continue }
            grids[parameter.name] =
                parameter.kind == .choice || parameter.kind == .method
                ? parameter.choices.filter(kept.contains)
                : kept.sorted { (Double($0) ?? 0, $0) < (Double($1) ?? 0, $1) }
        }
        do {
            let html = try String(contentsOfFile: bake.page + "/index.html", encoding: .utf8)
            try FileManager.default.createDirectory(
                atPath: bake.page + "/states/defaults", withIntermediateDirectories: true)
            try AtomicFile.write(text: html, to: bake.page + "/states/defaults/state.html")
            let defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
            try AtomicFile.write(
                text: LivePage.html(
                    page: html, lesson: lesson, values: defaults, note: note(bake), grids: grids,
                    states: states, cells: CellDependencies.of(lesson)),
                to: bake.page + "/index.html")
            // The lesson as baked, by which `explorer serve` knows a page is up to date.
            try FileManager.default.copyItem(atPath: lesson.path, toPath: bake.page + "/" + sourceName)
            try swap(bake.page, into: target)
        } catch {
            throw LessonError(target, line: nil, "cannot write the lesson's page: \(reason(error))")
        }
    }

    /// A student's picture baked into `root` for one lesson (`explorer serve-job`): the states of
    /// the site's grids with image parameter `image` at `picture` (shown as `shown`), nearest
    /// `near` first, each written as it is made (`states/FOLDER/state.html`, links from `base`)
    /// and one already there left as it is, so a job started again goes on where it stopped.
    /// With `first` (a smaller copy, and what the page says of it), the nearest state is made
    /// from that copy before any other, and made again from `picture` first of the rest.
    static func job(
        _ lesson: Lesson, image: String, picture: String, shown: String, root: String, base: String,
        near: (name: String, value: String)?, steps: Int, quick: Bool,
        first: (picture: String, note: String)? = nil, progress: (String) -> Void
    ) throws {
        var defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        defaults[image] = picture
        var states: [(name: String, value: String)] = [("", "")]
        for parameter in lesson.parameters where parameter.name != image {
            states += grid(parameter, steps: steps).filter { $0 != parameter.value }.map { (parameter.name, $0) }
        }
        func distance(_ state: (name: String, value: String)) -> Double {
            guard let near else { return 0 }
            let value = state.name.isEmpty ? defaults[near.name] ?? "" : state.value
            guard state.name.isEmpty || state.name == near.name else { return .infinity }
            return value == near.value ? -1 : abs((Double(value) ?? .infinity) - (Double(near.value) ?? .infinity))
        }
        let memo = CellMemo()
        let folder = root + "/" + lesson.pageFolderName
        let order = states.enumerated().sorted(by: {
            (distance($0.element), $0.offset) < (distance($1.element), $1.offset)
        }).map(\.element)
        // The first look: the nearest state from the small copy, then every state from `picture`.
        var runs = order.map { (state: $0, picture: picture, first: String?.none) }
        if let first, let nearest = order.first { runs.insert((nearest, first.picture, first.note), at: 0) }
        for (state, picture, first) in runs {
            let name = state.name.isEmpty ? "defaults" : stateFolder(state.name, state.value)
            // A state already made stays; a first look (this job's, or a stopped job's) is made again.
            let made = try? String(contentsOfFile: folder + "/states/" + name + "/state.html", encoding: .utf8)
            if first == nil, let made, !made.contains("<meta name=\"live-first\"") { continue }
            var values = defaults
            values[image] = picture
            let hide = String(picture[..<(picture.lastIndex(of: "/") ?? picture.startIndex)]) + "/"
            if !state.name.isEmpty { values[state.name] = state.value }
            progress(
                (first == nil ? "" : "first look: ")
                    + (state.name.isEmpty ? "defaults" : "\(state.name)=\(state.value)"))
            try FileManager.default.createDirectory(atPath: folder + "/states", withIntermediateDirectories: true)
            try runState(
                lesson, values: values,
                settings: ["\(image)=\(shown)"] + (state.name.isEmpty ? [] : ["\(state.name)=\(state.value)"]),
                folder: name, into: folder + "/states", base: base + "states/", quick: quick, memo: memo, hide: hide,
                first: first)
        }
    }
}
