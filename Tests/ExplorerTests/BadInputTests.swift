import Foundation
import XCTest
import TestSupport

/// Every bad input gets one clear line on standard error, a non-zero exit, and no output file.
final class BadInputTests: FolderTestCase {
    var fixtures: String { BinaryRunner.packageRoot.appendingPathComponent("Tests/BlurKitTests/Fixtures").path }

    /// Runs a blur of `input` into the temporary folder and checks the failure.
    func assertBlurFails(_ input: String, extra: [String] = [], output: String? = nil, status: Int32 = 1,
                         says message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = output ?? folder.appendingPathComponent("out.png").path
        let result = try BinaryRunner.run(["blur", input, "-o", out, "--method", "box", "--radius", "1"] + extra)
        XCTAssertEqual(result.status, status, result.standardError, file: file, line: line)
        XCTAssertTrue(result.standardError.contains(message), "stderr: \(result.standardError)", file: file, line: line)
        XCTAssertTrue(result.standardOutput.isEmpty, "stdout: \(result.standardOutput)", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written", file: file, line: line)
    }

    /// A misspelt command or subcommand is named, with the ones that exist, in one line.
    func testUnknownCommandAndSubcommand() throws {
        for (words, message) in [(["blurr", "x.png"], "unknown command 'blurr'; the commands are lesson, list"),
                                 (["plot", "kernal", "--sigma", "2"], "unknown command 'plot kernal'; the commands are kernel, ")] {
            let result = try BinaryRunner.run(words)
            XCTAssertEqual(result.status, 64, result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
    }

    func testMissingFile() throws {
        try assertBlurFails(folder.appendingPathComponent("missing.png").path, says: "no such file or directory")
    }

    func testDirectory() throws {
        try assertBlurFails(fixtures, says: "it is a folder, not a PNG file")
    }

    func testNotAPNG() throws {
        try assertBlurFails(fixtures + "/bad/not-a-png.png", says: "is not a PNG file")
    }

    func testTruncated() throws {
        try assertBlurFails(fixtures + "/bad/truncated.png", says: "is truncated")
    }

    func testBadCRC() throws {
        try assertBlurFails(fixtures + "/bad/bad-crc.png", says: "bad CRC")
    }

    func testAbsurdDimensionsAreRefusedBeforeAllocating() throws {
        try assertBlurFails(fixtures + "/bad/huge.png", says: "40000000000 pixels, above the limit of 100000000")
    }

    func testMaxPixelsOverride() throws {
        try assertBlurFails(fixtures + "/rgb8.png", extra: ["--max-pixels", "10"], says: "above the limit of 10 (raise it with --max-pixels)")
    }

    func testOutputInAMissingFolder() throws {
        try assertBlurFails(fixtures + "/rgb8.png", output: folder.appendingPathComponent("no/such/folder/out.png").path,
                            says: "does not exist")
    }

    func testOutputInAReadOnlyPlace() throws {
        // Root may write into a chmod 555 folder, so as root use /proc, which nobody can write.
        let readOnly: String
        if geteuid() == 0 {
            readOnly = "/proc/blur-explorer-out.png"
        } else {
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            readOnly = locked.appendingPathComponent("out.png").path
        }
        let result = try BinaryRunner.run(["blur", fixtures + "/rgb8.png", "-o", readOnly, "--radius", "1"])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("cannot write"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: readOnly))
    }

    func testUsageErrorsExitWith64() throws {
        try assertBlurFails(fixtures + "/rgb8.png", extra: ["--edges", "sideways"], status: 64, says: "sideways")
        try assertBlurFails(fixtures + "/rgb8.png", extra: ["--radius=-3"], status: 64, says: "--radius must be 0 or more, got -3")
    }

    func testErrorsAreOneLine() throws {
        let result = try BinaryRunner.run(["info", fixtures + "/bad/truncated.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
    }

    func testSuccessfulBlurWritesAPNGRecordingItsCommand() throws {
        let out = folder.appendingPathComponent("ok.png").path
        let result = try BinaryRunner.run(["blur", "builtin:checker@32x32", "-o", out, "--radius", "2"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let info = try BinaryRunner.run(["info", out])
        XCTAssertTrue(info.standardOutput.contains("explorer blur builtin:checker@32x32 -o"), info.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["ok.png"])
    }
}
