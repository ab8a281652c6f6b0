import Foundation

/// The server's own temporary folder: one sub-folder per lesson run (`runs/ID/`) and the uploaded
/// pictures (`uploads/ID.png`); removed when the server stops.
///
/// Nothing else on disk is ever served: `file(run:name:)` accepts only a run this folder made and
/// a plain file name, and refuses symbolic links. The number of runs and uploads kept is bounded,
/// the oldest going first, so a long class does not fill the disk.
final class ServeFolder: @unchecked Sendable {
    /// The folder (`/tmp/explorer-serve-1234-…`).
    let path: String
    /// Most runs kept at once (each holds one lesson's figures).
    let maximumRuns: Int
    /// Most uploads kept at once.
    let maximumUploads: Int

    private let lock = NSLock()
    private var counter = 0
    private var runs: [String] = []
    private var pinned: Set<String> = []
    private var uploads: [String] = []

    /// Makes the folder (mode 0700) under the system's temporary folder.
    init(maximumRuns: Int = 96, maximumUploads: Int = 32) throws {
        let name = "explorer-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        self.maximumRuns = maximumRuns
        self.maximumUploads = maximumUploads
        for folder in [path, path + "/runs", path + "/uploads"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }
    }

    /// A fresh identifier: lower-case hexadecimal, never reused while the server runs.
    func makeIdentifier() -> String {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return String(counter, radix: 16) + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    /// A new run's folder (`runs/ID`), made; the oldest unpinned runs beyond the bound are removed.
    func makeRun(pinned pin: Bool = false) throws -> (id: String, folder: String) {
        let id = makeIdentifier()
        let folder = path + "/runs/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        var evicted: [String] = []
        lock.lock()
        runs.append(id)
        if pin { pinned.insert(id) }
        while runs.count - pinned.count > maximumRuns, let oldest = runs.first(where: { !pinned.contains($0) }) {
            runs.removeAll { $0 == oldest }
            evicted.append(oldest)
        }
        lock.unlock()
        for id in evicted { try? FileManager.default.removeItem(atPath: path + "/runs/" + id) }
        return (id, folder)
    }

    /// Removes a run that failed or was superseded.
    func discardRun(_ id: String) {
        lock.lock()
        runs.removeAll { $0 == id }
        pinned.remove(id)
        lock.unlock()
        try? FileManager.default.removeItem(atPath: path + "/runs/" + id)
    }

    /// Keeps `data` as a new upload and returns its identifier and path; the oldest beyond the
    /// bound are removed.
    func storeUpload(_ data: Data) throws -> (id: String, path: String) {
        let id = makeIdentifier()
        let file = uploadPath(id)
        try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        var evicted: [String] = []
        lock.lock()
        uploads.append(id)
        while uploads.count > maximumUploads { evicted.append(uploads.removeFirst()) }
        lock.unlock()
        for id in evicted { try? FileManager.default.removeItem(atPath: uploadPath(id)) }
        return (id, file)
    }

    /// Removes an upload that was refused.
    func discardUpload(_ id: String) {
        lock.lock()
        uploads.removeAll { $0 == id }
        lock.unlock()
        try? FileManager.default.removeItem(atPath: uploadPath(id))
    }

    /// The path of upload `id` when it is still kept, else nil.
    func upload(_ id: String) -> String? {
        guard Self.isIdentifier(id) else { return nil }
        lock.lock(); defer { lock.unlock() }
        return uploads.contains(id) ? uploadPath(id) : nil
    }

    private func uploadPath(_ id: String) -> String { path + "/uploads/" + id + ".png" }

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
