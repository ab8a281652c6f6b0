import Authoring
import BlurKit
import Foundation

extension StaticSite {
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
        _ = try PageFolder(root: states, name: folder).commit(outcome.folder)
        // Its cells' figures stay in the memo, for the next states that share those cells.
        memo.moved(outcome.folder, to: states + "/" + folder)
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
        let defaults = defaults(lesson)
        let singles = groups(lesson, steps: steps, pairs: false).filter { $0.key != image }
        let states: [(name: String, value: String)] =
            [("", "")] + singles.flatMap { group in group.states.map { (group.key, $0[0]) } }
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
        try FileManager.default.createDirectory(atPath: folder + "/states", withIntermediateDirectories: true)
        for (state, picture, first) in runs {
            let setting = state.name.isEmpty ? [] : ["\(state.name)=\(state.value)"]
            let name = state.name.isEmpty ? "defaults" : stateFolder(state.name, state.value)
            // A state already made stays; a first look (this job's, or a stopped job's) is made again.
            let made = try? String(contentsOfFile: folder + "/states/" + name + "/state.html", encoding: .utf8)
            if first == nil, let made, !made.contains("<meta name=\"live-first\"") { continue }
            var values = defaults
            values[image] = picture
            if !state.name.isEmpty { values[state.name] = state.value }
            let hide = String(picture[..<(picture.lastIndex(of: "/") ?? picture.startIndex)]) + "/"
            progress((first == nil ? "" : "first look: ") + (setting.first ?? "defaults"))
            try runState(
                lesson, values: values, settings: ["\(image)=\(shown)"] + setting, folder: name,
                into: folder + "/states", base: base + "states/", quick: quick, memo: memo, hide: hide, first: first)
        }
    }
}
