import XCTest
@testable import explorer

final class RendererTests: XCTestCase {
    func testJSONOfOneTableIsAnArrayOfRows() throws {
        var table = Table(title: "t", columns: [Table.Column(key: "method", title: "method"), Table.Column(key: "nsPerPixel", title: "median", unit: "ns/px")])
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
        var table = Table(columns: [Table.Column(key: "a", title: "a", alignRight: false), Table.Column(key: "b", title: "bee", unit: "px")])
        table.append([.text("long name"), .integer(5)])
        let text = TextRenderer.render(table, style: .plain)
        XCTAssertEqual(text, """
        a          bee
                    px
        ─────────  ───
        long name    5
        """)
        XCTAssertFalse(text.contains("\u{1B}"))
    }
}
