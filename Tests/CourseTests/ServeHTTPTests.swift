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

    /// A student's 12-megapixel photograph (4000×3000, made here): its job makes the state asked
    /// for first from a copy the page's size (286×215, a quarter of the pixels), a first look that
    /// says so, and then bakes lesson 3 from a reduced copy of at most `ReducedCopy.bound` pixels
    /// (572×429), that state first, and the page is told so; the server's folder is never on it.
    /// The first look's time is printed (docs/live-in-class.md): a wall-clock bound would fail on
    /// a machine busy with other builds.
    func testATwelveMegapixelUploadIsBakedFromAReducedCopy() throws {
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
        XCTAssertEqual(try Self.json(stored)["value"] as? String, "upload:class-photo.png")
        let job = try server.exchange(
            "POST /job?session=big1&image=class-photo.png&lesson=3&near=sigma%3D3&state=defaults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
        XCTAssertEqual(job.status, 200, job.body)
        let base = try XCTUnwrap(try Self.json(job)["base"] as? String)
        XCTAssertEqual(base, "/jobs/big1/class-photo.png/lesson-03/")
        let get = "GET \(base)states/defaults/state.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let look = try server.exchange(get)
        print("ServeHTTPTests: the first look of lesson 3 from the upload took \(look.seconds) s after the job began")
        XCTAssertEqual(look.status, 200, String(look.body.prefix(300)))
        XCTAssertTrue(
            look.body.contains(
                "<meta name=\"live-first\" content=\"a first look from a copy at 286×215 of 4000×3000; the 572×429 copy follows\">"
            ),
            "the first state the page got was not the first look: \(look.body.prefix(600))")
        XCTAssertTrue(look.body.contains("286×215") && !look.body.contains("572×429 pixels"))
        var state = look
        for _ in 0..<600 where state.body.contains("live-first") {
            Thread.sleep(forTimeInterval: 0.1)
            state = try server.exchange(get)
        }
        XCTAssertEqual(state.status, 200, String(state.body.prefix(300)))
        XCTAssertFalse(state.body.contains("live-first"), "the state from the 572×429 copy never came")
        XCTAssertEqual(
            state.header("x-job-note")?.removingPercentEncoding, "a reduced copy at 572×429 of 4000×3000")
        XCTAssertTrue(state.body.contains("class-photo.png"))
        XCTAssertFalse(state.body.contains("explorer-serve-"), "the server's folder is on the page")
        for link in Self.links(in: state.body) where link.hasPrefix(base) {
            XCTAssertEqual(
                try server.exchange("GET \(link) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").status, 200,
                link)
        }
        // Another page's upload goes ahead of this job's other states (which it stops and queues
        // again): its first look comes, then every state of both jobs.
        upload = Data(
            "POST /upload?session=big2&name=other.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(png.count)\r\nConnection: close\r\n\r\n"
                .utf8)
        upload.append(png)
        XCTAssertEqual(try server.exchange(upload).status, 200)
        XCTAssertEqual(
            try server.exchange(
                "POST /job?session=big2&image=other.png&lesson=3&near=sigma%3D3&state=defaults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            ).status, 200)
        let other = try server.exchange(
            "GET /jobs/big2/other.png/lesson-03/states/defaults/state.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        print("ServeHTTPTests: the second page's first look took \(other.seconds) s after its job began")
        XCTAssertTrue(other.body.contains("live-first"), String(other.body.prefix(300)))
        let sigmas = try FileManager.default.contentsOfDirectory(
            atPath: BrowserSession.liveSite()[1] + "/lesson-03/states"
        ).filter { $0.hasPrefix("sigma-") }
        XCTAssertFalse(sigmas.isEmpty)
        for (session, name) in [("big1", "class-photo.png"), ("big2", "other.png")] {
            for folder in sigmas {
                let answer = try server.exchange(
                    "GET /jobs/\(session)/\(name)/lesson-03/states/\(folder)/state.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                )
                XCTAssertEqual(answer.status, 200, "\(session) \(folder): \(answer.body.prefix(200))")
            }
        }
    }

    /// The lesson the upload test runs: one whose cells read `{{image}}`.
    static let uploadLesson = 3

    static func json(_ answer: ServeProcess.Answer) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else {
            throw BrowserSession.BrowserError("not a JSON object: \(answer.body.prefix(200))")
        }
        return object
    }

    /// HEAD answers as GET without a body; a POST to a page finds nothing; a `Host` that is not this machine's gets 421; a body over the limit gets 413.
    func testMethodsHostAndBodyLimits() throws {
        let server = try ServeProcess.start(["--max-upload-mb", "1"])
        defer { server.stop() }
        let head = try server.exchange("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(head.status, 200)
        XCTAssertNotNil(head.header("content-length"))
        XCTAssertEqual(head.body, "")
        let post = try server.exchange(
            "POST /lesson-03/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(post.status, 404)
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
                try server.exchange(alive + (header.isEmpty ? "" : header + "\r\n") + "\r\n").status, 200, header)
        }
        for host in ["[::2]:\(server.port)", "[::1]evil", "[fe80::1]", "[::1]:", "[::1]:x"] {
            XCTAssertEqual(
                try server.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").status, 421, host)
        }
        XCTAssertEqual(try server.exchange("GET / HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n").status, 200)
    }

    /// A job that dies (killed here, as a crash or the memory bound would) fails alone: its page is
    /// told in one line without the server's folder, and the server goes on serving.
    func testADeadJobFailsAloneAndTheServerGoesOn() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let png = TestPNG.data(width: 600, height: 400, colourType: .grey) { x, y in [UInt8((x ^ y) & 255)] }
        var upload = Data(
            "POST /upload?session=dead1&name=p.png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(png.count)\r\nConnection: close\r\n\r\n"
                .utf8)
        upload.append(png)
        XCTAssertEqual(try server.exchange(upload).status, 200)
        let job = try server.exchange(
            "POST /job?session=dead1&image=p.png&lesson=3&near=sigma%3D3&state=defaults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
        XCTAssertEqual(job.status, 200, job.body)
        let pid = server.process.processIdentifier
        var child: Int32?
        for _ in 0..<100 where child == nil {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            child = tasks.compactMap {
                try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/children", encoding: .utf8)
            }
            .joined(separator: " ").split(separator: " ").first.flatMap { Int32($0) }
            if child == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        kill(try XCTUnwrap(child, "no job under \(pid)"), SIGKILL)
        let state = try server.exchange(
            "GET /jobs/dead1/p.png/lesson-03/states/defaults/state.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        XCTAssertEqual(state.status, 500, state.body)
        XCTAssertTrue(state.body.hasPrefix("the job for p.png failed"), state.body)
        XCTAssertFalse(state.body.contains("explorer-serve-"), state.body)
        XCTAssertEqual(
            try server.exchange("GET /lesson-01/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").status, 200)
    }

    /// A client that sends half a head and stops is disconnected when the head's deadline has
    /// passed: 10 s, shortened here to 2 s (`EXPLORER_SERVE_HEAD_SECONDS`), so that the test waits
    /// 2 s, not 10; not before it, and not long after.
    func testASilentClientIsDisconnected() throws {
        let server = try ServeProcess.start(environment: ["EXPLORER_SERVE_HEAD_SECONDS": "2"])
        defer { server.stop() }
        let socket = try server.connect()
        defer { close(socket) }
        _ = "GET / HTTP/1.1\r\nHost: 127".withCString { send(socket, $0, strlen($0), 0) }
        let start = Date()
        var byte: UInt8 = 0
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let got = recv(socket, &byte, 1, 0)
        let waited = Date().timeIntervalSince(start)
        XCTAssertEqual(got, 0, "the connection stayed open")
        XCTAssertGreaterThan(waited, 1.5, "closed before the head's deadline")
        XCTAssertLessThan(waited, 7, "the deadline was not shortened, or not kept")
    }

    /// Every link and asset on the served pages answers: previous and next, all lessons, glossary
    /// entries, figures, tables, the script and style, lesson 8's glass demo, and a state's own.
    func testEveryLinkOnALivePageAnswers() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let five = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: BrowserSession.liveSite()[1] + "/lesson-03/states")
                .first { $0.hasPrefix("sigma-5-") })
        for path in ["/lesson-03/", "/lesson-08/", "/glossary.html", "/", "/lesson-03/states/\(five)/state.html"] {
            let page = try server.exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(page.status, 200, path)
            let links = Self.links(in: page.body)
            XCTAssertGreaterThan(links.count, path == "/glossary.html" ? 0 : 3, path)
            // A state's links start at the page that shows it (lesson-03/), as the page reads them.
            let folder = URL(string: "http://127.0.0.1" + (path.hasSuffix("state.html") ? "/lesson-03/" : path))!
            for link in Set(links.map { $0.components(separatedBy: "#")[0] }) where !link.isEmpty && !link.contains(":")
            {
                let target = try XCTUnwrap(URL(string: link, relativeTo: folder)?.path)
                let answer = try server.exchange(
                    "HEAD \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                XCTAssertTrue([200, 301].contains(answer.status), "\(link) on \(path): \(answer.status)")
            }
        }
    }

    /// The old URLs name a state still: /lesson/3?sigma=5 leads to the baked page with the same
    /// query (the page then shows σ = 5), and σ = 5's state says so.
    func testTheURLNamesTheState() throws {
        let server = try ServeProcess.start()
        defer { server.stop() }
        let five = try server.exchange("GET /lesson/3?sigma=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(five.status, 303)
        XCTAssertEqual(five.header("location"), "/lesson-03/?sigma=5")
        let folder = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: BrowserSession.liveSite()[1] + "/lesson-03/states")
                .first { $0.hasPrefix("sigma-5-") })
        let state = try server.exchange(
            "GET /lesson-03/states/\(folder)/state.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(state.status, 200)
        XCTAssertTrue(state.body.contains("radius 20 instead of 15"))
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
