import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Prose that reads a named cell's results (`{{errors.box.interiorMax}}`) and sections guarded by
/// them, with errors at the line of an unknown cell, row or column.
final class CellResultsTests: FolderTestCase {
    static let front = """
        ---
        title: T
        summary: S
        parameters:
          sigma:
            kind: number
            default: 0.5
            range: [0.5, 3]
            meaning: the Gaussian's σ in pixels
        ---
        ## A

        """
    static let cell = """
        ```explorer id="errors"
        compare builtin:zoneplate@64x64 --methods box,gaussian2d,iterated-box --sigma {{sigma}} --no-time
        ```

        """

    func lesson(_ body: String, cell: String = cell) throws -> Lesson {
        try LessonParser.parse(Self.front + cell + body, path: "Lessons/01-t.md")
    }

    /// The page's prose after the cell, for `settings`.
    func prose(_ lesson: Lesson, _ settings: [(String, String)] = []) throws -> String {
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: settings),
            outputRoot: folder.path, invocation: "")
        return try runner.run().items.compactMap { if case .prose(let text) = $0 { text } else { nil } }.joined(
            separator: "|")
    }

    /// The table the cell shows, by row and column, as text.
    func table(_ settings: [(String, String)] = []) throws -> Table {
        let lesson = try lesson("")
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: settings), outputRoot: folder.path, invocation: "")
        let cell = try runner.run().items.compactMap { if case .cell(let c) = $0 { c } else { nil } }[0]
        return try XCTUnwrap(cell.report.tables.first)
    }

    func testProseReadsTableCellsAsTheTableShowsThem() throws {
        let table = try table()
        let shown = { (row: Int, key: String) in table.rows[row][table.columns.firstIndex { $0.key == key }!].display }
        let text = try prose(
            try lesson(
                "Box {{errors.box.interiorMax}}, Gaussian {{errors.gaussian2d.interiorMax}}, "
                    + "boxes {{errors.iterated_box.parameters}}, {{errors.rows}} rows.\n"))
        XCTAssertEqual(
            text,
            "## A|Box \(shown(0, "interiorMax")), Gaussian \(shown(1, "interiorMax")), "
                + "boxes \(shown(2, "parameters")), 3 rows.")
    }

    func testSectionsFollowTheResultNotTheParameter() throws {
        let body = """
            {{#if errors.box.interiorMax > 10 * errors.gaussian2d.interiorMax}}
            The box is far worse.
            {{else}}
            The box is not far worse.
            {{/if}}

            """
        let lesson = try lesson(body)
        for sigma in ["0.5", "3"] {
            let table = try table([("sigma", sigma)])
            let column = table.columns.firstIndex { $0.key == "interiorMax" }!
            let box = LessonExpression.Value.text(table.rows[0][column].display).number!
            let gaussian = LessonExpression.Value.text(table.rows[1][column].display).number!
            let expected = box > 10 * gaussian ? "The box is far worse." : "The box is not far worse."
            XCTAssertEqual(try prose(lesson, [("sigma", sigma)]), "## A|" + expected, "σ = \(sigma)")
        }
    }

    func testUnknownCellRowOrColumnNamesItsLine() throws {
        let cases: [(String, String)] = [
            ("{{errs.box.interiorMax}}", "no cell is named 'errs'; the named cells are errors"),
            (
                "{{errors.boxx.interiorMax}}",
                "the cell 'errors' (line 13) has no row 'boxx'; its rows are box, gaussian2d, iterated_box"
            ),
            ("{{errors.box.maxErr}}", "has no column 'maxErr' in row 'box'; its columns are method, parameters"),
            ("{{errors.largest}}", "measured no 'largest'")
        ]
        for (reference, message) in cases {
            let lesson = try lesson("Text.\n\(reference)\n")
            XCTAssertThrowsError(try prose(lesson), reference) { error in
                XCTAssertEqual((error as? LessonError)?.line, 16, "\(reference): \(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
            }
        }
    }

    func testProseReadsOnlyCellsAboveIt() throws {
        let text = Self.front + "{{errors.box.interiorMax}}\n\n" + Self.cell
        let lesson = try LessonParser.parse(text, path: "Lessons/01-t.md")
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: []), outputRoot: folder.path, invocation: "")
        XCTAssertThrowsError(try runner.prepare()) { error in
            XCTAssertEqual((error as? LessonError)?.line, 12)
            XCTAssertTrue("\(error)".contains("the cell 'errors' runs later (line 14)"), "\(error)")
        }
    }

    func testCellIdsAreNamesAndUnique() throws {
        XCTAssertThrowsError(try lesson("", cell: "```explorer id=\"a-b\"\nedges\n```\n")) { error in
            XCTAssertTrue("\(error)".contains("letters, digits and '_'"), "\(error)")
        }
        XCTAssertThrowsError(try lesson("```explorer id=\"errors\"\nedges\n```\n")) { error in
            XCTAssertEqual((error as? LessonError)?.line, 15)
            XCTAssertTrue("\(error)".contains("already the id of the cell at line 12"), "\(error)")
        }
        XCTAssertThrowsError(try lesson("", cell: "```explorer id=\"sigma\"\nedges\n```\n")) { error in
            XCTAssertTrue("\(error)".contains("also a parameter"), "\(error)")
        }
    }

    func testATableOfOneRowIsReadWithoutItsRow() throws {
        let cell =
            "```explorer id=\"fringe\"\nblur builtin:cutout@64x48 -o straight.png --method separable --sigma 2 --alpha straight\n```\n\n"
        let lesson = try lesson(
            "{{#if fringe.pixelsOff > 0}}\nOff: {{fringe.largestSeenError}}.\n{{else}}\nNone.\n{{/if}}\n", cell: cell)
        let text = try prose(lesson)
        XCTAssertTrue(text.hasPrefix("## A|Off: "), text)
    }

    func testRowKeys() {
        XCTAssertEqual(CellResults.rowKey("iterated-box"), "iterated_box")
        XCTAssertEqual(CellResults.rowKey("σ = 2"), "σ_2")
        XCTAssertEqual(CellResults.rowKey("extended-box (8-bit)"), "extended_box_8_bit")
        XCTAssertEqual(
            CellResults.dottedNames(in: "a {{x.y > 2 * image.width}} \"{{'q.r'}}\" {{0.5}}"), ["x.y", "image.width"])
    }
}
