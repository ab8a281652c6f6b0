import BlurKit
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Lessons and files from outside: markup in titles, summaries, captions, `--set` values and a
/// PNG's recorded command reaches the HTML page as text, never as markup; a cell may not write
/// over the page's own files.
final class HostileLessonTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func run(_ text: String, settings: [(name: String, value: String)] = []) throws -> LessonRunner.Outcome {
        let path = folder + "/07-hostile.md"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: settings), outputRoot: folder + "/Output",
            quickTiming: true,
            invocation: LessonCommand.invocation(lesson: lesson, settings: settings.map { "\($0.name)=\($0.value)" }))
        return try runner.run()
    }

    func testMarkupFromOutsideIsEscapedInTheHTMLPage() throws {
        try PNG.write(RGBAImage(width: 2, height: 2), to: folder + "/evil.png", command: "<script>alert(5)</script>")
        let lesson = """
            ---
            title: <script>alert(1)</script> Title
            summary: <img src=x onerror=alert(2)> & more
            parameters:
              label: plain
            ---
            Prose.

            ```explorer caption="<b onmouseover=alert(3)>cap</b>"
            info \(folder)/evil.png
            ```

            ```explorer
            blur builtin:impulse@5x5 -o '{{label}}.png' --radius 1
            ```
            """
        let outcome = try run(lesson, settings: [("label", "<svg onload=alert(4)>")])
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        for markup in ["<script>alert", "<img src=x", "<b onmouseover", "<svg onload"] {
            XCTAssertFalse(html.contains(markup), "\(markup) reached the page as markup")
        }
        for text in [
            "&lt;script&gt;alert(1)", "&lt;img src=x onerror=alert(2)&gt; &amp; more",
            "&lt;b onmouseover=alert(3)&gt;cap",
            "&lt;script&gt;alert(5)&lt;/script&gt;", "&lt;svg onload=alert(4)&gt;"
        ] {
            XCTAssertTrue(html.contains(text), "\(text) is shown as text")
        }
    }

    func testACellMayNotWriteThePagesOwnFiles() throws {
        for name in ["index.html", "README.md"] {
            let lesson =
                "---\ntitle: T\nsummary: S\n---\n```explorer\nblur builtin:impulse@5x5 -o \(name) --radius 1\n```\n"
            XCTAssertThrowsError(try run(lesson), name) { error in
                XCTAssertEqual((error as? LessonError)?.line, 6, "\(error)")
                XCTAssertTrue("\(error)".contains("the page's own file"), "\(error)")
            }
        }
    }

    func testACellMayNotNameOneFileForTwoOutputs() throws {
        let lesson =
            "---\ntitle: T\nsummary: S\n---\n```explorer\nblur builtin:impulse@5x5 -o a.png --radius 1 --strip a.png\n```\n"
        XCTAssertThrowsError(try run(lesson)) { error in
            XCTAssertEqual((error as? LessonError)?.line, 6, "\(error)")
            XCTAssertTrue("\(error)".contains("is named twice as an output"), "\(error)")
        }
    }

    func testALessonFileOverOneMebibyteIsRefusedBeforeItIsRead() throws {
        let path = folder + "/08-large.md"
        let line = String(repeating: "word ", count: 20) + "\n"
        let body = String(repeating: line, count: LessonLibrary.maximumBytes / line.utf8.count + 1)
        try ("---\ntitle: T\nsummary: S\n---\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try LessonParser.parse(fileAt: path)) { error in
            XCTAssertTrue("\(error)".contains("a lesson file may be at most 1048576 bytes"), "\(error)")
        }
    }
}
