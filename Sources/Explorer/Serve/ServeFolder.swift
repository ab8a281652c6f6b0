import Foundation

/// The server's own temporary folder and what lives in it: one sub-folder per lesson run
/// (`runs/ID/`), each open page's uploaded pictures (`uploads/SESSION/NAME.png`) and request bodies
/// on their way in (`incoming/`); removed when the server stops.
///
/// A page is a session: it names itself in every request, and its uploads and the run it shows are
/// kept while it keeps asking (it says it is still open every minute), whatever other pages do. Runs
/// no open page shows are removed oldest first beyond `maximumRuns`, so a long class does not fill
/// the disk. Nothing else on disk is ever served: `file(run:page:name:)` accepts only a run this
/// folder made and a plain file name, and refuses symbolic links.
final class ServeFolder: @unchecked Sendable {
    /// The folder (`/tmp/explorer-serve-1234-…`).
    let path: String
    /// Most runs kept that no open page shows.
    let maximumRuns: Int
    /// Most uploads one page keeps; the oldest go first.
    let uploadsPerPage: Int
    /// How long a page that has stopped asking keeps its uploads and its run, in seconds.
    let sessionLifetime: TimeInterval
    /// Most bytes all pages' uploads hold together (`--max-uploads-mb`); the oldest uploads of any
    /// page go first to make room.
    let uploadBudget: Int
    /// Every kept upload, oldest first: its page, name and size in bytes.
    private var uploadLog: [(session: String, name: String, bytes: Int)] = []

    private let lock = NSLock()
    private var counter = 0
    private var runs: [String] = []
    private var pinned: Set<String> = []
    private var sessions: [String: Session] = [:]

    /// What one open page holds.
    private struct Session {
        var lastSeen: Date
        /// The run the page shows (kept while the page is open).
        var shown: String?
        /// Uploaded file names, oldest first.
        var uploads: [String] = []
    }

    /// Makes the folder (mode 0700) under the system's temporary folder.
    init(
        maximumRuns: Int = 256, uploadsPerPage: Int = 8, sessionLifetime: TimeInterval = 600,
        uploadBudget: Int = 512 * 1_048_576
    ) throws {
        self.uploadBudget = uploadBudget
        let name = "explorer-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        self.maximumRuns = maximumRuns
        self.uploadsPerPage = uploadsPerPage
        self.sessionLifetime = sessionLifetime
        for folder in [path, path + "/runs", path + "/uploads", path + "/incoming"] {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
        }
    }

    /// A fresh identifier: lower-case hexadecimal, never reused while the server runs.
    func makeIdentifier() -> String {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return String(counter, radix: 16) + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    // MARK: - Runs

    /// A new run's folder (`runs/ID`), made; the oldest runs beyond the bound that no open page
    /// shows are removed.
    func makeRun(pinned pin: Bool = false) throws -> (id: String, folder: String) {
        let id = makeIdentifier()
        let folder = path + "/runs/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        lock.lock()
        runs.append(id)
        if pin { pinned.insert(id) }
        let evicted = evictRuns()
        lock.unlock()
        for id in evicted { try? FileManager.default.removeItem(atPath: path + "/runs/" + id) }
        return (id, folder)
    }

    /// Removes a run that failed.
    func discardRun(_ id: String) {
        lock.lock()
        runs.removeAll { $0 == id }
        pinned.remove(id)
        lock.unlock()
        try? FileManager.default.removeItem(atPath: path + "/runs/" + id)
    }

    /// Whether run `id` is still on disk.
    func hasRun(_ id: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return runs.contains(id)
    }

    /// With the lock held: drops expired sessions and the runs beyond the bound; returns the runs to remove.
    private func evictRuns() -> [String] {
        let shown = Set(sessions.values.compactMap(\.shown))
        var spare = runs.filter { !pinned.contains($0) && !shown.contains($0) }
        var evicted: [String] = []
        while spare.count > maximumRuns {
            let oldest = spare.removeFirst()
            runs.removeAll { $0 == oldest }
            evicted.append(oldest)
        }
        return evicted
    }

    // MARK: - Sessions

    /// Notes that page `session` is open (and, with `shown`, which run it now shows); pages that
    /// have not asked for `sessionLifetime` seconds are forgotten and their uploads removed.
    func touch(_ session: String, shown: String? = nil) {
        guard Self.isIdentifier(session) else { return }
        let now = Date()
        lock.lock()
        sessions[session, default: Session(lastSeen: now)].lastSeen = now
        if let shown { sessions[session]?.shown = shown }
        let expired = sessions.filter { now.timeIntervalSince($0.value.lastSeen) > sessionLifetime }.map(\.key)
        for id in expired { sessions[id] = nil }
        lock.unlock()
        for id in expired { try? FileManager.default.removeItem(atPath: path + "/uploads/" + id) }
    }

    /// The number of pages open now.
    var sessionCount: Int {
        lock.lock(); defer { lock.unlock() }
        return sessions.count
    }

    // MARK: - Uploads

    /// A request body's file on its way in (the HTTP front writes it); nil for a name that is not
    /// one of `incoming/`'s plain files.
    func incoming(_ name: String) -> String? {
        guard Self.isFileName(name) else { return nil }
        return path + "/incoming/" + name
    }

    /// Keeps the file at `file` as page `session`'s upload named after `fileName` (made a plain
    /// file name ending `.png`); returns that name and the path. The page's oldest uploads beyond
    /// `uploadsPerPage` are removed.
    func storeUpload(moving file: String, session: String, fileName: String) throws -> (name: String, path: String) {
        let name = Self.uploadName(fileName)
        let folder = path + "/uploads/" + session
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/" + name
        _ = try? FileManager.default.removeItem(atPath: target)
        removeReducedCopies(name, session: session)
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
        guard bytes <= uploadBudget else {
            throw ServeFolderError(
                "the upload (\(bytes / 1_048_576) MiB) is larger than the server keeps for all uploads (\(uploadBudget / 1_048_576) MiB)"
            )
        }
        try FileManager.default.moveItem(atPath: file, toPath: target)
        lock.lock()
        sessions[session, default: Session(lastSeen: Date())].uploads.removeAll { $0 == name }
        sessions[session]?.uploads.append(name)
        uploadLog.removeAll { $0.session == session && $0.name == name }
        uploadLog.append((session, name, bytes))
        var evicted: [(session: String, name: String)] = []
        while let uploads = sessions[session]?.uploads, uploads.count > uploadsPerPage {
            evicted.append((session, sessions[session]!.uploads.removeFirst()))
        }
        // The byte budget over every page: the oldest uploads go until the new one fits.
        while uploadLog.reduce(0, { $0 + $1.bytes }) > uploadBudget, let oldest = uploadLog.first,
            oldest.name != name || oldest.session != session
        {
            uploadLog.removeFirst()
            sessions[oldest.session]?.uploads.removeAll { $0 == oldest.name }
            evicted.append((oldest.session, oldest.name))
        }
        let kept = Set(sessions.flatMap { entry in entry.value.uploads.map { entry.key + "/" + $0 } })
        uploadLog.removeAll { !kept.contains($0.session + "/" + $0.name) }
        lock.unlock()
        for old in evicted {
            try? FileManager.default.removeItem(atPath: path + "/uploads/" + old.session + "/" + old.name)
            removeReducedCopies(old.name, session: old.session)
        }
        return (name, target)
    }

    /// Removes an upload that was refused.
    func discardUpload(_ name: String, session: String) {
        lock.lock()
        sessions[session]?.uploads.removeAll { $0 == name }
        lock.unlock()
        try? FileManager.default.removeItem(atPath: path + "/uploads/" + session + "/" + name)
        removeReducedCopies(name, session: session)
    }

    /// Where reduced copy `level` of page `session`'s upload `name` goes
    /// (`uploads/SESSION/reduced/LEVEL/NAME`; level 0 is the largest, `ReducedCopy.bounds`).
    func reducedPath(_ name: String, session: String, level: Int = 0) -> String {
        path + "/uploads/" + session + "/reduced/\(level)/" + name
    }

    /// The paths of the reduced copies of page `session`'s upload `name`, largest first, when the
    /// upload is kept and was large enough to get them (`ReducedCopy`), else empty.
    func reducedUploads(_ name: String, session: String) -> [String] {
        guard upload(name, session: session) != nil else { return [] }
        return ReducedCopy.bounds.indices.map { reducedPath(name, session: session, level: $0) }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    private func removeReducedCopies(_ name: String, session: String) {
        for level in ReducedCopy.bounds.indices {
            try? FileManager.default.removeItem(atPath: reducedPath(name, session: session, level: level))
        }
    }

    /// The path of page `session`'s upload `name` while it is kept, else nil.
    func upload(_ name: String, session: String) -> String? {
        guard Self.isIdentifier(session), Self.isFileName(name) else { return nil }
        lock.lock(); defer { lock.unlock() }
        return sessions[session]?.uploads.contains(name) == true ? path + "/uploads/" + session + "/" + name : nil
    }

    /// The folder every upload lives under, ending in "/": a page shows an upload by its file name only.
    var uploadsPrefix: String { path + "/uploads/" }

    /// A plain file name ending `.png` for an uploaded file called `fileName`: letters of other
    /// scripts transliterated to Latin without accents (`Привет.png` is `Privet.png`, `照片.png`
    /// `zhao-pian.png`), other characters `-`, at most 60 of them.
    static func uploadName(_ fileName: String) -> String {
        let base = (fileName as NSString).lastPathComponent
        var stem = base.lowercased().hasSuffix(".png") ? String(base.dropLast(4)) : base
        stem = String(stem.prefix(200))
        if !stem.allSatisfy(\.isASCII) {
            stem =
                stem.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false)
                ?? stem
        }
        stem = String(
            stem.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" }.prefix(60))
        while stem.hasPrefix("-") || stem.hasPrefix("_") { stem.removeFirst() }
        return (stem.isEmpty ? "picture" : stem) + ".png"
    }

    // MARK: - Files

    /// The regular file `name` inside run `run`'s page folder `page`, or nil: for an unknown run, a
    /// name that is not a plain file name, a symbolic link or anything but a regular file.
    func file(run: String, page: String, name: String) -> String? {
        guard Self.isIdentifier(run), Self.isFileName(name), Self.isFileName(page) else { return nil }
        lock.lock()
        let known = runs.contains(run)
        lock.unlock()
        guard known else { return nil }
        let file = path + "/runs/" + run + "/" + page + "/" + name
        var status = stat()
        guard lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return file
    }

    /// Removes the whole folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Lower-case letters and digits only.
    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text.allSatisfy { $0.isASCII && ($0.isNumber || ("a"..."z").contains($0)) }
    }

    /// Letters, digits, `.`, `-` and `_`, not starting with a dot: never a path.
    static func isFileName(_ text: String) -> Bool {
        guard let first = text.first, first != ".", text.count <= 200 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
    }
}

/// Why `ServeFolder` refused to keep something, in one line.
struct ServeFolderError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
