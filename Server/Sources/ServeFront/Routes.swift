import Foundation
import HTTPTypes
import Hummingbird

/// The front's own routes beside the site's files: old lesson URLs, uploads and their jobs.
///
/// - `GET /lesson/N?…`: the baked page, `/lesson-0N/?…` (the query is the page's state).
/// - `GET /live.json`: tells a page that a server takes uploads here (a static host has none).
/// - `POST /upload?session=S&name=FILE`: a PNG body kept as page S's upload; `{"value": "upload:NAME"}`.
/// - `POST /job?session=S&image=NAME&lesson=N&near=P=V&state=F`: bakes NAME for lesson N, state F
///   (parameter P at V) first; `{"base": "/jobs/S/NAME/lesson-0N/"}`.
/// - `GET /jobs/S/NAME/lesson-0N/states/F/FILE`: a job's file; `state.html` waits while it is baked.
/// - `POST /alive?session=S`: the page is open; its uploads stay.
struct Routes {
    let jobs: Jobs
    let maxBodyBytes: Int

    func add(to router: Router<BasicRequestContext>) {
        router.get("lesson/:number") { request, context in
            guard let number = context.parameters.get("number", as: Int.self), (0...999).contains(number) else {
                throw HTTPError(.notFound)
            }
            return Response.redirect(to: "/\(Jobs.page(String(number)))/" + (request.uri.query.map { "?" + $0 } ?? ""))
        }
        router.get("live.json") { _, _ in Front.json(.ok, ["upload": "\(maxBodyBytes >> 20) MiB"]) }
        router.post("alive") { request, _ in
            guard let session = Self.session(request) else { return Front.json(.badRequest, ["error": "no session"]) }
            jobs.alive(session)
            return Front.json(.ok, [:])
        }
        router.post("upload") { request, _ in try await upload(request) }
        router.post("job") { request, _ in
            let query = request.uri.queryParameters
            guard let session = Self.session(request), let image = query.get("image"), image == Jobs.uploadName(image),
                let lesson = query.get("lesson", as: Int.self), (0...999).contains(lesson),
                let near = query.get("near"), near.utf8.count <= 400, let state = query.get("state"),
                Self.isFileName(state)
            else {
                return Front.json(.badRequest, ["error": "a job needs session, image, lesson, near and state"])
            }
            do {
                let job = Jobs.Job(session: session, name: image, lesson: String(lesson), near: near, state: state)
                return Front.json(.ok, ["base": try jobs.start(job)])
            } catch {
                return Front.json(.badRequest, ["error": "\(error)"])
            }
        }
        router.get("jobs/**") { _, context in
            let parts = context.parameters.getCatchAll().map(String.init)
            guard parts.count <= 6, parts.allSatisfy(Self.isFileName) else { throw HTTPError(.notFound) }
            let file: String?
            do {
                file = try await jobs.file(parts.joined(separator: "/"))
            } catch {
                return Front.text(.internalServerError, "\(error)")
            }
            guard let file, let data = FileManager.default.contents(atPath: file) else { throw HTTPError(.notFound) }
            let type = MediaType.getMediaType(forExtension: (file as NSString).pathExtension)
            var headers: HTTPFields = [.contentType: type?.description ?? "application/octet-stream"]
            let note = jobs.folder + "/jobs/" + parts.prefix(2).joined(separator: "/") + "/note.txt"
            if let text = try? String(contentsOfFile: note, encoding: .utf8) {
                headers[HTTPField.Name("X-Job-Note")!] =
                    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: " .-")))
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    /// Keeps a POSTed PNG as the page's upload.
    func upload(_ request: Request) async throws -> Response {
        let tooLarge = Front.json(
            .contentTooLarge,
            ["error": "the upload is larger than \(maxBodyBytes >> 20) MiB (raise it with --max-upload-mb)"])
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes { return tooLarge }
        let path = jobs.folder + "/incoming-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            guard try await Front.save(request.body, to: path, limit: maxBodyBytes) else { return tooLarge }
        } catch let failure as Failure {
            return Front.json(.init(code: 507), ["error": "the server cannot keep the upload: \(failure)"])
        }
        // The body is read first, as it comes: a connection is answered when its request is whole.
        guard let session = Self.session(request) else { return Front.json(.badRequest, ["error": "no session"]) }
        do {
            let name = try jobs.store(
                path, session: session, fileName: request.uri.queryParameters.get("name") ?? "picture.png")
            return Front.json(.ok, ["value": "upload:" + name])
        } catch {
            return Front.json(.badRequest, ["error": "\(error)"])
        }
    }

    /// The request's page session: lower-case letters and digits, at most 40.
    static func session(_ request: Request) -> String? {
        request.uri.queryParameters.get("session").flatMap { $0.wholeMatch(of: /[a-z0-9]{1,40}/) == nil ? nil : $0 }
    }

    /// Letters, digits, `.`, `-` and `_`, not starting with a dot, at most 200: never a path.
    static func isFileName(_ text: String) -> Bool {
        text.wholeMatch(of: /[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}/) != nil
    }
}
