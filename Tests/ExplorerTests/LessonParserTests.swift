import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The lesson format: front matter, prose, cells, parameters, and the file:line of every error.
final class LessonParserTests: XCTestCase {
    let path = "Lessons/07-sample.md"

    func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LessonError? {
        do {
            _ = try LessonParser.parse(text, path: path)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Front matter

    func testFrontMatterGivesTitleSummaryAndParametersInOrder() throws {
        let lesson = try LessonParser.parse(
            """
            ---
            # a comment line
            title: Exact 2-D Gaussian
            summary: "Box against Gaussian # not a comment"
            parameters:
              sigma: 3        # overridable
              image: 'builtin:zoneplate@64x64'

            ---
            Text.
            """, path: path)
        XCTAssertEqual(lesson.title, "Exact 2-D Gaussian")
        XCTAssertEqual(lesson.summary, "Box against Gaussian # not a comment")
        XCTAssertEqual(
            lesson.parameters,
            [
                Lesson.Parameter(name: "sigma", kind: .integer, value: "3", meaning: "", line: 6),
                Lesson.Parameter(name: "image", kind: .text, value: "builtin:zoneplate@64x64", meaning: "", line: 7)
            ])
        XCTAssertEqual(lesson.parametersLine, 5)
        XCTAssertEqual(lesson.number, 7)
        XCTAssertEqual(lesson.slug, "sample")
        XCTAssertEqual(lesson.pageFolderName, "lesson-07")
        XCTAssertEqual(lesson.parts, [.prose(Lesson.Prose(lines: ["Text."], line: 10))])
    }

    /// Front matter and parameter declarations (`LessonParameter`): each error names its line.
    func testFrontMatterErrorsNameTheirLine() {
        let sigma = "---\ntitle: x\nsummary: y\nparameters:\n  sigma:\n"  // declares sigma from line 5
        let cases: [(String, Int, String)] = [
            ("title: x\n", 1, "starts with front matter"),
            ("---\ntitle: x\nsummary: y\nauthor: z\n---\n", 4, "unknown front matter key 'author'"),
            ("---\ntitle: x\n---\n", 3, "no 'summary:'"),
            ("---\nsummary: y\n---\n", 3, "no 'title:'"),
            ("---\ntitle: x\nsummary: y\n", 1, "never closed"),
            ("---\ntitle: x\ntitle: z\nsummary: y\n---\n", 3, "given twice"),
            ("---\ntitle: x\nsummary: y\nparameters:\n  a: 1\n  a: 2\n---\n", 6, "given twice"),
            ("---\ntitle: x\nsummary: y\nparameters:\n  a:\n---\n", 5, "no default value"),
            ("---\ntitle: x\nsummary: y\nparameters:\n\ta: 1\n---\n", 5, "not valid YAML"),
            ("---\ntitle: x\nsummary: y\nparameters: 3\n---\n", 4, "indented declarations"),
            ("---\ntitle: x\nsummary: y\nparameters:\n  2x: 1\n---\n", 5, "not a parameter name"),
            ("---\ntitle: x\nsummary: \"y\n---\n", 3, "not valid YAML"),
            ("---\ntitle: x\nsummary y\n---\n", 3, "not valid YAML"),
            (
                sigma + "    kind: number\n    default: 3\n    meaning: m\n---\n", 5,
                "needs 'range: [smallest, largest]'"
            ),
            (
                sigma + "    kind: number\n    default: 30\n    range: [1, 12]\n    meaning: m\n---\n", 5,
                "the default does not fit"
            ),
            (
                sigma + "    kind: real\n    default: 3\n---\n", 6,
                "kind must be one of number, integer, choice, method, image, text"
            ),
            (
                sigma + "    kind: number\n    default: 3\n    range: [1]\n    meaning: m\n---\n", 8,
                "'range:' is two numbers"
            ),
            (sigma + "    kind: number\n    default: 3\n    range: [1, 5]\n---\n", 5, "no 'meaning:'"),
            (sigma + "    kind: image\n    default: photo\n    meaning: m\n---\n", 5, "needs 'smallest: WxH'"),
            (
                sigma + "    kind: image\n    default: photo\n    smallest: big\n    meaning: m\n---\n", 8,
                "'smallest:' is an image size"
            ),
            (
                sigma + "    kind: choice\n    default: c\n    choices: [a, b]\n    meaning: m\n---\n", 5,
                "must be one of a, b"
            ),
            (
                sigma + "    kind: number\n    default: 3\n    range: [1, 5]\n    meaning: m\n    step: 1\n---\n", 10,
                "unknown key 'step'"
            ),
            (sigma + "    kind: integer\n    default: 3\n    range: [1, 5.5]\n    meaning: m\n---\n", 8, "whole ends")
        ]
        for (text, line, message) in cases {
            guard let error = parseError(text) else { continue }
            XCTAssertEqual(error.line, line, "\(text.debugDescription): \(error)")
            XCTAssertTrue(error.message.contains(message), "\(error) should say \(message)")
            XCTAssertTrue(error.description.hasPrefix("\(path):\(line): "), error.description)
        }
    }

    // MARK: - Cells

    let header = "---\ntitle: T\nsummary: S\nparameters:\n  radius: 2\n---\n"  // 6 lines

    func testCellsAndProseKeepTheirLinesAndAttributes() throws {
        let lesson = try LessonParser.parse(
            header + """
                ## Intro

                Some prose.

                ```explorer caption="One white pixel, radius {{radius}}." hide
                blur builtin:impulse -o a.png \\
                  --method box --radius {{radius}}
                ```
                More prose.
                ```swift
                let x = 1
                ```
                ```explorer predict="How wide is it?"
                info a.png
                ```
                """, path: path)
        XCTAssertEqual(lesson.parts.count, 4)
        XCTAssertEqual(lesson.parts[0], .prose(Lesson.Prose(lines: ["## Intro", "", "Some prose."], line: 7)))
        XCTAssertEqual(
            lesson.parts[1],
            .cell(
                Lesson.Cell(
                    lines: ["blur builtin:impulse -o a.png ", "  --method box --radius {{radius}}"],
                    line: 12, fenceLine: 11, caption: "One white pixel, radius {{radius}}.", hidden: true)))
        XCTAssertEqual(
            lesson.parts[2], .prose(Lesson.Prose(lines: ["More prose.", "```swift", "let x = 1", "```"], line: 15)))
        XCTAssertEqual(
            lesson.parts[3],
            .cell(Lesson.Cell(lines: ["info a.png"], line: 20, fenceLine: 19, predict: "How wide is it?")))
    }

    func testAnExplorerBlockInsideALongerFenceIsProse() throws {
        let lesson = try LessonParser.parse(header + "````markdown\n```explorer\ninfo x.png\n```\n````\n", path: path)
        XCTAssertTrue(lesson.cells.isEmpty)
        XCTAssertEqual(
            lesson.parts,
            [.prose(Lesson.Prose(lines: ["````markdown", "```explorer", "info x.png", "```", "````"], line: 7))])
    }

    func testCellErrorsNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("Text\n```explorer\ninfo a.png\n", 8, "never closed"),
            ("```explorer\n\n```\n", 7, "empty"),
            ("```explorer\ninfo a.png\ninfo b.png\n```\n", 9, "one command"),
            ("```explorer\nexplorer info a.png\n```\n", 8, "without 'explorer'"),
            ("```explorer\nswift run explorer info a.png\n```\n", 8, "without 'swift run explorer'"),
            ("\n```explorer big\ninfo a.png\n```\n", 8, "unknown cell attribute 'big'"),
            ("```explorer caption=\"open\ninfo a.png\n```\n", 7, "not closed")
        ]
        for (body, line, message) in cases {
            guard let error = parseError(header + body) else { continue }
            XCTAssertEqual(error.line, line, "\(body.debugDescription): \(error)")
            XCTAssertTrue(error.message.contains(message), "\(error) should say \(message)")
        }
    }

    func testFileNamesGiveNumberAndSlug() {
        XCTAssertTrue(LessonLibrary.numberAndSlug(fileName: "03-exact-gaussian.md") == (3, "exact-gaussian"))
        XCTAssertTrue(LessonLibrary.numberAndSlug(fileName: "12-x.md") == (12, "x"))
        XCTAssertTrue(LessonLibrary.numberAndSlug(fileName: "README.md") == (nil, "README"))
        XCTAssertTrue(LessonLibrary.numberAndSlug(fileName: "03-.md") == (nil, "03-"))
        XCTAssertTrue(LessonLibrary.numberAndSlug(fileName: "my.md") == (nil, "my"))
    }

    // MARK: - Parameters and words

    func testTemplateSubstitutesDeclaredParametersOnly() throws {
        let values: [String: LessonExpression.Value] = ["sigma": .text("3"), "image": .text("builtin:checker")]
        XCTAssertEqual(
            try Template.substitute("compare {{image}} --sigma {{ sigma }}", values: values, path: path, line: 9),
            "compare builtin:checker --sigma 3")
        XCTAssertEqual(try Template.substitute("no braces", values: [:], path: path, line: 9), "no braces")
        XCTAssertEqual(
            try Template.substitute("--edges {{edge-mode}}", values: ["edge-mode": .text("wrap")], path: path, line: 9),
            "--edges wrap")
        XCTAssertThrowsError(try Template.substitute("--radius {{radius}}", values: values, path: path, line: 27)) {
            error in
            XCTAssertEqual(
                "\(error)", "Lessons/07-sample.md:27: unknown parameter {{radius}}; the lesson declares image, sigma")
        }
        XCTAssertThrowsError(try Template.substitute("{{sigma", values: values, path: path, line: 4)) { error in
            XCTAssertEqual((error as? LessonError)?.line, 4)
        }
    }

    func testSetOverridesDefaultsAndRefusesUndeclaredNames() throws {
        let lesson = try LessonParser.parse(header, path: path)
        XCTAssertEqual(try lesson.values(settings: []), ["radius": "2"])
        XCTAssertEqual(try lesson.values(settings: [("radius", "5")]), ["radius": "5"])
        XCTAssertThrowsError(try lesson.values(settings: [("sigma", "5")])) { error in
            let error = error as? LessonError
            XCTAssertEqual(error?.line, 4, "points at 'parameters:'")
            XCTAssertEqual(error?.exitCode, 64)
            XCTAssertEqual(
                error?.message, "--set sigma=5: this lesson has no parameter 'sigma'; its parameters are radius")
        }
    }

    func testShellWordsSplitLikeAShell() throws {
        XCTAssertEqual(try ShellWords.split("blur  a.png -o 'two words.png'"), ["blur", "a.png", "-o", "two words.png"])
        XCTAssertEqual(try ShellWords.split(#"x "say \"hi\" \n" it\ s ''"#), ["x", #"say "hi" \n"#, "it s", ""])
        XCTAssertEqual(try ShellWords.split("   "), [])
        XCTAssertThrowsError(try ShellWords.split("x 'open"))
        XCTAssertThrowsError(try ShellWords.split("x \"open"))
        XCTAssertThrowsError(try ShellWords.split("blur a.png | head"))
        XCTAssertEqual(try ShellWords.split("blur 'a|b.png'"), ["blur", "a|b.png"])
    }

    // MARK: - Cells parsed as commands

    func prepareError(_ cellText: String, settings: [String: String] = ["radius": "2"]) -> LessonError? {
        do {
            let lesson = try LessonParser.parse(header + "Text.\n\n```explorer\n\(cellText)\n```\n", path: path)
            let runner = LessonRunner(lesson: lesson, values: settings, outputRoot: "/nonexistent", invocation: "")
            _ = try runner.prepare()
            XCTFail("expected an error for \(cellText)")
            return nil
        } catch {
            return error
        }
    }

    func testCommandErrorsPointAtTheCellLine() {
        let cases: [(String, String)] = [
            ("frobnicate x", "unknown command 'frobnicate'; the commands are lesson, list, all"),
            ("plot kernal --sigma 2", "unknown command 'plot kernal'; the commands are kernel, error-vs-passes"),
            ("blur builtin:impulse -o a.png --radius 1 --radious 2", "Unknown option '--radious'"),
            ("blur builtin:impulse -o a.png --radius {{sigma}}", "unknown parameter {{sigma}}"),
            ("blur builtin:impulse -o a.png --radius=-3", "--radius must be 0 or more, got -3"),
            ("lesson 1", "'lesson' cannot run in a lesson"),
            ("blur --help", "prints help"),
            ("blur a.png -o 'b.png", "not closed")
        ]
        for (text, message) in cases {
            guard let error = prepareError(text) else { continue }
            XCTAssertEqual(error.line, 10, "\(text): \(error)")
            XCTAssertTrue(error.message.contains(message), "\(error) should say \(message)")
        }
    }

    func testLibraryFindsLessonsByNumberSlugAndPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lesson-library-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["02-second.md", "01-first.md", "README.md", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
        }
        let library = try LessonLibrary(folder: folder)
        XCTAssertEqual(library.entries.map(\.slug), ["first", "second"])
        XCTAssertEqual(try library.path(for: "2"), folder + "/02-second.md")
        XCTAssertEqual(try library.path(for: "01"), folder + "/01-first.md")
        XCTAssertEqual(try library.path(for: "second"), folder + "/02-second.md")
        XCTAssertEqual(try library.path(for: folder + "/01-first.md"), folder + "/01-first.md")
        XCTAssertThrowsError(try library.path(for: "7")) { error in
            XCTAssertEqual(
                (error as? LessonError)?.message, "no lesson number 7; the lessons are 1 (first), 2 (second)")
            XCTAssertEqual((error as? LessonError)?.exitCode, 64)
        }
        _ = FileManager.default.createFile(atPath: folder + "/2-again.md", contents: Data())
        XCTAssertThrowsError(try LessonLibrary(folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("lesson number 2 is also used by"), "\(error)")
        }
        XCTAssertThrowsError(try LessonLibrary(folder: folder + "/missing")) { error in
            XCTAssertEqual((error as? LessonError)?.exitCode, 64)
        }
    }
}
