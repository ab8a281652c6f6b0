import BlurKit
import Foundation
import XCTest
@testable import ExplorerCLI
import TestSupport

/// Hostile and unlucky input run through the built binary, as a user would meet it: outputs that
/// are devices or links, inputs that are pipes, names with newlines, runs that fail half-way,
/// control characters in a file's text, and temporary files left by killed runs.
final class HostileInputTests: XCTestCase {
    var folder: URL!
    var path: String { folder.path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func assertFails(_ arguments: [String], status: Int32 = 1, says message: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try BinaryRunner.run(arguments)
        XCTAssertEqual(result.status, status, result.standardError, file: file, line: line)
        XCTAssertTrue(result.standardError.contains(message), "stderr: \(result.standardError)", file: file, line: line)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, "one line: \(result.standardError)", file: file, line: line)
    }

    func testADeviceAtTheOutputPathIsRefusedAndKept() throws {
        try assertFails(["blur", "builtin:checker@8x8", "-o", "/dev/null", "--radius", "1"], says: "is not a regular file")
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")
    }

    func testASymbolicLinkIsWrittenThroughToItsTarget() throws {
        try FileManager.default.createDirectory(atPath: path + "/real", withIntermediateDirectories: false)
        try "old".write(toFile: path + "/real/out.png", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path + "/link.png", withDestinationPath: "real/out.png")
        let result = try BinaryRunner.run(["blur", "builtin:checker@8x8", "-o", path + "/link.png", "--radius", "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/link.png"), "real/out.png", "the link stays")
        XCTAssertEqual(try PNGInfo.read(path + "/real/out.png").width, 8, "its target holds the PNG")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path + "/real"), ["out.png"], "no temporary file left")
    }

    func testANamedPipeAsInputIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(path + "/pipe.png", 0o644), 0)
        try assertFails(["blur", path + "/pipe.png", "-o", path + "/out.png", "--radius", "1"], says: "is not a regular file")
        try assertFails(["info", path + "/pipe.png"], says: "is not a regular file")
    }

    func testANewlineInAFileNameStaysOnTheErrorLine() throws {
        try assertFails(["blur", path + "/two\nlines.png", "-o", path + "/out.png", "--radius", "1"],
                        says: "two\\nlines.png': no such file or directory")
    }

    func testStripEqualToOutputIsRefusedAndWritesNothing() throws {
        try assertFails(["blur", "builtin:checker@8x8", "-o", path + "/a.png", "--radius", "1", "--strip", path + "/./a.png"],
                        says: "is named twice as an output")
        XCTAssertEqual(try files(), [])
    }

    func testAFailedStripLeavesNoOutputAndKeepsTheOldOne() throws {
        try assertFails(["blur", "builtin:checker@8x8", "-o", path + "/out.png", "--radius", "1", "--strip", path + "/no/strip.png"],
                        says: "does not exist")
        XCTAssertEqual(try files(), [], "the -o file is not left behind")
        try "previous".write(toFile: path + "/out.png", atomically: false, encoding: .utf8)
        try assertFails(["blur", "builtin:checker@8x8", "-o", path + "/out.png", "--radius", "1", "--strip", path + "/no/strip.png"],
                        says: "does not exist")
        XCTAssertEqual(try String(contentsOfFile: path + "/out.png", encoding: .utf8), "previous", "the previous file is restored")
        XCTAssertEqual(try files(), ["out.png"])
    }

    func testAFailedPlotLeavesNoDataFile() throws {
        try FileManager.default.createDirectory(atPath: path + "/k.png", withIntermediateDirectories: false)
        for plotter in ["none", ""] {
            let result = try BinaryRunner.run(["plot", "kernel", "--sigma", "2", "-o", path + "/k.png"],
                                              environment: plotter.isEmpty ? [:] : ["EXPLORER_GNUPLOT": plotter])
            XCTAssertEqual(result.status, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains("it is a folder"), result.standardError)
            XCTAssertEqual(try files(), ["k.png"], "no .dat or .gp is left")
        }
    }

    func testInfoShowsControlCharactersInATextChunkVisibly() throws {
        try PNG.write(RGBAImage(width: 1, height: 1), to: path + "/tricky.png",
                      command: "explorer blur\u{1B}[2J\u{07}\rfake\nError: nothing")
        let result = try BinaryRunner.run(["info", path + "/tricky.png"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardOutput.contains("\u{1B}"), "no raw ESC")
        XCTAssertFalse(result.standardOutput.contains("\u{07}"), "no raw BEL")
        XCTAssertFalse(result.standardOutput.contains("\r"), "no raw CR")
        XCTAssertTrue(result.standardOutput.contains(#"explorer blur\e[2J\u{7}\rfake\nError: nothing"#), result.standardOutput)
    }

    func testLongOutputNamesGetTemporaryNamesWithinNameMax() throws {
        let name = String(repeating: "é", count: 125) + ".png"  // 254 bytes: at NAME_MAX
        let result = try BinaryRunner.run(["blur", "builtin:checker@8x8", "-o", path + "/" + name, "--radius", "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try files(), [name])
    }

    func testStaleTemporaryFilesOfOurNamingAreRemovedByTheNextRun() throws {
        let stale = [".out.png.tmp-Ab12Cd", ".lesson-03.tmp-x1y2z3"]
        let fresh = ".other.png.tmp-Zz99Yy"
        try "partial".write(toFile: path + "/" + stale[0], atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path + "/" + stale[1] + "/inner", withIntermediateDirectories: true)
        try "partial".write(toFile: path + "/" + fresh, atomically: false, encoding: .utf8)
        try "not ours".write(toFile: path + "/.notes.tmp", atomically: false, encoding: .utf8)
        let old = Date(timeIntervalSinceNow: -3600)
        for name in stale { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path + "/" + name) }
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path + "/.notes.tmp")
        let result = try BinaryRunner.run(["blur", "builtin:checker@8x8", "-o", path + "/out.png", "--radius", "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try files(), [".notes.tmp", fresh, "out.png"])
    }

    func testSIGTERMRemovesTheLessonsStagingFolder() throws {
        let lesson = path + "/01-slow.md"
        try """
        ---
        title: Slow
        summary: A lesson that takes a while.
        ---
        ```explorer
        blur builtin:checker@16x16 -o first.png --radius 1
        ```

        ```explorer
        bench --size 512x512 --sigmas 1,2,3,4,5,6,7,8 --runs 25
        ```
        """.write(toFile: lesson, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["lesson", lesson, "--output", path + "/Output"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (without a timed assertion) until the staging folder holds the first figure.
        var staged = false
        for _ in 0..<600 where !staged {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/Output")) ?? []
            staged = names.contains { name in
                ((try? FileManager.default.contentsOfDirectory(atPath: path + "/Output/" + name)) ?? []).contains("first.png")
            }
            if !staged { usleep(50_000) }
        }
        process.terminate()
        process.waitUntilExit()
        XCTAssertTrue(staged, "the lesson started")
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path + "/Output"), [], "no staging folder is left")
    }

    func testNegativeNumbersReachTheRangeCheck() throws {
        try assertFails(["blur", "builtin:checker@8x8", "-o", path + "/out.png", "--sigma", "-2"], status: 64,
                        says: "--sigma must be a finite number greater than 0, got -2.0")
        try assertFails(["kernel", "--sigma", "-0.5"], status: 64, says: "--sigma must be a finite number greater than 0, got -0.5")
        try assertFails(["bench", "--sigmas", "-1,2"], status: 64, says: "--sigmas must be a finite number greater than 0, got -1.0")
        XCTAssertEqual(NegativeNumbers.attached(["kernel", "--sigma", "-2", "-o", "x", "--", "--a", "-1"]),
                       ["kernel", "--sigma=-2", "-o", "x", "--", "--a", "-1"])
    }

    func testAnEmptyMethodListIsAUsageError() throws {
        try assertFails(["bench", "--methods", ""], status: 64, says: "--methods names no method")
        try assertFails(["compare", "builtin:checker@8x8", "--sigma", "1", "--methods", ","], status: 64, says: "--methods names no method")
    }

    func testLessonsThatAreNotUTF8FilesGetAClearLine() throws {
        try assertFails(["lesson", path], says: "\(path): cannot read the lesson: it is a folder, not a lesson file")
        var bytes = Array("---\ntitle: T\nsummary: S\n---\nHello ".utf8) + [0xFF, 0xFE] + Array(" world\n".utf8)
        try Data(bytes).write(to: folder.appendingPathComponent("01-latin.md"))
        try assertFails(["lesson", path + "/01-latin.md"], says: "01-latin.md:5: column 7: byte 0xFF is not UTF-8")
        bytes = [0xFF, 0xFE] + Array("---".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(bytes).write(to: folder.appendingPathComponent("02-wide.md"))
        try assertFails(["lesson", path + "/02-wide.md"], says: "02-wide.md:1: the file is UTF-16 text; lessons are UTF-8")
    }
}
