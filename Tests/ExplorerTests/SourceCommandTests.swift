import XCTest
@testable import ExplorerCLI

final class SourceCommandTests: XCTestCase {
    func testRegionsAreReadFromMarkedSourceFiles() throws {
        let text = """
        func f() {
            // lesson-code: demo
            for i in 0..<3 {
                print(i)
            }
            // end lesson-code
        }
        """
        let regions = try SourceCommand.regions(in: [(path: "Sources/BlurCore/Demo.swift", text: text)])
        XCTAssertEqual(regions, [SourceCommand.Region(name: "demo", file: "Sources/BlurCore/Demo.swift", firstLine: 3,
                                                      lines: ["    for i in 0..<3 {", "        print(i)", "    }"])])
    }

    /// Each of the five methods has a reference loop and a fast loop; `source NAME` prints the
    /// reference first, then the fast loop with the sentence on what the schedule changed.
    func testEveryMethodShowsItsReferenceLoopBeforeItsFastLoop() throws {
        let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)
        for name in ["box", "gaussian2d", "separable", "iterated-box", "downsampled"] {
            let command = try XCTUnwrap(try Explorer.parseAsRoot(["source", name]) as? SourceCommand)
            let report = try command.makeReport(context)
            guard report.blocks.count == 4, case .text(let first) = report.blocks[0], case .text(let second) = report.blocks[2],
                  case .preformatted(let reference) = report.blocks[1], case .preformatted(let fast) = report.blocks[3] else {
                return XCTFail("\(name): expected reference and fast listings, got \(report.blocks)")
            }
            XCTAssertTrue(first.hasPrefix("The algorithm") && first.contains("ReferenceBlur.swift"), first)
            XCTAssertTrue(reference.contains("for y in 0..<"), "\(name) reference:\n\(reference)")
            XCTAssertFalse(reference.contains("SIMD") || reference.contains("Pointer"), "\(name) reference:\n\(reference)")
            XCTAssertTrue(second.hasPrefix("The same arithmetic, scheduled for the machine"), second)
            XCTAssertNotNil(SourceCommand.scheduleNote(name), name)
            XCTAssertFalse(fast.isEmpty)
            let only = try XCTUnwrap(try Explorer.parseAsRoot(["source", name, "--show", "reference"]) as? SourceCommand)
            XCTAssertEqual(try only.makeReport(context).blocks.count, 2)
        }
    }
}
