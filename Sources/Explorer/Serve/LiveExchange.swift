import Foundation
import ShippedFiles

/// One request as the HTTP front hands it to the lesson server: one line of JSON on the worker's
/// standard input. The front has already checked the head's size, the `Host`, the body's size
/// (writing a body into the server folder's `incoming/` and naming it here) and answers HEAD
/// itself from the GET answer.
struct LiveRequest: Codable, Sendable {
    var id: Int
    var method: String
    var path: String
    /// The query as it came, percent-encoded, without `?`.
    var query: String = ""
    /// The body's file name in `incoming/`, for a POST that had one.
    var body: String?

    /// The query's `name=value` items, percent-decoded (`+` is a space).
    var queryItems: [(name: String, value: String)] {
        query.split(separator: "&").compactMap { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String? {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = decode(pair[0]), !name.isEmpty, let value = pair.count > 1 ? decode(pair[1]) : "" else { return nil }
            return (name, value)
        }
    }
}

/// The lesson server's answer to a `LiveRequest`: one line of JSON on the worker's standard output.
/// The body is either text or a file of the server's folder that the front sends.
struct LiveResponse: Codable, Sendable {
    var id = 0
    var status: Int
    var type: String
    var body: String?
    var file: String?
    var cache = "no-store"
    /// For 405: the methods the path takes.
    var allow: String?

    static func html(_ status: Int, _ text: String) -> LiveResponse {
        LiveResponse(status: status, type: "text/html; charset=utf-8", body: text)
    }

    static func json(_ status: Int, _ value: some Encodable) -> LiveResponse {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return LiveResponse(status: status, type: "application/json", body: String(decoding: data, as: UTF8.self))
    }

    static var notFound: LiveResponse { html(404, LivePage.message("Not found")) }

    static func notAllowed(_ methods: String) -> LiveResponse {
        var response = html(405, LivePage.message("Method not allowed"))
        response.allow = methods
        return response
    }
}

/// The lesson server's side of `explorer serve`: reads `LiveRequest` lines, answers each as soon
/// as it is ready (in any order; the `id` pairs them), until standard input closes. A line
/// `{"cancel": ID}` says request ID's client went away: a run it still waits for is not made.
///
/// The protocol keeps the process's original standard output; what a lesson's commands might print
/// goes to standard error instead, so it cannot break a line of the protocol.
enum ServeWorker {
    /// The first line the worker writes: it is ready, where its folder is and how many lessons it serves.
    struct Ready: Codable {
        var ready = true
        var folder: String
        var lessons: Int
    }

    /// The line that cancels a request.
    struct Cancel: Codable {
        var cancel: Int
    }

    static func run(server: LessonServer) {
        let protocolDescriptor = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let output = Output(FileHandle(fileDescriptor: protocolDescriptor, closeOnDealloc: true))
        output.send(Ready(folder: server.folder.path, lessons: server.library.entries.count))
        let group = DispatchGroup()
        let tasks = Tasks()
        while let line = readLine(strippingNewline: true) {
            if let cancel = try? JSONDecoder().decode(Cancel.self, from: Data(line.utf8)) {
                tasks.cancel(cancel.cancel)
                continue
            }
            guard let request = try? JSONDecoder().decode(LiveRequest.self, from: Data(line.utf8)) else { continue }
            group.enter()
            tasks.start(request.id) {
                var response = await server.handle(request)
                response.id = request.id
                output.send(response)
                group.leave()
            }
        }
        group.wait()
    }
}

/// The worker's protocol output: one whole line at a time, from any thread.
final class Output: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    init(_ handle: FileHandle) { self.handle = handle }

    func send(_ value: some Encodable) {
        guard var line = try? JSONEncoder().encode(value) else { return }
        line.append(0x0A)
        lock.withLock { handle.write(line) }
    }
}

/// The requests under way, by id, so a cancel line can reach one.
final class Tasks: @unchecked Sendable {
    private let lock = NSLock()
    private var running: [Int: Task<Void, Never>] = [:]

    func start(_ id: Int, _ work: @escaping @Sendable () async -> Void) {
        lock.lock()
        defer { lock.unlock() }
        running[id] = Task {
            await work()
            self.lock.withLock { self.running[id] = nil }
        }
    }

    func cancel(_ id: Int) {
        lock.lock()
        let task = running[id]
        lock.unlock()
        task?.cancel()
    }
}

/// The live page's script and style: plain files in the package (`Serve/Resources/`), built into
/// the executable through `ShippedFiles`, so an installed or static `explorer` needs no folder
/// beside it.
enum LiveAssets {
    /// The media type of an asset name, or nil when there is no such asset.
    static func type(of name: String) -> String? {
        switch name {
        case "live.js", "explain.js": "text/javascript; charset=utf-8"
        case "live.css": "text/css; charset=utf-8"
        default: nil
        }
    }

    /// The text of asset `name`.
    static func text(_ name: String) -> String? { texts[name] }

    /// Each asset decoded once, not on every request for it.
    private static let texts: [String: String] = {
        var texts: [String: String] = [:]
        for name in ["live.js", "explain.js", "live.css"] {
            guard let bytes = ShippedFiles.contents(of: "Sources/Explorer/Serve/Resources/" + name) else { continue }
            texts[name] = String(decoding: bytes, as: UTF8.self)
        }
        return texts
    }()
}
