import XCTest
@testable import BlurKit

/// `--inset auto`: the close-up goes where the differences are largest, or where the picture has
/// most detail; a pattern alternating from pixel to pixel does not count as detail.
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

    func testWithDifferencesTheInsetFramesTheLargestDifference() throws {
        let reference = RGBAImage(width: 200, height: 100, fill: SIMD4(0.5, 0.5, 0.5, 1))
        var changed = reference
        for y in 70..<80 { for x in 10..<20 { changed[x, y] = SIMD4(0.7, 0.5, 0.5, 1) } }
        var strip = Strip()
        strip.add(picture(), caption: "picture")
        strip.addDifference(changed, reference: reference, amplification: 4, caption: "difference")
        let inset = try XCTUnwrap(strip.automaticInset())
        let patch = PixelRect(x: 10, y: 70, width: 10, height: 10)
        XCTAssertEqual(inset.region.intersection(patch), patch, "\(inset.region) should hold the whole patch")
    }

    func testTheInputsOwnDifferenceCountsOnlyAlone() throws {
        let input = picture()
        let reference = RGBAImage(width: 200, height: 100, fill: SIMD4(0.5, 0.5, 0.5, 1))
        var wrong = reference
        for y in 70..<80 { for x in 10..<20 { wrong[x, y] = SIMD4(0.7, 0.5, 0.5, 1) } }
        var strip = Strip()
        strip.add(input, caption: "input")
        strip.add(wrong, caption: "wrong")
        strip.addDifference(input, reference: reference, amplification: 1, caption: "what the blur changed")
        strip.addDifference(wrong, reference: reference, amplification: 1, caption: "error")
        let patch = PixelRect(x: 10, y: 70, width: 10, height: 10)
        XCTAssertEqual(try XCTUnwrap(strip.automaticInset()).region.intersection(patch), patch)
        // Errors all zero: the close-up goes where the input has most detail, not to a corner.
        strip.panels[3] = .difference(reference, reference: reference, amplification: 1)
        let square = PixelRect(x: 140, y: 40, width: 16, height: 16)
        XCTAssertFalse(try XCTUnwrap(strip.automaticInset()).region.intersection(square).isEmpty)
    }

    func testTheInsetStaysInsideSmallPictures() throws {
        var strip = Strip()
        strip.add(RGBAImage(width: 5, height: 3), caption: "tiny")
        let inset = try XCTUnwrap(strip.automaticInset())
        XCTAssertEqual(inset.region, PixelRect(x: 0, y: 0, width: 3, height: 3))
    }
}
