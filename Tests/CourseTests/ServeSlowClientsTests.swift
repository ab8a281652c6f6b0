import Foundation
import TestSupport
import XCTest

/// `explorer serve` against clients that hold its connections: uploads trickled one byte at a
/// time, and connections beyond the front's caps (`HeadGuard`: 256 from one address, 512 in all),
/// with the file limit most systems give a process (1,024). Others are answered within 2 s
/// throughout, a connection past a cap is closed at once, and the front keeps serving.
final class ServeSlowClientsTests: XCTestCase {
    static let perAddress = 256, total = 512
    /// A POST head announcing a body of 1 MB, which then comes a byte at a time.
    static let uploadHead =
        "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n"

    func testTrickledUploadsHoldNobodyUpAndTheCapsHold() throws {
        let server = try Self.startWithFileLimit(1024)
        defer { server.stop() }
        // The index is made on the first visit (seconds on a busy machine); the rest are timed.
        XCTAssertEqual(
            try server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").status, 200)
        let trickle = Trickle()
        defer { trickle.closeAll() }
        let other = Client(server: server, source: "127.0.0.2")
        // 200 uploads trickling from one address: another client is answered within 2 s.
        for _ in 0..<200 { trickle.add(try Self.connect(server, from: "127.0.0.1", sending: Self.uploadHead)) }
        trickle.start()
        other.expectAnswers(for: 6, "while 200 uploads trickle")
        // Up to the cap from one address: all held; the next from it is closed at once, and
        // another address is still answered.
        for _ in 200..<Self.perAddress {
            trickle.add(try Self.connect(server, from: "127.0.0.1", sending: Self.uploadHead))
        }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(trickle.closedByServer(), 0, "a connection within the cap was closed")
        try Self.expectClosedAtOnce(server, from: "127.0.0.1", "past \(Self.perAddress) from one address")
        other.expectAnswers(for: 3, "with \(Self.perAddress) uploads held from one address")
        // Up to the cap in all: the next connection, from any address, is closed at once.
        for _ in 0..<(Self.total - Self.perAddress) {
            trickle.add(try Self.connect(server, from: "127.0.0.3", sending: Self.uploadHead))
        }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(trickle.closedByServer(), 0, "a connection within the caps was closed")
        try Self.expectClosedAtOnce(server, from: "127.0.0.4", "past \(Self.total) in all")
        // The hogs gone, everyone is served again, and the front never fell.
        trickle.closeAll()
        Thread.sleep(forTimeInterval: 1)
        other.expectAnswers(for: 2, "after the uploads went")
        XCTAssertTrue(server.process.isRunning, "the server stopped")
    }

    // MARK: - Helpers

    /// `explorer serve`, its front and its lesson server started with at most `files` open files.
    static func startWithFileLimit(_ files: rlim_t) throws -> ServeProcess {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        var lowered = limit
        lowered.rlim_cur = min(limit.rlim_cur, files)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered)
        defer { setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) }
        return try ServeProcess.start()
    }

    /// A socket connected to the server from the loopback address `source`, which has sent `text`.
    static func connect(_ server: ServeProcess, from source: String, sending text: String = "") throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BrowserSession.BrowserError("no socket: \(String(cString: strerror(errno)))") }
        func address(_ host: String, _ port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr(host)
            address.sin_port = UInt16(port).bigEndian
            return address
        }
        var local = address(source, 0), remote = address("127.0.0.1", server.port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, size) }
        }
        guard bound == 0, connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw BrowserSession.BrowserError("cannot connect from \(source): \(reason)")
        }
        _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// A connection from `source` is closed by the server within a second, before any answer.
    static func expectClosedAtOnce(_ server: ServeProcess, from source: String, _ what: String) throws {
        let fd = try connect(server, from: source, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 256)
        let got = recv(fd, &buffer, buffer.count, 0)
        let reset = got < 0 && errno == ECONNRESET
        XCTAssertTrue(got == 0 || reset, "\(what): the connection was not closed at once (recv gave \(got))")
    }

    /// Connections that each send one byte every quarter of a second, on a thread of their own.
    final class Trickle: @unchecked Sendable {
        private let lock = NSLock()
        private var sockets: [Int32] = []
        private var running = false

        func add(_ socket: Int32) { lock.withLock { sockets.append(socket) } }

        func start() {
            lock.withLock { running = true }
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    for socket in lock.withLock({ sockets }) {
                        var byte: UInt8 = 120
                        _ = send(socket, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    }
                    Thread.sleep(forTimeInterval: 0.25)
                }
            }
        }

        /// How many of the connections the server has closed (or reset).
        func closedByServer() -> Int {
            lock.withLock {
                sockets.filter { socket in
                    var byte: UInt8 = 0
                    let got = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                    return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                }.count
            }
        }

        func closeAll() {
            lock.withLock {
                running = false
                for socket in sockets { close(socket) }
                sockets = []
            }
        }
    }

    /// A client on its own loopback address asking for the index.
    struct Client {
        var server: ServeProcess
        var source: String

        /// Asks for the index for `seconds`, one request after another: each is answered 200
        /// within 2 s.
        func expectAnswers(for seconds: Double, _ what: String) {
            let end = Date().addingTimeInterval(seconds)
            var count = 0
            while Date() < end {
                let start = Date()
                do {
                    let fd = try ServeSlowClientsTests.connect(
                        server, from: source, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    defer { close(fd) }
                    var timeout = timeval(tv_sec: 5, tv_usec: 0)
                    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    var received = Data()
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    while true {
                        let got = recv(fd, &buffer, buffer.count, 0)
                        if got <= 0 { break }
                        received.append(contentsOf: buffer[0..<got])
                    }
                    let seconds = Date().timeIntervalSince(start)
                    let text = String(decoding: received.prefix(64), as: UTF8.self)
                    XCTAssertTrue(text.hasPrefix("HTTP/1.1 200"), "\(what): \(text)")
                    XCTAssertLessThan(seconds, 2, "\(what): the index took \(seconds) s")
                } catch {
                    XCTFail("\(what): \(error)")
                }
                count += 1
                Thread.sleep(forTimeInterval: 0.2)
            }
            XCTAssertGreaterThan(count, 0, what)
        }
    }
}
