#if canImport(Glibc)
import Glibc
#endif
import BlurKit
import Dispatch
import Synchronization

/// Removes the run's temporary files (`TemporaryFiles`) when the process is stopped by SIGINT or
/// SIGTERM.
///
/// Signals are received through Dispatch sources (on a serial queue, not inside a signal handler), so
/// the clean-up may take locks and free memory; the process then exits with 128 + the signal's
/// number, as a shell reports a process killed by it.
enum SignalCleanup {
    private static let sources = Mutex<[DispatchSourceSignal]>([])

    /// Installs the SIGINT and SIGTERM handling; call once, early in `main`.
    static func install() {
        sources.withLock { list in
            guard list.isEmpty else { return }
            // One serial queue for both: a SIGTERM that follows a SIGINT (a lesson server that
            // is stopped by its front while Ctrl-C reaches it too) waits for the first clean-up,
            // which ends the process, instead of ending it halfway through the removal.
            let queue = DispatchQueue(label: "SignalCleanup")
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    TemporaryFiles.removeAll()
                    _exit(128 + number)
                }
                source.resume()
                list.append(source)
            }
        }
    }
}
