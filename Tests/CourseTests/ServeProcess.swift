import Foundation
import TestSupport

/// `explorer serve --port 0` and raw HTTP/1.1 exchanges with it.
struct ServeProcess: @unchecked Sendable {
    var process: Process
    var port: Int

    /// `explorer serve --port 0` on the tests' baked site, with `arguments` and `environment` added.
    static func start(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> ServeProcess {
        try BrowserSession.requireFront()
        let process = try BrowserSession.launch(
            BinaryRunner.executable.path, ["serve", "--port", "0"] + BrowserSession.liveSite() + arguments,
            folder: BinaryRunner.packageRoot, environment: environment)
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
