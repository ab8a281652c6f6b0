import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class BoxAverageTests: XCTestCase {
    /// A grey image from a literal grid (rows top to bottom).
    func grey(_ rows: [[Float]]) -> RGBAImage {
        var image = RGBAImage(width: rows[0].count, height: rows.count, fill: SIMD4(0, 0, 0, 1))
        for (y, row) in rows.enumerated() { for (x, v) in row.enumerated() { image[x, y] = SIMD4(v, v, v, 1) } }
        return image
    }

    func values(_ image: RGBAImage) -> [[Float]] {
        (0..<image.height).map { y in (0..<image.width).map { x in image[x, y].x } }
    }

    func testTheTwoAmongOnesBecomesOne() {
        // The seed's example: a 2 surrounded by 1s; radius 1 averages 9 values.
        let image = grey([[1, 1, 1], [1, 2, 1], [1, 1, 1]])
        let out = BoxAverage(radius: 1).apply(image, edges: .clamp)
        // Centre: (8·1 + 2) / 9 = 10/9. Corner (0,0) with clamped edges reads the window
        // 1 1 1 / 1 1 1 / 1 1 2 → 10/9 as well; every pixel's window holds the 2 exactly once.
        for row in values(out) { for v in row { XCTAssertEqual(v, 10 / 9, accuracy: 1e-6) } }
    }

    func testHandComputedClampedRow() {
        // Row 0 3 6 9 with radius 1, clamp: windows (0 0 3) (0 3 6) (3 6 9) (6 9 9) on a one-row image,
        // replicated vertically three times, so the mean equals the row mean.
        let out = BoxAverage(radius: 1).apply(grey([[0, 0.3, 0.6, 0.9]]), edges: .clamp)
        let expected: [Float] = [0.1, 0.3, 0.6, 0.8]
        for (v, e) in zip(values(out)[0], expected) { XCTAssertEqual(v, e, accuracy: 1e-6) }
    }

    func testRadiusZeroIsTheIdentity() {
        let image = BuiltinImage.noise.make(width: 9, height: 5)
        XCTAssertEqual(BoxAverage(radius: 0).apply(image, edges: .clamp), image)
    }
}
