import XCTest

@testable import BlurCore
@testable import BlurFigures

/// Issue 26's rule for strips (`Strip+Arrangement.swift`): caption text has an em of at least
/// 24 px when the strip is shown 1,200 px wide, however many panels it has, and its pictures are
/// not resampled to get there.
final class StripProjectionTests: XCTestCase {
    func grey(_ width: Int, _ height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: SIMD4(0.5, 0.5, 0.5, 1))
    }

    /// The rows of `frame` in `image` holding a dark (text) pixel.
    func darkRows(in frame: PixelRect, of image: RGBAImage) -> Int {
        (frame.y..<frame.maxY).filter { y in
            (frame.x..<frame.maxX).contains { x in
                let p = image[x, y]; return p.x < 0.5 && p.y < 0.5 && p.z < 0.5
            }
        }.count
    }

    /// Renders `strip` (each caption "HH") and checks its first caption's capitals against the
    /// rule: DejaVu's cap height is 1493/2048 em, so an em of 24 × width / 1200 px needs
    /// capitals of 0.729 × that, less a pixel for rounding.
    func assertCaptionsLegible(_ strip: Strip, _ what: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let image = try strip.render()
        let layout = strip.layout()
        let needed = 24 * Double(image.width) / 1200
        XCTAssertGreaterThanOrEqual(
            Double(layout.captionFont.pixelSize), needed, "\(what): \(image.width) px wide", file: file, line: line)
        let panel = layout.panelFrames[0]
        let band = PixelRect(
            x: panel.x, y: layout.captionTops[0], width: panel.width, height: layout.captionFont.lineHeight)
        let capitals = darkRows(in: band, of: image)
        XCTAssertGreaterThanOrEqual(
            Double(capitals + 1), needed * 1493 / 2048,
            "\(what): capitals \(capitals) px on a \(image.width)-px strip", file: file, line: line)
        XCTAssertEqual(
            layout.titleFont.pixelSize, layout.captionFont.pixelSize, "\(what): the title grows with the captions",
            file: file, line: line)
    }

    func testCaptionsStand24PixelsOnA1200PixelDisplayAtEveryStripWidth() throws {
        // Two small panels: 1,372 px, the 30-px face as before.
        var two = Strip()
        for _ in 0..<2 { two.add(grey(64, 48), caption: "HH") }
        try assertCaptionsLegible(two, "2 × 64")
        XCTAssertEqual(two.layout().captionFont.pixelSize, 30)
        XCTAssertEqual(try two.render().width, 1372)

        // Six 480×320 panels: one row would be reduced to 1/2 and still 1,644 px wide; wrapped
        // as 2 rows of 3 they stay at actual size, and the 1,560-px strip takes the 40-px face.
        var six = Strip(title: "Six")
        for _ in 0..<6 { six.add(grey(480, 320), caption: "HH") }
        try assertCaptionsLegible(six, "6 × 480")
        XCTAssertEqual(six.layout().columns, 3)
        XCTAssertEqual(six.drawnScale, .enlarge(1), "pixel-exact")
        XCTAssertTrue(six.altText().contains("6 panels in 2 rows of 3 (480×320 pixels, actual size)"), six.altText())

        // Rows the author fixed stay as they are: three 480-px columns (1,560 px), and five
        // 512-px ones (2,716 px) whose text takes the 60-px face.
        var three = Strip()
        three.columns = 3
        for _ in 0..<6 { three.add(grey(480, 320), caption: "HH") }
        try assertCaptionsLegible(three, "3 columns × 480")
        var five = Strip()
        five.columns = 5
        five.scale = .enlarge(1)
        for _ in 0..<5 {
            five.addDifference(grey(512, 512), reference: grey(512, 512), amplification: 4, caption: "HH")
        }
        try assertCaptionsLegible(five, "5 columns × 512")
        XCTAssertEqual(five.layout().captionFont.pixelSize, 60)
    }

    func testLargerTextKeepsBadgesOnTheirPanelsAndEverythingInside() throws {
        var strip = Strip()
        strip.columns = 3
        for i in 0..<3 {
            strip.addDifference(
                grey(480, 320), reference: grey(480, 320), amplification: 8, caption: "panel \(i + 1)", "largest 0")
        }
        strip.inset = Strip.Inset(x: 16, y: 16, width: 32, height: 32)
        let image = try strip.render()
        let layout = strip.layout()
        XCTAssertEqual(layout.captionFont.pixelSize, 40, "\(image.width) px wide")
        for (i, frame) in layout.panelFrames.enumerated() {
            XCTAssertTrue(PixelRect(x: 0, y: 0, width: image.width, height: image.height).contains(frame))
            for badge in layout.badges[i] {
                let holder = [frame, layout.insetFrames[i]].compactMap { $0 }.first { $0.contains(badge.frame) }
                XCTAssertNotNil(holder, "\(badge.text) lies on panel \(i + 1) or its close-up")
            }
            for other in layout.panelFrames[(i + 1)...] { XCTAssertTrue(frame.intersection(other).isEmpty) }
            let bottom = layout.captionTops[i] + layout.captions[i].count * layout.captionFont.lineHeight
            XCTAssertLessThanOrEqual(bottom, image.height - Strip.margin)
        }
        XCTAssertFalse(layout.captions.flatMap { $0 }.contains { $0.contains("…") }, "nothing is cut off")
        for frame in layout.legendFrames { XCTAssertLessThanOrEqual(frame.maxX, image.width - Strip.margin) }
    }

    /// Issue 36: a strip of six 480×320 pictures in 2 rows of 3 with close-ups (as `compare
    /// --inset` draws lesson 3's) fits a 1920×1080 projector at page width: stacked below their
    /// pictures the close-ups made it 1,560 × about 2,000 px (about 2,500 px tall at 1,920).
    func testSixLandscapePicturesWithCloseUpsFitA1920By1080Screen() throws {
        let picture = BuiltinImage.noise.make(width: 480, height: 320)
        var strip = Strip(title: "Blur methods against the exact Gaussian · σ = 3 · photo")
        strip.columns = 3
        strip.add(picture, caption: "original", "480×320")
        strip.add(picture, caption: "box", "R=5 · max err 28.3")
        strip.add(picture, caption: "gaussian2d", "R=9 · max err 0.449")
        strip.add(picture, caption: "exact Gaussian", "Float64 reference")
        strip.addDifference(
            picture, reference: picture, amplification: 8, caption: "|box − exact|", "largest 28.3 · ×8")
        strip.addDifference(picture, reference: picture, amplification: 512, caption: "|gaussian2d − exact|", "×512")
        strip.inset = Strip.Inset(x: 300, y: 200, width: 64, height: 64)
        let image = try strip.render()
        let layout = strip.layout()
        XCTAssertLessThanOrEqual(
            image.height * 1920, 1080 * image.width,
            "\(image.width)×\(image.height) is \(image.height * 1920 / image.width) px tall at 1,920 wide")
        XCTAssertTrue(layout.closeUpsBeside)
        XCTAssertEqual(layout.legendFrames.count, 2, "both colour legends are drawn")
        let all = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        var drawn: [PixelRect] = []
        for (i, panel) in layout.panelFrames.enumerated() {
            let closeUp = try XCTUnwrap(layout.insetFrames[i])
            XCTAssertEqual(closeUp.x, panel.maxX + Strip.insetGap, "panel \(i + 1)'s close-up stands to its right")
            XCTAssertEqual(closeUp.height, panel.height, "as tall as its picture")
            XCTAssertEqual(closeUp.y, panel.y)
            XCTAssertGreaterThan(layout.captionTops[i], closeUp.maxY, "the caption is under the pair")
            let caption = PixelRect(
                x: panel.x, y: layout.captionTops[i], width: closeUp.maxX - panel.x,
                height: layout.captions[i].count * layout.captionFont.lineHeight)
            XCTAssertLessThanOrEqual(abs(layout.captionCentres[i] - (panel.x + closeUp.maxX) / 2), 1)
            drawn += [panel, closeUp.expanded(by: 3), caption]
        }
        drawn += layout.legendFrames
        for (n, frame) in drawn.enumerated() {
            XCTAssertTrue(all.contains(frame), "\(frame) lies inside the strip")
            for other in drawn[(n + 1)...] {
                XCTAssertTrue(frame.intersection(other).isEmpty, "\(frame) overlaps \(other)")
            }
        }
    }
}
