/// A problem in a lesson, reported like a compiler error: `Lessons/03-exact-gaussian.md:27: what is wrong`.
///
/// A lesson is source code, so its errors point into it. `line` is nil when the problem is not on
/// one line (a missing file, an unknown lesson number).
package struct LessonError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The lesson file (or the lessons folder) the problem is in.
    package var path: String
    package var line: Int?
    package var message: String
    /// 64 for a usage error (what was typed: an unknown lesson, an undeclared `--set`), 1 for a
    /// problem in the lesson or a failure while running it.
    package var exitCode: Int32 = 1

    package init(_ path: String, line: Int?, _ message: String, exitCode: Int32 = 1) {
        self.path = path
        self.line = line
        self.message = message
        self.exitCode = exitCode
    }

    package var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}
