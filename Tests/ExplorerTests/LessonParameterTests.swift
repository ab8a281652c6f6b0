import BlurKit
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Declared parameters (kind, range, choices, smallest image, meaning), the expressions prose and
/// cells may use, and `{{#if}}` sections.
final class LessonParameterTests: XCTestCase {
    let path = "Lessons/05-sample.md"

    static let front = """
        ---
        title: T
        summary: S
        parameters:
          sigma:
            kind: number
            default: 3
            range: [0.5, 12]
            meaning: the Gaussian's σ in pixels
          passes:
            kind: integer
            default: 3
            range: [1, 6]
            meaning: how many boxes
          style:
            kind: choice
            default: light
            choices: [light, dark]
            meaning: the look
          image:
            kind: image
            default: builtin:checker@64x48
            smallest: 32x32
            meaning: the picture
        values:
          reach: floor(3 * sigma + 0.5)
          twice: 2 * reach
        ---

        """

    func lesson(_ body: String = "Text.\n") throws -> Lesson {
        try LessonParser.parse(Self.front + body, path: path)
    }

    func testDeclarationsAreReadCompletely() throws {
        let lesson = try lesson()
        XCTAssertEqual(lesson.parameters.map(\.name), ["sigma", "passes", "style", "image"])
        let sigma = lesson.parameters[0]
        XCTAssertEqual(sigma.kind, .number)
        XCTAssertEqual(sigma.value, "3")
        XCTAssertEqual(sigma.minimum, 0.5)
        XCTAssertEqual(sigma.maximum, 12)
        XCTAssertEqual(sigma.meaning, "the Gaussian's σ in pixels")
        XCTAssertEqual(sigma.line, 5)
        XCTAssertEqual(lesson.parameters[2].choices, ["light", "dark"])
        XCTAssertEqual(lesson.parameters[3].smallest, LessonParameter.Size(width: 32, height: 32))
        XCTAssertTrue(lesson.parameters.allSatisfy(\.isComplete))
        XCTAssertEqual(lesson.values.map(\.name), ["reach", "twice"])
        XCTAssertEqual(lesson.values[0].line, 26)
        let list = LessonParameterList(lesson: lesson).text(markdown: false)
        XCTAssertTrue(list.contains("sigma      number   3"), list)
        XCTAssertTrue(list.contains("a number in 0.5…12"), list)
        XCTAssertTrue(list.contains("one of light, dark"), list)
    }

    func testParameterListWrapsLongMeaningsTo80ColumnsWithAHangingIndent() throws {
        var lesson = try lesson()
        let meaning =
            "the picture behind the panel, which sits in the middle, half as wide and a third as high, then more words"
        lesson.parameters[3].meaning = meaning
        let list = LessonParameterList(lesson: lesson).text(markdown: false)
        let lines = list.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.count > 80 }, [], list)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("image ") })
        let block = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
        let following = block.filter { $0.prefix { $0 == " " }.count == 11 }
        XCTAssertGreaterThan(following.count, 1, "the meaning wraps onto lines indented to the kind column:\n\(list)")
        XCTAssertEqual(following.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "), meaning, list)
    }

    func testSetOutsideTheDeclarationIsAUsageErrorStatingTheRange() throws {
        let lesson = try lesson()
        XCTAssertEqual(
            try lesson.values(settings: [("sigma", "12"), ("passes", "1"), ("style", "dark")])["sigma"], "12")
        let cases: [(String, String, Int, String)] = [
            ("sigma", "30", 5, "--set sigma=30: sigma must be a number in 0.5…12; 30 is above it"),
            ("sigma", "0.1", 5, "--set sigma=0.1: sigma must be a number in 0.5…12; 0.1 is below it"),
            ("sigma", "wide", 5, "--set sigma=wide: sigma must be a number in 0.5…12; 'wide' is not a number"),
            ("sigma", "nan", 5, "'nan' is not a number"),
            ("passes", "2.5", 10, "passes must be a whole number in 1…6; '2.5' is not a whole number"),
            ("style", "tint", 15, "style must be one of light, dark; got 'tint'")
        ]
        for (name, value, line, message) in cases {
            XCTAssertThrowsError(try lesson.values(settings: [(name, value)])) { error in
                let error = error as? LessonError
                XCTAssertEqual(error?.exitCode, 64)
                XCTAssertEqual(error?.line, line)
                XCTAssertTrue(
                    error?.message.contains(message) ?? false, "\(String(describing: error)) should say \(message)")
            }
        }
    }

    // MARK: - Expressions

    func testExpressionsComputeWhatTheyShow() throws {
        let env: [String: LessonExpression.Value] = [
            "sigma": .text("1.5"), "shift": .text("30"), "image": .text("photo"),
            "image.width": .number(480), "image.height": .number(320)
        ]
        func value(_ text: String) throws -> String { try LessonExpression.evaluate(text, in: env).rendered }
        XCTAssertEqual(try value("floor(3 * sigma + 0.5)"), "5")
        XCTAssertEqual(try value("image.width / 2"), "240")
        XCTAssertEqual(try value("floor(image.height / 3)"), "106")
        XCTAssertEqual(try value("2 ^ 3 ^ 2"), "512", "power is right-associative")
        XCTAssertEqual(try value("-2 ^ 2"), "-4")
        XCTAssertEqual(try value("10 - 4 - 3"), "3")
        XCTAssertEqual(try value("7 % 4 + 1"), "4")
        // The normalised 1-D centre weight for σ = 1.5, 1 / (1 + 2·e^(−1/(2σ²))), by hand: 0.3843973.
        XCTAssertEqual(try value("fixed(1 / (1 + 2 * exp(-1 / (2 * sigma^2))), 7)"), "0.3843973")
        XCTAssertEqual(try value("if(floor(3 * 8 + 0.5) > shift, \"farther\", \"no farther\")"), "no farther")
        XCTAssertEqual(try value("image == \"photo\" and not (sigma > 2)"), "true")
        XCTAssertEqual(try value("odd(56.9)"), "57")
        XCTAssertEqual(try value("odd(57)"), "57")
        XCTAssertEqual(try value("max(1, sigma, 0.5)"), "1.5")
        XCTAssertEqual(try value("fixed(pi, 4)"), "3.1416")
        XCTAssertEqual(try value("1 / 3"), "0.333333")
        for bad in [
            "1 +", "nope + 1", "floor(1, 2)", "1 / 0", "image + 1", "\"open", "(1", "sqrt(-1)", "frob(1)", "1 2"
        ] {
            XCTAssertThrowsError(try value(bad), bad)
        }
    }

    func testPreparedProseUsesValuesSectionsAndImageSizes() throws {
        let lesson = try lesson(
            """
            σ = {{sigma}} reaches {{reach}} px, twice {{twice}}; the picture is {{image.width}}×{{image.height}}.
            {{#if reach > 10}}
            Far.
            {{else}}
            Near.
            {{#if style == "light"}}
            Light and near.
            {{/if}}
            {{/if}}
            End.
            """)
        func prose(_ settings: [(String, String)]) throws -> String {
            let runner = LessonRunner(
                lesson: lesson, values: try lesson.values(settings: settings), outputRoot: "/nonexistent",
                invocation: "")
            return try runner.prepare().compactMap { if case .prose(let text) = $0 { text } else { nil } }.joined()
        }
        XCTAssertEqual(
            try prose([]), "σ = 3 reaches 9 px, twice 18; the picture is 64×48.\nNear.\nLight and near.\nEnd.")
        XCTAssertEqual(
            try prose([("sigma", "4"), ("style", "dark"), ("image", "builtin:noise@33x40")]),
            "σ = 4 reaches 12 px, twice 24; the picture is 33×40.\nFar.\nEnd.")
        XCTAssertThrowsError(try prose([("image", "builtin:noise@31x40")])) { error in
            let error = error as? LessonError
            XCTAssertEqual(error?.exitCode, 64)
            XCTAssertEqual(error?.line, 20)
            XCTAssertEqual(
                error?.message,
                "image=builtin:noise@31x40 is 31×40; this lesson needs an image of at least 32×32 pixels")
        }
        XCTAssertThrowsError(try prose([("image", "/nonexistent/x.png")])) { error in
            XCTAssertEqual((error as? LessonError)?.exitCode, 1)
            XCTAssertEqual((error as? LessonError)?.line, 20)
        }
    }

    func testSectionErrorsNameTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("{{#if reach > 1}}\nx\n", 29, "not closed"),
            ("x\n{{/if}}\n", 30, "without an open"),
            ("{{#if sigma}}\nx\n{{/if}}\n", 29, "not true or false"),
            ("x {{#if reach > 1}} y\n", 29, "on a line of its own")
        ]
        for (body, line, message) in cases {
            let lesson = try lesson(body)
            let runner = LessonRunner(
                lesson: lesson, values: try lesson.values(settings: []), outputRoot: "/nonexistent", invocation: "")
            XCTAssertThrowsError(try runner.prepare(), body) { error in
                XCTAssertEqual((error as? LessonError)?.line, line, "\(body.debugDescription): \(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
            }
        }
    }
}

/// A `method` parameter takes its choices from the library's method catalog.
final class MethodParameterTests: XCTestCase {
    func parse(_ declaration: String) throws -> Lesson {
        try LessonParser.parse(
            "---\ntitle: T\nsummary: S\nparameters:\n  method:\n    kind: method\n" + declaration
                + "    meaning: the method shown\n---\nText.\n", path: "Lessons/05-sample.md")
    }

    func testEveryCatalogMethodByDefaultAndTheLivePageOffersThemAll() throws {
        let lesson = try parse("    default: stack\n")
        let method = try XCTUnwrap(lesson.parameters.first)
        XCTAssertEqual(method.kind, .method)
        XCTAssertEqual(method.choices, MethodCatalog.names)
        XCTAssertNil(method.problem(with: "fft"))
        XCTAssertEqual(
            method.problem(with: "gauss"),
            "method must be one of \(MethodCatalog.names.joined(separator: ", ")); got 'gauss'")
        let html = LivePage.controls(
            lesson: lesson, values: ["method": "stack"], note: "", grids: ["method": StaticSite.grid(method, steps: 6)],
            states: [:])
        for name in MethodCatalog.names { XCTAssertTrue(html.contains(">\(name)</option>"), name) }
        XCTAssertEqual(StaticSite.grid(method, steps: 6), MethodCatalog.names)
    }

    func testChoicesNarrowTheCatalogAndMustBeMethods() throws {
        XCTAssertEqual(
            try parse("    default: stack\n    choices: [stack, fft]\n").parameters.first?.choices, ["stack", "fft"])
        XCTAssertThrowsError(try parse("    default: stack\n    choices: [stack, blurry]\n")) { error in
            XCTAssertTrue("\(error)".contains("'blurry' is not a blur method"), "\(error)")
        }
    }

    func testTheParserTakesTheMethodsItIsGiven() throws {
        func text(_ choices: String) -> String {
            "---\ntitle: T\nsummary: S\nparameters:\n  method:\n    kind: method\n    default: b\n" + choices
                + "    meaning: the method shown\n---\nText.\n"
        }
        let path = "Lessons/05-sample.md"
        let all = try XCTUnwrap(LessonParser.parse(text(""), path: path, methods: ["a", "b"]).parameters.first)
        XCTAssertEqual(all.choices, ["a", "b"])
        XCTAssertEqual(all.accepts, "any blur method of explorer blur --method")
        let some = try LessonParser.parse(text("    choices: [b]\n"), path: path, methods: ["a", "b"])
        XCTAssertEqual(some.parameters.first?.accepts, "one of b")
        XCTAssertThrowsError(try LessonParser.parse(text("    choices: [b]\n"), path: path, methods: ["a"])) { error in
            XCTAssertTrue("\(error)".contains("'b' is not a blur method; the methods are a"), "\(error)")
        }
        for (control, code) in [("\u{1B}[31m", "001B"), ("\u{85}", "0085"), ("\u{2028}", "2028"), ("\u{7F}", "007F")] {
            XCTAssertEqual(
                all.problem(with: "b" + control),
                "method takes one line of printable text; the value holds a control character, U+\(code)")
        }
        XCTAssertNil(all.problem(with: "b"))
    }
}
