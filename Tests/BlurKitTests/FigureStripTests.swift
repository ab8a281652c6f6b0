import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class FigureStripTests: XCTestCase {
    func grey(_ v: Float, _ w: Int = 64, _ h: Int = 48) -> RGBAImage {
        RGBAImage(width: w, height: h, fill: SIMD4(v, v, v, 1))
    }

    func testStripSizeFollowsTheLayoutArithmetic() throws {
        // Two 64×48 panels: enlarged ⌊1400 / 128⌋ = 10× to 640×480. Width: margins 2·32, two
        // columns of 640, one gap of 28 = 1372. Height: margin 32, panel 480, caption gap 10, one
        // caption line of 36 (30 px DejaVu: ascent 28 + descent 8), margin 32 = 590.
        var strip = Strip()
        strip.add(grey(0.2), caption: "dark")
        strip.add(grey(0.8), caption: "light")
        XCTAssertEqual(strip.automaticScale, .enlarge(10))
        let image = try strip.render()
        XCTAssertEqual(image.width, 1372)
        XCTAssertEqual(image.height, 590)
        // A title adds its line (36) and a gap of 18; a second caption line adds 36.
        strip.title = "Two greys"
        strip.panels[1].caption.append("second line")
        let titled = try strip.render()
        XCTAssertEqual(titled.width, 1372)
        XCTAssertEqual(titled.height, 590 + 36 + 18 + 36)
        // Panel 1 sits at (32, 32 + 54) and shows its grey, enlarged.
        XCTAssertEqual(titled[32, 86], SIMD4(0.2, 0.2, 0.2, 1))
        XCTAssertEqual(titled[32 + 639, 86 + 479], SIMD4(0.2, 0.2, 0.2, 1))
        XCTAssertEqual(titled[32 + 640 + 28, 86], SIMD4(0.8, 0.8, 0.8, 1))
        XCTAssertEqual(titled[16, 16], FigureColour.background)
    }

    func testFourPanelsOf256AreAProjectableWidth() throws {
        var strip = Strip(title: "Four")
        for i in 0..<4 { strip.add(grey(Float(i) / 4, 256, 256), caption: "separable · σ=3", "max err 0.02 (8-bit)") }
        let image = try strip.render()
        XCTAssertEqual(strip.automaticScale, .enlarge(1))
        XCTAssertTrue((1100...1700).contains(image.width), "\(image.width)")
        // Small images are enlarged by a whole factor: four 64×64 panels 5× (⌊1400 / 256⌋).
        var small = Strip()
        for _ in 0..<4 { small.add(grey(0.5, 64, 64)) }
        XCTAssertEqual(small.automaticScale, .enlarge(5))
        // Very wide rows are reduced: four 1024-wide panels by ⌈4096 / 1600⌉ = 3, when they are
        // to stay one row (left to itself the strip would stack them at actual size).
        var large = Strip()
        large.columns = 4
        for _ in 0..<4 { large.add(grey(0.5, 1024, 8)) }
        XCTAssertEqual(large.automaticScale, .reduce(3))
        XCTAssertEqual(try large.render().width, 2 * 32 + 4 * 342 + 3 * 28)
    }

    func testDifferenceOfIdenticalImagesIsTheColourMapsZeroColour() throws {
        let image = BuiltinImage.noise.make(width: 32, height: 32)
        let map = Strip.differenceMap(image, reference: image, amplification: 64)
        for y in 0..<32 { for x in 0..<32 { XCTAssertEqual(map[x, y], ColourMap.inferno[0]) } }
        var strip = Strip()
        strip.addDifference(image, reference: image, amplification: 16, caption: "same")
        let rendered = try strip.render()
        let frame = strip.layout().panelFrames[0]
        // The centre (away from the corner badge) is inferno's first entry.
        XCTAssertEqual(rendered[frame.x + frame.width / 2, frame.y + frame.height / 2], ColourMap.inferno[0])
        XCTAssertEqual(rendered[frame.maxX - 1, frame.maxY - 1], ColourMap.inferno[0])
    }

    func testDifferenceIsAmplifiedAndUsesPremultipliedValues() {
        let a = RGBAImage(width: 3, height: 1, pixels: [0.5, 0.5, 0.5, 1, 1, 0, 0, 0, 0.2, 0.2, 0.2, 1])
        let b = RGBAImage(width: 3, height: 1, pixels: [0.5, 0.5, 0.5 + 4.0 / 255, 1, 0, 1, 0, 0, 0.2, 0.2, 0.2, 0.5])
        let d = Strip.difference(a, reference: b)
        XCTAssertEqual(d[0] * 255, 4, accuracy: 1e-3)
        XCTAssertEqual(d[1], 0, "colour under zero alpha does not count")
        XCTAssertEqual(d[2], 0.5, accuracy: 1e-6, "alpha 1 against 0.5")
        // 4/255 amplified 16× is t = 64/255: entry ⌊256·64/255⌋ = 64.
        let map = Strip.differenceMap(a, reference: b, amplification: 16)
        XCTAssertEqual(map[0, 0], ColourMap.inferno[64])
        XCTAssertEqual(map[2, 0], ColourMap.inferno[255], "saturates")
    }

    func testTransparentPanelsShowTheCheckerboard() throws {
        var strip = Strip()
        strip.add(RGBAImage(width: 32, height: 32))
        strip.scale = .enlarge(1)
        let image = try strip.render()
        let frame = strip.layout().panelFrames[0]
        XCTAssertEqual(image[frame.x, frame.y], FigureColour.checkerLight)
        XCTAssertEqual(image[frame.x + 8, frame.y], FigureColour.checkerDark)
        XCTAssertEqual(image[frame.x + 8, frame.y + 8], FigureColour.checkerLight)
    }

    func testInsetIsTheRegionEnlargedAndOutlinedOnThePanel() throws {
        var source = RGBAImage(width: 64, height: 64, fill: SIMD4(0, 0, 0, 1))
        source[20, 30] = SIMD4(1, 1, 1, 1)
        var strip = Strip()
        strip.add(source, caption: "one white pixel")
        strip.scale = .enlarge(2)
        strip.inset = Strip.Inset(x: 16, y: 28, width: 8, height: 4)
        let layout = strip.layout()
        // Automatic zoom: the largest whole factor within the 128×128 panel: min(128/8, 128/4) = 16.
        XCTAssertEqual(layout.insetZoom, 16)
        let inset = try XCTUnwrap(layout.insetFrames[0])
        XCTAssertEqual(inset.width, 128)
        XCTAssertEqual(inset.height, 64)
        let image = try strip.render()
        // The white pixel (20, 30) is column 4, row 2 of the region: a 16×16 white square.
        XCTAssertEqual(image[inset.x + 4 * 16, inset.y + 2 * 16], SIMD4(1, 1, 1, 1))
        XCTAssertEqual(image[inset.x + 5 * 16 - 1, inset.y + 3 * 16 - 1], SIMD4(1, 1, 1, 1))
        XCTAssertEqual(image[inset.x + 5 * 16, inset.y + 2 * 16], SIMD4(0, 0, 0, 1))
        // The region (16, 28) is outlined on the panel, just outside its displayed corner (32, 56).
        let panel = layout.panelFrames[0]
        XCTAssertEqual(image[panel.x + 32 - 1, panel.y + 56 - 1], FigureColour.accent)
        XCTAssertEqual(image[panel.x + 32, panel.y + 56], SIMD4(0, 0, 0, 1), "the region's own pixels stay visible")
    }

    func testBadStripsAreReportedInOneLine() {
        var strip = Strip()
        XCTAssertThrowsError(try strip.render()) { XCTAssertEqual("\($0)", "a strip needs at least one panel") }
        strip.add(grey(0.5, 16, 16))
        strip.inset = Strip.Inset(x: 10, y: 10, width: 8, height: 8)
        XCTAssertThrowsError(try strip.render()) {
            XCTAssertEqual("\($0)", "inset region 8×8 at (10, 10) is not inside panel 1's 16×16 image")
        }
        strip.inset = nil
        strip.addDifference(grey(0.5, 16, 16), reference: grey(0.5, 8, 8), amplification: 4)
        XCTAssertThrowsError(try strip.render()) {
            XCTAssertEqual("\($0)", "difference panel 2: image is 16×16 but its reference is 8×8")
        }
    }

    func testAltTextNamesPanelsInsetAndAmplification() {
        let image = grey(0.5, 16, 16)
        var other = image
        other[3, 3] = SIMD4(0.5, 0.5, 0.5 + 2.0 / 255, 1)
        var strip = Strip(title: "Box against Gaussian")
        strip.add(image, caption: "box", "r = 3")
        strip.addDifference(other, reference: image, amplification: 16, caption: "box − exact")
        strip.inset = Strip.Inset(x: 2, y: 2, width: 4, height: 4, zoom: 8)
        let alt = strip.altText()
        XCTAssertTrue(alt.hasPrefix("Box against Gaussian. 2 panels side by side (16×16 pixels, enlarged 16×)."), alt)
        XCTAssertTrue(alt.contains("Panel 1: box, r = 3."), alt)
        XCTAssertTrue(alt.contains("|difference| × 16 in the inferno colour map"), alt)
        XCTAssertTrue(alt.contains("full scale = 15.9 in 8-bit units"), alt)
        XCTAssertTrue(alt.contains("largest difference 2 in 8-bit units"), alt)
        XCTAssertTrue(alt.contains("region 4×4 at (2, 2) enlarged 8×"), alt)
    }
}
