import Foundation
import XCTest
@testable import explorer

/// Replays the lesson fuzzer's committed corpus (`Fuzz/Corpus/lesson`): its seeds and every
/// input that once crashed it parse to a lesson or give one `file:line:` error.
final class LessonFuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus/lesson").standardized

    func testEveryCorpusFileParsesOrGivesOneLine() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 3)
        for name in names {
            let path = Self.corpus.appendingPathComponent(name).path
            do {
                _ = try LessonParser.parse(fileAt: path)
            } catch {
                XCTAssertTrue(error.description.hasPrefix(path), "\(name): \(error)")
                XCTAssertFalse(error.description.contains("\n"), name)
            }
        }
    }
}
