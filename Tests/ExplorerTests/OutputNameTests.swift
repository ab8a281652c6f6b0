import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// One file name, one output, across a lesson's cells: every file a cell writes (its journal:
/// figures, a plot's `.dat` and `.gp`, a value grid's `.json`, a glass backdrop) is checked
/// against what earlier cells wrote, not only its figures.
final class OutputNameTests: FolderTestCase {
    func run(_ cells: [String]) throws -> LessonRunner.Outcome {
        let text =
            "---\ntitle: Names\nsummary: S.\n---\n" + cells.map { "```explorer\n\($0)\n```\n" }.joined(separator: "\n")
        let path = folder.path + "/05-names.md"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        setenv(PlotOutput.gnuplotVariable, "none", 1)
        defer { unsetenv(PlotOutput.gnuplotVariable) }
        return try LessonRunner(
            lesson: lesson, values: [:], outputRoot: folder.path + "/Output", quickTiming: true,
            invocation: "explorer lesson 05-names.md"
        ).run()
    }

    func assertRefused(_ cells: [String], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try run(cells), file: file, line: line) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "'\(name)' was already written by the cell at line 6; give each output its own name"),
                "\(error)", file: file, line: line)
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.path + "/Output/lesson-05"), "nothing is written", file: file,
            line: line)
    }

    func testAPlotsScriptAndDataAreOutputsToo() {
        assertRefused(["plot kernel -o k.png --sigma 2", "blur builtin:impulse@5x5 --radius 1 -o k.gp"], "k.gp")
        assertRefused(["plot kernel -o k.png --sigma 2", "blur builtin:impulse@5x5 --radius 1 -o k.dat"], "k.dat")
    }

    func testAValueGridsPointingDataIsAnOutputToo() {
        assertRefused(
            [
                "blur builtin:impulse@5x5 --radius 1 -o b.png --cells c.png",
                "blur builtin:impulse@5x5 --radius 1 -o c.pointing.json"
            ], "c.pointing.json")
    }

    func testAGlassBackdropIsAnOutputToo() {
        assertRefused(
            ["glass builtin:ui@96x64 -o glass.png", "blur builtin:impulse@5x5 --radius 1 -o backdrop-glass.png"],
            "backdrop-glass.png")
    }

    func testAStripsPointingDataIsAnOutputToo() {
        assertRefused(
            [
                "compare builtin:edges@64x48 --methods box --sigma 1 --no-time --strip s.png",
                "blur builtin:impulse@5x5 --radius 1 -o s.pointing.json"
            ], "s.pointing.json")
    }

    func testThePageScriptIsThePagesOwn() {
        XCTAssertThrowsError(try run(["blur builtin:impulse@5x5 --radius 1 -o pointing.js"])) { error in
            XCTAssertTrue("\(error)".contains("'pointing.js' is the page's own file"), "\(error)")
        }
    }

    func testDistinctNamesRunAndTheCellsFilesAreKnown() throws {
        let outcome = try run([
            "plot kernel -o k.png --sigma 2", "blur builtin:impulse@5x5 --radius 1 -o b.png --cells c.png"
        ])
        XCTAssertTrue(
            Set(outcome.files).isSuperset(of: ["k.png", "k.dat", "k.gp", "b.png", "c.png", "c.pointing.json"]),
            "\(outcome.files)")
    }
}
