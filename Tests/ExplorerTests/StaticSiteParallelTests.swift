import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `explorer export --jobs 2` bakes the pages `--jobs 1` bakes, every timing cell alone: figures
/// and every other file byte for byte the same, text differing only in the timing cells' numbers;
/// and the gate never lets a timing cell run beside another cell.
final class StaticSiteParallelTests: FolderTestCase {
    /// Two numbers and a menu, a cell reading σ and the menu (a pair of combinations), figures
    /// that change with each, and a timing cell whose table changes with both.
    static let lesson = """
        ---
        title: Parallel
        summary: A lesson with a pair, figures and a timing cell.
        parameters:
          sigma:
            kind: number
            default: 2
            range: [1, 3]
            meaning: the blur's σ
          radius:
            kind: integer
            default: 2
            range: [1, 4]
            meaning: the box's radius
          method:
            kind: choice
            default: box
            choices: [box, gaussian2d, separable]
            meaning: a method
        ---
        σ is {{sigma}}.

        ```explorer caption="The σ alone."
        blur builtin:checker --sigma {{sigma}} --method {{method}} -o blurred.png
        ```

        ```explorer caption="The radius alone."
        blur builtin:edges --method box --radius {{radius}} -o box.png
        ```

        ```explorer caption="Timed."
        bench --size 32x32 --sigmas {{sigma}} --methods {{method}}
        ```
        """

    /// Masks every number in `text` (a timing's, or any other: a figure encodes the others).
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9][0-9.,e+-–]*", with: "#", options: .regularExpression)
    }

    func testTwoWorkersBakeWhatOneBakes() throws {
        try XCTSkipIf(ProcessInfo.processInfo.activeProcessorCount < 2, "--jobs 2 needs two cores")
        let lessons = folder.path + "/L"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        try Self.lesson.write(toFile: lessons + "/01-parallel.md", atomically: true, encoding: .utf8)
        for jobs in ["1", "2"] {
            let result = try explorer(
                ["export", "--lessons", "L", "--output", "site" + jobs, "--steps", "3", "--jobs", jobs])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(result.standardOutput.contains("method × sigma, 4 states"), result.standardOutput)
        }
        let one = folder.path + "/site1", two = folder.path + "/site2"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: one)).sorted()
        XCTAssertEqual(files, try FileManager.default.subpathsOfDirectory(atPath: two).sorted())
        XCTAssertGreaterThan(files.filter { $0.hasSuffix("/state.html") }.count, 10, "\(files)")
        var differing: [String] = []
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: one + "/" + file, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let a = try Data(contentsOf: URL(fileURLWithPath: one + "/" + file))
            let b = try Data(contentsOf: URL(fileURLWithPath: two + "/" + file))
            guard a != b else { continue }
            differing.append(file)
            // Only text may differ, and only in its numbers: the timing table's.
            let textA = try XCTUnwrap(String(data: a, encoding: .utf8), file)
            let textB = try XCTUnwrap(String(data: b, encoding: .utf8), file)
            XCTAssertEqual(Self.masked(textA), Self.masked(textB), file)
        }
        // The figures, the pair's states and the pages' shape are the same byte for byte.
        XCTAssertFalse(differing.contains { $0.hasSuffix(".png") }, "\(differing)")
        XCTAssertTrue(files.contains { $0.hasSuffix("blurred.png") && $0.contains("method_sigma") }, "\(files)")
    }

    /// Cells running now, timed or not, and how often a timed one had company.
    final class Busy: @unchecked Sendable {
        private let lock = NSLock()
        private var untimed = 0, timed = 0
        private(set) var overlaps = 0, timings = 0

        func cell(timed isTimed: Bool) {
            lock.lock()
            if isTimed { timed += 1; timings += 1 } else { untimed += 1 }
            if timed > 1 || (timed == 1 && untimed > 0) { overlaps += 1 }
            lock.unlock()
            usleep(2_000)
            lock.lock()
            if isTimed { timed -= 1 } else { untimed -= 1 }
            lock.unlock()
        }
    }

    func testATimingCellRunsBesideNoOtherCell() {
        let gate = TimingGate()
        let busy = Busy()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for state in 0..<20 {
                _ = gate.shared {
                    for index in 0..<4 {
                        if (index + state + worker) % 3 == 0 {
                            gate.alone { busy.cell(timed: true) }
                        } else {
                            gate.checkpoint()
                            busy.cell(timed: false)
                        }
                    }
                }
            }
        }
        XCTAssertEqual(busy.overlaps, 0)
        XCTAssertGreaterThan(busy.timings, 40)
    }
}
