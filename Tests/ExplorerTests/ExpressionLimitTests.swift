import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Expressions from a hostile lesson: nesting far deeper than any stack, long chains of
/// operators and numbers beyond Float64 give one error (or a value) at once, never a crash.
final class ExpressionLimitTests: XCTestCase {
    let environment: [String: LessonExpression.Value] = ["sigma": .text("2"), "label": .text("glass")]

    func evaluate(_ text: String) throws -> LessonExpression.Value {
        try LessonExpression.evaluate(text, in: environment)
    }

    func assertFails(_ text: String, _ words: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try evaluate(text), file: file, line: line) { error in
            let message = (error as? LessonExpression.Failure)?.message ?? "\(error)"
            XCTAssertTrue(message.contains(words), message, file: file, line: line)
            XCTAssertLessThan(
                message.count, 200, "the message quotes a short prefix of a long expression", file: file, line: line)
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let depth = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        assertFails(depth, "nest more than 64 deep")
        assertFails(
            String(repeating: "abs(", count: 50_000) + "1" + String(repeating: ")", count: 50_000),
            "nest more than 64 deep")
        assertFails(
            String(repeating: "min(1, ", count: 65) + "1" + String(repeating: ")", count: 65), "nest more than 64 deep")
        XCTAssertEqual(
            try evaluate(String(repeating: "(", count: 64) + "7" + String(repeating: ")", count: 64)), .number(7))
    }

    func testLongChainsAreReadInLoops() throws {
        XCTAssertEqual(try evaluate(String(repeating: "not ", count: 200_000) + "1"), .bool(true))
        XCTAssertEqual(try evaluate(String(repeating: "not ", count: 200_001) + "1"), .bool(false))
        XCTAssertEqual(try evaluate(String(repeating: "1^", count: 100_000) + "1"), .number(1))
        XCTAssertEqual(try evaluate(String(repeating: "- ", count: 100_001) + "3"), .number(-3))
        assertFails(String(repeating: "2^", count: 100_000) + "2", "too large to be a finite number")
    }

    func testPowersKeepTheirMeaning() throws {
        XCTAssertEqual(try evaluate("-2^2"), .number(-4))
        XCTAssertEqual(try evaluate("2^3^2"), .number(512))
        XCTAssertEqual(try evaluate("2^-1"), .number(0.5))
        XCTAssertEqual(try evaluate("2^-1^2"), .number(0.5))
        XCTAssertEqual(try evaluate("(-2)^2"), .number(4))
        XCTAssertEqual(try evaluate("sigma^2 * 3"), .number(12))
        XCTAssertEqual(try evaluate("label"), .text("glass"))
    }

    func testNumbersBeyondFloat64AreErrorsLikeDivisionByZero() {
        assertFails("10^400", "10^400 is too large to be a finite number")
        assertFails("(-8)^(1/3)", "(-8)^0.333333 is not a number")
        assertFails("1e400", "1e400 is too large")
        assertFails("exp(1000)", "exp(1000) is too large")
        assertFails("1e300 * 1e300", "too large")
        assertFails("1/0", "division by zero")
    }

    /// A digit count beyond Int's range is refused like any other, not converted (the fuzzer's
    /// `fixed(pi, 3066…6)` crashed the parser there).
    func testFixedRefusesAnyDigitCountOutsideItsRange() throws {
        assertFails("fixed(pi, 3" + String(repeating: "6", count: 83) + ")", "fixed takes 0…12 digits")
        assertFails("fixed(1, -1e300)", "fixed takes 0…12 digits")
        XCTAssertEqual(try evaluate("fixed(2.5, 2)"), .text("2.50"))
    }

    func testAGeneratedDeepExpressionInALessonNamesItsLine() throws {
        let deep = String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000)
        let text = "---\ntitle: T\nsummary: S\nvalues:\n  x: \(deep)\n---\nProse {{x}}.\n"
        let lesson = try LessonParser.parse(text, path: "Lessons/07-deep.md")
        XCTAssertThrowsError(try lesson.environment(values: [:])) { error in
            XCTAssertTrue("\(error)".hasPrefix("Lessons/07-deep.md:5: value 'x': "), "\(error)")
        }
        let prose =
            "---\ntitle: T\nsummary: S\n---\nA line.\n{{" + String(repeating: "not ", count: 200_000) + "(" + deep
            + ")}}\n"
        let parsed = try LessonParser.parse(prose, path: "Lessons/07-deep.md")
        guard case .prose(let part) = parsed.parts.first else { return XCTFail("no prose") }
        XCTAssertThrowsError(
            try Template.substitute(part.lines[1], values: [:], path: parsed.path, line: part.line + 1)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("Lessons/07-deep.md:6: "), "\(error)")
        }
    }

    func testReservedNamesCannotBeDeclared() {
        for name in ["pi", "true", "not"] {
            XCTAssertThrowsError(
                try LessonParser.parse("---\ntitle: T\nsummary: S\nvalues:\n  \(name): 3\n---\n", path: "L.md")
            ) { error in
                XCTAssertTrue("\(error)".hasPrefix("L.md:5: '\(name)' means"), "\(error)")
            }
        }
        XCTAssertThrowsError(
            try LessonParser.parse("---\ntitle: T\nsummary: S\nparameters:\n  pi: 3\n---\n", path: "L.md")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("L.md:5: 'pi' means π"), "\(error)")
        }
    }

    func testASecondElseSaysSo() throws {
        let lines = ["{{#if 1 > 0}}", "a", "{{else}}", "b", "{{else}}", "c", "{{/if}}"]
        XCTAssertThrowsError(try Template.selectSections(lines, line: 10, values: [:], path: "L.md")) { error in
            XCTAssertEqual(
                "\(error)",
                "L.md:14: a second {{else}} for the {{#if …}} at line 10; a section has one {{else}} at most")
        }
    }

    func testAByteOrderMarkIsSkippedAndANULIsRefused() throws {
        let lesson = try LessonParser.parse("\u{FEFF}---\ntitle: T\nsummary: S\n---\nHello.\n", path: "L.md")
        XCTAssertEqual(lesson.title, "T")
        XCTAssertThrowsError(try LessonParser.parse("---\ntitle: T\nsummary: S\n---\nHel\u{0}lo.\n", path: "L.md")) {
            error in
            XCTAssertEqual("\(error)", "L.md:5: a NUL character (\\0) in the text; a lesson holds printable text only")
        }
    }
}
