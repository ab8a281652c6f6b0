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

    /// The lesson server's command line (its executable's path, then its arguments).
    let command: [String]
    private var process: Process
    private var current: Ready
    private var input: FileHandle
    private let lock = NSLock()
    private var counter = 0
    private var waiting: [Int: CheckedContinuation<Answer, Never>] = [:]
    /// Whether no worker is answering (between a death and the restart, or for good).
    private var finished = false
    private var stopping = false
    /// Deaths in a row within five seconds of a start (a worker that cannot run is not restarted
    /// for ever: five such, and the server answers 503).
    private var quickDeaths = 0

    /// What the running worker said when it started.
    var ready: Ready { lock.withLock { current } }

    /// Starts `command` (its executable's path, then its arguments) and waits for its first line.
    init(command: [String]) throws {
        self.command = command
        let started = try Self.launch(command)
        (process, input, current) = (started.process, started.input, started.ready)
        read(started.reader, process: started.process, folder: started.ready.folder, since: Date())
    }

    /// Starts the worker and reads its first line.
    private static func launch(_ command: [String]) throws -> (
        process: Process, input: FileHandle, reader: LineReader, ready: Ready
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let toWorker = Pipe(), fromWorker = Pipe()
        process.standardInput = toWorker
        process.standardOutput = fromWorker
        try process.run()
        let reader = LineReader(fromWorker.fileHandleForReading)
        guard let first = reader.next(), let ready = try? JSONDecoder().decode(Ready.self, from: first) else {
            process.waitUntilExit()
            throw WorkerError("the lesson server did not start (exit status \(process.terminationStatus))")
        }
        return (process, toWorker.fileHandleForWriting, reader, ready)
    }

    /// Pairs the worker's answers with their requests until it ends; then answers what waited
    /// 503, removes the dead worker's folder (its runs and the students' uploads) and starts
    /// another (supervision: a killed worker does not leave the server answering 503 for ever).
    private func read(_ reader: LineReader, process: Process, folder: String, since start: Date) {
        Thread.detachNewThread { [self] in
            while let line = reader.next() {
                guard let answer = try? JSONDecoder().decode(Answer.self, from: line) else { continue }
                lock.lock()
                let continuation = waiting.removeValue(forKey: answer.id)
                lock.unlock()
                continuation?.resume(returning: answer)
            }
            lock.lock()
            let orphans = waiting.values
            waiting.removeAll()
            let stopped = stopping
            quickDeaths = Date().timeIntervalSince(start) < 5 ? quickDeaths + 1 : 0
            let giveUp = stopped || quickDeaths >= 5
            finished = true
            lock.unlock()
            for continuation in orphans { continuation.resume(returning: Self.gone(0)) }
            process.waitUntilExit()
            guard !stopped else { return }
            try? FileManager.default.removeItem(atPath: folder)
            guard !giveUp else { return }
            Thread.sleep(forTimeInterval: 0.2 * Double(quickDeaths))
            guard let started = try? Self.launch(command) else { return }
            lock.lock()
            if stopping {
                lock.unlock()
                kill(started.process.processIdentifier, SIGTERM)
                return
            }
            (self.process, input, current) = (started.process, started.input, started.ready)
            finished = false
            lock.unlock()
            read(started.reader, process: started.process, folder: started.ready.folder, since: Date())
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
        try? input.write(contentsOf: Data("{\"cancel\":\(id)}\n".utf8))
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
            var line =
                (try? JSONEncoder().encode(Ask(id: id, method: method, path: path, query: query, body: body))) ?? Data()
            line.append(0x0A)
            let written = (try? input.write(contentsOf: line)) != nil
            if !written { waiting[id] = nil }
            lock.unlock()
            if !written { continuation.resume(returning: Self.gone(id)) }
        }
    }

    static func gone(_ id: Int) -> Answer {
        Answer(
            id: id, status: 503, type: "text/plain; charset=utf-8",
            body: "The lesson server has stopped; it is being started again, try once more in a moment.\n",
            cache: "no-store")
    }

    /// Stops the worker (SIGTERM: it removes its folder) and waits for it; it is not restarted.
    func stop() {
        let process = lock.withLock {
            stopping = true; return self.process
        }
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
