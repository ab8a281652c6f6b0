import Foundation
import TestSupport
import XCTest

/// The README stays true as the course grows: its table of lessons is what `explorer list` prints.
final class ReadmeTests: XCTestCase {
    /// The lines of README.md's lesson table are those of `explorer list --format markdown`, run in
    /// the package's folder (so it reads `Lessons/`), in the same order.
    func testTheLessonTableIsWhatExplorerListPrints() throws {
        let result = try BinaryRunner.run(["list", "--format", "markdown"], in: BinaryRunner.packageRoot)
        XCTAssertEqual(result.status, 0, result.standardError)
        let printed = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(printed.count, 2, result.standardOutput)
        let readme = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: printed[0]) else {
            return XCTFail("README.md has no table headed \(printed[0]); paste `explorer list --format markdown` there")
        }
        let table = Array(lines[start...].prefix { $0.hasPrefix("|") })
        XCTAssertEqual(
            table, printed,
            "README.md's lessons differ from `swift run explorer list --format markdown`; paste its output there")
    }
}
