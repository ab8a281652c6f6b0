import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The part of YAML front matter is read in (`FrontMatterNode`): what it reads as YAML reads it,
/// and what it does not read is refused at its line, never read as something else.
final class FrontMatterYAMLTests: XCTestCase {
    func testReadsScalarsListsCommentsAndNestedBlocks() throws {
        let text = """
            # a comment
            title: A: title, not a key   # quoted below
            plain: builtin:NAME@WxH and 3 # c
            double: "a \\"q\\" \\\\ #x: y"
            single: 'it''s # here'
            list: [1, 'two, three', "4"]   # comment
            empty_list: []
            block:
              inner: 2 * radius + 1

              deeper:
                kind: number
            last:
            """.replacingOccurrences(of: "title: A: title, not a key   # quoted below", with: "title: 'A: title'")
        let root = try XCTUnwrap(FrontMatterNode.parse(text))
        let pairs = try XCTUnwrap(root.mapping)
        XCTAssertEqual(
            pairs.map { $0.key.scalar }, ["title", "plain", "double", "single", "list", "empty_list", "block", "last"])
        XCTAssertEqual(pairs.map(\.key.line), [2, 3, 4, 5, 6, 7, 8, 13])
        XCTAssertEqual(pairs[0].value.scalar, "A: title")
        XCTAssertEqual(pairs[1].value.scalar, "builtin:NAME@WxH and 3")
        XCTAssertEqual(pairs[2].value.scalar, "a \"q\" \\ #x: y")
        XCTAssertEqual(pairs[3].value.scalar, "it's # here")
        XCTAssertEqual(pairs[4].value.list?.map(\.scalar), ["1", "two, three", "4"])
        XCTAssertEqual(pairs[5].value.list?.count, 0)
        let block = try XCTUnwrap(pairs[6].value.mapping)
        XCTAssertEqual(block.map { $0.key.scalar }, ["inner", "deeper"])
        XCTAssertEqual(block[0].value.scalar, "2 * radius + 1")
        XCTAssertEqual(block[1].value.mapping?.first?.value.scalar, "number")
        XCTAssertEqual(pairs[7].value.scalar, "")
        XCTAssertNil(try FrontMatterNode.parse("\n  # only a comment\n"))
    }

    func testRefusesWhatItDoesNotReadAtItsLine() {
        let cases: [(String, Int, String)] = [
            ("a: 1\n\tb: 2", 2, "tab"),
            ("a:\n  - x\n  - y", 2, "block list"),
            ("a: |\n  text", 1, "'|'"),
            ("a: &anchor 1", 1, "'&'"),
            ("a: {b: 1}", 1, "'{'"),
            ("a: one\n  two", 2, "indented more"),
            ("a:\n    b: 1\n  c: 2", 3, "matches no key"),
            ("  a: 1\nb: 2", 2, "matches no key"),
            ("a: 1\nb", 2, "expected 'key: value'"),
            ("a: b: c", 1, "': ' inside a plain value"),
            ("a: [1, 2", 1, "not closed"),
            ("a: \"open", 1, "not closed"),
            ("a: 'open", 1, "not closed"),
            ("a: \"x\" y", 1, "after the value"),
            ("a: \"\\q\"", 1, "escape"),
            ("a: 1\nb: 2\na: 3", 3, "given twice: a"),
            ("'a': 1", 1, "plain word")
        ]
        for (text, line, message) in cases {
            do {
                _ = try FrontMatterNode.parse(text)
                XCTFail("\(text.debugDescription) should be refused")
            } catch {
                XCTAssertEqual(error.line, line, "\(text.debugDescription): \(error.message)")
                XCTAssertTrue(error.message.contains(message), "\(text.debugDescription): \(error.message)")
            }
        }
    }
}
