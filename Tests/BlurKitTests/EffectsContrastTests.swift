import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsContrastTests: XCTestCase {
    let white = SIMD4<Float>(1, 1, 1, 1), black = SIMD4<Float>(0, 0, 0, 1)

    func grey(_ byte: Int) -> SIMD4<Float> { SIMD4(Float(byte) / 255, Float(byte) / 255, Float(byte) / 255, 1) }

    func testWhiteOnBlackIsTwentyOne() {
        XCTAssertEqual(Contrast.ratio(white, black), 21, accuracy: 1e-12)
        XCTAssertEqual(Contrast.ratio(black, white), 21, accuracy: 1e-12)
        XCTAssertEqual(Contrast.ratio(grey(77), grey(77)), 1)
    }

    func testPublishedPairs() throws {
        // chroma.js documentation, chroma.contrast: ('pink', 'hotpink') → 1.721 and
        // ('pink', 'purple') → 6.124 (https://gka.github.io/chroma.js/#chroma-contrast).
        // pink = #FFC0CB, hotpink = #FF69B4, purple = #800080. Our own computation (Python, same
        // formula): 1.72148 and 6.12423.
        let pink = try Tint.parseHex("FFC0CB"), hotpink = try Tint.parseHex("FF69B4"), purple = try Tint.parseHex("800080")
        XCTAssertEqual(Contrast.ratio(pink, hotpink), 1.721, accuracy: 0.0005)
        XCTAssertEqual(Contrast.ratio(pink, purple), 6.124, accuracy: 0.0005)
        // WebAIM's contrast checker: #767676 on #FFFFFF is 4.54:1, the lightest grey that passes AA
        // on white; #777777 falls short (4.47:1 as WebAIM and wcag.eu print it, 4.478 unrounded).
        let passing = Contrast.ratio(grey(0x76), white)
        XCTAssertEqual(passing, 4.54, accuracy: 0.005)
        XCTAssertEqual(passing, 4.5422, accuracy: 0.0001)
        XCTAssertTrue(ContrastCheck(ratio: passing, x: 0, y: 0).meetsBodyText)
        XCTAssertFalse(ContrastCheck(ratio: Contrast.ratio(grey(0x77), white), x: 0, y: 0).meetsBodyText)
    }

    func testLinearisationUsesTheCurrentThreshold() {
        XCTAssertEqual(Contrast.linear(0.04045), 0.04045 / 12.92, accuracy: 1e-15)
        XCTAssertEqual(Contrast.linear(0.5), pow(0.555 / 1.055, 2.4), accuracy: 1e-15)
        // The two pieces meet at the threshold (to 1e-7: the sRGB curve is continuous there).
        XCTAssertEqual(Contrast.linear(0.04045), pow((0.04045 + 0.055) / 1.055, 2.4), accuracy: 1e-7)
        XCTAssertEqual(Contrast.relativeLuminance(white), 1, accuracy: 1e-12)
    }

    func testThresholdsAreUnrounded() {
        XCTAssertTrue(ContrastCheck(ratio: 4.5, x: 0, y: 0).meetsBodyText)
        XCTAssertFalse(ContrastCheck(ratio: 4.4999, x: 0, y: 0).meetsBodyText)
        XCTAssertTrue(ContrastCheck(ratio: 4.4999, x: 0, y: 0).meetsLargeText)
        XCTAssertFalse(ContrastCheck(ratio: 2.9999, x: 0, y: 0).meetsLargeText)
    }

    func testWorstCaseIsThePixelClosestInLuminance() {
        // Row 0 white; row 1: white, #767676, #202020.
        var image = RGBAImage(width: 3, height: 2, fill: white)
        image[1, 1] = grey(0x76)
        image[2, 1] = grey(0x20)
        let all = PixelRect(width: 3, height: 2)
        // Black text: the darkest pixel is the worst.
        let forBlack = Contrast.worst(text: black, over: image, in: all)
        XCTAssertEqual(forBlack.ratio, Contrast.ratio(black, grey(0x20)), accuracy: 1e-12)
        XCTAssertEqual([forBlack.x, forBlack.y], [2, 1])
        // White text: a white pixel gives 1:1.
        XCTAssertEqual(Contrast.worst(text: white, over: image, in: all).ratio, 1)
        // Over the two greys only, white text's worst is the lighter grey, 4.54.
        let greys = Contrast.worst(text: white, over: image, in: PixelRect(x: 1, y: 1, width: 2, height: 1))
        XCTAssertEqual(greys.ratio, Contrast.ratio(white, grey(0x76)), accuracy: 1e-12)
        XCTAssertEqual([greys.x, greys.y], [1, 1])
    }
}
