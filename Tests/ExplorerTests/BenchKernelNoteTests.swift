import Foundation
import TestSupport
import XCTest

/// `bench` names the loops that ran, and a `BLURKIT_KERNELS` it cannot honour, escaped for where
/// the table goes.
final class BenchKernelNoteTests: XCTestCase {
    func testAnUnknownKernelVariantIsNamedEscapedAndIgnored() throws {
        let asked = "x*_[a](b)\u{1B}[31m"
        for format in ["text", "markdown"] {
            let result = try BinaryRunner.run(
                [
                    "bench", "--size", "16x16", "--sigmas", "1", "--methods", "separable", "--runs", "1", "--format",
                    format
                ],
                environment: ["BLURKIT_KERNELS": asked])
            XCTAssertEqual(result.status, 0, result.standardError)
            let out = result.standardOutput
            XCTAssertTrue(out.contains("The blurs ran their"), format + ": " + out)
            XCTAssertTrue(out.contains("names no loops this CPU runs (baseline"), format + ": " + out)
            XCTAssertTrue(out.contains("so it was ignored"), format + ": " + out)
            XCTAssertFalse(out.contains("\u{1B}"), "\(format): the escape character reached the output")
            if format == "markdown" { XCTAssertFalse(out.contains("[a](b)"), "a link reached the Markdown") }
        }
    }

    func testANamedVariantTheCPURunsIsUsedWithoutANote() throws {
        let result = try BinaryRunner.run(
            ["bench", "--size", "16x16", "--sigmas", "1", "--methods", "separable", "--runs", "1"],
            environment: ["BLURKIT_KERNELS": "baseline"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("baseline Swift loops"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("ignored"), result.standardOutput)
    }
}
