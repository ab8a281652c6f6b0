import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files one run has replaced or created inside `AtomicFile.transaction`, to undo them.
final class Journal: Sendable {
    static let shared = Journal()

    struct Entry {
        var target: String
        /// A hard link to the file the run replaced, or nil when the run created the file.
        var backup: String?
    }

    /// Each thread's open journal, keyed by the thread: a lesson's cells may run on two threads at
    /// once, and `explorer serve` runs several lessons at once, each its own transaction.
    private let state = Mutex<[UInt: [Entry]]>([:])

    private static var thread: UInt { UInt(pthread_self()) }

    /// Starts a journal on this thread; false when one is already running here.
    func begin() -> Bool {
        let key = Journal.thread
        return state.withLock { journals in
            guard journals[key] == nil else { return false }
            journals[key] = []
            return true
        }
    }

    func willReplace(_ target: String, shownAs shown: String) throws {
        let key = Journal.thread
        try state.withLock { journals in
            guard let entries = journals[key] else { return }
            let canonical = Journal.canonical(target)
            if entries.contains(where: { Journal.canonical($0.target) == canonical }) {
                throw BlurKitError(
                    "'\(shown)' is named twice as an output of this run; give each output its own file name")
            }
            var backup: String?
            var info = stat()
            if lstat(target, &info) == 0 {
                var template = Array(AtomicFile.temporaryTemplate(for: target, kind: "old").utf8CString)
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                if fd >= 0 {
                    close(fd)
                    let name = String(
                        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    unlink(name)
                    if link(target, name) == 0 {
                        backup = name
                        TemporaryFiles.register(name)
                    }
                }
            }
            journals[key]!.append(Entry(target: target, backup: backup))
        }
    }

    func didNotReplace(_ target: String) {
        let key = Journal.thread
        state.withLock { journals in
            guard let index = journals[key]?.lastIndex(where: { $0.target == target }) else { return }
            if let backup = journals[key]![index].backup {
                unlink(backup)
                TemporaryFiles.unregister(backup)
            }
            journals[key]!.remove(at: index)
        }
    }

    /// Ends this thread's journal, keeping what it wrote; returns the files it wrote.
    @discardableResult
    func commit() -> [String] {
        let key = Journal.thread
        let done = state.withLock { $0.removeValue(forKey: key) ?? [] }
        for entry in done {
            if let backup = entry.backup {
                unlink(backup)
                TemporaryFiles.unregister(backup)
            }
        }
        return done.map(\.target)
    }

    /// Ends this thread's journal, undoing what it wrote.
    func rollBack() {
        let key = Journal.thread
        Journal.undo(state.withLock { $0.removeValue(forKey: key) ?? [] })
    }

    /// Undoes every thread's journal (a run stopped by a signal, from the signal's thread).
    func rollBackAll() {
        let all = state.withLock { journals in
            defer { journals.removeAll() }
            return Array(journals.values)
        }
        for entries in all { Journal.undo(entries) }
    }

    private static func undo(_ entries: [Entry]) {
        for entry in entries.reversed() {
            if let backup = entry.backup {
                rename(backup, entry.target)
                TemporaryFiles.unregister(backup)
            } else {
                unlink(entry.target)
            }
        }
    }

    /// An absolute, dot-free spelling of a path, so `a.png` and `./a.png` compare equal.
    static func canonical(_ path: String) -> String {
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let parent = AtomicFile.parentFolder(of: path)
        guard realpath(parent, &folder) != nil else { return path }
        let resolved = String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return resolved + "/" + AtomicFile.baseName(of: path)
    }
}
