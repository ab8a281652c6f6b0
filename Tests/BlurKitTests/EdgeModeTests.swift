import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EdgeModeTests: XCTestCase {
    /// Indices −2 … 5 of the line a b c d, as in the table of EdgeMode's documentation.
    func testTheDocumentedPaddingTable() {
        let expected: [EdgeMode: [Int?]] = [
            .zero: [nil, nil, 0, 1, 2, 3, nil, nil],
            .clamp: [0, 0, 0, 1, 2, 3, 3, 3],
            .reflect: [1, 0, 0, 1, 2, 3, 3, 2],
            .mirror: [2, 1, 0, 1, 2, 3, 2, 1],
            .wrap: [2, 3, 0, 1, 2, 3, 0, 1],
        ]
        for (mode, indices) in expected {
            XCTAssertEqual((-2...5).map { mode.sourceIndex($0, count: 4) }, indices, "\(mode)")
        }
    }

    func testFarOutsideAndOnePixelLines() {
        // Reflect has period 2n, mirror 2n − 2, wrap n, however far out.
        XCTAssertEqual(EdgeMode.reflect.sourceIndex(-9, count: 3), 2)   // −9 ≡ 3 (mod 6) → 5 − 3
        XCTAssertEqual(EdgeMode.mirror.sourceIndex(11, count: 3), 1)    // 11 ≡ 3 (mod 4) → 4 − 3
        XCTAssertEqual(EdgeMode.wrap.sourceIndex(-7, count: 3), 2)
        for mode in EdgeMode.allCases where mode != .zero {
            for i in -5...5 { XCTAssertEqual(mode.sourceIndex(i, count: 1), 0, "\(mode) \(i)") }
        }
    }

    func testPaddedSourceIndices() {
        XCTAssertEqual(EdgeMode.mirror.paddedSourceIndices(count: 3, before: 2, after: 1), [2, 1, 0, 1, 2, 1])
        XCTAssertEqual(EdgeMode.zero.paddedSourceIndices(count: 2, before: 1, after: 2), [-1, 0, 1, -1, -1])
        XCTAssertEqual(EdgeMode.wrap.paddedSourceIndices(count: 1, before: 3, after: 0), [0, 0, 0, 0])
    }
}
