import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// The live index reads each lesson through the server's `LiveLessons`: parsed once, again only
/// when its file changes, not on every visit.
final class ServeIndexCacheTests: FolderTestCase {
    func testTheIndexReadsALessonAgainOnlyWhenItChanges() throws {
        let lessons = folder.path + "/L"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        let path = lessons + "/01-one.md"
        try "---\ntitle: First title\nsummary: S.\n---\nText.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let server = LessonServer(
            library: try LessonLibrary(folder: lessons), folder: try ServeFolder(),
            scheduler: RunScheduler(width: 1, quiet: .seconds(1)), maxPixels: 1_000_000)
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        XCTAssertTrue(server.index().body?.contains("First title") == true)
        // The same modification time: the kept lesson is shown, the file is not read again.
        try "---\ntitle: Other title\nsummary: S.\n---\nText.\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        XCTAssertTrue(server.index().body?.contains("First title") == true, "read again although unchanged")
        // A new modification time: read again.
        try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(5)], ofItemAtPath: path)
        XCTAssertTrue(server.index().body?.contains("Other title") == true)
    }
}
