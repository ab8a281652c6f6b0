import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-line note on standard error saying what a long command is doing, which erases itself.
///
/// The line appears only once the work has taken `delay` seconds (short commands never show it),
/// is redrawn a few times a second with the current stage and the seconds elapsed, and is erased
/// (`\r` and "erase line") when the command finishes or prints a line of its own through
/// `print(_:)`. It is shown only when standard error is a terminal (`isatty`) and the user did
/// not ask for `--quiet`; in pipes, files, lesson cells and tests nothing is written.
final class ProgressLine: @unchecked Sendable {
    /// Seconds of work before the line first appears.
    static let delay = 1.0
    /// Characters the line is cut to, so it never wraps on an 80-column terminal.
    static let maximumLength = 78

    private let lock = NSLock()
    private let start = DispatchTime.now()
    private var stage = ""
    private var shown = false
    private var finished = false
    private let timer: DispatchSourceTimer

    private init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + Self.delay, repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// A progress line for a command typed in a terminal, or nil when standard error is not a
    /// terminal or `quiet` is set.
    static func onTerminal(quiet: Bool) -> ProgressLine? {
        guard !quiet, isatty(STDERR_FILENO) != 0, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressLine()
    }

    /// Sets what the command is doing now (for example "writing PNG").
    func stage(_ text: String) {
        lock.withLock { stage = text }
    }

    /// Prints a line on standard output with the progress line out of its way.
    func print(_ line: String) {
        lock.withLock {
            erase()
            Swift.print(line)
            fflush(nil)
        }
    }

    /// Stops the line and erases it.
    func finish() {
        lock.withLock {
            finished = true
            timer.cancel()
            erase()
        }
    }

    private func draw() {
        lock.withLock {
            guard !finished else { return }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            let text = String("\(stage) … \(String(format: "%.1f", seconds)) s".prefix(Self.maximumLength))
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
            shown = true
        }
    }

    /// Erases the line if it is shown; the caller holds the lock.
    private func erase() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
