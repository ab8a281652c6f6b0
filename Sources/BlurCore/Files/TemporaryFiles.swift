import Synchronization

/// The temporary files and folders the current run has made and not yet renamed into place,
/// for a program to remove when it is stopped (`removeAll`, which the explorer calls on SIGINT
/// and SIGTERM). SIGKILL cannot be caught: what it leaves is removed by the next run writing in
/// the same folder (`AtomicFile.removeStale`).
package enum TemporaryFiles {
    private static let paths = Mutex<Set<String>>([])

    /// Records a temporary file or folder to remove if the run is stopped.
    package static func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    /// Forgets a temporary path (renamed into place, or already removed).
    package static func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Removes every registered temporary path and undoes an unfinished transaction.
    package static func removeAll() {
        let all = paths.withLock { set in
            defer { set.removeAll() }
            return set
        }
        for path in all { AtomicFile.removeTree(path) }
        AtomicFile.rollBackTransaction()
    }
}
