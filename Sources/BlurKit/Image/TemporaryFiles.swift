#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// The temporary files and folders the current run has made and not yet renamed into place,
/// removed when the run is stopped by SIGINT or SIGTERM.
///
/// Signals are received through Dispatch sources (on a queue, not inside a signal handler), so
/// the clean-up may take locks and free memory; the process then exits with 128 + the signal's
/// number, as a shell reports a process killed by it. SIGKILL cannot be caught: what it leaves
/// is removed by the next run writing in the same folder (`AtomicFile.removeStale`).
public enum TemporaryFiles {
    private static let paths = Mutex<Set<String>>([])
    private static let sources = Mutex<[DispatchSourceSignal]>([])

    /// Records a temporary file or folder to remove if the run is stopped.
    public static func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    /// Forgets a temporary path (renamed into place, or already removed).
    public static func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Removes every registered temporary path and undoes an unfinished transaction.
    public static func removeAll() {
        let all = paths.withLock { set in
            defer { set.removeAll() }
            return set
        }
        for path in all { AtomicFile.removeTree(path) }
        AtomicFile.rollBackTransaction()
    }

    /// Installs the SIGINT and SIGTERM handling; call once, early in `main`.
    public static func removeOnSignals() {
        sources.withLock { list in
            guard list.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    removeAll()
                    _exit(128 + number)
                }
                source.resume()
                list.append(source)
            }
        }
    }
}
