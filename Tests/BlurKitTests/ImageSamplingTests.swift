import XCTest

@testable import BlurCore

/// `RGBAImage.sampled(every:)`: the pixel nearest each block's centre, worked by hand.
final class ImageSamplingTests: XCTestCase {
    func testEveryKthPixelNearestTheBlockCentre() {
        // A 5×3 image whose red channel is 10·y + x.
        var image = RGBAImage(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { image[x, y] = SIMD4(Float(10 * y + x), 0, 0, 1) } }
        let small = image.sampled(every: 2)
        XCTAssertEqual(small.width, 3)
        XCTAssertEqual(small.height, 2)
        // Columns 1, 3 and 4 (5 clamped to the last), rows 1 and 2 (3 clamped).
        let red = (0..<2).flatMap { j in (0..<3).map { i in small[i, j].x } }
        XCTAssertEqual(red, [11, 13, 14, 21, 23, 24])
        XCTAssertEqual(image.sampled(every: 1), image)
    }

    func testPointSamplingAliasesWhereBlockMeansDoNot() {
        // Stripes of period 2 (0, 1, 0, 1, …): every 2nd pixel sees only 1s, a false flat white;
        // the 2×2 means see the true average, ½.
        var image = RGBAImage(width: 8, height: 2)
        for y in 0..<2 { for x in 0..<8 { let v = Float(x % 2); image[x, y] = SIMD4(v, v, v, 1) } }
        XCTAssertEqual(
            Set(image.sampled(every: 2).pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)), [1])
        XCTAssertEqual(
            Set(image.reduced(by: 2).pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)), [0.5])
    }
}
