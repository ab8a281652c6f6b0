import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Badges on strip panels (`Strip+Badges.swift`): text a projector reads, on the panel when it
/// is small beside it, else in the caption or a note, never cut off.
final class StripBadgeTests: XCTestCase {
    let black = RGBAImage(width: 64, height: 48, fill: SIMD4(0, 0, 0, 1))

    /// The rows of `frame` in `image` holding a white text pixel: the height the text is drawn.
    func textRows(in frame: PixelRect, of image: RGBAImage) -> Int {
        (frame.y..<frame.maxY).filter { y in
            (frame.x..<frame.maxX).contains { x in let p = image[x, y]; return p.x > 0.95 && p.y > 0.95 && p.z > 0.95 }
        }.count
    }

    func testBadgesOnA1200PixelStripAreDrawnAtLeast24PixelsHigh() throws {
        var other = black
        other[10, 10] = SIMD4(0.5, 0.5, 0.5, 1)
        var strip = Strip()
        strip.add(black, caption: "black")
        strip.addDifference(other, reference: black, amplification: 16, caption: "difference")
        strip.inset = Strip.Inset(x: 24, y: 16, width: 16, height: 12, zoom: 20)
        strip.outlines = [Strip.Outline(x: 4, y: 24, width: 40, height: 20, label: "region", style: .dashed)]
        let image = try strip.render()
        XCTAssertTrue((1100...1400).contains(image.width), "a strip of projector width: \(image.width)")
        let badges = strip.layout().badges.flatMap { $0 }
        XCTAssertEqual(Set(badges.map(\.text)), ["|diff| ×16", "zoom ×20", "region"])
        for badge in badges {
            // "|" and "g" reach below the baseline: at least the rule's 24 px; "zoom ×20" has no
            // descender, its digit is the 30-px face's cap height, 22 px (18-px face: 13).
            let rows = textRows(in: badge.frame, of: image)
            XCTAssertGreaterThanOrEqual(rows, badge.text == "zoom ×20" ? 21 : 24, "\(badge.text): \(rows) rows of text")
            XCTAssertGreaterThanOrEqual(Strip.badgeFont.pixelSize, 24)
        }
        // Each badge lies inside its panel or its close-up, and covers at most 60 % × 20 % of it.
        let layout = strip.layout()
        for (i, frames) in zip(layout.panelFrames, layout.insetFrames).enumerated() {
            for badge in layout.badges[i] {
                let area = [frames.0, frames.1].compactMap { $0 }.first { $0.contains(badge.frame) }
                let holder = try XCTUnwrap(area, "\(badge.text) is inside panel \(i + 1) or its close-up")
                XCTAssertLessThanOrEqual(Double(badge.frame.height), 0.2 * Double(holder.height), badge.text)
            }
        }
    }

    func testOnSmallPanelsBadgesMoveBelowThePictureWhole() throws {
        var other = black
        other[10, 10] = SIMD4(0.5, 0.5, 0.5, 1)
        var strip = Strip()
        strip.scale = .enlarge(2)
        strip.add(black, caption: "black")
        strip.addDifference(other, reference: black, amplification: 16, caption: "difference")
        strip.addDifference(other, reference: black, amplification: 8, caption: "difference", "largest 128 · ×8")
        strip.inset = Strip.Inset(x: 24, y: 16, width: 16, height: 12, zoom: 4)
        strip.outlines = [Strip.Outline(x: 4, y: 4, width: 20, height: 10, label: "region", panels: [0])]
        let layout = strip.layout()
        XCTAssertEqual(layout.badges.flatMap { $0 }, [], "a 40-px badge is more than a fifth of a 96-px panel")
        XCTAssertEqual(layout.captions[0], ["black", "outlined: region"])
        XCTAssertEqual(layout.captions[1], ["difference", "|diff| ×16"])
        XCTAssertEqual(layout.captions[2], ["difference", "largest 128 · ×8"], "the caption states ×8 already")
        XCTAssertEqual(layout.notes, ["close-ups of the orange boxes: zoom ×4"])
        XCTAssertFalse((layout.captions.flatMap { $0 } + layout.notes).contains { $0.contains("…") }, "nothing is cut off")
        // The note is drawn under the panels' captions, in the strip.
        let image = try strip.render()
        let lastCaption = layout.captionTops.max()! + 2 * Strip.captionFont.lineHeight
        XCTAssertGreaterThanOrEqual(layout.notesTop, lastCaption)
        XCTAssertLessThanOrEqual(layout.notesTop + Strip.captionFont.lineHeight, image.height)
        XCTAssertLessThanOrEqual(Strip.captionFont.measure(layout.notes[0]).width, image.width - 2 * Strip.margin)
    }

    func testDifferencePanelsShowTheirFactorAlike() throws {
        // Panels just wide enough for "|diff| ×4", too narrow for "|diff| ×512": neither goes on
        // its panel.
        let small = Strip.badgeSize(Strip.differenceBadge(4)), large = Strip.badgeSize(Strip.differenceBadge(512))
        let width = Int((Double(small.width) / Strip.badgeShare.width).rounded(.up))
        XCTAssertFalse(Strip.badgeFits(large, in: (width, 240)))
        let image = RGBAImage(width: width, height: 240, fill: SIMD4(0, 0, 0, 1))
        var strip = Strip()
        strip.scale = .enlarge(1)
        strip.addDifference(image, reference: image, amplification: 4, caption: "box")
        strip.addDifference(image, reference: image, amplification: 512, caption: "gaussian2d")
        var layout = strip.layout()
        XCTAssertTrue(Strip.badgeFits(small, in: (layout.panelFrames[0].width, layout.panelFrames[0].height)))
        XCTAssertEqual(layout.badges.flatMap { $0 }, [])
        XCTAssertEqual(layout.captions, [["box", "|diff| ×4"], ["gaussian2d", "|diff| ×512"]])
        // With room for both, both are on their panels.
        strip.scale = .enlarge(2)
        layout = strip.layout()
        XCTAssertEqual(layout.badges.map { $0.map(\.text) }, [["|diff| ×4"], ["|diff| ×512"]])
        XCTAssertEqual(layout.captions, [["box"], ["gaussian2d"]])
    }

    func testLabelsStayOffTheRegionTheyNameWhenItIsSmallAndOffTheInset() throws {
        var strip = Strip()
        strip.scale = .enlarge(8)
        strip.add(black, caption: "black")
        // A 12×6 region shows as 96×48: a 40-px label inside would cover most of it.
        strip.outlines = [Strip.Outline(x: 20, y: 20, width: 12, height: 6, label: "blurred")]
        strip.inset = Strip.Inset(x: 0, y: 0, width: 8, height: 8)
        let layout = strip.layout()
        let frame = layout.panelFrames[0]
        let label = try XCTUnwrap(layout.badges[0].first { $0.text == "blurred" })
        let region = Strip.displayed(strip.outlines[0].rect, scale: .enlarge(8)).offsetBy(dx: frame.x, dy: frame.y)
        XCTAssertTrue(label.frame.intersection(region.expanded(by: 3)).isEmpty, "\(label.frame) beside \(region)")
        XCTAssertTrue(frame.contains(label.frame))
        // The inset's outline is at the top-left corner: no badge covers it.
        let inset = Strip.displayed(strip.inset!.region, scale: .enlarge(8)).offsetBy(dx: frame.x, dy: frame.y).expanded(by: 3)
        for badge in layout.badges[0] { XCTAssertTrue(badge.frame.intersection(inset).isEmpty, badge.text) }
    }

    func testACaptionStatesAFactorOnlyAsAWholeNumber() {
        XCTAssertTrue(Strip.captionStates(["largest 3 · ×16"], factor: 16))
        XCTAssertFalse(Strip.captionStates(["largest 3 · ×16"], factor: 1))
        XCTAssertFalse(Strip.captionStates(["×1.5"], factor: 1))
        XCTAssertTrue(Strip.captionStates(["a", "×1, then"], factor: 1))
    }
}
