import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// `{{#if}}`, `{{else}}` and `{{/if}}` inside a fenced code block of the prose are text shown as
/// written (a lesson teaching the format), not sections run.
final class ProseCodeBlockTests: XCTestCase {
    func testSectionLinesInsideAProseCodeBlockAreKeptAsText() throws {
        let lines = [
            "Before.", "```markdown", "{{#if sigma > 100}}", "Never.", "{{else}}", "{{/if}}", "```",
            "{{#if sigma > 1}}", "Shown.", "{{else}}", "Hidden.", "{{/if}}", "~~~~", "{{/if}}", "```", "~~~~"
        ]
        let kept = try Template.selectSections(lines, line: 10, values: ["sigma": .number(3)], path: "L.md")
        XCTAssertEqual(
            kept.map(\.text),
            [
                "Before.", "```markdown", "{{#if sigma > 100}}", "Never.", "{{else}}", "{{/if}}", "```",
                "Shown.", "~~~~", "{{/if}}", "```", "~~~~"
            ])
        XCTAssertEqual(kept[8].line, 22)
        // An unclosed section outside code is still refused.
        XCTAssertThrowsError(
            try Template.selectSections(
                ["```", "x", "```", "{{#if sigma > 1}}"], line: 1,
                values: ["sigma": .number(3)], path: "L.md"))
    }
}
