import BlurKit
import Foundation

/// What `explorer serve` answers, behind its HTTP front (`explorer-serve`, which checks sizes,
/// timeouts and the `Host` and hands each request over as a `LiveRequest`): the index, the
/// glossary, each lesson's live page, the page's script and style, the figures and tables of
/// runs, and the run, upload and keep-alive endpoints. Anything else is 404 (or 405, with the
/// methods allowed, for a known path).
///
/// | Request                                   | Answer                                              |
/// |-------------------------------------------|-----------------------------------------------------|
/// | `GET /`, `GET /glossary`                  | the index of lessons; the glossary of table columns |
/// | `GET /lesson/N?sigma=5&image=photo`       | lesson N run at those values (defaults for the rest), live |
/// | `GET /assets/live.js`, `explain.js`, `live.css` | the live page's scripts and style           |
/// | `GET /run/ID/PAGE/FILE`                   | a figure or table of a run                          |
/// | `POST /lesson/N/run?sigma=5&session=S`    | JSON: the page at those values, or the error: a let-go, answered at once (the preview, `pending` while the full timing runs) |
/// | `… &quick=1`, `… &wait=1`                 | a preview while a control moves; the full timing, waited for |
/// | `GET /status`                             | JSON: the scheduler's lanes and how many background previews are left |
/// | `POST /upload?session=S&name=F.png` (PNG) | JSON: `upload:F.png`, an image value for page S     |
/// | `POST /alive?session=S&run=ID`            | 204: page S is still open and shows run ID          |
struct LessonServer: Sendable {
    var library: LessonLibrary
    var folder: ServeFolder
    var scheduler: RunScheduler
    /// Largest picture accepted (`--max-pixels`).
    var maxPixels: Int
    /// Cells kept between runs, shared by every page.
    var memo = CellMemo()
    /// Each lesson parsed once, with the cells' dependencies its page shows.
    var lessons = LiveLessons()

    // MARK: - Routing

    func handle(_ request: LiveRequest) async -> LiveResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let query = request.queryItems
        let get = request.method == "GET", post = request.method == "POST"
        switch parts.count {
        case 1 where parts[0] == "":
            return get ? index() : .notAllowed("GET, HEAD")
        case 1 where parts[0] == "glossary":
            return get ? glossary() : .notAllowed("GET, HEAD")
        case 1 where parts[0] == "upload":
            return post ? upload(request, query: query) : .notAllowed("POST")
        case 1 where parts[0] == "status":
            return get ? .json(200, await scheduler.status()) : .notAllowed("GET, HEAD")
        case 1 where parts[0] == "alive":
            guard post else { return .notAllowed("POST") }
            let session = query.first { $0.name == "session" }?.value ?? ""
            let run = query.first { $0.name == "run" }?.value ?? ""
            folder.touch(session, shown: folder.hasRun(run) ? run : nil)
            return LiveResponse(status: 204, type: "text/plain", body: "")
        case 2 where parts[0] == "lesson":
            return get ? await livePage(parts[1], query: query) : .notAllowed("GET, HEAD")
        case 2 where parts[0] == "assets" && LiveAssets.type(of: parts[1]) != nil:
            guard get else { return .notAllowed("GET, HEAD") }
            guard let text = LiveAssets.text(parts[1]) else { return .notFound }
            return LiveResponse(status: 200, type: LiveAssets.type(of: parts[1])!, body: text, cache: "no-cache")
        case 3 where parts[0] == "lesson" && parts[2] == "run":
            return post ? await recompute(parts[1], query: query) : .notAllowed("POST")
        case 4 where parts[0] == "run":
            guard let path = folder.file(run: parts[1], page: parts[2], name: parts[3]) else { return .notFound }
            guard get else { return .notAllowed("GET, HEAD") }
            return LiveResponse(status: 200, type: Self.type(of: parts[3]), file: path, cache: "private, max-age=3600")
        default:
            return .notFound
        }
    }

    // MARK: - Pages

    /// The index of lessons: each lesson as `lessons` keeps it (parsed again only when its file
    /// changed), not read again on every visit.
    func index() -> LiveResponse {
        let entries = library.entries.compactMap { entry -> (number: Int, title: String, summary: String)? in
            guard let live = lessons.lesson(at: entry.path, maxPixels: maxPixels, memo: memo) else { return nil }
            return (entry.number, live.lesson.title, live.lesson.summary)
        }
        return .html(200, LivePage.index(entries: entries))
    }

    func glossary() -> LiveResponse {
        let page = LessonPage.html(
            title: "Glossary of the table columns", summary: "What the numbers in the lessons' tables mean.",
            sections: [Glossary.markdown(indexLink: "../index.html")])
        return .html(200, LivePage.links(page, base: "/", site: .live))
    }

    /// The lesson a URL names: only a number or slug of the library, never a path.
    func lesson(_ spec: String) -> (number: Int, lesson: LiveLesson)? {
        let entry = library.entries.first { String($0.number) == spec || $0.slug == spec }
        guard let entry, let live = lessons.lesson(at: entry.path, maxPixels: maxPixels, memo: memo) else { return nil }
        return (entry.number, live)
    }

    /// Lesson `spec` at the values its URL names, for a new page. Values the server cannot use
    /// here (out of range, or another page's upload) give the page at its defaults, status 400,
    /// with the message in its status line; the page's script then asks for them once itself, so
    /// an upload of its own comes back after a reload.
    func livePage(_ spec: String, query: [(name: String, value: String)]) async -> LiveResponse {
        guard let (number, live) = lesson(spec) else { return .notFound }
        let session = folder.makeIdentifier()
        var settings = query.map { $0.name + "=" + $0.value }
        var message: String?
        var outcome = await run(number: number, live: live, settings: settings, session: session, quick: false).outcome
        if case .failure(let failure) = outcome, failure.status == 400, !settings.isEmpty {
            message = failure.message
            settings = []
            outcome = await run(number: number, live: live, settings: [], session: session, quick: false).outcome
        }
        switch outcome {
        case .page(let page):
            folder.touch(session, shown: page.run)
            await warmSliders(number: number, live: live, settings: settings)
            let html = LivePage.html(
                page: page.html, lesson: live.lesson, values: Self.shown(live.lesson, settings),
                session: session, run: page.run, note: "ran in \(String(format: "%.2f", page.seconds)) s",
                message: message, cells: live.dependencies)
            return .html(message == nil ? 200 : 400, html)
        case .failure(let failure):
            return .html(failure.status, LivePage.message(failure.message))
        case .superseded:
            return .html(503, LivePage.message("busy; reload the page"))
        }
    }

    /// Lists, for the background, the previews a drag of each slider of the page will ask for:
    /// every step of the slider, nearest the page's value first, the other values as the page has them.
    /// An upload of page `session` among them is read as its previews read it (the reduced copy
    /// each value's cost chooses), and its grid goes `first`, ahead of the grids listed before.
    /// The list is made on a thread of lower priority too (reading the copies' sizes and preparing
    /// the lesson at each value), so it takes no core from a preview.
    func warmSliders(number: Int, live: LiveLesson, settings: [String], session: String = "", first: Bool = false) async
    {
        let items = await RunScheduler.atLowerPriority {
            sliderGrid(number: number, live: live, settings: settings, session: session)
        }
        await scheduler.warm(items, first: first)
    }

    /// The previews of `warmSliders`, nearest the page's values first.
    func sliderGrid(number: Int, live: LiveLesson, settings: [String], session: String) -> [(
        key: RunScheduler.Key, work: RunScheduler.Work
    )] {
        var items: [(distance: Double, key: RunScheduler.Key, work: RunScheduler.Work)] = []
        let shown = Self.shown(live.lesson, settings)
        for parameter in live.lesson.parameters where parameter.kind == .number || parameter.kind == .integer {
            guard let low = parameter.minimum, let high = parameter.maximum, high > low else { continue }
            let step = parameter.kind == .integer ? 1 : LivePage.sliderStep(low, high)
            guard let count = Int(exactly: ((high - low) / step + 1e-9).rounded(.down)), count <= 200 else { continue }
            for index in 0...count {
                let value = StaticSite.format(low + Double(index) * step, like: parameter)
                let chosen = settings.filter { !$0.hasPrefix(parameter.name + "=") } + ["\(parameter.name)=\(value)"]
                guard let values = try? live.values(settings: chosen, folder: folder, session: session) else {
                    continue
                }
                let preview = live.preview(values, settings: chosen, folder: folder, session: session).values
                let distance = abs(low + Double(index) * step - (Double(shown[parameter.name] ?? "") ?? low))
                items.append(
                    (
                        distance, RunScheduler.Key(lesson: number, values: preview, quick: true),
                        work(live, values: preview, settings: chosen, quick: true, background: true)
                    ))
            }
        }
        return items.sorted { $0.distance < $1.distance }.map { ($0.key, $0.work) }
    }

    /// Every parameter's value as the page shows it: the defaults, with `settings` over them.
    static func shown(_ lesson: Lesson, _ settings: [String]) -> [String: String] {
        var values = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        for setting in settings {
            if let pair = LessonCommand.split(setting) { values[pair.name] = pair.value }
        }
        return values
    }

    // MARK: - Endpoints

    /// Runs the lesson at the query's values for page `session`.
    ///
    /// A control moving (`quick=1`) gets a preview. A control let go (neither flag) is answered at
    /// once: by the full-timing run when the class has made it, else by the preview of the same
    /// values, marked `pending`, while the full run waits in its lane; the page then asks for it
    /// with `wait=1` and replaces the tables when it comes. A let-go whose values hold an upload
    /// lists that page's slider grid for the background, ahead of the others (`warmSliders`).
    func recompute(_ spec: String, query: [(name: String, value: String)]) async -> LiveResponse {
        guard let (number, live) = lesson(spec) else { return .notFound }
        let session = query.first { $0.name == "session" }?.value ?? folder.makeIdentifier()
        guard ServeFolder.isIdentifier(session) else {
            return .json(400, ["error": "session must be letters and digits"])
        }
        let quick = query.contains { $0.name == "quick" && $0.value == "1" }
        let wait = query.contains { $0.name == "wait" && $0.value == "1" }
        let settings = query.filter { !["session", "quick", "wait"].contains($0.name) }.map { $0.name + "=" + $0.value }
        let made = await run(
            number: number, live: live, settings: settings, session: session, quick: quick, letGo: !quick && !wait)
        switch made.outcome {
        case .page(let page):
            folder.touch(session, shown: page.run)
            if !quick && !wait && settings.contains(where: { $0.contains("=upload:") }) {
                // A let-go with an upload (the page asks for one right after the upload): its
                // slider grid, read from the reduced copies, is made while the page is quiet.
                Task {
                    await warmSliders(number: number, live: live, settings: settings, session: session, first: true)
                }
            }
            return .json(
                200,
                RunAnswer(
                    html: page.html, seconds: page.seconds, run: page.run, values: Self.shown(live.lesson, settings),
                    pending: !quick && page.quick, reduced: page.quick ? made.reduced : []))
        case .failure(let failure):
            return .json(failure.status, ["error": failure.message])
        case .superseded:
            return .json(200, ["superseded": true])
        }
    }

    /// What a page gets after a run: the page, how long the run took, and the values it shows.
    struct RunAnswer: Encodable {
        var html: String
        var seconds: Double
        var run: String
        var values: [String: String]
        /// A let-go answered by the preview: the full timing of these values is on its way.
        var pending = false
        /// Uploads this preview read from reduced copies (`ReducedCopy`), each with the copy's size
        /// and the picture's: `class-photo.png at 286×215 of 4000×3000`.
        var reduced: [String] = []
    }

    /// The lesson run at `settings` for `session`, from the class's cache when it can be; with
    /// `letGo`, the preview now and the full run put in its lane. Also says which uploads a
    /// preview reads from reduced copies, and at what size (`LiveLesson.preview`).
    func run(
        number: Int, live: LiveLesson, settings: [String], session: String, quick: Bool,
        letGo: Bool = false
    ) async -> (outcome: RunScheduler.Outcome, reduced: [String]) {
        folder.touch(session)
        let values: [String: String]
        do {
            values = try live.values(settings: settings, folder: folder, session: session)
        } catch {
            return (.failure(error), [])
        }
        // A preview reads a large upload's reduced copy, sized for the run's cost; the full run, the picture itself.
        let preview =
            quick || letGo
            ? live.preview(values, settings: settings, folder: folder, session: session) : (values: values, reduced: [])
        let folder = self.folder
        let full = RunScheduler.Key(lesson: number, values: values, quick: false)
        let outcome = await scheduler.result(
            .init(lesson: number, values: preview.values, quick: quick || letGo),
            session: session, isKept: { folder.hasRun($0.run) },
            work: work(live, values: preview.values, settings: settings, quick: quick || letGo),
            full: letGo ? (full, work(live, values: values, settings: settings, quick: false)) : nil,
            pausesBackground: !preview.reduced.isEmpty)
        return (outcome, preview.reduced)
    }

    /// The run of `live` at `values`, its page's links made to work on the live site; a
    /// `background` run keeps its cells on one lane (`LessonRunner.mayUseLanes`).
    func work(
        _ live: LiveLesson, values: [String: String], settings: [String], quick: Bool,
        background: Bool = false
    ) -> RunScheduler.Work {
        let folder = self.folder
        // The command shown on the page names an upload by its file name, as the page does.
        let shownSettings = settings.map { $0.replacingOccurrences(of: "=upload:", with: "=") }
        return { stop in
            Result { () throws(LiveLesson.Failure) in
                var page = try live.run(
                    values: values, settings: shownSettings, quick: quick, folder: folder, lanes: !background,
                    stop: stop)
                page.html = LivePage.links(
                    Self.hidingUploadFolders(page.html, folder: folder), base: page.base, site: .live)
                page.html = Self.explaining(page.html, page: page, folder: folder)
                return page
            }
        }
    }

    /// `html` with `data-explain` on each figure of `page` that has a `CellsExplanation` beside it
    /// (the JSON file of the same name), which the page's script shows when a cell is pointed at.
    static func explaining(_ html: String, page: LiveLesson.Page, folder: ServeFolder) -> String {
        let base = NSRegularExpression.escapedPattern(for: page.base)
        guard let pattern = try? NSRegularExpression(pattern: "<img src=\"" + base + "([A-Za-z0-9_.-]+)\\.png\"") else {
            return html
        }
        var result = html
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).reversed() {
            let stem = (html as NSString).substring(with: match.range(at: 1))
            guard folder.file(run: page.run, page: page.folder, name: stem + ".json") != nil,
                let range = Range(match.range, in: result)
            else { continue }
            result.insert(contentsOf: " data-explain=\"\(page.base)\(stem).json\"", at: range.upperBound)
        }
        return result
    }

    /// `html` with the server's upload folders left out of every path, so an upload reads as its
    /// file name (`red.png`), never as where the server keeps it.
    static func hidingUploadFolders(_ html: String, folder: ServeFolder) -> String {
        let prefix = NSRegularExpression.escapedPattern(for: folder.uploadsPrefix)
        guard let pattern = try? NSRegularExpression(pattern: prefix + "[a-z0-9]+/(reduced/[0-9]+/)?") else {
            return html
        }
        return pattern.stringByReplacingMatches(
            in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "")
    }

    /// Keeps a PNG sent as the request body as page `session`'s upload named `name`, after reading
    /// it as the command line would.
    func upload(_ request: LiveRequest, query: [(name: String, value: String)]) -> LiveResponse {
        let session = query.first { $0.name == "session" }?.value ?? ""
        guard ServeFolder.isIdentifier(session) else {
            return .json(400, ["error": "session must be letters and digits"])
        }
        guard let body = request.body.flatMap(folder.incoming) else {
            return .json(400, ["error": "the upload had no body"])
        }
        let fileName = query.first { $0.name == "name" }?.value ?? "picture.png"
        folder.touch(session)
        let stored: (name: String, path: String)
        do {
            stored = try folder.storeUpload(moving: body, session: session, fileName: fileName)
        } catch let error as ServeFolderError {
            try? FileManager.default.removeItem(atPath: body)
            return .json(507, ["error": error.description])
        } catch {
            try? FileManager.default.removeItem(atPath: body)
            return .json(507, ["error": "cannot keep the upload: \(LessonLibrary.reason(error))"])
        }
        let image: RGBAImage
        do {
            _ = try ImageSource.size(of: stored.path, maxPixels: maxPixels)
            image = try ImageSource.load(stored.path, maxPixels: maxPixels)
        } catch {
            folder.discardUpload(stored.name, session: session)
            let message = Self.hidingUploadFolders("\(error)", folder: folder)
            return .json(400, ["error": message])
        }
        var answer = ["value": "upload:\(stored.name)", "name": stored.name, "size": "\(image.width)×\(image.height)"]
        // Above ReducedCopy.bound, previews read a reduced copy (one of several sizes, chosen by
        // each run's cost); without one they read the picture.
        if let sizes = try? ReducedCopy.write(
            image, to: { folder.reducedPath(stored.name, session: session, level: $0) }), let largest = sizes.first
        {
            answer["reduced"] = largest
            answer["copies"] = sizes.joined(separator: ", ")
        }
        return .json(200, answer)
    }

    /// The media type of a run's file.
    static func type(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "csv": "text/csv; charset=utf-8"
        case "md": "text/markdown; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "js": "text/javascript; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
