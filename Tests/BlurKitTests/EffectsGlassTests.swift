import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsGlassTests: XCTestCase {
    /// A direct box average with clamped edges: its sums do not depend on where a crop starts.
    func box(_ radius: Int) -> EffectBlur {
        EffectBlur(reach: radius) { BoxAverage(radius: radius).apply($0, edges: .clamp) }
    }

    let background = BuiltinImage.noise.make(width: 40, height: 30)
    let panel = PixelRect(x: 10, y: 8, width: 16, height: 12)

    func assertOutsideUntouched(_ out: RGBAImage, _ rect: PixelRect, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<background.height {
            for x in 0..<background.width where !rect.contains(x: x, y: y) {
                if out[x, y] != background[x, y] {
                    XCTFail("pixel (\(x), \(y)) outside the panel changed", file: file, line: line)
                    return
                }
            }
        }
    }

    // MARK: - Rectangles

    func testParsesPanelRectangles() throws {
        func parse(_ text: String) throws -> PixelRect {
            try RectangleSpec(parsing: text, option: "--panel").resolved(width: 480, height: 320)
        }
        XCTAssertEqual(try parse("40,60,200,120"), PixelRect(x: 40, y: 60, width: 200, height: 120))
        XCTAssertEqual(try parse(" 1, 2 ,3,4"), PixelRect(x: 1, y: 2, width: 3, height: 4))
        for bad in ["1,2,3", "a,b,c,d", "1,2,0,4", "1,2,3,-4", "1,2,3,4,5", "1,2,3,4%x", "1,2,101%,4", "1,2,0%,4"] {
            XCTAssertThrowsError(try parse(bad), bad) { XCTAssertTrue("\($0)".hasPrefix("--panel \(bad):"), "\($0)") }
        }
    }

    /// Percentages are shares of the image's width (X, W) and height (Y, H), rounded down; a
    /// percentage width is at least one pixel.
    func testRelativeRectanglesFollowTheImage() throws {
        let middle = try RectangleSpec(parsing: "25%,25%,50%,50%", option: "--region")
        XCTAssertEqual(middle.resolved(width: 480, height: 320), PixelRect(x: 120, y: 80, width: 240, height: 160))
        XCTAssertEqual(middle.resolved(width: 161, height: 121), PixelRect(x: 40, y: 30, width: 80, height: 60))
        let mixed = try RectangleSpec(parsing: "55%,61%,64,64", option: "--inset", negativeOrigin: false)
        XCTAssertEqual(mixed.resolved(width: 480, height: 320), PixelRect(x: 264, y: 195, width: 64, height: 64))
        XCTAssertEqual(try RectangleSpec(parsing: "0,0,1%,1%", option: "--inset").resolved(width: 50, height: 50).width, 1)
        XCTAssertFalse(mixed.isAbsolute)
    }

    /// Numbers near Int.max are refused before any arithmetic, in one line naming the option.
    func testHugeRectangleNumbersAreRefused() {
        let max = String(Int.max)
        for text in ["\(max),0,10,10", "0,0,\(max),\(max)", "-\(max),0,1,1", "0,0,99999999999999999999999,1", "1000000001,0,1,1"] {
            XCTAssertThrowsError(try RectangleSpec(parsing: text, option: "--region"), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("--region \(text):"), message)
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
        XCTAssertNoThrow(try RectangleSpec(parsing: "-1000000000,0,1000000000,1", option: "--panel"))
        XCTAssertThrowsError(try RectangleSpec(parsing: "-1,0,10,10", option: "--inset", negativeOrigin: false))
    }

    func testLabelIsCentredInThePanel() {
        var glass = Glass(panel: panel, preset: GlassStyle.light.preset(), cornerRadius: 4, labelSize: (6, 4))
        XCTAssertEqual(glass.labelRect, PixelRect(x: 15, y: 12, width: 6, height: 4))
        glass.labelSize = nil
        XCTAssertEqual(glass.labelRect, PixelRect(x: 14, y: 12, width: 8, height: 4), "panel inset by the corner radius")
    }

    // MARK: - Region blur

    func testRegionBlurEqualsTheWholeImageBlurInsideThePanel() throws {
        let blur = box(3)
        let whole = blur.apply(background)
        // One panel inside, one touching the left and top borders (the margin is clipped there).
        for rect in [panel, PixelRect(x: 0, y: 0, width: 9, height: 7), PixelRect(x: 31, y: 20, width: 9, height: 10)] {
            let (pixels, region) = try blur.blurRegion(of: background, behind: rect)
            XCTAssertEqual(region, rect.expanded(by: 3).intersection(PixelRect(width: 40, height: 30)))
            for j in 0..<rect.height {
                for i in 0..<rect.width { XCTAssertEqual(pixels[i, j], whole[rect.x + i, rect.y + j]) }
            }
        }
    }

    func testRegionBlurChecksItsInputs() {
        XCTAssertThrowsError(try box(1).blurRegion(of: background, behind: PixelRect(x: 35, y: 0, width: 10, height: 5)))
        let shrinking = EffectBlur(reach: 0) { _ in RGBAImage(width: 1, height: 1) }
        XCTAssertThrowsError(try shrinking.blurRegion(of: background, behind: panel)) {
            XCTAssertTrue("\($0)".contains("must keep the size"))
        }
    }

    // MARK: - Glass

    func testGlassLeavesEverythingOutsideThePanelUntouched() throws {
        for style in GlassStyle.allCases {
            let glass = Glass(panel: panel, preset: style.preset(), cornerRadius: 5, labelSize: (8, 4))
            let rendering = try glass.render(over: background, blur: box(2))
            assertOutsideUntouched(rendering.image, panel)
            XCTAssertNotEqual(rendering.image, background)
            XCTAssertEqual(rendering.blurRegion, panel.expanded(by: 2))
        }
    }

    func testLightGlassOnMidGreyIsPointSixFive() throws {
        // Blur of a uniform 0.5 is 0.5; saturation keeps greys; 0.3·white over it gives 0.65.
        let grey = RGBAImage(width: 40, height: 30, fill: SIMD4(0.5, 0.5, 0.5, 1))
        let glass = Glass(panel: panel, preset: GlassStyle.light.preset(), cornerRadius: 5, labelSize: (8, 4))
        let rendering = try glass.render(over: grey, blur: box(2))
        XCTAssertEqual(rendering.image[18, 14].x, 0.65, accuracy: 1e-6)
        XCTAssertEqual(rendering.image[18, 14].w, 1)
        // The corner pixel lies outside the rounded corner: untouched. An edge pixel is fully covered.
        XCTAssertEqual(rendering.image[10, 8], grey[10, 8])
        XCTAssertEqual(rendering.image[18, 8].x, 0.65, accuracy: 1e-6)
        // Black text on 0.65 grey: (L + 0.05) / 0.05 with L = ((0.705 / 1.055)^2.4) = 8.601 (Python).
        XCTAssertEqual(rendering.contrast.ratio, 8.601, accuracy: 0.001)
        XCTAssertTrue(rendering.contrast.meetsBodyText)
    }

    func testGlassContrastIsTheWorstPixelBehindTheLabel() throws {
        // Left half black, right half white, so the blurred panel runs from dark to light and white
        // text's worst pixel is on the light side.
        var halves = RGBAImage(width: 40, height: 30, fill: SIMD4(0, 0, 0, 1))
        for y in 0..<30 { for x in 20..<40 { halves[x, y] = SIMD4(1, 1, 1, 1) } }
        let glass = Glass(panel: panel, preset: GlassStyle.dark.preset(), cornerRadius: 5, labelSize: (12, 6))
        let rendering = try glass.render(over: halves, blur: box(2))
        var worst = Double.infinity
        for y in rendering.label.y..<rendering.label.maxY {
            for x in rendering.label.x..<rendering.label.maxX {
                worst = min(worst, Contrast.ratio(rendering.labelColour, rendering.image[x, y]))
            }
        }
        XCTAssertEqual(rendering.contrast.ratio, worst)
        XCTAssertGreaterThanOrEqual(rendering.contrast.x, 20)
    }

    func testCornerCoverage() {
        let rect = PixelRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertEqual(Glass.coverage(x: 0, y: 0, of: rect, cornerRadius: 4), 0)
        XCTAssertEqual(Glass.coverage(x: 10, y: 0, of: rect, cornerRadius: 4), 1, "straight edge")
        XCTAssertEqual(Glass.coverage(x: 0, y: 5, of: rect, cornerRadius: 4), 1, "straight edge")
        XCTAssertEqual(Glass.coverage(x: 0, y: 0, of: rect, cornerRadius: 0), 1, "square corners")
        // Pixel (1, 1): centre (1.5, 1.5), corner circle centre (4, 4), distance 2.5·√2 ≈ 3.536,
        // d = 3.536 − 4 = −0.464, coverage ½ + 0.464 = 0.964.
        XCTAssertEqual(Glass.coverage(x: 1, y: 1, of: rect, cornerRadius: 4), 0.9645, accuracy: 1e-3)
        // The four corners agree.
        XCTAssertEqual(Glass.coverage(x: 1, y: 1, of: rect, cornerRadius: 4), Glass.coverage(x: 18, y: 8, of: rect, cornerRadius: 4))
    }

    func testMaskScalesTheEffect() throws {
        let grey = RGBAImage(width: 40, height: 30, fill: SIMD4(0.5, 0.5, 0.5, 1))
        // Mask zero: nothing changes at all.
        var glass = Glass(panel: panel, preset: GlassStyle.light.preset(), cornerRadius: 0,
                          mask: RGBAImage(width: 16, height: 12, fill: SIMD4(0, 0, 0, 1)))
        XCTAssertEqual(try glass.render(over: background, blur: box(2)).image, background)
        // Mask 0.5 grey, picture-sized: halfway between 0.5 and 0.65.
        glass.mask = RGBAImage(width: 40, height: 30, fill: SIMD4(0.5, 0.5, 0.5, 1))
        XCTAssertEqual(try glass.render(over: grey, blur: box(2)).image[15, 12].x, 0.575, accuracy: 1e-6)
        // Mask alpha counts as well: white at alpha 0.5 is the same half.
        glass.mask = RGBAImage(width: 16, height: 12, fill: SIMD4(1, 1, 1, 0.5))
        XCTAssertEqual(try glass.render(over: grey, blur: box(2)).image[15, 12].x, 0.575, accuracy: 1e-6)
        glass.mask = RGBAImage(width: 5, height: 5)
        XCTAssertThrowsError(try glass.render(over: grey, blur: box(2))) { XCTAssertTrue("\($0)".contains("5×5")) }
    }

    func testPanelOutsideTheImageIsAnError() {
        let glass = Glass(panel: PixelRect(x: 30, y: 25, width: 16, height: 12), preset: GlassStyle.light.preset())
        XCTAssertThrowsError(try glass.render(over: background, blur: box(1))) { XCTAssertTrue("\($0)".contains("30,25,16,12")) }
        XCTAssertThrowsError(try glass.renderReduceTransparency(over: background))
    }

    // MARK: - Reduce Transparency

    func testReduceTransparencyPanelIsOpaqueUniformAndLegible() throws {
        var transparent = background
        for i in 0..<transparent.pixelCount { transparent.pixels[4 * i + 3] = 0.25 }
        for style in GlassStyle.allCases {
            let glass = Glass(panel: panel, preset: style.preset(), cornerRadius: 4, labelSize: (8, 4))
            let rendering = try glass.renderReduceTransparency(over: transparent)
            let fill = try XCTUnwrap(rendering.fill)
            XCTAssertTrue(rendering.reducedTransparency)
            var covered = 0
            for y in panel.y..<panel.maxY {
                for x in panel.x..<panel.maxX where Glass.coverage(x: x, y: y, of: panel, cornerRadius: 4) == 1 {
                    XCTAssertEqual(rendering.image[x, y], fill)
                    covered += 1
                }
            }
            XCTAssertEqual(fill.w, 1)
            // Only the four 4×4 corner squares hold partly covered pixels.
            XCTAssertGreaterThanOrEqual(covered, panel.area - 4 * 16)
            XCTAssertGreaterThanOrEqual(rendering.contrast.ratio, 4.5)
            XCTAssertTrue(rendering.contrast.meetsBodyText)
            XCTAssertEqual(rendering.contrast.ratio, Contrast.ratio(fill, rendering.labelColour))
            // Same label as the glass rendering, and nothing outside the panel changes.
            XCTAssertEqual(rendering.label, try glass.render(over: background, blur: box(1)).label)
            for y in 0..<30 { for x in 0..<40 where !panel.contains(x: x, y: y) { XCTAssertEqual(rendering.image[x, y], transparent[x, y]) } }
        }
    }

    func testReduceTransparencyWithAFixedWhiteLabelOnALightTint() throws {
        // A caller who insists on white text over the light style gets a fill dark enough for it.
        var glass = Glass(panel: panel, preset: GlassStyle.light.preset(), labelSize: (8, 4))
        glass.labelColour = SIMD4(1, 1, 1, 1)
        let rendering = try glass.renderReduceTransparency(over: background)
        XCTAssertGreaterThanOrEqual(rendering.contrast.ratio, 4.5)
        XCTAssertLessThan(Contrast.ratio(rendering.fill!, SIMD4(1, 1, 1, 1)), 4.6, "darkened only as far as needed")
    }
}
