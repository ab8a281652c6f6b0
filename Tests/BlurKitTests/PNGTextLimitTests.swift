import Foundation
import XCTest

@testable import BlurCore
@testable import BlurPNG

/// A PNG's text chunks are read up to `PNGInfo.maxTextBytes` each: a file with a 30 MB chunk
/// reads in the time of its first 64 KiB, and says how long the text was.
final class PNGTextLimitTests: XCTestCase {
    func testAHugeTextChunkIsCutAndReadQuickly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("huge-text-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let huge = String(repeating: "x", count: 30_000_000)
        let bytes = try PNG.encode(
            RGBAImage(width: 8, height: 8, fill: .init(repeating: 1)), text: [(keyword: "Comment", value: huge)],
            compression: .default, alpha: true, depth: .eight)
        try AtomicFile.write(bytes, to: path)
        let start = Date()
        let info = try PNGInfo.read(path)
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "30 MB of text read in under 3 s")
        let entry = try XCTUnwrap(info.text.first)
        XCTAssertEqual(entry.keyword, "Comment")
        XCTAssertEqual(entry.value.unicodeScalars.count, PNGInfo.maxTextBytes)
        XCTAssertEqual(entry.byteCount, 30_000_000)
        XCTAssertTrue(entry.isTruncated)
        XCTAssertEqual(try PNG.read(path).width, 8, "the image still reads")
    }

    func testLatin1TextIsReadByteForScalar() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try PNG.encode(
            RGBAImage(width: 1, height: 1), text: [(keyword: "Title", value: "café")],
            compression: .default, alpha: true, depth: .eight)
        try AtomicFile.write(bytes, to: path)
        let entry = try XCTUnwrap(PNGInfo.read(path).text.first)
        XCTAssertFalse(entry.isTruncated)
        XCTAssertEqual(entry.byteCount, entry.value.unicodeScalars.count)
    }
}
