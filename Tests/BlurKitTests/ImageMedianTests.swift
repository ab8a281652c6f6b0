import XCTest

@testable import BlurCore

/// `RGBAImage.median(radius:)` on grids worked by hand.
final class ImageMedianTests: XCTestCase {
    func testThreeByThreeMediansWithClampedBorders() {
        // Red channel:  1 9 2 / 8 5 3 / 7 4 6.
        let red: [Float] = [1, 9, 2, 8, 5, 3, 7, 4, 6]
        var image = RGBAImage(width: 3, height: 3)
        for (i, v) in red.enumerated() { image[i % 3, i / 3] = SIMD4(v, 0, 0, 1) }
        let filtered = image.median(radius: 1)
        // Centre: all nine, sorted 1…9, middle 5. Corner (0, 0), clamped: 1 1 9 / 1 1 9 / 8 8 5,
        // sorted 1 1 1 1 5 8 8 9 9, middle 5. Corner (2, 2): 5 3 3 / 4 6 6 / 4 6 6 → 3 3 4 4 5 6 6 6 6 → 5.
        XCTAssertEqual(filtered[1, 1].x, 5)
        XCTAssertEqual(filtered[0, 0].x, 5)
        XCTAssertEqual(filtered[2, 2].x, 5)
        // Top middle (1, 0): 1 9 2 / 1 9 2 / 8 5 3 → 1 1 2 2 3 5 8 9 9 → 3.
        XCTAssertEqual(filtered[1, 0].x, 3)
        XCTAssertEqual(image.median(radius: 0), image)
    }

    func testASpeckVanishesAndAnEdgeStays() {
        var speck = RGBAImage(width: 7, height: 7, fill: SIMD4(0, 0, 0, 1))
        speck[3, 3] = SIMD4(1, 1, 1, 1)
        XCTAssertEqual(speck.median(radius: 1), RGBAImage(width: 7, height: 7, fill: SIMD4(0, 0, 0, 1)))
        var edge = RGBAImage(width: 8, height: 5, fill: SIMD4(0, 0, 0, 1))
        for y in 0..<5 { for x in 4..<8 { edge[x, y] = SIMD4(1, 1, 1, 1) } }
        XCTAssertEqual(edge.median(radius: 2), edge, "a straight edge is its own median")
    }
}
