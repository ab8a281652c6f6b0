import Foundation

/// The lesson server behind the HTTP front: an `explorer serve-worker` process, spoken to in lines
/// of JSON through its standard input and output. Each request carries an id; answers come back
/// in any order and are paired by it.
final class WorkerLink: @unchecked Sendable {
    /// One request, as `explorer`'s `LiveRequest` reads it.
    struct Ask: Encodable {
        var id: Int
        var method: String
        var path: String
        var query: String
        var body: String?
    }

    /// One answer, as `explorer`'s `LiveResponse` writes it.
    struct Answer: Decodable, Sendable {
        var id: Int
        var status: Int
        var type: String
        var body: String?
        var file: String?
        var cache: String
        var allow: String?
    }

    /// What the worker says first: where its folder is and how many lessons it serves.
    struct Ready: Decodable {
        var ready: Bool
        var folder: String
        var lessons: Int
    }

    let process: Process
    let ready: Ready
    private let input: FileHandle
    private let lock = NSLock()
    private var counter = 0
    private var waiting: [Int: CheckedContinuation<Answer, Never>] = [:]
    private var finished = false

    /// Starts `command` (its executable's path, then its arguments) and waits for its first line.
    init(command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let toWorker = Pipe(), fromWorker = Pipe()
        process.standardInput = toWorker
        process.standardOutput = fromWorker
        try process.run()
        self.process = process
        input = toWorker.fileHandleForWriting
        let reader = LineReader(fromWorker.fileHandleForReading)
        guard let first = reader.next(), let ready = try? JSONDecoder().decode(Ready.self, from: first) else {
            process.waitUntilExit()
            throw WorkerError("the lesson server did not start (exit status \(process.terminationStatus))")
        }
        self.ready = ready
        Thread.detachNewThread { [self] in
            while let line = reader.next() {
                guard let answer = try? JSONDecoder().decode(Answer.self, from: line) else { continue }
                lock.lock()
                let continuation = waiting.removeValue(forKey: answer.id)
                lock.unlock()
                continuation?.resume(returning: answer)
            }
            lock.lock()
            finished = true
            let orphans = waiting.values
            waiting.removeAll()
            lock.unlock()
            for continuation in orphans { continuation.resume(returning: Self.gone(0)) }
        }
    }

    /// A new request's id.
    func makeID() -> Int {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return counter
    }

    /// Tells the worker request `id`'s client went away, if its answer has not come yet.
    func cancel(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        guard !finished, waiting[id] != nil else { return }
        input.write(Data("{\"cancel\":\(id)}\n".utf8))
    }

    /// The worker's answer to request `id`; 503 when the worker has stopped.
    func ask(id: Int, method: String, path: String, query: String, body: String?) async -> Answer {
        await withCheckedContinuation { continuation in
            lock.lock()
            guard !finished else {
                lock.unlock()
                continuation.resume(returning: Self.gone(0))
                return
            }
            waiting[id] = continuation
            var line = (try? JSONEncoder().encode(Ask(id: id, method: method, path: path, query: query, body: body))) ?? Data()
            line.append(0x0A)
            input.write(line)
            lock.unlock()
        }
    }

    static func gone(_ id: Int) -> Answer {
        Answer(id: id, status: 503, type: "text/plain; charset=utf-8", body: "The lesson server has stopped.\n", cache: "no-store")
    }

    /// Stops the worker (SIGTERM: it removes its folder) and waits for it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    struct WorkerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Lines from a file handle, read in blocks.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its newline; nil at the end.
    func next() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return Data(line)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
