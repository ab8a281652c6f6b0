import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// The lesson server behind the front: upload names stay readable in any script, all uploads
/// together stay within a byte budget (the oldest go), and messages never show its lessons folder.
final class ServeHostileTests: FolderTestCase {
    func testNonLatinUploadNamesStayReadable() {
        XCTAssertEqual(ServeFolder.uploadName("Привет.png").lowercased(), "privet.png")
        XCTAssertEqual(ServeFolder.uploadName("照片.png"), "zhao-pian.png")
        XCTAssertEqual(ServeFolder.uploadName("café au lait.PNG"), "cafe-au-lait.png")
        XCTAssertEqual(ServeFolder.uploadName("😀.png"), "picture.png")
        for name in ["Привет.png", "照片.png", "ελληνικά.png", "../../etc/passwd"] {
            XCTAssertTrue(ServeFolder.isFileName(ServeFolder.uploadName(name)), name)
        }
    }

    func testUploadsStayWithinTheirByteBudget() throws {
        let folder = try ServeFolder(uploadBudget: 3000)
        defer { folder.remove() }
        func upload(_ session: String, _ name: String, bytes: Int) throws -> (name: String, path: String) {
            let incoming = try XCTUnwrap(folder.incoming("body-\(session)-\(name)"))
            try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: incoming))
            return try folder.storeUpload(moving: incoming, session: session, fileName: name)
        }
        _ = try upload("a", "one.png", bytes: 1000)
        _ = try upload("b", "two.png", bytes: 1000)
        _ = try upload("c", "three.png", bytes: 1500)
        XCTAssertNil(folder.upload("one.png", session: "a"), "the oldest upload made room")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.uploadsPrefix + "a/one.png"))
        XCTAssertNotNil(folder.upload("two.png", session: "b"))
        XCTAssertNotNil(folder.upload("three.png", session: "c"))
        XCTAssertThrowsError(try upload("d", "huge.png", bytes: 4000)) { error in
            XCTAssertTrue("\(error)".contains("larger than the server keeps for all uploads"), "\(error)")
        }
    }

    func testMessagesLeaveOutTheLessonsFolder() throws {
        let lessons = folder.path + "/secret-place"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        let path = lessons + "/01-one.md"
        try
            "---\ntitle: T\nsummary: S.\nparameters:\n  n:\n    kind: integer\n    default: 1\n    range: [1, 3]\n    meaning: m\n---\n{{n}}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let live = LiveLesson(lesson: try LessonParser.parse(fileAt: path), maxPixels: 1000)
        let serveFolder = try ServeFolder()
        defer { serveFolder.remove() }
        XCTAssertThrowsError(try live.values(settings: ["n=9"], folder: serveFolder)) { error in
            let message = (error as? LiveLesson.Failure)?.message ?? ""
            XCTAssertFalse(message.contains("secret-place"), message)
            XCTAssertTrue(message.hasPrefix("01-one.md:"), message)
        }
    }
}
