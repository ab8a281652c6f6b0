import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsStyleTests: XCTestCase {
    func testPresetsAreImageEffectsValues() {
        // UIImage+ImageEffects.m (Apple WWDC 2013 sample; scotteg/TreasureHunt, commit df163c5b…):
        // applyLightEffect: white 1.0 alpha 0.3, radius 30, saturation 1.8; applyExtraLightEffect:
        // 0.97 / 0.82, 20, 1.8; applyDarkEffect: 0.11 / 0.73, 20, 1.8; applyTintEffectWithColor:
        // colour at alpha 0.6, radius 10, saturation −1.
        XCTAssertEqual(GlassStyle.light.preset(), GlassPreset(blurRadius: 30, tint: SIMD4(1, 1, 1, 0.3), saturation: 1.8))
        XCTAssertEqual(GlassStyle.extraLight.preset(), GlassPreset(blurRadius: 20, tint: SIMD4(0.97, 0.97, 0.97, 0.82), saturation: 1.8))
        XCTAssertEqual(GlassStyle.dark.preset(), GlassPreset(blurRadius: 20, tint: SIMD4(0.11, 0.11, 0.11, 0.73), saturation: 1.8))
        XCTAssertEqual(GlassStyle.tint.preset(tintColour: SIMD4(1, 0, 0, 0.2)), GlassPreset(blurRadius: 10, tint: SIMD4(1, 0, 0, 0.6), saturation: -1))
        XCTAssertEqual(GlassStyle(rawValue: "extra-light"), .extraLight)
    }

    func testBoxWidthsFromBlurRadius() {
        // d = ⌊r·3·√(2π)/4 + ½⌋, made odd: 30 → ⌊56.90⌋ = 56 → 57; 20 → ⌊38.10⌋ = 38 → 39;
        // 10 → ⌊19.30⌋ = 19. At scale 2: 60 → 113, 40 → 75, 20 → 39.
        XCTAssertEqual(GlassPreset.boxWidthPerSigma, 1.879971, accuracy: 1e-6)
        XCTAssertEqual(try [30.0, 20, 10].map { try BoxWidths.appleBoxWidth(blurRadius: $0) }, [57, 39, 19])
        XCTAssertEqual(try [30.0, 20, 10].map { try BoxWidths.appleBoxWidth(blurRadius: $0, scale: 2) }, [113, 75, 39])
        XCTAssertEqual(try GlassStyle.light.preset().boxWidth(), 57)
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 0), 1, "no blur: one tap")
        XCTAssertEqual(GlassPreset.reach(ofBoxWidth: 57), 84)
    }

    func testSigmaOfThreeBoxesMatchesTheirConvolution() {
        // Convolve three boxes of width d numerically and take the second moment.
        for d in [5, 19, 57] {
            var kernel: [Double] = [1]
            for _ in 0..<3 {
                var next = [Double](repeating: 0, count: kernel.count + d - 1)
                for (i, k) in kernel.enumerated() { for j in 0..<d { next[i + j] += k / Double(d) } }
                kernel = next
            }
            let centre = Double(kernel.count - 1) / 2
            let variance = kernel.enumerated().reduce(0) { $0 + $1.element * pow(Double($1.offset) - centre, 2) }
            XCTAssertEqual(GlassPreset.sigma(ofBoxWidth: d), variance.squareRoot(), accuracy: 1e-9)
        }
        XCTAssertEqual(GlassPreset.sigma(ofBoxWidth: 57), 812.0.squareRoot(), accuracy: 1e-12)
    }

    func testLabelColourIsDarkOnLightStylesAndWhiteOnDark() {
        let black = SIMD4<Float>(0, 0, 0, 1), white = SIMD4<Float>(1, 1, 1, 1)
        XCTAssertEqual(GlassStyle.light.preset().labelColour, black)
        XCTAssertEqual(GlassStyle.extraLight.preset().labelColour, black)
        XCTAssertEqual(GlassStyle.dark.preset().labelColour, white)
        XCTAssertEqual(GlassStyle.tint.preset(tintColour: SIMD4(0.1, 0, 0.3, 1)).labelColour, white)
        XCTAssertEqual(GlassStyle.tint.preset(tintColour: SIMD4(1, 1, 0, 1)).labelColour, black)
    }

    func testFallbackMeetsAAForEveryStyleAndManyTints() {
        var presets = GlassStyle.allCases.map { $0.preset() }
        for r in stride(from: Float(0), through: 1, by: 0.25) {
            for g in stride(from: Float(0), through: 1, by: 0.25) {
                presets.append(GlassStyle.tint.preset(tintColour: SIMD4(r, g, 1 - r, 1)))
            }
        }
        for preset in presets {
            let fill = preset.fallbackColour()
            XCTAssertEqual(fill.w, 1, "opaque")
            XCTAssertGreaterThanOrEqual(Contrast.ratio(fill, preset.labelColour), 4.5, "\(preset)")
            for c in 0..<3 { XCTAssertEqual(fill[c] * 255, (fill[c] * 255).rounded(), accuracy: 1e-4, "8-bit exact") }
        }
    }

    func testFallbackDarkensOrLightensJustEnough() {
        // White text on mid grey (3.98:1) darkens to #767676 (4.54:1); #777777 (4.48:1) would fail —
        // the WebAIM pair.
        let white = SIMD4<Float>(1, 1, 1, 1), black = SIMD4<Float>(0, 0, 0, 1)
        let dark = GlassPreset.fallbackColour(base: SIMD4(0.5, 0.5, 0.5, 1), label: white)
        XCTAssertEqual(Tint.hex(dark), "767676FF")
        // Black text on grey 0.3 (8-bit 77, 2.48:1) lightens to 117 (4.56:1), the first byte that
        // passes (116 gives 4.49; both computed with the same formula in Python).
        let light = GlassPreset.fallbackColour(base: SIMD4(0.3, 0.3, 0.3, 1), label: black)
        XCTAssertEqual(RGBAImage.quantize(light.x), 117)
        // A base that already passes is kept (quantised).
        XCTAssertEqual(Tint.hex(GlassPreset.fallbackColour(base: SIMD4(0.2, 0.2, 0.2, 0.5), label: white)), "333333FF")
    }
}
