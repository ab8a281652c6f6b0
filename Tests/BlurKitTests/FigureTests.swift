import XCTest

@testable import BlurCanvas
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class FigureTests: XCTestCase {
    // MARK: - Font

    func testMeasureAddsTheFontsPublishedAdvances() {
        // DejaVu Sans (hmtx, 2048 units per em): 'm' advances 1995 units, 'i' 569, space 651.
        // At 30 px: 1995·30/2048 = 29.22 px, to 1/64 px 1870; four of them 7480/64 = 116.9 → 117.
        XCTAssertEqual(BitmapFont.caption.measure("mmmm").width, 117)
        // 569·30/2048·64 = 533.4 → 533; 651·30/2048·64 = 610.3 → 610; 533 + 610 + 533 = 1676/64 = 26.2 → 27.
        XCTAssertEqual(BitmapFont.caption.measure("i i").width, 27)
        XCTAssertEqual(BitmapFont.caption.measure("").width, 0)
        XCTAssertEqual(BitmapFont.caption.measure("x").height, BitmapFont.caption.lineHeight)
        XCTAssertEqual(BitmapFont.caption.measure("a\nb\nc").height, 3 * BitmapFont.caption.lineHeight)
        // The font's ascent and descent (hhea 1901 and 483 units) at 18 and 30 px, rounded up.
        XCTAssertEqual(BitmapFont.label.ascent, 17)
        XCTAssertEqual(BitmapFont.label.descent, 5)
        XCTAssertEqual(BitmapFont.caption.lineHeight, 36)
        // Figure text is sized by its em, as CSS and WCAG size text: the 30-px face meets the
        // 24-px rule for projected figures. Its capitals are 22 px high (cap height 1493 units:
        // 1493·30/2048 = 21.9); a 24-px em would give 17.5 px capitals.
        XCTAssertEqual(BitmapFont.caption.glyphs[UInt32(UInt8(ascii: "H"))]?.height, 22)
        XCTAssertEqual(BitmapFont.label.glyphs[UInt32(UInt8(ascii: "H"))]?.height, 13)
    }

    func testKerningTightensAV() {
        let font = BitmapFont.caption
        XCTAssertLessThan(font.measure("AV").width, font.measure("A").width + font.measure("V").width - 1)
    }

    func testEveryCaptionSymbolHasItsOwnGlyph() {
        for font in [BitmapFont.label, .caption, .title] {
            for symbol in "σ×−–—≈≤≥²µ°∞|·∗" {
                XCTAssertNotNil(font.glyphs[symbol.unicodeScalars.first!.value], "\(symbol) at \(font.pixelSize) px")
            }
        }
        XCTAssertNil(BitmapFont.caption.glyphs[0x263A], "☺ is not embedded")
        XCTAssertEqual(BitmapFont.caption.measure("☺").width, BitmapFont.caption.measure("?").width, "missing → '?'")
    }

    func testTextDrawsOnlyInsideItsMeasuredBox() {
        for alignment in [TextAlignment.left, .centre, .right] {
            var canvas = Canvas(width: 320, height: 80)
            let text = "Blur σ=3 · max 0.02"
            let box = canvas.draw(
                text: text, x: 160, y: 20, font: .caption, colour: SIMD4(0, 0, 0, 1), alignment: alignment)
            let size = BitmapFont.caption.measure(text)
            XCTAssertEqual(box.width, size.width)
            XCTAssertEqual(box.height, size.height)
            switch alignment {
            case .left: XCTAssertEqual(box.x, 160)
            case .centre: XCTAssertEqual(box.x, 160 - size.width / 2)
            case .right: XCTAssertEqual(box.x, 160 - size.width)
            }
            var inside = 0, outside = 0
            for y in 0..<80 {
                for x in 0..<320 where canvas.image[x, y].w > 0 {
                    if x >= box.x && x < box.maxX && y >= box.y && y < box.maxY { inside += 1 } else { outside += 1 }
                }
            }
            XCTAssertGreaterThan(inside, 300, "\(alignment)")
            XCTAssertEqual(outside, 0, "\(alignment)")
        }
    }

    func testTextIsAntiAliased() {
        var canvas = Canvas(width: 60, height: 40)
        canvas.draw(text: "O", x: 10, y: 0, font: .caption, colour: SIMD4(0, 0, 0, 1))
        let alphas = canvas.image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        XCTAssertTrue(alphas.contains { $0 > 0.05 && $0 < 0.95 }, "an 'O' has partly covered pixels on its curves")
        XCTAssertTrue(alphas.contains { $0 == 1 }, "and fully covered ones")
    }

    // MARK: - Canvas

    func testOverCompositingOnStraightAlpha() {
        var canvas = Canvas(width: 2, height: 1, background: SIMD4(0, 0, 1, 1))
        canvas.image[1, 0] = .zero
        canvas.fill(PixelRect(x: 0, y: 0, width: 2, height: 1), colour: SIMD4(1, 0, 0, 0.5))
        // Opaque blue under half red: (0.5, 0, 0.5), opaque. Transparent under half red: red, alpha 0.5.
        XCTAssertEqual(canvas.image[0, 0], SIMD4(0.5, 0, 0.5, 1))
        XCTAssertEqual(canvas.image[1, 0], SIMD4(1, 0, 0, 0.5))
        // Half red over half red: alpha 0.5 + 0.5·0.5 = 0.75, colour stays red.
        canvas.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), colour: SIMD4(1, 0, 0, 0.5))
        XCTAssertEqual(canvas.image[1, 0], SIMD4(1, 0, 0, 0.75))
    }

    func testDrawImageWithWholeZoomRepeatsPixels() {
        let source = RGBAImage(width: 2, height: 1, pixels: [1, 0, 0, 1, 0, 1, 0, 1])
        var canvas = Canvas(width: 8, height: 4)
        canvas.draw(source, x: 1, y: 1, zoom: 3)
        for y in 0..<4 {
            for x in 0..<8 {
                let expected: SIMD4<Float>
                if y >= 1 && y < 4 && x >= 1 && x < 4 {
                    expected = SIMD4(1, 0, 0, 1)
                } else if y >= 1 && y < 4 && x >= 4 && x < 7 {
                    expected = SIMD4(0, 1, 0, 1)
                } else {
                    expected = .zero
                }
                XCTAssertEqual(canvas.image[x, y], expected, "(\(x), \(y))")
            }
        }
    }

    func testRectangleOutlineIsInsideTheRectangle() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.strokeRect(PixelRect(x: 2, y: 2, width: 6, height: 5), colour: SIMD4(1, 1, 1, 1), lineWidth: 2)
        let drawn = (0..<10).flatMap { y in (0..<10).map { x in canvas.image[x, y].w > 0 ? 1 : 0 } }
        // 6×5 = 30 pixels less the 2×1 hole in the middle.
        XCTAssertEqual(drawn.reduce(0, +), 28)
        XCTAssertEqual(canvas.image[4, 4].w, 0)
        XCTAssertEqual(canvas.image[2, 2].w, 1)
        XCTAssertEqual(canvas.image[8, 2].w, 0)
    }

    func testRoundedRectangleCornersAreTransparentAndEdgesPartial() {
        var canvas = Canvas(width: 40, height: 30)
        canvas.fillRoundedRect(x: 5, y: 5, width: 30, height: 20, radius: 8, colour: SIMD4(1, 0, 0, 1))
        // Corner pixel (5, 5): its centre is √2·7.5 = 10.6 px from the corner circle's centre
        // (13, 13), 2.6 px outside the radius 8: no coverage.
        XCTAssertEqual(canvas.image[5, 5].w, 0)
        // Pixel (7, 7): centre √2·5.5 = 7.778 px from (13, 13): sdf −0.222, coverage ½ + 0.222.
        XCTAssertEqual(canvas.image[7, 7].w, Float(0.5 - (2.0.squareRoot() * 5.5 - 8)), accuracy: 1e-5)
        // Straight edges on pixel boundaries are fully covered; the centre too; outside is empty.
        XCTAssertEqual(canvas.image[20, 5].w, 1)
        XCTAssertEqual(canvas.image[20, 4].w, 0)
        XCTAssertEqual(canvas.image[20, 15], SIMD4(1, 0, 0, 1))
        // An edge through the middle of pixels covers them half.
        var half = Canvas(width: 20, height: 20)
        half.fillRoundedRect(x: 2.5, y: 2.5, width: 15, height: 15, radius: 3, colour: SIMD4(1, 1, 1, 1))
        XCTAssertEqual(half.image[10, 2].w, 0.5, accuracy: 1e-6)
        XCTAssertEqual(half.image[2, 10].w, 0.5, accuracy: 1e-6)
    }

    func testLineCoverageFollowsDistanceToTheSegment() {
        var canvas = Canvas(width: 30, height: 10)
        canvas.strokeLine(from: SIMD2(5, 5), to: SIMD2(25, 5), colour: SIMD4(0, 0, 0, 1), lineWidth: 2)
        // Rows 4 and 5 have centres 0.5 from the line: coverage 1 + ½ − ½ = 1; row 3 (1.5 away): 0.
        XCTAssertEqual(canvas.image[15, 4].w, 1)
        XCTAssertEqual(canvas.image[15, 5].w, 1)
        XCTAssertEqual(canvas.image[15, 3].w, 0)
        XCTAssertEqual(canvas.image[15, 6].w, 0)
        // Round cap: pixel (3, 5), centre (3.5, 5.5), is 1.58 from the end (5, 5): coverage 0.
        XCTAssertEqual(canvas.image[3, 5].w, 0)
        // A 1-px line between pixel centres covers the two rows it straddles half each.
        var thin = Canvas(width: 10, height: 10)
        thin.strokeLine(from: SIMD2(0, 5), to: SIMD2(10, 5), colour: SIMD4(0, 0, 0, 1), lineWidth: 1)
        XCTAssertEqual(thin.image[5, 4].w, 0.5, accuracy: 1e-6)
        XCTAssertEqual(thin.image[5, 5].w, 0.5, accuracy: 1e-6)
    }

    func testClipKeepsLinesInside() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.strokeLine(
            from: SIMD2(0, 10), to: SIMD2(20, 10), colour: SIMD4(0, 0, 0, 1), lineWidth: 4,
            clip: PixelRect(x: 5, y: 0, width: 10, height: 20))
        XCTAssertEqual(canvas.image[4, 10].w, 0)
        XCTAssertEqual(canvas.image[5, 10].w, 1)
        XCTAssertEqual(canvas.image[15, 10].w, 0)
    }

    // MARK: - Colour map

    func testColourMapEndpointsAreMatplotlibsPublishedValues() {
        // matplotlib lib/matplotlib/_cm_listed.py, _viridis_data and _inferno_data, first and last rows.
        XCTAssertEqual(ColourMap.viridis[0], SIMD4(0.267004, 0.004874, 0.329415, 1))
        XCTAssertEqual(ColourMap.viridis[255], SIMD4(0.993248, 0.906157, 0.143936, 1))
        XCTAssertEqual(ColourMap.inferno[0], SIMD4(0.001462, 0.000466, 0.013866, 1))
        XCTAssertEqual(ColourMap.inferno[255], SIMD4(0.988362, 0.998364, 0.644924, 1))
        // viridis at 0.5: entry ⌊0.5·256⌋ = 128, matplotlib's row 128.
        XCTAssertEqual(ColourMap.viridis.colour(at: 0.5), SIMD4(0.127568, 0.566949, 0.550556, 1))
        XCTAssertEqual(ColourMap.viridis.count, 256)
    }

    func testColourMapLookupClampsLikeMatplotlib() {
        let map = ColourMap.inferno
        XCTAssertEqual(map.colour(at: -1), map[0])
        XCTAssertEqual(map.colour(at: .nan), map[0])
        XCTAssertEqual(map.colour(at: 1), map[255])
        XCTAssertEqual(map.colour(at: 7), map[255])
        XCTAssertEqual(map.colour(at: 1.0 / 256), map[1])
        XCTAssertEqual(map.colour(at: 0.999), map[255])
    }

    func testLegendLabelsNiceNumbersAndTheFullScale() {
        let legend = ColourLegend(map: .inferno, title: "x", maximum: 255.0 / 16)
        XCTAssertEqual(legend.tickLabels.map(\.text), ["0", "5", "10", "15"])
        // Ticks every 20 up to 80; 90 is more than a quarter step further, so it is labelled too.
        let odd = ColourLegend(map: .inferno, title: "x", maximum: 90)
        XCTAssertEqual(odd.tickLabels.map(\.text), ["0", "20", "40", "60", "80", "90"])
    }

    func testTheFullScaleGivesWayToTheLastNiceTick() {
        // ×256: the bar ends at 0.996. Its label, "1.00", would crowd "0.8" on a 360-px bar; the
        // nice tick keeps its label and the end goes unmarked (it used to be the other way round).
        let tight = ColourLegend(map: .inferno, title: "x", maximum: 255.0 / 256)
        XCTAssertEqual(tight.tickLabels.map(\.text), ["0", "0.2", "0.4", "0.6", "0.8", "1.00"])
        XCTAssertEqual(tight.placedTickLabels(width: 360).map(\.text), ["0", "0.2", "0.4", "0.6", "0.8"])
        // With room, the maximum is labelled at the bar's end, inside it.
        let roomy = ColourLegend(map: .inferno, title: "x", maximum: 90)
        let placed = roomy.placedTickLabels(width: 1200)
        XCTAssertEqual(placed.map(\.text), ["0", "20", "40", "60", "80", "90"])
        XCTAssertEqual(placed.last?.tick, 1199)
        XCTAssertLessThanOrEqual((placed.last?.left ?? 0) + roomy.font.measure("90").width, 1200)
    }

    func testLegendTextReadsFromTheBackOfARoom() {
        // As on the plots: no text under 24 px. Measured on the drawn glyph, a capital H stands
        // 22 px tall (the 18-px face's stood 13).
        for font in [ColourLegend.titleFont, ColourLegend.tickFont] {
            XCTAssertGreaterThanOrEqual(font.pixelSize, FallbackPlotter.minimumTextPixels)
        }
        var canvas = Canvas(width: 60, height: 60, background: SIMD4(0, 0, 0, 1))
        canvas.draw(text: "H", x: 10, y: 5, font: ColourLegend.titleFont, colour: SIMD4(1, 1, 1, 1))
        let inked = (0..<60).filter { y in (0..<60).contains { canvas.image[$0, y].x > 0.5 } }
        XCTAssertEqual(inked.count, 22)
        // The strip's title, too wide for its 440-px bar, breaks after its comma.
        let legend = ColourLegend(map: .inferno, title: "|difference| ×16, in 8-bit units", maximum: 255.0 / 16)
        XCTAssertEqual(legend.titleLines(width: 440), ["|difference| ×16,", "in 8-bit units"])
        XCTAssertEqual(ColourLegend(map: .inferno, title: "x", maximum: 1).titleLines(width: 440), ["x"])
    }

    // MARK: - Ticks

    func testLinearAndLogarithmicTicks() {
        let t = Ticks.linear(from: 0.3, to: 9.3, count: 6)
        XCTAssertEqual(t.values, [0, 2, 4, 6, 8, 10])
        XCTAssertEqual(t.step, 2)
        XCTAssertEqual(
            Ticks.linear(from: -0.013, to: 0.02, count: 5).values.map { Ticks.label($0, step: 0.01) },
            ["−0.02", "−0.01", "0", "0.01", "0.02"])
        let log = Ticks.logarithmic(from: 0.011, to: 32)
        XCTAssertEqual(log.values, [0.01, 0.1, 1, 10, 100])
        XCTAssertEqual(log.values.map(Ticks.logLabel), ["0.01", "0.1", "1", "10", "100"])
        XCTAssertEqual(Ticks.logLabel(1e-6), "10⁻⁶")
        XCTAssertEqual(Ticks.label(2.5e7, step: 1e7), "2.5×10⁷")
        XCTAssertEqual(Ticks.logarithmic(from: 2, to: 30).values, [1, 2, 5, 10, 20, 50, 100])
        let wide = Ticks.logarithmic(from: 1e-12, to: 3e6)
        XCTAssertEqual(wide.values.count, 8, "19 decades: every 3rd power, 10⁻¹² to 10⁹")
        XCTAssertEqual(wide.range.upperBound, 1e9)
    }
}
