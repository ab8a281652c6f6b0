import XCTest

@testable import Authoring
@testable import ExplorerCLI

final class RendererTests: XCTestCase {
    /// A listing line too wide for the terminal keeps its code whole: the trailing comment moves
    /// to the lines above it, wrapped, at the code's indentation.
    func testAWideLineOfCodeGetsItsCommentAbove() {
        let line = "        sum += Double(r + 1 - abs(k)) * pixel(x + k)   // weights 1, 2, …, r + 1, …, 2, 1"
        XCTAssertEqual(
            TextRenderer.fold(line, width: 60),
            """
                    // weights 1, 2, …, r + 1, …, 2, 1
                    sum += Double(r + 1 - abs(k)) * pixel(x + k)
            """)
        let long = "    out[x] = sum / w  // " + Array(repeating: "word", count: 20).joined(separator: " ")
        let folded = TextRenderer.fold(long, width: 40).split(separator: "\n")
        XCTAssertEqual(folded.last, "    out[x] = sum / w")
        XCTAssertTrue(folded.dropLast().allSatisfy { $0.hasPrefix("    // ") && $0.count <= 40 }, "\(folded)")
        // A line that fits, or one without such a comment, is left as before.
        XCTAssertEqual(TextRenderer.fold("let a = 1  // one", width: 40), "let a = 1  // one")
        XCTAssertEqual(TextRenderer.fold("aaaa bbbb cccc", width: 10), "aaaa bbbb\n  cccc")
    }

    func testJSONOfOneTableIsAnArrayOfRows() throws {
        var table = Table(
            title: "t",
            columns: [
                Table.Column(key: "method", title: "method"),
                Table.Column(key: "nsPerPixel", title: "median", unit: "ns/px")
            ])
        table.append([.text("box"), .number(1.25, digits: 1)])
        var report = Report()
        report.table(table)
        let json = DataRenderer.json(report)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["method"] as? String, "box")
        XCTAssertEqual(rows[0]["nsPerPixel"] as? Double, 1.25)
    }

    func testTextTableAlignsColumnsWithoutColour() {
        var table = Table(columns: [
            Table.Column(key: "a", title: "a", alignRight: false), Table.Column(key: "b", title: "bee", unit: "px")
        ])
        table.append([.text("long name"), .integer(5)])
        let text = TextRenderer.render(table, style: .plain)
        XCTAssertEqual(
            text,
            """
            a          bee
                        px
            ─────────  ───
            long name    5
            """)
        XCTAssertFalse(text.contains("\u{1B}"))
    }
}
