import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader never sees a partial one: the bytes go to a temporary file in
/// the destination's folder, which is renamed over the destination only once complete.
///
/// - An output path that is a symbolic link is written through: the link's target is replaced
///   (atomically, in the target's folder) and the link stays.
/// - An output path that exists and is not a regular file (a folder, a device such as
///   `/dev/null`, a named pipe, a socket) is refused, so a rename never replaces it.
/// - Temporary names are `.NAME.tmp-XXXXXX`, shortened to stay within NAME_MAX for long names.
///   Those of a killed run are removed by the next write in the same folder once they are older
///   than `staleAge`; `TemporaryFiles` removes the current run's on SIGINT and SIGTERM.
/// - Inside `transaction`, every file a run writes is journalled: if the run fails, files it
///   created are removed and files it replaced are put back, so a run writes all its outputs or
///   none.
package enum AtomicFile {
    /// Temporary files and folders of our naming older than this (seconds) belong to a run that
    /// was killed, and are removed.
    package static let staleAge: Double = 600

    /// The longest file name Linux allows (NAME_MAX), in bytes.
    static let nameMax = 255

    /// Writes `bytes` to `path` atomically.
    ///
    /// - Throws: `BlurKitError` naming the path when the folder is missing, not writable, the
    ///   path exists and is not a regular file, or the write fails; no temporary file is left.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let target = try destination(of: path)
        let temporary = try temporaryFile(for: target, reportedAs: path)
        var failure: String?
        let fd = open(temporary, O_WRONLY | O_CLOEXEC)
        if fd < 0 { failure = errorText(errno) }
        if fd >= 0 {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errorText(errno); return
                    }
                    offset += n
                }
            }
            if close(fd) != 0, failure == nil { failure = errorText(errno) }
        }
        if let failure {
            discardTemporary(temporary)
            throw BlurKitError(path: path, "cannot write", ": \(failure)")
        }
        try place(temporary, at: target, reportedAs: path)
    }

    /// Writes UTF-8 text to `path` atomically.
    package static func write(text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    // MARK: - Destinations and temporary files

    /// The file a write to `path` replaces: `path` itself, or the file its symbolic links lead
    /// to; refused when it exists and is not a regular file, or its folder is missing.
    package static func destination(of path: String) throws -> String {
        var target = path
        var info = stat()
        var hops = 0
        while lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            hops += 1
            guard hops <= 40 else {
                throw BlurKitError(path: visible(path), "cannot write", ": too many levels of symbolic links")
            }
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(target, &buffer, 4096)
            guard n > 0 else { throw BlurKitError(path: visible(path), "cannot write", ": \(errorText(errno))") }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = link.hasPrefix("/") ? link : parentFolder(of: target) + "/" + link
        }
        let folder = parentFolder(of: target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw BlurKitError(path: visible(path), "cannot write", ": folder '\(visible(folder))' does not exist")
        }
        guard (folderInfo.st_mode & S_IFMT) == S_IFDIR else {
            throw BlurKitError(path: visible(path), "cannot write", ": '\(visible(folder))' is not a folder")
        }
        if lstat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw BlurKitError(path: visible(path), "cannot write", ": it is a folder")
            default:
                throw BlurKitError(
                    path: visible(path), "cannot write",
                    ": it exists and is not a regular file (a device, pipe or socket is never replaced)")
            }
        }
        return target
    }

    /// Creates an empty temporary file (mode 0644) beside `target` and registers it for removal
    /// on SIGINT/SIGTERM; stale temporary files in that folder are removed first.
    ///
    /// - Returns: the temporary file's path.
    package static func temporaryFile(for target: String, reportedAs path: String? = nil) throws -> String {
        let folder = parentFolder(of: target)
        removeStale(in: folder, throttled: true)
        var template = Array(temporaryTemplate(for: target).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw BlurKitError(path: visible(path ?? target), "cannot write", ": \(errorText(errno))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.register(temporary)
        let mode = fchmod(fd, 0o644)
        let failure = errno
        close(fd)
        guard mode == 0 else {
            discardTemporary(temporary)
            throw BlurKitError(path: visible(path ?? target), "cannot write", ": \(errorText(failure))")
        }
        return temporary
    }

    /// `folder/.NAME.tmp-XXXXXX` for `folder/NAME`, NAME shortened (at a character boundary) so
    /// the whole name stays within NAME_MAX.
    static func temporaryTemplate(for target: String, kind: String = "tmp") -> String {
        var name = baseName(of: target)
        let room = nameMax - ".".utf8.count - ".\(kind)-XXXXXX".utf8.count
        while name.utf8.count > room { name.removeLast() }
        return parentFolder(of: target) + "/." + name + ".\(kind)-XXXXXX"
    }

    /// Renames a complete temporary file onto `target` (journalled inside a transaction).
    package static func place(_ temporary: String, at target: String, reportedAs path: String? = nil) throws {
        let shown = visible(path ?? target)
        do {
            try Journal.shared.willReplace(target, shownAs: shown)
        } catch {
            discardTemporary(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let reason = errorText(errno)
            discardTemporary(temporary)
            Journal.shared.didNotReplace(target)
            throw BlurKitError(path: shown, "cannot write", ": \(reason)")
        }
        TemporaryFiles.unregister(temporary)
    }

    /// Removes a temporary file and forgets it.
    package static func discardTemporary(_ temporary: String) {
        unlink(temporary)
        TemporaryFiles.unregister(temporary)
    }

    /// Whether `name` is one of our temporary names: `.ANY.tmp-XXXXXX` or `.ANY.old-XXXXXX`
    /// (six letters or digits, as mkstemp/mkdtemp make them).
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 12, bytes.first == UInt8(ascii: "."), name.hasPrefix(".") else { return false }
        let suffix = bytes.suffix(11)
        let tag = String(decoding: suffix.prefix(5), as: UTF8.self)
        guard tag == ".tmp-" || tag == ".old-" else { return false }
        return suffix.suffix(6).allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }

    /// Removes temporary files and folders of our naming in `folder` older than `staleAge`:
    /// what a run killed by SIGKILL (or a power cut) left behind.
    ///
    /// - Parameter throttled: sweep `folder` only if this process has not in the last minute
    ///   (every write sweeps its folder: listing it each time made n writes into one folder
    ///   take time in n², as in a lesson of 10,000 cells).
    package static func removeStale(in folder: String, throttled: Bool = false) {
        let now = time(nil)
        let due =
            !throttled
            || sweeps.withLock { swept in
                if let last = swept[folder], now - last < 60 { return false }
                if swept.count > 4096 { swept.removeAll() }
                swept[folder] = now
                return true
            }
        guard due else { return }
        guard let dir = opendir(folder) else { return }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isTemporaryName(name) else { continue }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0, info.st_uid == geteuid(), Double(now - info.st_mtim.tv_sec) > staleAge else {
                continue
            }
            stale.append(path)
        }
        closedir(dir)
        for path in stale { removeTree(path) }
    }

    /// When `removeStale` last swept each folder (seconds since 1970).
    private static let sweeps = Mutex<[String: Int]>([:])

    /// Removes a file, or a folder with everything in it (symbolic links are not followed).
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    // MARK: - All or nothing

    /// Runs `body` so that the files it writes through `AtomicFile` appear all together or not
    /// at all: when `body` throws, files it created are removed and files it replaced are
    /// restored. A path written twice in one run is refused (one output would overwrite another).
    /// Inside another transaction on the same thread, `body` simply joins it; transactions on
    /// other threads are separate.
    package static func transaction<T>(_ body: () throws -> T) throws -> T {
        guard Journal.shared.begin() else { return try body() }
        do {
            let result = try body()
            Journal.shared.commit()
            return result
        } catch {
            Journal.shared.rollBack()
            throw error
        }
    }

    /// Runs `body` as `transaction` does, and returns with its result the files it wrote (the
    /// targets renamed into place, in order), or nil for them when `body` joined a transaction
    /// already open on this thread (that one's journal holds them).
    package static func transactionListingFiles<T>(_ body: () throws -> T) throws -> (result: T, written: [String]?) {
        guard Journal.shared.begin() else { return (try body(), nil) }
        do {
            let result = try body()
            return (result, Journal.shared.commit())
        } catch {
            Journal.shared.rollBack()
            throw error
        }
    }

    /// Undoes the writes of every unfinished transaction (for a run stopped by a signal).
    static func rollBackTransaction() {
        Journal.shared.rollBackAll()
    }

    // MARK: - Names and messages

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// `text` with control characters shown as escapes, for one-line messages.
    static func visible(_ text: String) -> String { TerminalText.visible(text) }
}
