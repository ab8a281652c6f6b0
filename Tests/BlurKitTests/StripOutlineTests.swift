import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Rectangles outlined on strip panels (`Strip+Outlines.swift`).
final class StripOutlineTests: XCTestCase {
    func testOutlinesAreDrawnOnlyOnThePanelsTheyFitAndDescribed() throws {
        var strip = Strip(title: nil)
        strip.add(RGBAImage(width: 40, height: 30, fill: SIMD4(1, 1, 1, 1)), caption: "small")
        strip.add(RGBAImage(width: 60, height: 50, fill: SIMD4(1, 1, 1, 1)), caption: "large")
        strip.scale = .enlarge(2)
        strip.outlines = [Strip.Outline(x: 10, y: 10, width: 45, height: 35, label: "frame", style: .dashed)]
        XCTAssertFalse(strip.draws(strip.outlines[0], onPanel: 0))
        XCTAssertTrue(strip.draws(strip.outlines[0], onPanel: 1))
        let image = try strip.render()
        let frame = strip.layout().panelFrames[1]
        // The dashed line runs 2 px outside the outlined rectangle's top edge (strip pixels).
        let y = frame.y + 2 * 10 - 2
        let blue = (frame.x + 20..<frame.x + 110).filter { image[$0, y] == Strip.dashedOutlineColour }.count
        XCTAssertGreaterThan(blue, 30)
        XCTAssertLessThan(blue, 90, "dashes, not a solid line")
        XCTAssertTrue(strip.altText().contains("'frame', 45×35 at (10, 10), drawn as a dashed blue outline on panel 2."), strip.altText())
    }
}
