import Foundation
import XCTest

@testable import BlurCore

/// `PixelMemory.preferHugePages`: the 2 MiB pages it asks for lie inside the buffer, and on a
/// Linux that offers transparent huge pages the advice is taken for a fresh pixel array.
final class HugePageTests: XCTestCase {
    func testTheSpanIsTheWholeHugePagesInsideTheBuffer() {
        let mib = 1 << 20
        XCTAssertNil(PixelMemory.hugePageSpan(start: 0, bytes: 4 * mib - 1), "under 4 MiB: no advice")
        XCTAssertEqual(PixelMemory.hugePageSpan(start: 0, bytes: 4 * mib), 0..<(4 * mib))
        XCTAssertEqual(PixelMemory.hugePageSpan(start: 16, bytes: 4 * mib), (2 * mib)..<(4 * mib))
        XCTAssertEqual(
            PixelMemory.hugePageSpan(start: 3 * mib + 16, bytes: 64 * mib), (4 * mib)..<(66 * mib),
            "rounded in at both ends")
        XCTAssertNil(PixelMemory.hugePageSpan(start: 2 * mib + 1, bytes: 4 * mib - 2), "too small once rounded in")
        XCTAssertEqual(PixelMemory.hugePageSpan(start: 1, bytes: 4 * mib), (2 * mib)..<(4 * mib), "one whole page")
    }

    func testAFreshPixelArrayIsAdvisedWhereTheSystemOffersHugePages() throws {
        let setting = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
        guard let setting, !setting.contains("[never]") else {
            throw XCTSkip("this system offers no transparent huge pages")
        }
        var advised = false
        let pixels = PixelMemory.array(count: 2 << 20) { buffer, initialized in
            advised = PixelMemory.preferHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), bytes: 8 << 20)
            buffer.initialize(repeating: 0.5)
            initialized = buffer.count
        }
        XCTAssertTrue(advised)
        XCTAssertEqual(pixels.count, 2 << 20)
        XCTAssertTrue(pixels.allSatisfy { $0 == 0.5 })
    }
}
