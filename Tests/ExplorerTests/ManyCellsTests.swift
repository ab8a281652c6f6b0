import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// A lesson of many cells has them parsed on every core (`LessonRunner.parsedEarly`): the
/// prepared cells come in the lesson's order, and of two broken cells the first is reported.
final class ManyCellsTests: FolderTestCase {
    /// A lesson of `count` blur cells; `broken` maps a cell's index to the command it has instead.
    func lesson(_ count: Int, broken: [Int: String] = [:]) throws -> Lesson {
        var text = "---\ntitle: Many cells\nsummary: Small cells.\n---\n"
        for index in 0..<count {
            let command = broken[index] ?? "blur builtin:impulse@3x3 -o b\(index).png --radius 1"
            text += "```explorer\n\(command)\n```\n\n"
        }
        let path = folder.appendingPathComponent("01-many.md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try LessonParser.parse(fileAt: path)
    }

    func runner(_ lesson: Lesson) -> LessonRunner {
        LessonRunner(
            lesson: lesson, values: [:], outputRoot: folder.appendingPathComponent("out").path, quickTiming: true,
            invocation: "explorer lesson 01-many.md")
    }

    func testManyCellsArePreparedInTheLessonsOrder() throws {
        let count = LessonRunner.cellsParsedInParallel * 3
        let lesson = try lesson(count)
        let runner = runner(lesson)
        XCTAssertEqual(runner.parsedEarly(environment: [:])?.count, BuildInfo.cores >= 2 ? count : nil)
        let texts = try runner.prepare().compactMap { part -> String? in
            guard case .cell(let cell) = part else { return nil }
            return cell.text
        }
        XCTAssertEqual(texts, (0..<count).map { "blur builtin:impulse@3x3 -o b\($0).png --radius 1" })
    }

    func testTheFirstBrokenCellIsReported() throws {
        let count = LessonRunner.cellsParsedInParallel * 3
        let lesson = try lesson(
            count, broken: [4: "blur builtin:impulse@3x3 -o x.png --radius 1 --bogus", count - 2: "frobnicate"])
        XCTAssertThrowsError(try runner(lesson).prepare()) { error in
            XCTAssertEqual((error as? LessonError)?.line, lesson.cells[4].line, "\(error)")
            XCTAssertTrue("\(error)".contains("--bogus"), "\(error)")
        }
    }
}
