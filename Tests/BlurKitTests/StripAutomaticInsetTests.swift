import XCTest

@testable import BlurKit

/// `--inset auto`: the close-up goes where the strip's input has most detail, whatever its other
/// panels show (so a slider's states share it); a pattern alternating from pixel to pixel does not
/// count as detail.
final class StripAutomaticInsetTests: XCTestCase {
    /// A grey 200×100 picture with a black-and-white pixel checker on the left and a white square
    /// with sharp sides at (140, 40).
    func picture() -> RGBAImage {
        var image = RGBAImage(width: 200, height: 100, fill: SIMD4(0.5, 0.5, 0.5, 1))
        for y in 0..<100 { for x in 0..<60 where (x + y) % 2 == 0 { image[x, y] = SIMD4(1, 1, 1, 1) } }
        for y in 40..<56 { for x in 140..<156 { image[x, y] = SIMD4(1, 1, 1, 1) } }
        return image
    }

    func testWithoutDifferencesTheInsetFramesTheMostDetail() throws {
        var strip = Strip()
        strip.add(picture(), caption: "picture")
        let inset = try XCTUnwrap(strip.automaticInset())
        XCTAssertEqual(inset.region.width, 20)
        XCTAssertEqual(inset.region.height, 20)
        let square = PixelRect(x: 140, y: 40, width: 16, height: 16)
        XCTAssertFalse(inset.region.intersection(square).isEmpty, "\(inset.region) misses the square")
        XCTAssertGreaterThanOrEqual(inset.region.x, 60, "the pixel checker is not detail: \(inset.region)")
    }

    /// A strip's blurred panels and differences, wherever they are largest, leave the close-up
    /// where the input has most detail: the same rectangle at any σ.
    func testDifferencesDoNotMoveTheInset() throws {
        let input = picture()
        let reference = RGBAImage(width: 200, height: 100, fill: SIMD4(0.5, 0.5, 0.5, 1))
        var alone = Strip()
        alone.add(input, caption: "input")
        let expected = try XCTUnwrap(alone.automaticInset())
        for corner in [(10, 70), (170, 5)] {
            var wrong = reference
            for y in corner.1..<(corner.1 + 10) {
                for x in corner.0..<(corner.0 + 10) { wrong[x, y] = SIMD4(1, 0, 0, 1) }
            }
            var strip = Strip()
            strip.add(input, caption: "input")
            strip.add(wrong, caption: "wrong")
            strip.addDifference(wrong, reference: reference, amplification: 4, caption: "error")
            XCTAssertEqual(try XCTUnwrap(strip.automaticInset()), expected, "difference at \(corner)")
        }
    }

    func testTheInsetStaysInsideSmallPictures() throws {
        var strip = Strip()
        strip.add(RGBAImage(width: 5, height: 3), caption: "tiny")
        let inset = try XCTUnwrap(strip.automaticInset())
        XCTAssertEqual(inset.region, PixelRect(x: 0, y: 0, width: 3, height: 3))
    }
}
