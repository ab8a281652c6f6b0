import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// A small lesson run in-process: the page it renders (a snapshot), its HTML and CSV, the
/// terminal walk-through, and the staging that keeps the previous page when a run fails.
final class LessonPageTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-page-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A lesson with prose, a parameter, a caption, a hidden cell, a figure and two tables.
    static let smallLesson = """
        ---
        title: A small lesson
        summary: One pixel, one box, and what the PNG remembers.
        parameters:
          radius: 1
        ---
        ## One pixel

        A box of radius {{radius}} averages a **3×3** window.

        ```explorer caption="The impulse response of a box of radius {{radius}}."
        blur builtin:impulse@7x7 -o impulse-box-r{{radius}}.png --method box --radius {{radius}}
        ```

        ```explorer hide
        blur builtin:checker@32x32 -o checker-box.png --method box --radius 2
        ```

        ```explorer
        info impulse-box-r{{radius}}.png
        ```

        ```explorer
        info checker-box.png
        ```
        """

    func run(_ text: String, named name: String = "05-small.md", settings: [(name: String, value: String)] = []) throws
        -> LessonRunner.Outcome
    {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: settings), outputRoot: folder + "/Output",
            quickTiming: true,
            invocation: LessonCommand.invocation(lesson: lesson, settings: settings.map { "\($0.name)=\($0.value)" }))
        return try runner.run()
    }

    /// Replaces durations (`12.5 ms`, `0.3 s`, `41 ns/px`) so that a snapshot holds no timings.
    static func maskTimings(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d+(\.\d+)?\s?(ns/px|ns|µs|ms|s)\b"#, with: "<time>", options: .regularExpression)
    }

    // MARK: - Snapshot

    func testRenderedMarkdownMatchesTheSnapshot() throws {
        let outcome = try run(Self.smallLesson)
        let markdown = Self.maskTimings(outcome.markdown)
        // Tests/Snapshots/ExplorerTests/: outside the test target's folder, so that SwiftPM does
        // not warn about a file that is neither source nor declared resource.
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots/ExplorerTests/small-lesson.md")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try markdown.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        XCTAssertEqual(
            markdown, expected,
            "re-record with RECORD_SNAPSHOTS=1 swift test --filter LessonPageTests if the change is intended")
    }

    func testMaskingHidesDurationsOnly() {
        XCTAssertEqual(
            Self.maskTimings("median 12.5 ms, 41 ns/px, 3 figures, radius 2, 0.3 s"),
            "median <time>, <time>, 3 figures, radius 2, <time>")
    }

    // MARK: - What a run writes

    func testPageFolderHoldsPagesFiguresAndTables() throws {
        let outcome = try run(Self.smallLesson)
        XCTAssertEqual(outcome.folder, folder + "/Output/lesson-05")
        XCTAssertEqual(
            outcome.files,
            ["README.md", "checker-box.png", "impulse-box-r1.png", "index.html", "info-2.csv", "info.csv"])
        XCTAssertEqual(outcome.cellCount, 4)
        let csv = try String(contentsOfFile: outcome.folder + "/info.csv", encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("property,value\nsize,7×7 pixels\n"), csv)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/Output").filter {
            $0.hasPrefix(".")
        }
        XCTAssertEqual(leftovers, [], "no staging folder is left behind")
    }

    func testSetChangesTheCommandsAndTheFigureNames() throws {
        let outcome = try run(Self.smallLesson, settings: [("radius", "2")])
        XCTAssertTrue(outcome.files.contains("impulse-box-r2.png"))
        XCTAssertTrue(
            outcome.markdown.contains(
                "$ explorer blur builtin:impulse@7x7 -o impulse-box-r2.png --method box --radius 2\n"))
        XCTAssertTrue(outcome.markdown.contains("from `05-small.md` with radius=2"))
    }

    func testHTMLIsSelfContainedLargeAndHasBothSchemes() throws {
        let outcome = try run(Self.smallLesson)
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<title>A small lesson</title>"))
        XCTAssertTrue(html.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertTrue(html.contains("html { font-size: 22px; }"))
        XCTAssertTrue(html.contains("max-width: 100%"))
        XCTAssertTrue(
            html.contains(#"<img src="impulse-box-r1.png" alt="builtin:impulse@7x7 blurred with box (R=1)" />"#))
        XCTAssertTrue(html.contains("<table>\n<thead>\n<tr>\n<th>property</th>"))
        XCTAssertTrue(html.contains("$ explorer info impulse-box-r1.png"))
        XCTAssertFalse(html.contains("<link"), "styles are inline")
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("checker-box.png\""), "a hidden cell's figure is not shown")
    }

    /// Issue 39: the HTML page lifts the first figure and its caption under the title (before the
    /// summary), shows it once, and its cell links up to it; the Markdown page keeps both in the cell.
    func testTheHTMLPageLiftsTheFirstFigureUnderTheTitle() throws {
        let outcome = try run(Self.smallLesson)
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        let image = #"<img src="impulse-box-r1.png""#
        XCTAssertEqual(html.components(separatedBy: image).count, 2, "the figure is shown once")
        let summary = try XCTUnwrap(html.range(of: "<p><em>One pixel, one box, and what the PNG remembers."))
        let title = try XCTUnwrap(html.range(of: "<h1>A small lesson</h1>"))
        let lead = try XCTUnwrap(html.range(of: #"<div id="lead">"#))
        let figure = try XCTUnwrap(html.range(of: image)),
            caption = try XCTUnwrap(html.range(of: "The impulse response"))
        let heading = try XCTUnwrap(html.range(of: "<h2>One pixel</h2>"))
        let command = try XCTUnwrap(html.range(of: "$ explorer blur builtin:impulse@7x7"))
        let note = try XCTUnwrap(html.range(of: ##"<a href="#lead">"##))
        XCTAssertTrue(title.upperBound < lead.lowerBound && lead.upperBound < figure.lowerBound)
        XCTAssertTrue(figure.upperBound < caption.lowerBound && caption.upperBound < summary.lowerBound)
        XCTAssertTrue(summary.upperBound < heading.lowerBound)
        XCTAssertTrue(command.upperBound < note.lowerBound, "the cell links up to its figure")
        XCTAssertEqual(html.components(separatedBy: "The impulse response").count, 2, "the caption is shown once")
        let markdown = outcome.markdown
        let inCell = try XCTUnwrap(markdown.range(of: "![builtin:impulse@7x7"))
        let markdownHeading = try XCTUnwrap(markdown.range(of: "## One pixel"))
        XCTAssertTrue(markdownHeading.upperBound < inCell.lowerBound)
        XCTAssertFalse(markdown.contains("#lead"))
    }

    func testAFailedRunKeepsThePreviousPage() throws {
        let first = try run(Self.smallLesson)
        let before = try String(contentsOfFile: first.folder + "/README.md", encoding: .utf8)
        let broken = Self.smallLesson + "\n\n```explorer\ninfo missing.png\n```\n"
        XCTAssertThrowsError(try run(broken)) { error in
            XCTAssertEqual(
                "\(error)", "\(self.folder)/05-small.md:28: cannot read 'missing.png': no such file or directory")
        }
        XCTAssertEqual(try String(contentsOfFile: first.folder + "/README.md", encoding: .utf8), before)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/Output")
        XCTAssertEqual(names, ["lesson-05"], "the staging folder is removed")
    }

    func testTwoCellsMayNotWriteTheSameFigure() throws {
        let text = Self.smallLesson + "\n\n```explorer\nblur builtin:edges -o impulse-box-r1.png --radius 1\n```\n"
        XCTAssertThrowsError(try run(text)) { error in
            XCTAssertEqual((error as? LessonError)?.line, 28)
            XCTAssertTrue("\(error)".contains("already written by the cell at line 12"), "\(error)")
        }
    }

    func testTableFileNamesComeFromNameOrTitle() {
        XCTAssertEqual(FileStem.slug("Errors on photo.png (σ = 3)"), "errors-on-photo-png-3")
        XCTAssertEqual(FileStem.slug("  "), "")
    }

    // MARK: - Terminal

    func testTerminalWalkThroughWrapsProseAndShowsCommands() throws {
        let outcome = try run(Self.smallLesson)
        let style = TerminalStyle(width: 40, colour: false)
        let text = outcome.items.compactMap { LessonTerminal.render($0, pageFolder: "Output/lesson-05", style: style) }
            .joined(separator: "\n\n")
        XCTAssertTrue(
            text.hasPrefix(
                "One pixel\n\nA box of radius 1 averages a 3×3 window.\n\n$ explorer blur builtin:impulse@7x7"), text)
        XCTAssertTrue(
            text.contains("figure\nOutput/lesson-05/impulse-box-r1.png\nThe impulse response of a box of radius\n1."),
            text)
        XCTAssertEqual(text.split(separator: "\n").filter { DisplayWidth.of($0) > 40 }, [], "every line fits")
        XCTAssertFalse(text.contains("$ explorer blur builtin:checker"), "hidden cells are not shown")
        XCTAssertFalse(text.contains("\u{1B}"))
    }

    func testProseRendersHeadingsListsAndCodeForTheTerminal() {
        let markdown = """
            ## Heading
            A paragraph with a [link](https://example.com) and *emphasis*
            on two lines.

            - first item that is long enough to wrap
            - second
            1. numbered

            ```swift
            let x = 2 * 3
            ```
            """
        XCTAssertEqual(
            LessonTerminal.prose(markdown, style: TerminalStyle(width: 30, colour: false)),
            """
            Heading

            A paragraph with a link
            (https://example.com) and
            emphasis on two lines.

            • first item that is long
              enough to wrap
            • second
            1. numbered

                let x = 2 * 3
            """)
        let coloured = LessonTerminal.prose("# Title", style: TerminalStyle(width: 30, colour: true))
        XCTAssertEqual(coloured, "\u{1B}[1mTitle\u{1B}[0m")
    }
}
