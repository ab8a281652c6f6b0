import Foundation

/// Students' pictures and the jobs that bake them, in the server's temporary folder:
///
/// ```
/// uploads/SESSION/NAME                 a page's upload (a PNG, as sent)
/// jobs/SESSION/NAME/lesson-03/states/  the states a job baked for it (`explorer serve-job`)
/// ```
///
/// One queue: one job runs at a time, a child process of its own (the export's code, with its
/// memory and CPU bounded by itself and its time here); a page's new job replaces its earlier
/// one. The job whose page has least of its state goes first (nothing, then a first look, then
/// the state itself): a running job whose page has more is killed and queued again (it keeps the
/// states it made, and goes on from there), checked when a job starts or ends and while a page
/// asks for its state. A crash fails that job alone: its page is told why.
final class Jobs: @unchecked Sendable {
    /// One lesson baked for one upload of one page.
    struct Job {
        var session: String, name: String, lesson: String, near: String
        /// The folder of the state its page waits for.
        var state: String
        var key: String { session + "/" + name + "/" + lesson }
        var base: String { "/jobs/\(session)/\(name)/\(Jobs.page(lesson))/" }
    }

    let folder: String
    /// `explorer serve-job` and its fixed arguments.
    let command: [String]
    /// Most bytes of uploads kept in all; the oldest go first.
    let budget: Int
    /// How long a job may run, and how long a page's uploads stay after its last request.
    let deadline: TimeInterval = 600, lifetime: TimeInterval = 600
    private let lock = NSLock()
    private var queue: [Job] = []
    /// The job running; `cancelled` once it is killed because its page wanted another job, or to
    /// let another go first: not a failure.
    private var running: (job: Job, process: Process, cancelled: Bool)?
    private var failed: [String: String] = [:]
    private var uploads: [(session: String, name: String, bytes: Int)] = []
    private var seen: [String: Date] = [:]

    init(command: [String], budget: Int) throws {
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("explorer-serve-" + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure("cannot make the server's temporary folder: \(error.localizedDescription)")
        }
        self.command = command
        self.budget = budget
    }

    /// Keeps the body at `file` as page `session`'s upload named after `fileName`; its name.
    func store(_ file: String, session: String, fileName: String) throws -> String {
        let name = Self.uploadName(fileName)
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
        let head = FileHandle(forReadingAtPath: file).flatMap { try? $0.read(upToCount: 8) }
        guard head == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure("\(name) is not a PNG file")
        }
        guard bytes <= budget else { throw Failure("\(name) is larger than the server keeps for all uploads") }
        try lock.withLock {
            touch(session)
            cancel { $0.session == session && $0.name == name }
            uploads.removeAll { $0.session == session && $0.name == name }
            while uploads.reduce(0, { $0 + $1.bytes }) + bytes > budget, let oldest = uploads.first {
                uploads.removeFirst()
                remove(oldest.session + "/" + oldest.name)
            }
            remove(session + "/" + name)
            try FileManager.default.createDirectory(
                atPath: folder + "/uploads/" + session, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: file, toPath: folder + "/uploads/" + session + "/" + name)
            uploads.append((session, name, bytes))
        }
        return name
    }

    /// Makes sure `job` is baking or baked with its `near` state first (`state`: its folder);
    /// the page's other jobs are dropped. The job's URL base; a `Failure` when the page has no
    /// such upload.
    func start(_ job: Job) throws -> String {
        try lock.withLock {
            touch(job.session)
            guard uploads.contains(where: { $0.session == job.session && $0.name == job.name }) else {
                throw Failure("this page has no upload \(job.name) (upload it again)")
            }
            let made = level(job) == 2
            if let running, running.job.key == job.key, made || running.job.near == job.near { return job.base }
            if let index = queue.firstIndex(where: { $0.key == job.key }) {
                queue[index] = job
            } else {
                cancel { $0.session == job.session }
                if !made {
                    failed[job.key] = nil
                    queue.append(job)
                }
            }
            pump()
            return job.base
        }
    }

    /// File `path` under `jobs/` (`SESSION/NAME/lesson-03/states/F/state.html`): waits for a
    /// state the page's job is baking; nil when there is none; a `Failure` saying why its job failed.
    func file(_ path: String) async throws -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 2, let number = Int(parts[2].dropFirst("lesson-".count)) else { return nil }
        let key = "\(parts[0])/\(parts[1])/\(number)"
        let file = folder + "/jobs/" + path
        let isState = path.hasSuffix("/state.html")
        // Checked every 25 ms: a first look is shown that much after it is written, at most.
        for _ in 0..<4800 {
            let (message, waiting) = lock.withLock {
                if isState { pump() }  // a page asking for its state may go ahead of the running job
                return (failed[key], running?.job.key == key || queue.contains { $0.key == key })
            }
            var info = stat()
            if lstat(file, &info) == 0 {
                return (info.st_mode & S_IFMT) == S_IFREG ? file : nil
            }
            if let message { throw Failure(message) }
            guard waiting, isState else { return nil }
            try? await Task.sleep(for: .milliseconds(25))
        }
        throw Failure("the picture's state took more than 120 s")
    }

    /// Page `session` is open: its uploads stay.
    func alive(_ session: String) { lock.withLock { touch(session) } }

    /// Stops the running job and removes the folder.
    func stop() {
        lock.withLock {
            queue.removeAll()
            if let running { kill(running.process.processIdentifier, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - With the lock held

    private func touch(_ session: String) {
        let now = Date()
        seen[session] = now
        for (old, time) in seen where now.timeIntervalSince(time) > lifetime {
            seen[old] = nil
            cancel { $0.session == old }
            uploads.removeAll { $0.session == old }
            remove(old)
        }
    }

    /// Removes the uploads and the jobs' files under `path` (a session, or `SESSION/NAME`).
    private func remove(_ path: String) {
        for kind in ["/uploads/", "/jobs/"] { try? FileManager.default.removeItem(atPath: folder + kind + path) }
    }

    /// Drops the queued jobs `matching`, and kills the running one if it matches (not a failure).
    private func cancel(_ matching: (Job) -> Bool) {
        queue.removeAll(where: matching)
        if let running, matching(running.job), !running.cancelled {
            self.running?.cancelled = true
            kill(running.process.processIdentifier, SIGKILL)
        }
    }

    /// The page folder of lesson `number` (`lesson-03`).
    static func page(_ number: String) -> String { "lesson-\(number.count < 2 ? "0" : "")\(number)" }

    /// How much of `job`'s state its page can have: 0 none, 1 a first look (`<meta name="live-first">`
    /// right after `<head>`), 2 all.
    private func level(_ job: Job) -> Int {
        let file = folder + job.base + "states/" + job.state + "/state.html"
        guard let head = FileHandle(forReadingAtPath: file).flatMap({ try? $0.read(upToCount: 512) }) else { return 0 }
        return String(decoding: head, as: UTF8.self).contains("<meta name=\"live-first\"") ? 1 : 2
    }

    /// Starts the queued job whose page has least when none runs; when one runs and a queued
    /// job's page has less than its page, kills it to let that one go first and queues it again.
    private func pump() {
        let levels = queue.map(level)  // each queued page's state read once, not once a comparison
        if let running {
            if !running.cancelled, let least = levels.min(), least < level(running.job) {
                cancel { $0.key == running.job.key }
                queue.append(running.job)
            }
            return
        }
        guard let next = levels.indices.min(by: { levels[$0] < levels[$1] }) else { return }
        let job = queue.remove(at: next)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments =
            Array(command.dropFirst()) + [
                "--lesson", job.lesson, "--picture", folder + "/uploads/" + job.session + "/" + job.name, "--name",
                job.name, "--output", folder + "/jobs/" + job.session + "/" + job.name, "--base", job.base, "--near",
                job.near
            ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.terminationHandler = { [self] ended in
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            lock.withLock {
                if running?.cancelled == false && ended.terminationStatus != 0 {
                    let how = ended.terminationReason == .uncaughtSignal ? "signal" : "exit status"
                    let last =
                        text.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map { $0.dropFirst(7) }
                        ?? "it stopped (\(how) \(ended.terminationStatus))"
                    failed[job.key] =
                        "the job for \(job.name) failed: " + last.replacingOccurrences(of: folder + "/", with: "")
                }
                running = nil
                pump()
            }
        }
        do {
            try process.run()
        } catch {
            failed[job.key] = "cannot start a job: \(error)"
            return pump()
        }
        running = (job, process, false)
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [self] in
            lock.withLock { if running?.process === process { kill(process.processIdentifier, SIGKILL) } }
        }
    }

    /// A plain file name ending `.png` for an uploaded file called `fileName`: letters of other
    /// scripts transliterated to Latin without accents (`Привет.png` is `Privet.png`), other
    /// characters `-`, at most 60 of them.
    static func uploadName(_ fileName: String) -> String {
        let base = (fileName as NSString).lastPathComponent
        var stem = String((base.lowercased().hasSuffix(".png") ? String(base.dropLast(4)) : base).prefix(200))
        stem =
            stem.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false)
            ?? stem
        stem = String(stem.replacing(/[^A-Za-z0-9_-]/, with: "-").trimmingPrefix(/[-_]+/).prefix(60))
        return (stem.isEmpty ? "picture" : stem) + ".png"
    }
}
