import Authoring
import BlurKit
import Foundation
import ShippedFiles

extension StaticSite {
    /// What `write` did: lessons, states and bytes written, and the lessons left out with why.
    struct Summary {
        var lessons = 0
        var states = 0
        var bytes = 0
        var failures: [String] = []
    }

    /// What a bake is expected to cost, from the states run first (each lesson's defaults and each
    /// group's first state, as PlutoSliderServer samples a few states of a group): states, bytes,
    /// seconds.
    struct Estimate {
        var states = 0
        var bytes = 0.0
        var seconds = 0.0
        /// One line for each group of two parameters: baked, or why not (`plan`).
        var plan: [String] = []

        /// Counts `states` more, costing `cost` in all.
        mutating func add(_ states: Int, _ cost: (bytes: Double, seconds: Double)) {
            self.states += states
            bytes += cost.bytes
            seconds += cost.seconds
        }
    }

    /// The copy of the lesson file a baked page folder keeps.
    static let sourceName = "source.md"

    /// One or two parameters that move together, and their states away from the defaults: each
    /// value of one, or each combination of two. A single parameter's states are always baked; a
    /// pair's (two that one shown cell reads both of) when the budget allows the whole group, as
    /// PlutoSliderServer bakes a group of bonds, else none of them (the page then moves the two
    /// one at a time, and says why).
    final class Group {
        /// The names, sorted as the page's `data-states` keys them (its script joins them so).
        let names: [String]
        /// Each state's values, in the order of `names`.
        let states: [[String]]
        /// The first state's bytes and seconds, from which the group is estimated.
        var sample = (bytes: 0.0, seconds: 0.0)
        var baked: Bool
        /// State folders by `VALUE` (or `VALUE&VALUE`), the states made.
        var folders: [String: String] = [:]

        init(names: [String], states: [[String]]) {
            self.names = names
            self.states = states
            baked = names.count == 1
        }

        /// The key of the group in the page's `data-states`: `NAME` or `NAME&NAME`.
        var key: String { names.joined(separator: "&") }
        /// What the whole group should cost, from its sample.
        var estimate: (bytes: Double, seconds: Double) {
            (Double(states.count) * sample.bytes, Double(states.count) * sample.seconds)
        }
    }

    /// One lesson being baked: its page folder (in a temporary folder until it is swapped in), its
    /// groups, what its defaults' run cost, the states still running or to run, and why the page
    /// could not be written.
    final class Bake {
        let lesson: Lesson
        let building: String
        var groups: [Group] = []
        var first = (bytes: 0.0, seconds: 0.0)
        var left = 0
        var failure: LessonError?

        init(lesson: Lesson, building: String) {
            self.lesson = lesson
            self.building = building
        }

        var page: String { building + "/" + lesson.pageFolderName }
        /// The page folder in the site, beside `building`.
        var folder: PageFolder {
            PageFolder(root: (building as NSString).deletingLastPathComponent, name: lesson.pageFolderName)
        }
    }

    /// Writes the site into `root` for `entries` of `library` on `jobs` workers; `progress` hears
    /// each state as it starts, and `estimated` what the whole bake should cost once each lesson's
    /// defaults and each group's first state are run (before the others are).
    ///
    /// The workers take lessons (their first states), then states, as each is free, every timing
    /// cell alone (`TimingGate`). The pages are the same whatever `jobs` is, but for the numbers
    /// timings measure. A state's seconds are counted as its timing cells' plus the rest divided
    /// over the workers (at most one a core), so the estimate is the bake's wall-clock time.
    ///
    /// Each lesson is built whole in a temporary folder beside its page folder and swapped in by
    /// one rename (`PageFolder.commit`), so a run killed at any moment leaves each lesson's earlier
    /// page, with its controls and states, or the new one. A lesson that fails is left out (its
    /// earlier page, if any, stays) and named in `Summary.failures`; the others and the index are
    /// written.
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
        let workers = Workers(jobs: jobs, memo: CellMemo(), quick: quick, progress: progress)
        if let existing = try? String(contentsOfFile: root + "/index.html", encoding: .utf8),
            !existing.contains(indexTitle)
        {
            throw LessonError(
                root + "/index.html", line: nil,
                "exists and is not a course index that explorer wrote; choose another --output folder")
        }
        try writeAssets(root)
        var bakes: [Bake] = []
        defer { for bake in bakes { bake.folder.discard(bake.building) } }
        var total = Estimate()
        let begun = workers.each(entries.count) { index in
            Result { () throws(LessonError) in try begin(entries[index], root: root, steps: steps, workers: workers) }
        }
        for result in begun {
            switch result {
            case .success(let bake):
                bakes.append(bake)
                total.add(1, bake.first)
                for group in bake.groups where group.baked { total.add(group.states.count, group.estimate) }
            case .failure(let error): summary.failures.append(error.description)
            }
        }
        if let maxBytes, total.bytes > Double(maxBytes) {
            estimated(total)
            throw LessonError(
                root, line: nil,
                "the site would take about \(Int(total.bytes / 1_048_576)) MiB, over the budget of "
                    + "\(maxBytes / 1_048_576) MiB; bake fewer --steps or raise --max-site-mb")
        }
        total.plan = plan(bakes, total: &total, maxBytes: maxBytes, maxSeconds: maxSeconds)
        estimated(total)
        // The rest, in lesson order; each lesson's page is written (`finish`) once its last state is made.
        var rest: [(bake: Bake, group: Group, values: [String])] = []
        for bake in bakes {
            let mine = bake.groups.filter(\.baked).flatMap { group in
                group.states.dropFirst().map { (bake, group, $0) }
            }
            bake.left = mine.count
            rest += mine
            if mine.isEmpty { finish(bake) }
        }
        _ = workers.each(rest.count) { index in
            let (bake, group, values) = rest[index]
            run(values, of: group, in: bake, workers: workers)
            let last = workers.lock.withLock {
                bake.left -= 1
                return bake.left == 0
            }
            // Holding the gate: a timing cell runs beside no page being written either.
            if last { _ = workers.gate.shared { finish(bake) } }
        }
        for bake in bakes {
            if let failure = bake.failure {
                summary.failures.append(failure.description)
            } else {
                summary.states += 1 + bake.groups.reduce(0) { $0 + $1.folders.count }
                summary.lessons += 1
            }
        }
        try CourseIndex.write(in: root, site: true)
        summary.bytes = size(of: root)
        return summary
    }

    /// Writes the page's script and style (`Serve/Resources/`, built into the executable through
    /// `ShippedFiles`) into `root/assets/`, and the `live.json` by which a page on a static host
    /// knows no server takes uploads there (`explorer serve` answers it itself).
    static func writeAssets(_ root: String) throws(LessonError) {
        do {
            try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
            for name in ["live.js", "live.css"] {
                let text = ShippedFiles.contents(of: "Sources/Explorer/Serve/Resources/" + name) ?? Data()
                try AtomicFile.write([UInt8](text), to: root + "/assets/" + name)
            }
            try AtomicFile.write(text: "{\"upload\": false}\n", to: root + "/live.json")
        } catch {
            throw LessonError(root, line: nil, "cannot write the site's assets: \(reason(error))")
        }
    }

    /// Starts one lesson in a temporary folder beside its page folder (`PageFolder.makeStaging`):
    /// runs its defaults, timed, then each group's first state, its sample (a state the lesson
    /// refused counts as the defaults' bytes).
    static func begin(
        _ entry: LessonLibrary.Entry, root: String, steps: Int, workers: Workers
    ) throws(LessonError) -> Bake {
        let lesson = try LessonParser.parse(fileAt: entry.path)
        let bake = Bake(lesson: lesson, building: try PageFolder(root: root, name: lesson.pageFolderName).makeStaging())
        workers.progress("\(lesson.pageFolderName): defaults")
        var runner = LessonRunner(
            lesson: lesson, values: defaults(lesson), outputRoot: bake.building, quickTiming: workers.quick,
            invocation: LessonCommand.invocation(lesson: lesson, settings: []), memo: workers.memo)
        runner.gate = workers.gate
        var bytes = 0
        let seconds = try workers.measured { () throws(LessonError) in
            _ = try runner.run()
            bytes = size(of: bake.page)
        }
        bake.first = (Double(bytes), seconds)
        bake.groups = groups(lesson, steps: steps)
        for group in bake.groups {
            let (bytes, seconds) = run(group.states[0], of: group, in: bake, workers: workers)
            group.sample = (bytes ?? bake.first.bytes, seconds)
        }
        return bake
    }

    /// `lesson`'s parameters at their defaults, by name.
    static func defaults(_ lesson: Lesson) -> [String: String] {
        Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
    }

    /// `lesson`'s groups: each parameter whose grid holds more than its default, then (with
    /// `pairs`) each two of those that a shown cell reads both of (`CellDependencies`).
    static func groups(_ lesson: Lesson, steps: Int, pairs: Bool = true) -> [Group] {
        let moving = lesson.parameters.map { parameter in
            (name: parameter.name, values: grid(parameter, steps: steps).filter { $0 != parameter.value })
        }.filter { !$0.values.isEmpty }
        var groups = moving.map { Group(names: [$0.name], states: $0.values.map { [$0] }) }
        let cells = pairs ? CellDependencies.of(lesson) : []
        for (index, a) in moving.enumerated() {
            for b in moving[(index + 1)...] {
                guard cells.contains(where: { $0.contains(a.name) && $0.contains(b.name) }) else { continue }
                let states = a.values.flatMap { x in b.values.map { a.name < b.name ? [x, $0] : [$0, x] } }
                groups.append(Group(names: [a.name, b.name].sorted(), states: states))
            }
        }
        return groups
    }

    /// Runs the state `values` of `group` into `bake`'s `states/` folder, holding the gate: its
    /// bytes, or nil when the lesson refused it (it is left out, and said), and its seconds as
    /// `Workers.measured` counts them.
    @discardableResult
    static func run(
        _ values: [String], of group: Group, in bake: Bake, workers: Workers
    ) -> (bytes: Double?, seconds: Double) {
        var all = defaults(bake.lesson)
        for (name, value) in zip(group.names, values) { all[name] = value }
        let settings = zip(group.names, values).map { "\($0)=\($1)" }
        let said = "\(bake.lesson.pageFolderName): \(settings.joined(separator: " "))"
        let folder = stateFolder(group.key, values.joined(separator: "&"))
        workers.progress(said)
        var bytes: Double?
        let seconds = workers.measured {
            do {
                try runState(
                    bake.lesson, values: all, settings: settings, folder: folder, into: bake.page + "/states",
                    base: "states/", quick: workers.quick, memo: workers.memo, gate: workers.gate)
                bytes = Double(size(of: bake.page + "/states/" + folder))
            } catch {
                workers.progress(said + " left out: " + reason(error))
            }
        }
        if bytes != nil { workers.lock.withLock { group.folders[values.joined(separator: "&")] = folder } }
        return (bytes, seconds)
    }

    /// Writes `bake`'s page with controls, its states all run, and swaps it in; why it could not
    /// is kept in `bake.failure`.
    static func finish(_ bake: Bake) {
        let lesson = bake.lesson
        var grids: [String: [String]] = [:]
        var states: [String: [String: String]] = [:]
        for group in bake.groups where !group.folders.isEmpty {
            states[group.key] = group.folders
            guard let parameter = lesson.parameters.first(where: { $0.name == group.key }) else { continue }
            let kept = [parameter.value] + group.folders.keys
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
            try AtomicFile.write(
                text: LivePage.html(
                    page: html,
                    controls: LivePage.controls(
                        lesson: lesson, values: defaults(lesson), note: note(bake), grids: grids, states: states,
                        cells: CellDependencies.of(lesson))),
                to: bake.page + "/index.html")
            // The lesson as baked, by which `explorer serve` knows a page is up to date.
            try FileManager.default.copyItem(atPath: lesson.path, toPath: bake.page + "/" + sourceName)
            _ = try bake.folder.commit(bake.page)
        } catch {
            bake.failure = LessonError(bake.folder.path, line: nil, "cannot write the lesson's page: \(reason(error))")
        }
    }

    /// Decides which pairs of `bakes` are baked: in order, each whose estimate keeps the site
    /// within `maxBytes` and the bake within `maxSeconds` after `total` (the single parameters'
    /// states); a pair left out has its sample removed. The plan, one line a pair.
    static func plan(_ bakes: [Bake], total: inout Estimate, maxBytes: Int?, maxSeconds: Double?) -> [String] {
        var lines: [String] = []
        for bake in bakes {
            for group in bake.groups where group.names.count == 2 {
                let (bytes, seconds) = group.estimate
                group.baked =
                    total.bytes + bytes <= Double(maxBytes ?? .max)
                    && total.seconds + seconds <= (maxSeconds ?? .infinity)
                let line =
                    "\(bake.lesson.pageFolderName): \(group.names.joined(separator: " × ")), \(group.states.count) "
                    + "states, about \(Int((bytes / 1_048_576).rounded())) MiB and \(Int(seconds.rounded())) s: "
                if group.baked {
                    total.add(group.states.count, group.estimate)
                    lines.append(line + "baked")
                } else {
                    lines.append(line + "not baked, over the budget; they move one at a time")
                    for folder in group.folders.values {
                        try? FileManager.default.removeItem(atPath: bake.page + "/states/" + folder)
                    }
                    group.folders = [:]
                }
            }
        }
        return lines
    }

    /// The page's status line for `bake`: which controls move together, and which do not and why.
    static func note(_ bake: Bake) -> String {
        bake.groups.filter { $0.names.count == 2 }.reduce(note) { text, pair in
            let names = pair.names.joined(separator: " and ")
            return text
                + (pair.baked
                    ? "; \(names) together"
                    : "; \(names) one at a time (\(pair.states.count) combinations were over the budget)")
        }
    }
}
