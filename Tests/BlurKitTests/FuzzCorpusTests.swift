import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Replays the PNG fuzzer's committed corpus (`Fuzz/Corpus/png`), which holds its seeds and every
/// input that once crashed it: each file is read to an image or refused with one line.
final class FuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus/png").standardized

    func testEveryCorpusFileReadsOrGivesOneLine() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for name in names {
            do {
                let image = try PNG.read(Self.corpus.appendingPathComponent(name).path, maxPixels: 1 << 16)
                XCTAssertGreaterThan(image.width * image.height, 0, name)
            } catch {
                XCTAssertFalse("\(error)".contains("\n"), name)
            }
        }
    }
}
