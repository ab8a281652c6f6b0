import Foundation
import TestSupport
import XCTest

/// `explorer serve` over real sockets of 127.0.0.1, as a browser or a hostile client talks to it:
/// limits on the head, methods, the `Host`, bodies, slow clients, and links that all answer.
final class ServeHTTPTests: XCTestCase {
    /// A 1 MiB head (a header, then a URL) is answered 431 within 100 ms, and another client's
    /// page meanwhile comes as fast as without it.
    func testALargeHeadIsRefusedAtOnceAndNobodyWaits() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        _ = try server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var alone: [Double] = []
        for _ in 0..<5 { alone.append(try server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").seconds) }
        let heads = [
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n",
            "GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        ]
        for head in heads {
            let others = Others(server)
            others.start()
            let answer = try server.exchange(head)
            let during = others.stop()
            XCTAssertEqual(answer.status, 431, answer.text.prefix(200).description)
            XCTAssertLessThan(answer.seconds, 0.1, "the 431 took \(answer.seconds) s")
            XCTAssertFalse(during.isEmpty)
            XCTAssertLessThan(
                during.max()!, max(0.1, 3 * alone.max()!), "another client waited: \(during) (alone: \(alone))")
        }
    }

    /// A student's 12-megapixel photograph (4000×3000, made here): the upload keeps reduced copies
    /// of at most `ReducedCopy.bound` pixels (572×429) and smaller, a preview reads the one its
    /// cost allows and says so, with its size, and a
    /// let-go is answered within a second by that preview while the full-size run waits. The
    /// first preview's time is printed (docs/live-in-class.md): a wall-clock bound would fail
    /// on a machine busy with other builds.
    func testATwelveMegapixelUploadIsPreviewedFromAReducedCopy() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let png = TestPNG.data(width: 4000, height: 3000, colourType: .grey) { x, y in
            [UInt8((x / 40 + y / 40) % 2 == 0 ? 40 : 210)]
        }
        var upload = Data(
            "POST /upload?session=big1&name=class-photo.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(png.count)\r\nConnection: close\r\n\r\n"
                .utf8)
        upload.append(png)
        let stored = try server.exchange(upload)
        XCTAssertEqual(stored.status, 200, stored.body)
        let answer = try Self.json(stored)
        XCTAssertEqual(answer["size"] as? String, "4000×3000")
        XCTAssertEqual(answer["reduced"] as? String, "572×429")

        let lesson = Self.uploadLesson
        func run(_ flags: String) throws -> (answer: [String: Any], seconds: Double) {
            let reply = try server.exchange(
                "POST /lesson/\(lesson)/run?session=big1&image=upload:class-photo.png\(flags) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
            XCTAssertEqual(reply.status, 200, String(reply.body.prefix(300)))
            return (try Self.json(reply), reply.seconds)
        }
        let preview = try run("&quick=1")
        let reduced = preview.answer["reduced"] as? [String] ?? []
        XCTAssertEqual(reduced.count, 1)
        XCTAssertTrue(
            reduced.first?.hasPrefix("class-photo.png at ") == true
                && reduced.first?.hasSuffix(" of 4000×3000") == true, "\(reduced)")
        let copy = reduced.first?.components(separatedBy: " ")[2] ?? "?"
        XCTAssertTrue(
            (answer["copies"] as? String ?? "").contains(copy), "the preview read \(copy), not one of the copies")
        XCTAssertTrue(
            (preview.answer["html"] as? String ?? "").contains(copy), "the preview did not read the reduced copy")
        XCTAssertLessThan(preview.seconds, 60, "the preview of a 12-megapixel upload took \(preview.seconds) s")
        print("ServeHTTPTests: the first preview of lesson \(lesson) from the reduced copy took \(preview.seconds) s")
        let letGo = try run("")
        XCTAssertEqual(letGo.answer["pending"] as? Bool, true, "the let-go waited for the full-size run")
        XCTAssertEqual(letGo.answer["reduced"] as? [String], reduced)
        XCTAssertLessThan(letGo.seconds, 1)
    }

    /// The lesson the upload test runs: one whose cells read `{{image}}`.
    static let uploadLesson = 3

    static func json(_ answer: ServeProcess.Answer) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else {
            throw BrowserSession.BrowserError("not a JSON object: \(answer.body.prefix(200))")
        }
        return object
    }

    /// HEAD answers as GET without a body; a known path with another method gets 405 and `Allow`;
    /// a `Host` that is not this machine's gets 421; a body over the limit gets 413.
    func testMethodsHostAndBodyLimits() throws {
        let server = try ServeProcess.start(["--max-upload-mb", "1"])
        defer { server.stop() }
        let head = try server.exchange("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(head.status, 200)
        XCTAssertNotNil(head.header("content-length"))
        XCTAssertEqual(head.body, "")
        let put = try server.exchange(
            "PUT / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(put.status, 405)
        XCTAssertEqual(put.header("allow"), "GET, HEAD")
        let post = try server.exchange(
            "POST /lesson/3 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(post.status, 405)
        let run = try server.exchange("GET /lesson/3/run HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(run.header("allow"), "POST")
        for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1.evil.example"] {
            let answer = try server.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(answer.status, 421, host)
        }
        for host in ["localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"] {
            XCTAssertEqual(
                try server.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").status, 200, host)
        }
        let big = try server.exchange(
            "POST /upload?session=a1&name=x.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n"
        )
        XCTAssertEqual(big.status, 413)
        let chunked =
            "POST /upload?session=a1&name=x.png HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "100000\r\n" + String(repeating: "a", count: 0x100000) + "\r\n" + "100000\r\n"
            + String(repeating: "a", count: 0x100000) + "\r\n0\r\n\r\n"
        XCTAssertEqual(try server.exchange(chunked).status, 413)
        let notPNG = try server.exchange(
            "POST /upload?session=a1&name=x.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
        )
        XCTAssertEqual(notPNG.status, 400)
        XCTAssertFalse(notPNG.body.contains("/tmp"), notPNG.body)
        XCTAssertFalse(notPNG.body.contains("explorer-serve-"), notPNG.body)
    }

    /// Another site's page cannot upload or run lessons (its `Origin` or `Sec-Fetch-Site` says
    /// so); the server's own pages and clients that send neither can. Only IPv6 loopback is a
    /// bracketed `Host`.
    func testAnotherOriginIsRefusedAndOnlyLoopbackIsABracketedHost() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let alive =
            "POST /alive?session=a1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 0\r\nConnection: close\r\n"
        for header in [
            "Origin: http://evil.example", "Sec-Fetch-Site: cross-site", "Sec-Fetch-Site: same-site", "Origin: null"
        ] {
            let answer = try server.exchange(alive + header + "\r\n\r\n")
            XCTAssertEqual(answer.status, 403, header)
            XCTAssertEqual(answer.body.split(separator: "\n").count, 1, answer.body)
        }
        for header in ["Origin: http://127.0.0.1:\(server.port)\r\nSec-Fetch-Site: same-origin", ""] {
            XCTAssertEqual(
                try server.exchange(alive + (header.isEmpty ? "" : header + "\r\n") + "\r\n").status, 204, header)
        }
        for host in ["[::2]:\(server.port)", "[::1]evil", "[fe80::1]", "[::1]:", "[::1]:x"] {
            XCTAssertEqual(
                try server.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").status, 421, host)
        }
        XCTAssertEqual(try server.exchange("GET / HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n").status, 200)
    }

    /// A killed lesson server is started again, its folder (runs, uploads) removed: the front
    /// goes on answering instead of 503 for ever.
    func testAKilledWorkerIsRestartedAndItsFolderRemoved() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let pid = server.process.processIdentifier
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        let children = tasks.compactMap {
            try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/children", encoding: .utf8)
        }.joined(separator: " ")
        let worker = try XCTUnwrap(children.split(separator: " ").first.flatMap { Int32($0) }, "no worker under \(pid)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("explorer-serve-\(worker)-")
        }
        XCTAssertEqual(folders.count, 1)
        kill(worker, SIGKILL)
        var status = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            status = try server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").status
            if status == 200 { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        XCTAssertEqual(status, 200, "the front answers again")
        XCTAssertEqual(
            try server.exchange("GET /lesson/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").status, 200)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "/" + folders[0]),
            "the dead worker's folder is removed")
    }

    /// A client that sends half a head and stops is disconnected.
    func testASilentClientIsDisconnected() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let socket = try server.connect()
        defer { close(socket) }
        _ = "GET / HTTP/1.1\r\nHost: 127".withCString { send(socket, $0, strlen($0), 0) }
        let start = Date()
        var byte: UInt8 = 0
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let got = recv(socket, &byte, 1, 0)
        XCTAssertEqual(got, 0, "the connection stayed open")
        XCTAssertLessThan(Date().timeIntervalSince(start), 15)
    }

    /// Every link and asset on lesson pages and the glossary answers: previous and next, all
    /// lessons, glossary entries, figures, tables, the script and style, lesson 8's glass demo.
    func testEveryLinkOnALivePageAnswers() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        for path in ["/lesson/3", "/lesson/8", "/glossary", "/"] {
            let page = try server.exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(page.status, 200, path)
            XCTAssertFalse(page.body.contains("<base"), path)
            let links = Self.links(in: page.body)
            XCTAssertGreaterThan(links.count, path == "/glossary" ? 0 : 3, path)
            for link in Set(links.map { $0.components(separatedBy: "#")[0] }) where link.hasPrefix("/") {
                let answer = try server.exchange(
                    "HEAD \(link) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                XCTAssertEqual(answer.status, 200, "\(link) on \(path)")
            }
            for link in links where !link.hasPrefix("/") && !link.hasPrefix("#") {
                XCTAssertTrue(
                    link.hasPrefix("https://") || link.hasPrefix("http://") || link.hasPrefix("data:")
                        || link.hasPrefix("mailto:"),
                    "\(link) on \(path) is relative")
            }
        }
    }

    /// The URL names a state: /lesson/3?sigma=5 opens at σ = 5; a value out of range gives the
    /// defaults and the command line's message, with status 400.
    func testTheURLNamesTheState() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let five = try server.exchange("GET /lesson/3?sigma=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(five.status, 200)
        XCTAssertTrue(five.body.contains("radius 20 instead of 15"))
        XCTAssertTrue(five.body.contains("&quot;sigma&quot;:&quot;5&quot;"))
        let wrong = try server.exchange(
            "GET /lesson/3?sigma=99 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.body.contains("99 is above it"))
        XCTAssertTrue(wrong.body.contains("radius 12 instead of 9"))
    }

    /// The `src`, `href` and `url(…)` targets of a page.
    static func links(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:src|href)="([^"]+)"|url\("([^"]+)"\)"#)
        let text = html as NSString
        return pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map { match in
            let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
            return text.substring(with: range).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// Clients asking for the index one after another on a thread, timing each answer.
    final class Others: @unchecked Sendable {
        let server: ServeProcess
        private var times: [Double] = []
        private var running = true
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)

        init(_ server: ServeProcess) { self.server = server }

        func start() {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    if let answer = try? server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") {
                        lock.withLock { times.append(answer.seconds) }
                    }
                }
                done.signal()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }

        func stop() -> [Double] {
            Thread.sleep(forTimeInterval: 0.05)
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { times }
        }
    }
}

/// `explorer serve --port 0` and raw HTTP/1.1 exchanges with it.
struct ServeProcess: @unchecked Sendable {
    var process: Process
    var port: Int

    static func start(_ arguments: [String] = []) throws -> ServeProcess {
        try BrowserSession.requireFront()
        let process = try BrowserSession.launch(
            BinaryRunner.executable.path, ["serve", "--port", "0"] + arguments, folder: BinaryRunner.packageRoot)
        let line = try BrowserSession.waitForLine(process, containing: "Serving")
        guard let start = line.range(of: "127.0.0.1:"), let port = Int(line[start.upperBound...].prefix { $0.isNumber })
        else {
            process.interrupt()
            throw BrowserSession.BrowserError("no port in '\(line)'")
        }
        return ServeProcess(process: process, port: port)
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }

    struct Answer {
        var status: Int
        var text: String
        var seconds: Double

        var body: String {
            guard let range = text.range(of: "\r\n\r\n") else { return "" }
            return String(text[range.upperBound...])
        }

        func header(_ name: String) -> String? {
            let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw BrowserSession.BrowserError("cannot connect to 127.0.0.1:\(port)")
        }
        return fd
    }

    /// Sends `request` whole, then reads the answer: its head, and its body by `Content-Length`
    /// (or to the end of the connection); the seconds from the first byte sent to the whole answer.
    func exchange(_ request: String) throws -> Answer {
        try exchange(Data(request.utf8))
    }

    /// `exchange(_:)` for a request with a binary body.
    func exchange(_ request: Data) throws -> Answer {
        let fd = try connect()
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        let bytes = [UInt8](request)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBufferPointer {
                send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { break }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let isHead = request.starts(with: Data("HEAD ".utf8))
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let answer = Answer(status: 0, text: text, seconds: 0)
                let length = isHead ? 0 : Int(answer.header("content-length") ?? "") ?? Int.max
                if text[end.upperBound...].utf8.count >= length { break }
            }
        }
        let text = String(decoding: received, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return Answer(status: status, text: text, seconds: Date().timeIntervalSince(start))
    }
}
