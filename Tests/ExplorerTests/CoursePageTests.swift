import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// A course, not just pages: summary, exercises with folded answers and sources in the lesson
/// format; navigation between lessons; the index and glossary; single-file pages (`--embed`).
final class CoursePageTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A lesson with the three closing sections, as Lessons/README.md describes them.
    static let lessonWithExercises = """
        ---
        title: Boxes and their closing sections
        summary: A box blur, then what to remember, what to try and where it comes from.
        parameters:
          radius: 1
        ---
        ## A box

        ```explorer
        compare builtin:checker@24x24 --methods box,separable --sigma 1 --no-time
        ```

        ```explorer
        blur builtin:impulse@9x9 -o impulse-r{{radius}}.png --method box --radius {{radius}}
        ```

        ## Summary

        - A box of radius R averages (2R+1)² pixels.
        - Its impulse response is a square of equal weights.
        - Box passes approach a Gaussian.

        ## Exercises

        ### 1. A wider box
        Run the lesson with `--set radius=2`. How many pixels does each output average?

        > **Answer.** (2·2 + 1)² = 25 pixels,
        > each weighed 1/25.

        ### 2. Your own image
        Blur your own photo with `blur photo.png -o mine.png --method box --radius 3`.

        > **Answer:** A 7×7 window: details smaller than 7 pixels fade.

        ## Sources

        - W. M. Wells, "Efficient synthesis of Gaussian filters by cascaded uniform filters", IEEE PAMI 8(2), 1986.
        """

    func writeLessons() throws {
        let lessons = folder.appendingPathComponent("Lessons")
        try Self.lessonWithExercises.write(
            to: lessons.appendingPathComponent("01-boxes.md"), atomically: true, encoding: .utf8)
        try """
        ---
        title: The second lesson
        summary: Only one cell.
        ---
        ```explorer
        blur builtin:impulse@5x5 -o second.png --method box --radius 1
        ```
        """.write(to: lessons.appendingPathComponent("02-second.md"), atomically: true, encoding: .utf8)
    }

    func explorer(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder, environment: ["EXPLORER_QUICK": "1"])
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: - The lesson format

    func testAnswersAreFoundOnlyInTheExercisesSection() {
        var section = CourseSections.Section.other
        let before = CourseSections.pieces("## Notes\n\n> **Answer.** not an exercise", section: &section)
        XCTAssertEqual(before, [.text("## Notes\n\n> **Answer.** not an exercise")])
        let pieces = CourseSections.pieces(
            "## Exercises\n\nWhy?\n\n> **Answer.** Because\n> of this.\nAfter.", section: &section)
        XCTAssertEqual(pieces, [.text("## Exercises\n\nWhy?\n"), .answer("Because\nof this."), .text("After.")])
        // The section carries over to the next prose item (after a cell).
        XCTAssertEqual(section, .exercises)
        XCTAssertEqual(CourseSections.pieces("> **Answer** Two.", section: &section), [.answer("Two.")])
        XCTAssertEqual(
            CourseSections.terminal([.text("Q"), .answer("A")], answers: false),
            "Q\n> Answer hidden: run the lesson with --answers to show it.")
        XCTAssertEqual(CourseSections.terminal([.answer("A\nB")], answers: true), "> **Answer.** A\n> B")
    }

    func testPageFoldsAnswersListsTakeawaysAndLinksTheGlossary() throws {
        try writeLessons()
        let result = try explorer(["lesson", "1", "--output", "Output"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let readme = try read("Output/lesson-01/README.md")
        XCTAssertTrue(
            readme.contains(
                "<details><summary>Answer</summary>\n\n(2·2 + 1)² = 25 pixels,\neach weighed 1/25.\n\n</details>"),
            readme)
        XCTAssertFalse(readme.contains("> **Answer"))
        XCTAssertTrue(readme.contains("## Sources"))
        XCTAssertTrue(readme.contains("[PSNR](../glossary.md#psnr)"), readme)
        XCTAssertTrue(
            readme.contains("[All lessons](../index.md) · [02 · The second lesson](../lesson-02/README.md) →"), readme)
        let html = try read("Output/lesson-01/index.html")
        XCTAssertTrue(
            html.contains("<details class=\"answer\"><summary>Answer</summary>\n<p>(2·2 + 1)² = 25 pixels,"), html)
        XCTAssertTrue(html.contains("href=\"../glossary.html#psnr\""))
        XCTAssertTrue(html.contains("href=\"../lesson-02/index.html\""))
        let info = try XCTUnwrap(CourseIndex.info(readme: readme, folder: "lesson-01"))
        XCTAssertEqual(info.takeaways.count, 3)
        XCTAssertEqual(info.takeaways[0], "A box of radius R averages (2R+1)² pixels.")
        XCTAssertEqual(info.figure, "impulse-r1.png")
        // The terminal hides the answers unless asked.
        XCTAssertFalse(result.standardOutput.contains("25 pixels"))
        XCTAssertTrue(result.standardOutput.contains("Answer hidden"))
        let shown = try explorer(["lesson", "1", "--output", "Output", "--answers"])
        XCTAssertTrue(shown.standardOutput.contains("25 pixels"), shown.standardOutput)
        // The glossary the links point to.
        let glossary = try read("Output/glossary.html")
        for anchor in ["effective-sigma", "interior-and-border", "psnr", "impulse-linf", "ns-per-pixel"] {
            XCTAssertTrue(glossary.contains("id=\"\(anchor)\""), anchor)
        }
    }

    // MARK: - Index, navigation, embedding

    func testIndexListsEveryPageAndOneLessonKeepsTheOthersEntries() throws {
        try writeLessons()
        XCTAssertEqual(try explorer(["all", "--output", "Output"]).status, 0)
        var index = try read("Output/index.md")
        XCTAssertTrue(index.contains("## [01 · Boxes and their closing sections](lesson-01/README.md)"), index)
        XCTAssertTrue(index.contains("- Box passes approach a Gaussian."))
        XCTAssertTrue(index.contains("](lesson-01/impulse-r1.png)"))
        XCTAssertTrue(index.contains("## [02 · The second lesson](lesson-02/README.md)"))
        // Running lesson 2 alone rewrites the index from both pages.
        XCTAssertEqual(try explorer(["lesson", "2", "--output", "Output", "--quiet"]).status, 0)
        index = try read("Output/index.md")
        XCTAssertTrue(index.contains("lesson-01/README.md") && index.contains("lesson-02/README.md"), index)
        XCTAssertTrue(try read("Output/index.html").contains("href=\"lesson-02/index.html\""))
        let second = try read("Output/lesson-02/README.md")
        XCTAssertTrue(
            second.contains(
                "← [01 · Boxes and their closing sections](../lesson-01/README.md) · [All lessons](../index.md)"),
            second)
    }

    func testEmbeddedPagesNeedNoOtherFile() throws {
        try writeLessons()
        XCTAssertEqual(try explorer(["all", "--output", "Output", "--embed"]).status, 0)
        for page in ["Output/lesson-01/index.html", "Output/index.html"] {
            let html = try read(page)
            XCTAssertTrue(html.contains("src=\"data:image/png;base64,iVBORw0KGgo"), page)
            XCTAssertNil(html.range(of: #"src="(?!data:)"#, options: .regularExpression), page)
            XCTAssertNil(html.range(of: #"href="[^"]*\.csv""#, options: .regularExpression), page)
        }
        // The inlined bytes are the PNG's.
        let html = try read("Output/lesson-01/index.html")
        let png = try Data(contentsOf: folder.appendingPathComponent("Output/lesson-01/impulse-r1.png"))
        XCTAssertTrue(html.contains("data:image/png;base64,\(png.base64EncodedString())"))
    }
}
