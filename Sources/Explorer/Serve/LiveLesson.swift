import BlurKit
import Foundation
import Synchronization

/// One run of a lesson for the live page: the parameters a browser sent, checked as `--set` is,
/// and the page the run wrote into the server's folder.
///
/// The run is `LessonRunner`'s own, with its page folder inside a run folder of the server's
/// (`runs/ID/lesson-03/`), so the live page shows exactly the static page's prose, figures and
/// tables; nothing is written into `Output/`.
struct LiveLesson: Sendable {
    var lesson: Lesson
    /// Largest picture accepted, as `--max-pixels`.
    var maxPixels: Int
    /// The server's kept cells: a run redoes only the cells whose command a change reaches.
    var memo: CellMemo?
    /// For each cell the page shows, in order, the parameters it depends on: a cell depends on a
    /// parameter when moving the parameter changes the cell's command once substituted (as
    /// `CellMemo` keys cells), so the page can put a control for it beside the cell's results.
    /// Found once, when the live lesson is made.
    let dependencies: [[String]]

    init(lesson: Lesson, maxPixels: Int, memo: CellMemo? = nil) {
        self.lesson = lesson
        self.maxPixels = maxPixels
        self.memo = memo
        dependencies = Self.dependencies(of: lesson)
    }

    /// What a run gave: the static page's HTML, the run it is in and the page folder's name there.
    struct Page: Sendable {
        var html: String
        var seconds: Double
        var run: String
        var folder: String
        /// Whether the run's timing cells used quick timing (a preview).
        var quick = false

        /// The URL the page's own files are under (`/run/ID/lesson-03/`).
        var base: String { "/run/\(run)/\(folder)/" }
    }

    /// `message` with the server's lessons folder left out of every path in it (`03-x.md:27: …`,
    /// `images/photo.png`): a page never learns where the server keeps its files.
    func shown(_ message: String) -> String {
        let folder = (lesson.path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, folder != "." else { return message }
        return message.replacingOccurrences(of: folder + "/", with: "")
    }

    /// A request's problem: the one-line message and the HTTP status it gets.
    struct Failure: Error, Sendable {
        var status: Int
        var message: String
    }

    /// The values for `settings` (`name=value`, as `--set` takes them), for page `session`.
    ///
    /// An image value from a browser is `upload:NAME` (a picture that page uploaded), the name of
    /// a picture shipped with the lessons (`photo`) or `builtin:NAME[@WxH]`; never a path, so a page
    /// cannot make the server read another file.
    ///
    /// - Throws: `Failure` with status 400 and the message the command line gives.
    func values(settings: [String], folder: ServeFolder, session: String = "") throws(Failure) -> [String: String] {
        var pairs: [(name: String, value: String)] = []
        for setting in settings {
            guard let pair = LessonCommand.split(setting) else {
                throw Failure(status: 400, message: "--set takes name=value, got '\(setting)'")
            }
            var value = pair.value
            if let parameter = lesson.parameters.first(where: { $0.name == pair.name }), parameter.kind == .image {
                if value.hasPrefix("upload:") {
                    guard let path = folder.upload(String(value.dropFirst("upload:".count)), session: session) else {
                        throw Failure(
                            status: 400,
                            message:
                                "\(pair.name)=\(value): this page has no such upload (uploads are kept while the page is open; upload the picture again)"
                        )
                    }
                    value = path
                } else {
                    let shipped =
                        !value.contains("/") && !value.contains("..")
                        && (try? PackageFolders.image(value)).map { $0 != value } == true
                    guard value.hasPrefix("builtin:") || shipped else {
                        throw Failure(
                            status: 400,
                            message:
                                "\(pair.name)=\(value): the live page takes photo, builtin:NAME[@WxH] or an uploaded PNG"
                        )
                    }
                    do {
                        _ = try ImageSource.size(of: PackageFolders.image(value), maxPixels: maxPixels)
                    } catch {
                        throw Failure(status: 400, message: shown("\(pair.name)=\(value): \(error)"))
                    }
                }
            }
            pairs.append((pair.name, value))
        }
        do {
            return try lesson.values(settings: pairs)
        } catch {
            throw Failure(status: 400, message: shown(error.description))
        }
    }

    /// The parameters each shown cell of `lesson` depends on (`dependencies`).
    static func dependencies(of lesson: Lesson) -> [[String]] {
        guard let defaults = try? lesson.values(settings: []), let reference = commands(lesson, defaults) else {
            return []
        }
        var depends = Array(repeating: [String](), count: reference.count)
        for parameter in lesson.parameters {
            guard let other = Self.otherValue(of: parameter),
                let moved = try? lesson.values(settings: [(parameter.name, other)]),
                let changed = commands(lesson, moved), changed.count == reference.count
            else { continue }
            for index in reference.indices where reference[index] != changed[index] {
                depends[index].append(parameter.name)
            }
        }
        return depends
    }

    /// The substituted words of each shown cell of `lesson` at `values`, or nil when it does not prepare.
    private static func commands(_ lesson: Lesson, _ values: [String: String]) -> [[String]]? {
        guard let parts = prepared(lesson, values) else { return nil }
        return parts.compactMap { part in
            guard case .cell(let cell) = part, !cell.cell.hidden else { return nil }
            return cell.words
        }
    }

    private static func prepared(_ lesson: Lesson, _ values: [String: String]) -> [LessonRunner.PreparedPart]? {
        try? LessonRunner(lesson: lesson, values: values, outputRoot: NSTemporaryDirectory(), invocation: "").prepare()
    }

    /// The values a preview of `values` runs with: each upload that has reduced copies is read
    /// from the copy `ReducedCopy.choose` picks for the reads per pixel of the cells that read it,
    /// so a wide kernel previews a smaller copy. Also says, for the page, what each preview read
    /// (`class-photo.png at 286×215 of 4000×3000`).
    func preview(
        _ values: [String: String], settings: [String], folder: ServeFolder,
        session: String
    ) -> (values: [String: String], reduced: [String]) {
        var chosen = values
        var reduced: [String] = []
        var parts: [LessonRunner.PreparedPart]?
        for setting in settings {
            guard let pair = LessonCommand.split(setting), pair.value.hasPrefix("upload:"),
                let parameter = lesson.parameters.first(where: { $0.name == pair.name && $0.kind == .image })
            else { continue }
            let name = String(pair.value.dropFirst("upload:".count))
            let copies = folder.reducedUploads(name, session: session)
            let sizes = copies.compactMap { try? ImageSource.size(of: $0) }
            guard !copies.isEmpty, sizes.count == copies.count,
                let full = values[pair.name].flatMap({ try? ImageSource.size(of: $0) })
            else { continue }
            if parts == nil { parts = Self.prepared(lesson, values) ?? [] }
            let reads = (parts ?? []).reduce(0.0) { total, part in
                guard case .cell(let cell) = part, cell.words.contains(values[pair.name] ?? "") else { return total }
                return total + cell.command.readsPerPixel
            }
            guard let index = ReducedCopy.choose(sizes, reads: reads, smallest: parameter.smallest) else { continue }
            chosen[pair.name] = copies[index]
            reduced.append("\(name) at \(sizes[index].width)×\(sizes[index].height) of \(full.width)×\(full.height)")
        }
        return (chosen, reduced)
    }

    /// A value of `parameter` other than its default, to see which cells it reaches.
    static func otherValue(of parameter: LessonParameter) -> String? {
        switch parameter.kind {
        case .number, .integer:
            guard let low = parameter.minimum, let high = parameter.maximum, let value = Double(parameter.value) else {
                return nil
            }
            return StaticSite.format(value == high ? low : high, like: parameter)
        case .choice, .method:
            return parameter.choices.first { $0 != parameter.value }
        case .image:
            let size = parameter.smallest.map { "\(max($0.width, 64) + 1)x\(max($0.height, 64) + 1)" } ?? "257x257"
            return "builtin:noise@" + size
        case .text:
            return parameter.value + "x"
        }
    }

    /// Runs the lesson with `values` into a new run folder and returns its page; a `quick` run is
    /// a preview while a control moves (`LessonRunner.preview`), whose cells may take two lanes
    /// unless `lanes` is false (`LessonRunner.mayUseLanes`).
    ///
    /// - Parameter stop: read after each cell; once set, the run stops there (`RunStop`).
    /// - Throws: `Failure` with status 400 for a parameter the lesson refuses when it prepares
    ///   (an image below its smallest size), 422 for a cell that fails, 503 for a run stopped; the
    ///   run folder is removed.
    func run(
        values: [String: String], settings: [String], quick: Bool, folder: ServeFolder, pinned: Bool = false,
        lanes: Bool = true, stop: RunStop? = nil
    ) throws(Failure) -> Page {
        let start = Date()
        let made: (id: String, folder: String)
        do {
            made = try folder.makeRun(pinned: pinned)
        } catch {
            throw Failure(status: 500, message: "cannot make a run folder: \(LessonLibrary.reason(error))")
        }
        let runner = LessonRunner(
            lesson: lesson, values: values, outputRoot: made.folder, quickTiming: quick,
            invocation: LessonCommand.invocation(lesson: lesson, settings: settings),
            memo: memo, preview: quick, mayUseLanes: lanes)
        let parts: [LessonRunner.PreparedPart]
        do {
            parts = try runner.prepare()
        } catch {
            folder.discardRun(made.id)
            throw Failure(status: 400, message: shown(error.description))
        }
        let outcome: LessonRunner.Outcome
        let path = lesson.path
        do {
            outcome = try runner.run(parts) { _ throws(LessonError) in
                if stop?.isStopped == true {
                    throw LessonError(path, line: nil, "stopped: no page wants this run any more")
                }
            }
        } catch {
            folder.discardRun(made.id)
            throw Failure(status: stop?.isStopped == true ? 503 : 422, message: shown(error.description))
        }
        guard let html = try? String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8) else {
            folder.discardRun(made.id)
            throw Failure(status: 500, message: "cannot read the page the run wrote")
        }
        return Page(
            html: html, seconds: Date().timeIntervalSince(start), run: made.id, folder: lesson.pageFolderName,
            quick: quick)
    }
}

/// The server's live lessons, each made once (its parse and its `dependencies`) and made again
/// only when its file changes, as an author editing a lesson while it is served expects.
final class LiveLessons: Sendable {
    private let made = Mutex<[String: (modified: Date?, live: LiveLesson)]>([:])

    /// The live lesson of the file at `path`, or nil when it does not parse.
    func lesson(at path: String, maxPixels: Int, memo: CellMemo?) -> LiveLesson? {
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let kept = made.withLock({ $0[path] }), kept.modified == modified, kept.live.maxPixels == maxPixels {
            return kept.live
        }
        guard let lesson = try? LessonParser.parse(fileAt: path) else { return nil }
        let live = LiveLesson(lesson: lesson, maxPixels: maxPixels, memo: memo)
        made.withLock { $0[path] = (modified, live) }
        return live
    }
}
