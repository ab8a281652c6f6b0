import Foundation
import XCTest
@testable import explorer
import TestSupport

/// `explorer serve` without a browser: what a request may name, and the messages it gets.
final class ServeTests: XCTestCase {
    static let lesson = BinaryRunner.packageRoot.appendingPathComponent("Lessons/03-exact-gaussian.md").path

    func live() throws -> LiveLesson {
        LiveLesson(lesson: try LessonParser.parse(fileAt: Self.lesson), maxPixels: 12_000_000)
    }

    /// A value outside the range gets the message `explorer lesson 3 --set sigma=9` prints.
    func testOutOfRangeValueGetsTheCommandLinesMessage() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let live = try live()
        XCTAssertThrowsError(try live.values(settings: ["sigma=9"], folder: folder)) { error in
            let failure = error as! LiveLesson.Failure
            XCTAssertEqual(failure.status, 400)
            XCTAssertEqual(failure.message, "\(Self.lesson):5: --set sigma=9: sigma must be a number in 0.5…6; 9 is above it")
        }
        XCTAssertThrowsError(try live.values(settings: ["sigma=wide"], folder: folder))
        XCTAssertThrowsError(try live.values(settings: ["radius=3"], folder: folder))
        XCTAssertEqual(try live.values(settings: ["sigma=4.5"], folder: folder)["sigma"], "4.5")
    }

    /// A page may not name a file for an image: only photo, builtin:… or an upload it made.
    func testImageValuesAreNeverPaths() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let live = try live()
        for value in ["/etc/passwd", "../Lessons/images/photo.png", "Lessons/images/photo.png", "upload:../../etc", "upload:ffff"] {
            XCTAssertThrowsError(try live.values(settings: ["image=\(value)"], folder: folder), value)
        }
        XCTAssertThrowsError(try live.values(settings: ["image=builtin:noise@10000x10000"], folder: folder))
        XCTAssertEqual(try live.values(settings: ["image=builtin:checker"], folder: folder)["image"], "builtin:checker")
        let upload = try folder.storeUpload(Data("png".utf8))
        XCTAssertEqual(try live.values(settings: ["image=upload:\(upload.id)"], folder: folder)["image"], upload.path)
    }

    /// Only plain files of runs the server made are served; no traversal, no symbolic links.
    func testOnlyTheServersOwnRunFilesAreServed() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let run = try folder.makeRun()
        try FileManager.default.createDirectory(atPath: run.folder + "/lesson-03", withIntermediateDirectories: false)
        try Data("png".utf8).write(to: URL(fileURLWithPath: run.folder + "/lesson-03/a.png"))
        try FileManager.default.createSymbolicLink(atPath: run.folder + "/lesson-03/b.png", withDestinationPath: "/etc/passwd")
        XCTAssertNotNil(folder.file(run: run.id, page: "lesson-03", name: "a.png"))
        XCTAssertNil(folder.file(run: run.id, page: "lesson-03", name: "b.png"))
        XCTAssertNil(folder.file(run: run.id, page: "lesson-03", name: "../a.png"))
        XCTAssertNil(folder.file(run: run.id, page: "..", name: "passwd"))
        XCTAssertNil(folder.file(run: "0", page: "lesson-03", name: "a.png"))
        XCTAssertNil(folder.file(run: "../runs", page: "lesson-03", name: "a.png"))
        folder.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
    }

    /// About a hundred slider steps of 1, 2 or 5 times a power of ten.
    func testIndexLinksEveryLessonAndEscapesItsText() {
        let html = LivePage.index(entries: [(3, "Boxes <b>bold</b> [x]", "σ \"quoted\""), (12, "Survey", "All methods")])
        XCTAssertTrue(html.contains("href=\"/lesson/3\""), html)
        XCTAssertTrue(html.contains("href=\"/lesson/12\""), html)
        XCTAssertFalse(html.contains("<b>bold</b>"), html)
        XCTAssertTrue(html.contains("&lt;b&gt;bold"), html)
    }

    func testSliderStep() {
        XCTAssertEqual(LivePage.sliderStep(0.5, 6), 0.1, accuracy: 1e-12)
        XCTAssertEqual(LivePage.sliderStep(1, 25), 0.5, accuracy: 1e-12)
        XCTAssertEqual(LivePage.sliderStep(0, 1), 0.01, accuracy: 1e-12)
    }

    /// Text from the lesson and the page is escaped in the controls.
    func testControlsEscapeWhatTheyShow() throws {
        var lesson = try LessonParser.parse(fileAt: Self.lesson)
        lesson.parameters[0].meaning = "<script>alert(1)</script>"
        let html = LivePage.controls(lesson: lesson, values: ["sigma": "\"><b>"], client: "c1")
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("\"><b>"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
    }
}
