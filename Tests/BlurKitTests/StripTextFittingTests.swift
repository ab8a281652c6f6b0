import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Text from outside never sizes a figure: a 5,000-character title made a 105,845-px-wide strip
/// before titles wrapped and captions were clipped.
final class StripTextFittingTests: XCTestCase {
    let panel = RGBAImage(width: 16, height: 16, fill: SIMD4(0.5, 0.5, 0.5, 1))

    func testALongTitleWrapsIntoAtMostThreeLinesWithinTheTextWidth() throws {
        let words = (0..<1000).map { "word\($0)" }.joined(separator: " ")
        var strip = Strip(title: words)
        strip.add(panel, caption: "a")
        let layout = strip.layout()
        XCTAssertEqual(layout.titleLines.count, Strip.titleLines)
        XCTAssertEqual(layout.titleLines[0].split(separator: " ").first, "word0", "wrapping keeps the start")
        XCTAssertTrue(layout.titleLines.last!.hasSuffix("…"), "what does not fit is marked")
        XCTAssertLessThanOrEqual(layout.width, 2 * Strip.margin + Strip.textWidth)
        for line in layout.titleLines { XCTAssertLessThanOrEqual(Strip.titleFont.measure(line).width, Strip.textWidth, line) }
        XCTAssertLessThanOrEqual(try strip.render().width, 2 * Strip.margin + Strip.textWidth)
    }

    func testAWordLongerThanTheWidthAndALongCaptionAreClipped() throws {
        var strip = Strip(title: String(repeating: "x", count: 5000))
        strip.add(panel, caption: String(repeating: "y", count: 5000), "short")
        let layout = strip.layout()
        XCTAssertEqual(layout.titleLines.count, 1)
        XCTAssertTrue(layout.titleLines[0].hasSuffix("…"))
        XCTAssertEqual(layout.captions[0][1], "short")
        XCTAssertTrue(layout.captions[0][0].hasPrefix("yyy") && layout.captions[0][0].hasSuffix("…"))
        XCTAssertLessThanOrEqual(Strip.captionFont.measure(layout.captions[0][0]).width, layout.columnWidth)
        XCTAssertLessThanOrEqual(layout.width, 2 * Strip.margin + Strip.textWidth)
    }

    func testShortTextIsLeftAlone() {
        let font = BitmapFont.caption
        XCTAssertEqual(font.clipped("box, r = 3", width: 400), "box, r = 3")
        XCTAssertEqual(font.wrapped("Box blur · σ = 3", width: 1200, maxLines: 3), ["Box blur · σ = 3"])
        let clipped = font.clipped("abcdefghijklmnopqrstuvwxyz", width: 100)
        XCTAssertLessThanOrEqual(font.measure(clipped).width, 100)
        XCTAssertGreaterThan(font.measure(String(clipped.dropLast()) + "x…").width, 100, "as many characters as fit")
    }
}
