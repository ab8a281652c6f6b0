import TestSupport
import XCTest

/// The built `explorer` binary, run as a student runs it: every lesson in `Lessons/` (as Halide
/// registers every tutorial as a test), and broken lessons that must fail with `file:line:`.
///
/// Lessons run in quick mode (`EXPLORER_QUICK=1`) so that timing cells stay short.
final class EndToEndTests: XCTestCase {
    static let packageRoot = BinaryRunner.packageRoot
    typealias Result = BinaryRunner.Result

    var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the built explorer with `arguments` in `directory`, without colour and in quick mode.
    func explorer(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        try BinaryRunner.run(arguments, in: directory ?? folder, environment: ["EXPLORER_QUICK": "1"])
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks a page folder: both pages exist, every PNG is one and every figure the page names exists.
    func checkPage(_ page: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: page.path)
        XCTAssertTrue(names.contains("README.md"), "\(page.path) has README.md", file: file, line: line)
        XCTAssertTrue(names.contains("index.html"), "\(page.path) has index.html", file: file, line: line)
        let readme = try String(contentsOf: page.appendingPathComponent("README.md"), encoding: .utf8)
        for name in names where name.hasSuffix(".png") {
            let bytes = try Data(contentsOf: page.appendingPathComponent(name))
            XCTAssertEqual(Array(bytes.prefix(8)), Self.pngSignature, "\(name) is a PNG", file: file, line: line)
        }
        let figure = try NSRegularExpression(pattern: #"!\[([^\]]*)\]\(([^)]+)\)"#)
        for match in figure.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            let alt = String(readme[Range(match.range(at: 1), in: readme)!])
            let target = String(readme[Range(match.range(at: 2), in: readme)!])
            XCTAssertFalse(alt.isEmpty, "\(target) has alt text", file: file, line: line)
            XCTAssertTrue(
                names.contains(target), "the page shows \(target), which is in its folder", file: file, line: line)
        }
    }

    // MARK: - Every lesson

    /// `explorer all` in quick mode, run once per test run into a temporary folder (removed when
    /// the tests end): its result and its output folder, which `FirstScreenBrowserTests` serves too.
    static func course() throws -> (result: Result, output: URL) {
        try ranCourse.get()
    }

    nonisolated(unsafe) private static let ranCourse = Swift.Result { () throws -> (result: Result, output: URL) in
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        atexit {
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent("course-tests-\(getpid())"))
        }
        let output = root.appendingPathComponent("Output")
        let result = try BinaryRunner.run(
            ["all", "--output", output.path], in: packageRoot, environment: ["EXPLORER_QUICK": "1"])
        return (result, output)
    }

    func testEveryLessonRunsAndWritesItsPage() throws {
        let lessons = Self.packageRoot.appendingPathComponent("Lessons")
        let files = try FileManager.default.contentsOfDirectory(atPath: lessons.path)
            .filter { $0.hasSuffix(".md") && $0.first?.isNumber == true }.sorted()
        XCTAssertFalse(files.isEmpty, "Lessons/ holds lessons")
        let (result, output) = try Self.course()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("lesson ") }.count, files.count,
            "one line per lesson:\n\(result.standardOutput)")
        XCTAssertTrue(
            lines.last { $0.hasPrefix("lesson ") }.map { lines.firstIndex(of: $0)! + 1 }.map {
                lines[$0].hasPrefix("Wrote \(files.count) of \(files.count) lesson pages")
            } ?? false,
            "a summary after the lessons:\n\(result.standardOutput)")
        XCTAssertEqual(lines.filter { $0.count > 80 }, [], "every line fits 80 columns")
        for name in files {
            let number = Int(name.prefix(while: \.isNumber))!
            let page = output.appendingPathComponent("lesson-\(number < 10 ? "0" : "")\(number)")
            try checkPage(page)
        }
    }

    func testLessonOneWalksThroughInTheTerminal() throws {
        let output = folder.appendingPathComponent("Output")
        let result = try explorer(["lesson", "1", "--output", output.path], in: Self.packageRoot)
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = result.standardOutput
        XCTAssertTrue(text.hasPrefix("Averaging\n"), text)
        XCTAssertTrue(
            text.contains(
                "\n$ explorer blur builtin:impulse@9x9 -o impulse-box-r1.png --method box \\\n    --radius 1 --cells impulse-box-r1-cells.png\n"
            ), text)
        // A path longer than a line is cut at the width; joined again it is whole.
        XCTAssertTrue(
            text.replacingOccurrences(of: "figure\n", with: "figure ").replacingOccurrences(of: "\n", with: "")
                .contains("figure \(output.path)/lesson-01/impulse-box-r1-cells.png"), text)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.count > 80 }, [], "every line fits 80 columns")
        XCTAssertTrue(
            text.replacingOccurrences(of: "\n", with: " ").contains(
                " Wrote \(output.path)/lesson-01/: README.md, index.html, "), text)
        XCTAssertFalse(text.contains("\u{1B}"), "no colour with NO_COLOR or without a terminal")
        // Prose is wrapped to 80 columns when standard output is not a terminal.
        let prose = text.split(separator: "\n").filter {
            !$0.hasPrefix("$ ") && !$0.contains("  ") && !$0.hasPrefix("figure ") && !$0.hasPrefix("Wrote ")
        }
        XCTAssertEqual(prose.filter { $0.count > 80 }, [])
        try checkPage(output.appendingPathComponent("lesson-01"))
    }

    func testFormatMarkdownPrintsThePageAndSetChangesIt() throws {
        let output = folder.appendingPathComponent("Output")
        let result = try explorer(
            ["lesson", "averaging", "--output", output.path, "--format", "markdown", "--set", "radius=4"],
            in: Self.packageRoot)
        XCTAssertEqual(result.status, 0, result.standardError)
        let readme = try String(contentsOf: output.appendingPathComponent("lesson-01/README.md"), encoding: .utf8)
        XCTAssertEqual(result.standardOutput, readme)
        XCTAssertTrue(readme.contains("$ explorer blur builtin:edges -o edges-box-r4.png --method box --radius 4"))
        XCTAssertTrue(result.standardError.hasPrefix("Wrote "), result.standardError)
    }

    func testListShowsEveryLesson() throws {
        let result = try explorer(["list", "--format", "json"], in: Self.packageRoot)
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.first?["number"] as? Int, 1)
        XCTAssertEqual(rows.first?["slug"] as? String, "averaging")
        XCTAssertEqual(rows.first?["title"] as? String, "Averaging")
    }

    // MARK: - Broken lessons

    static let goodLesson = """
        ---
        title: Good
        summary: A lesson that works.
        parameters:
          radius: 1
        ---
        Prose.

        ```explorer
        blur builtin:impulse@9x9 -o impulse.png --method box --radius {{radius}}
        ```
        """

    typealias Broken = (what: String, text: String, arguments: [String], expected: String, status: Int32)

    /// Runs the good lesson once, then each broken version: each must fail with one line naming
    /// the file and line, and leave the first page as it was with no staging folder behind.
    func checkBrokenLessons(_ cases: [Broken], file: StaticString = #filePath, line: UInt = #line) throws {
        let lessons = folder.appendingPathComponent("Lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        let lessonFile = lessons.appendingPathComponent("01-good.md")
        try Self.goodLesson.write(to: lessonFile, atomically: true, encoding: .utf8)
        let first = try explorer(["lesson", "1", "--quiet"])
        XCTAssertEqual(first.status, 0, first.standardError, file: file, line: line)
        let page = folder.appendingPathComponent("Output/lesson-01/README.md")
        let before = try String(contentsOf: page, encoding: .utf8)
        for broken in cases {
            try broken.text.write(to: lessonFile, atomically: true, encoding: .utf8)
            let result = try explorer(["lesson", "1", "--quiet"] + broken.arguments)
            XCTAssertEqual(result.status, broken.status, broken.what, file: file, line: line)
            XCTAssertTrue(
                result.standardError.hasPrefix(broken.expected), "\(broken.what): \(result.standardError)", file: file,
                line: line)
            XCTAssertEqual(
                result.standardError.split(separator: "\n").count, 1, "one line: \(result.standardError)", file: file,
                line: line)
            XCTAssertEqual(
                try String(contentsOf: page, encoding: .utf8), before, "\(broken.what) keeps the previous page",
                file: file, line: line)
            let hidden = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("Output").path
            ).filter { $0.hasPrefix(".") }
            XCTAssertEqual(hidden, [], "\(broken.what) leaves no staging folder", file: file, line: line)
        }
    }

    static let cell = "blur builtin:impulse@9x9 -o impulse.png --method box --radius {{radius}}"

    func testBrokenCellsFailWithFileAndLineAndKeepThePreviousPage() throws {
        let good = Self.goodLesson
        try checkBrokenLessons([
            (
                "unknown command", good.replacingOccurrences(of: Self.cell, with: "frobnicate"), [],
                "Lessons/01-good.md:10: unknown command 'frobnicate'", 1
            ),
            (
                "bad option", good.replacingOccurrences(of: "--radius {{radius}}", with: "--radius 1 --sigmah 2"), [],
                "Lessons/01-good.md:10: Unknown option '--sigmah'", 1
            ),
            (
                "missing parameter", good.replacingOccurrences(of: "{{radius}}", with: "{{sigma}}"), [],
                "Lessons/01-good.md:10: unknown parameter {{sigma}}", 1
            ),
            (
                "failing cell", good.replacingOccurrences(of: "builtin:impulse@9x9", with: "missing.png"), [],
                "Lessons/01-good.md:10: cannot read 'missing.png'", 1
            )
        ])
    }

    func testBrokenLessonsAndUnknownNamesFailWithTheirPlace() throws {
        let good = Self.goodLesson
        try checkBrokenLessons([
            (
                "undeclared --set", good, ["--set", "sigma=3"],
                "Lessons/01-good.md:4: --set sigma=3: this lesson has no parameter 'sigma'", 64
            ),
            (
                "bad front matter", good.replacingOccurrences(of: "summary:", with: "summry:"), [],
                "Lessons/01-good.md:3: unknown front matter key 'summry'", 1
            )
        ])
        let unknown = try explorer(["lesson", "7"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.standardError, "Lessons: no lesson number 7; the lessons are 1 (good)\n")
        let noFolder = try explorer(["list", "--lessons", "nowhere"])
        XCTAssertEqual(noFolder.status, 64)
        XCTAssertTrue(noFolder.standardError.hasPrefix("nowhere: no such lessons folder"), noFolder.standardError)
    }

    func testAllReportsAFailedLessonAndRunsTheOthers() throws {
        let lessons = folder.appendingPathComponent("Lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Self.goodLesson.write(to: lessons.appendingPathComponent("01-good.md"), atomically: true, encoding: .utf8)
        try Self.goodLesson.replacingOccurrences(of: "--radius", with: "--radious")
            .write(to: lessons.appendingPathComponent("02-bad.md"), atomically: true, encoding: .utf8)
        let result = try explorer(["all"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.hasPrefix("Lessons/02-bad.md:10: "), result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains("lesson 02  bad  failed (previous page kept)"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("Wrote 1 of 2 lesson pages into Output/"), result.standardOutput)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/lesson-01/index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/lesson-02").path))
    }
}
