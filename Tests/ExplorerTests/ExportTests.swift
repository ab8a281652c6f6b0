import BlurKit
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `explorer export` loses and mixes nothing: a state folder per exact value, each lesson swapped
/// in whole (a killed run leaves the earlier page with its controls and states), a failing lesson
/// left out and named while the others and the index are written, and a foreign `index.html` kept.
final class ExportTests: FolderTestCase {
    static let choices = """
        ---
        title: Choices
        summary: Choices that differ by punctuation.
        parameters:
          word:
            kind: choice
            default: a-b
            choices: [a-b, a_b, a.b, "a b", "ä b", "ö b"]
            meaning: a word
        ---
        The word is {{word}}.

        ```explorer
        edges
        ```
        """

    func writeLessons(failing: Bool = true) throws {
        let lessons = folder.path + "/L"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        try Self.choices.write(toFile: lessons + "/01-choice.md", atomically: true, encoding: .utf8)
        if failing {
            try "---\ntitle: Bad\nsummary: Fails.\n---\n```explorer\nblur builtin:nothing -o x.png --sigma 2\n```\n"
                .write(toFile: lessons + "/02-bad.md", atomically: true, encoding: .utf8)
        }
        try Self.choices.replacingOccurrences(of: "title: Choices", with: "title: Also")
            .write(toFile: lessons + "/03-also.md", atomically: true, encoding: .utf8)
    }

    func testEveryChoiceHasItsOwnStateAndAFailingLessonIsLeftOutInOneLine() throws {
        try writeLessons()
        let result = try explorer(["export", "--lessons", "L", "--output", "site"])
        XCTAssertEqual(result.status, 1, result.standardError)
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error") }
        XCTAssertEqual(errors.count, 1, result.standardError)
        XCTAssertTrue(errors[0].contains("02-bad.md:6: unknown built-in image"), result.standardError)
        for page in ["index.html", "lesson-01/index.html", "lesson-03/index.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/site/" + page), page)
        }
        let states = folder.path + "/site/lesson-01/states/"
        let names = try FileManager.default.contentsOfDirectory(atPath: states).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(names.count, 6, "\(names)")
        for word in ["a_b", "a.b", "a b", "ä b", "ö b"] {
            let html = try String(
                contentsOfFile: states + StaticSite.stateFolder("word", word) + "/state.html", encoding: .utf8)
            XCTAssertTrue(html.contains("The word is \(word)."), word)
        }
        let index = try String(contentsOfFile: folder.path + "/site/lesson-01/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("data-states="), "the page names its states")
        XCTAssertNotEqual(StaticSite.stateFolder("word", "ä b"), StaticSite.stateFolder("word", "ö b"))
        // The site's index speaks to students, not to whoever runs explorer.
        let siteIndex = try String(contentsOfFile: folder.path + "/site/index.html", encoding: .utf8)
        XCTAssertTrue(siteIndex.contains("Open a lesson."), siteIndex)
        XCTAssertFalse(siteIndex.contains("swift run"), siteIndex)
    }

    func testAForeignIndexIsNotReplaced() throws {
        try writeLessons(failing: false)
        try FileManager.default.createDirectory(atPath: folder.path + "/mine", withIntermediateDirectories: true)
        try "<html>mine</html>".write(toFile: folder.path + "/mine/index.html", atomically: true, encoding: .utf8)
        let result = try explorer(["export", "--lessons", "L", "--output", "mine"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("is not a course index"), result.standardError)
        XCTAssertEqual(
            try String(contentsOfFile: folder.path + "/mine/index.html", encoding: .utf8), "<html>mine</html>")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/mine"), ["index.html"])
        // Its own index is replaced.
        XCTAssertEqual(try explorer(["export", "--lessons", "L", "--output", "site"]).status, 0)
        XCTAssertEqual(try explorer(["export", "--lessons", "L", "--output", "site"]).status, 0)
    }

    func testExitCodesAndOneLineMessages() throws {
        try writeLessons(failing: false)
        for (arguments, status) in [(["99"], Int32(64)), (["--steps", "0"], 64), (["1"], 0)] {
            let result = try explorer(["export", "--lessons", "L", "--output", "site"] + arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.standardError)")
        }
        try "x".write(toFile: folder.path + "/afile", atomically: true, encoding: .utf8)
        let result = try explorer(["export", "--lessons", "L", "--output", "afile"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("not a directory"), result.standardError)
        XCTAssertFalse(result.standardError.contains("Domain"), result.standardError)
    }

    func testAKilledReExportKeepsEveryPageWithItsControlsAndStates() throws {
        try writeLessons(failing: false)
        XCTAssertEqual(try explorer(["export", "--lessons", "L", "--output", "site"]).status, 0)
        let binary = BinaryRunner.executable.path
        for delay in [0.05, 0.2, 0.4, 0.7] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["export", "--lessons", "L", "--output", "site"]
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(["EXPLORER_QUICK": "1"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for lesson in ["lesson-01", "lesson-03"] {
                let page = folder.path + "/site/" + lesson
                let index = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
                XCTAssertTrue(index.contains("live-controls"), "\(lesson) after a kill at \(delay) s has no controls")
                let states = try FileManager.default.contentsOfDirectory(atPath: page + "/states").filter {
                    !$0.hasPrefix(".")
                }
                XCTAssertEqual(states.count, 6, "\(lesson) after a kill at \(delay) s: \(states)")
            }
        }
    }
}
