import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// A `--set` value is data wherever it goes: one word of its cell's command (never more words
/// or options), text in the page (never markup), one printable line in the terminal and on
/// standard error. And one output name has one owner.
final class ParameterInjectionTests: FolderTestCase {
    static let lesson = """
        ---
        title: Injection
        summary: Values from outside.
        parameters:
          t:
            kind: text
            default: plain
            meaning: a label
        ---
        Prose quotes {{t}} here.

        ```explorer
        blur builtin:impulse@5x5 -o out.png --radius 1 --strip strip.png --title "{{t}}"
        ```
        """

    func run(_ text: String, settings: [(name: String, value: String)] = []) throws -> LessonRunner.Outcome {
        let path = folder.path + "/07-injection.md"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: settings), outputRoot: folder.path + "/Output",
            quickTiming: true, invocation: "explorer lesson 07-injection.md")
        return try runner.run()
    }

    func testAQuoteInAValueAddsNoOption() throws {
        let value = #"x" -o "\#(folder.path)/elsewhere/inj.png"#
        let outcome = try run(Self.lesson, settings: [("t", value)])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.path + "/elsewhere"), "the value wrote a file elsewhere")
        XCTAssertEqual(
            Set(outcome.files),
            ["README.md", "index.html", "out.png", "strip.png", "strip.pointing.json", "pointing.js"])
        guard case .cell(let cell) = outcome.items[1] else { return XCTFail("no cell") }
        // The page shows the command so that pasting it into a shell runs the same words.
        XCTAssertEqual(try ShellWords.split(cell.text).last, value)
        let png = try PNGInfo.read(outcome.folder + "/out.png")
        XCTAssertTrue(png.recordedCommand?.contains("'x\" -o \"") == true, png.recordedCommand ?? "no command")
    }

    func testMarkupInAValueIsTextInTheProseAndThePageHasAPolicy() throws {
        let outcome = try run(Self.lesson, settings: [("t", "<script>alert(1)</script>")])
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: outcome.folder + "/README.md", encoding: .utf8)
        // The page's one script is its own pointing.js, loaded from a file beside it (the policy
        // allows no inline script); the value adds none.
        let scripts = html.components(separatedBy: "<script").dropFirst()
        XCTAssertFalse(scripts.isEmpty, "the page loads pointing.js")
        for script in scripts {
            XCTAssertTrue(script.hasPrefix(#" src="pointing.js"></script>"#), "a live script in the page")
        }
        XCTAssertTrue(
            markdown.contains("Prose quotes &lt;script&gt;alert(1)&lt;/script&gt; here."),
            "the README's prose shows it as text")
        XCTAssertTrue(html.contains("Prose quotes &lt;script&gt;alert(1)&lt;/script&gt; here."))
        XCTAssertTrue(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; "#))
        XCTAssertTrue(
            LessonPage.contentSecurityPolicy.contains("script-src 'self';"),
            "scripts only from the page's origin, none inline")
        XCTAssertEqual(
            LessonTerminal.inline(markdown.components(separatedBy: "\n").first { $0.hasPrefix("Prose") } ?? ""),
            "Prose quotes <script>alert(1)</script> here.")
    }

    func testControlCharactersInAValueAreRefusedOnOneLine() throws {
        let path = folder.path + "/07-injection.md"
        try Self.lesson.write(toFile: path, atomically: true, encoding: .utf8)
        // (A NUL cannot reach a process's arguments: testEveryControlCharacterIsRefused covers it.)
        for value in ["\u{1B}]0;PWNED\u{7}\u{1B}[2J", "3\n4", "a\rb", "bell\u{7}"] {
            let result = try explorer(["lesson", path, "--output", "Out", "--set", "t=" + value])
            XCTAssertEqual(result.status, 64, value)
            XCTAssertFalse(result.standardError.contains("\u{1B}"), "ESC reached standard error")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains("holds a control character"), result.standardError)
        }
        let number = try explorer(["grid", "1 2; 3 \u{1B}[31m"])
        XCTAssertEqual(number.status, 64)
        XCTAssertFalse(number.standardError.contains("\u{1B}"))
        XCTAssertTrue(number.standardError.contains("\\e[31m"), number.standardError)
    }

    func testEveryControlCharacterIsRefused() throws {
        let lesson = try LessonParser.parse(Self.lesson, path: "L.md")
        for scalar in [0, 7, 9, 10, 13, 0x1B, 0x7F, 0x85, 0x9B, 0x2028] {
            let value = "a" + String(Character(Unicode.Scalar(UInt32(scalar))!)) + "b"
            XCTAssertThrowsError(try lesson.values(settings: [("t", value)]), "U+\(String(scalar, radix: 16))") {
                error in
                XCTAssertEqual((error as? LessonError)?.exitCode, 64)
                XCTAssertFalse(TerminalText.visible("\(error)").contains("\n"))
            }
        }
        XCTAssertEqual(
            try lesson.values(settings: [("t", "tab-free, 'quotes' \"and\" ünïcode ∞")])["t"],
            "tab-free, 'quotes' \"and\" ünïcode ∞")
    }

    func testAFigureAndATableCSVMayNotShareAName() throws {
        let lesson = """
            ---
            title: T
            summary: S
            ---
            ```explorer
            blur builtin:impulse@5x5 -o edge-modes.csv --radius 1
            ```

            ```explorer
            edges
            ```
            """
        XCTAssertThrowsError(try run(lesson)) { error in
            XCTAssertEqual((error as? LessonError)?.line, 10, "\(error)")
            XCTAssertTrue(
                "\(error)".contains(
                    "'edge-modes.csv' would be both the figure of the cell at line 6 and the CSV of a table of the cell at line 10"
                ), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/Output/lesson-07"), "nothing is written")
    }

    func testAnExplorerAllWithOneFailingLessonWritesTheOthers() throws {
        let lessons = folder.appendingPathComponent("L").path
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        let good = "---\ntitle: Good\nsummary: S\n---\nFine.\n\n```explorer\nedges\n```\n"
        try good.write(toFile: lessons + "/01-good.md", atomically: true, encoding: .utf8)
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        try "---\ntitle: Deep\nsummary: S\n---\n{{\(deep)}}\n".write(
            toFile: lessons + "/02-deep.md", atomically: true, encoding: .utf8)
        try good.write(toFile: lessons + "/03-also-good.md", atomically: true, encoding: .utf8)
        let result = try explorer(["all", "--lessons", lessons, "--output", "Out"])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("02-deep.md:5: in '((((("), result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains("Failed, previous page kept: lesson 02 deep"), result.standardOutput)
        for page in ["lesson-01", "lesson-03"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/Out/\(page)/index.html"), page)
        }
    }

    func testASymbolicLinkAsThePageFolderIsRefusedClearly() throws {
        let path = folder.path + "/07-injection.md"
        try Self.lesson.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path + "/Out/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Out/lesson-07", withDestinationPath: folder.path + "/Out/real")
        let result = try explorer(["lesson", path, "--output", "Out"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardError.contains("Out/lesson-07: the page folder is a symbolic link"), result.standardError)
    }
}
