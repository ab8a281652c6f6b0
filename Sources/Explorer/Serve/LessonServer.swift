import BlurKit
import FlyingFox
import Foundation

/// What `explorer serve` answers: the index, each lesson's live page, the page's script, the
/// figures and tables of runs, and the recompute and upload endpoints. Anything else is 404
/// (or 405 for a known path with the wrong method).
///
/// | Request                          | Answer                                              |
/// |----------------------------------|-----------------------------------------------------|
/// | `GET /`                          | the index of lessons                                |
/// | `GET /lesson/N`                  | lesson N run with its defaults, live                |
/// | `GET /assets/live.js`            | the live page's script                              |
/// | `GET /run/ID/PAGE/FILE`          | a figure or table of a run, from the server's folder |
/// | `POST /lesson/N/run?set=a=b&…`   | JSON: the page run with those values, or the error  |
/// | `POST /upload` (PNG body)        | JSON: `upload:ID` to use as an image value          |
struct LessonServer: HTTPHandler {
    var library: LessonLibrary
    var folder: ServeFolder
    var queue: RecomputeQueue
    /// Largest picture accepted (`--max-pixels`).
    var maxPixels: Int
    /// Largest request body accepted, in bytes.
    var maxBodyBytes: Int
    /// Each lesson's page with its defaults, made on first request and kept.
    var defaults: DefaultPages
    /// Cells kept between runs, shared by every page.
    var memo = CellMemo()

    /// The default-valued runs, one per lesson, kept for the server's life.
    actor DefaultPages {
        private var pages: [Int: LiveLesson.Page] = [:]
        func page(_ number: Int) -> LiveLesson.Page? { pages[number] }
        func keep(_ page: LiveLesson.Page, for number: Int) { pages[number] = page }
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let get = request.method == .GET, post = request.method == .POST
        let known: Bool
        switch parts.count {
        case 1 where parts[0] == "":
            if get { return index() }
            known = true
        case 1 where parts[0] == "upload":
            if post { return await upload(request) }
            known = true
        case 2 where parts[0] == "lesson":
            if get { return await livePage(parts[1]) }
            known = true
        case 2 where parts == ["assets", "live.js"]:
            if get { return Self.response(200, type: "text/javascript; charset=utf-8", body: Data(LivePage.script.utf8)) }
            known = true
        case 3 where parts[0] == "lesson" && parts[2] == "run":
            if post { return await recompute(parts[1], request: request) }
            known = true
        case 4 where parts[0] == "run":
            if get { return file(run: parts[1], page: parts[2], name: parts[3]) }
            known = false
        default:
            known = false
        }
        guard known else { return Self.notFound }
        return Self.response(405, type: "text/html; charset=utf-8", body: Data(LivePage.message("Method not allowed").utf8))
    }

    // MARK: - Pages

    func index() -> HTTPResponse {
        let entries = library.entries.compactMap { entry -> (number: Int, title: String, summary: String)? in
            guard let lesson = try? LessonParser.parse(fileAt: entry.path) else { return nil }
            return (entry.number, lesson.title, lesson.summary)
        }
        return Self.response(200, type: "text/html; charset=utf-8", body: Data(LivePage.index(entries: entries).utf8))
    }

    /// The lesson a URL names: only a number or slug of the library, never a path.
    func lesson(_ spec: String) -> (number: Int, lesson: LiveLesson)? {
        let entry = library.entries.first { String($0.number) == spec || $0.slug == spec }
        guard let entry, let lesson = try? LessonParser.parse(fileAt: entry.path) else { return nil }
        return (entry.number, LiveLesson(lesson: lesson, maxPixels: maxPixels, memo: memo))
    }

    func livePage(_ spec: String) async -> HTTPResponse {
        guard let (number, live) = lesson(spec) else { return Self.notFound }
        let client = folder.makeIdentifier()
        let page: LiveLesson.Page
        if let kept = await defaults.page(number) {
            page = kept
        } else {
            let values = Dictionary(uniqueKeysWithValues: live.lesson.parameters.map { ($0.name, $0.value) })
            let folder = self.folder
            let result = await queue.run(client: client) { () -> Result<LiveLesson.Page, LiveLesson.Failure> in
                Result { () throws(LiveLesson.Failure) in try live.run(values: values, settings: [], quick: false, folder: folder, pinned: true) }
            }
            switch result {
            case .success(let made)?:
                await defaults.keep(made, for: number)
                page = made
            case .failure(let failure)?:
                return Self.response(failure.status, type: "text/html; charset=utf-8", body: Data(LivePage.message(failure.message).utf8))
            case nil:
                return Self.response(503, type: "text/html; charset=utf-8", body: Data(LivePage.message("busy; reload the page").utf8))
            }
        }
        let html = LivePage.html(page: page.html, base: page.base, lesson: live.lesson, values: [:], client: client)
        return Self.response(200, type: "text/html; charset=utf-8", body: Data(html.utf8))
    }

    // MARK: - Endpoints

    /// Runs the lesson with the request's `set=name=value` items; quick timing with `quick=1`.
    func recompute(_ spec: String, request: HTTPRequest) async -> HTTPResponse {
        guard let (_, live) = lesson(spec) else { return Self.notFound }
        let settings = request.query.filter { $0.name == "set" }.map(\.value)
        let quick = request.query.contains { $0.name == "quick" && $0.value == "1" }
        let client = request.query.first { $0.name == "client" }?.value ?? folder.makeIdentifier()
        let values: [String: String]
        do {
            values = try live.values(settings: settings, folder: folder)
        } catch {
            return Self.json(error.status, ["error": error.message])
        }
        let folder = self.folder
        let result = await queue.run(client: client) { () -> Result<LiveLesson.Page, LiveLesson.Failure> in
            Result { () throws(LiveLesson.Failure) in try live.run(values: values, settings: settings, quick: quick, folder: folder) }
        }
        switch result {
        case .success(let page)?:
            return Self.json(200, page)
        case .failure(let failure)?:
            return Self.json(failure.status, ["error": failure.message])
        case nil:
            return Self.json(200, ["superseded": true])
        }
    }

    /// Keeps a PNG sent as the request body, after reading it as the command line would.
    func upload(_ request: HTTPRequest) async -> HTTPResponse {
        let limit = "the upload is larger than \(maxBodyBytes / 1_048_576) MiB (raise it with --max-upload-mb)"
        if let count = request.bodySequence.count, count > maxBodyBytes {
            return Self.json(413, ["error": limit])
        }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data.append(chunk)
                if data.count > maxBodyBytes { return Self.json(413, ["error": limit]) }
            }
        } catch {
            return Self.json(400, ["error": "the upload did not arrive whole"])
        }
        let stored: (id: String, path: String)
        do {
            stored = try folder.storeUpload(data)
        } catch {
            return Self.json(500, ["error": "cannot keep the upload: \(LessonLibrary.reason(error))"])
        }
        do {
            _ = try ImageSource.size(of: stored.path, maxPixels: maxPixels)
            _ = try ImageSource.load(stored.path, maxPixels: maxPixels)
        } catch {
            folder.discardUpload(stored.id)
            let message = "\(error)".replacingOccurrences(of: "'\(stored.path)'", with: "the upload")
                .replacingOccurrences(of: stored.path, with: "the upload")
            return Self.json(400, ["error": message])
        }
        return Self.json(200, ["value": "upload:\(stored.id)"])
    }

    func file(run: String, page: String, name: String) -> HTTPResponse {
        guard let path = folder.file(run: run, page: page, name: name),
              let data = FileManager.default.contents(atPath: path) else { return Self.notFound }
        let type: String
        switch (name as NSString).pathExtension.lowercased() {
        case "png": type = "image/png"
        case "csv": type = "text/csv; charset=utf-8"
        case "md": type = "text/markdown; charset=utf-8"
        case "html": type = "text/html; charset=utf-8"
        default: type = "application/octet-stream"
        }
        return Self.response(200, type: type, body: data, cache: "private, max-age=3600")
    }

    // MARK: - Responses

    static var notFound: HTTPResponse {
        response(404, type: "text/html; charset=utf-8", body: Data(LivePage.message("Not found").utf8))
    }

    /// A response with the headers every answer carries: the page may load only the server's own
    /// script, images and styles.
    static func response(_ status: Int, type: String, body: Data, cache: String = "no-store") -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.contentType] = type
        headers[HTTPHeader("Cache-Control")] = cache
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; form-action 'none'; frame-ancestors 'none'"
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)), headers: headers, body: body)
    }

    static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return response(status, type: "application/json", body: data)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }
}
