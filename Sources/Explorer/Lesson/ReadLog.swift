import Synchronization

/// The files in a lesson's folder that a cell read (`RunContext.inputPath`), so the runner knows
/// which cells use another cell's output.
final class ReadLog: Sendable {
    private let paths = Mutex<[String]>([])

    func record(_ path: String) {
        paths.withLock { $0.append(path) }
    }

    var isEmpty: Bool { paths.withLock { $0.isEmpty } }
}
