import BlurKit
import Foundation
import XCTest

/// Vibrancy's compositing checked on pixels computed by hand from the formulas it cites:
/// plus-lighter min(1, Cb + Cs) (W3C Compositing Level 2), plus-darker max(0, 1 − ((1 − D) + (1 − S)))
/// (Core Graphics), each mixed by coverage a as (1 − a)·Cb + a·B(Cb, Cs).
final class EffectsVibrancyTests: XCTestCase {
    func assertColour(_ c: SIMD4<Float>, _ expected: SIMD4<Float>, file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<4 { XCTAssertEqual(c[i], expected[i], accuracy: 1e-6, "channel \(i)", file: file, line: line) }
    }

    func testPlusLighterAddsTheAmountAndClampsAtOne() {
        let v = Vibrancy(operation: .plusLighter, amount: 0.6)
        // 0.2 + 0.6 = 0.8; 0.5 + 0.6 = 1.1 → 1; 0.7 + 0.6 = 1.3 → 1.
        assertColour(v.composite(coverage: 1, over: SIMD4(0.2, 0.5, 0.7, 1)), SIMD4(0.8, 1, 1, 1))
    }

    func testPlusDarkerSubtractsTheAmountAndClampsAtZero() {
        let v = Vibrancy(operation: .plusDarker, amount: 0.6)
        XCTAssertEqual(v.sourceGrey, 0.4, accuracy: 1e-7)
        // max(0, 1 − ((1 − 0.9) + (1 − 0.4))) = 0.3; 0.5 → max(0, −0.1) = 0; 0.3 → 0.
        assertColour(v.composite(coverage: 1, over: SIMD4(0.9, 0.5, 0.3, 1)), SIMD4(0.3, 0, 0, 1))
    }

    func testPartialCoverageMixesWithTheBackdrop() {
        let lighter = Vibrancy(operation: .plusLighter, amount: 0.6)
        // a = 0.5 over 0.2: 0.5·0.2 + 0.5·0.8 = 0.5. a = 0.25 over 0.9: 0.75·0.9 + 0.25·1 = 0.925.
        assertColour(lighter.composite(coverage: 0.5, over: SIMD4(0.2, 0.2, 0.2, 1)), SIMD4(0.5, 0.5, 0.5, 1))
        assertColour(lighter.composite(coverage: 0.25, over: SIMD4(0.9, 0.9, 0.9, 1)), SIMD4(0.925, 0.925, 0.925, 1))
        let darker = Vibrancy(operation: .plusDarker, amount: 0.3)
        // Cs = 0.7; over 0.8: B = 0.5; a = 0.4: 0.6·0.8 + 0.4·0.5 = 0.68.
        assertColour(darker.composite(coverage: 0.4, over: SIMD4(0.8, 0.8, 0.8, 1)), SIMD4(0.68, 0.68, 0.68, 1))
        // Coverage 0 leaves the pixel; alpha is never changed.
        assertColour(darker.composite(coverage: 0, over: SIMD4(0.1, 0.2, 0.3, 0.5)), SIMD4(0.1, 0.2, 0.3, 0.5))
        XCTAssertEqual(lighter.composite(coverage: 1, over: SIMD4(0.1, 0.2, 0.3, 0.5)).w, 0.5)
    }

    func testTheOperationFollowsThePlainLabel() {
        let white = SIMD4<Float>(1, 1, 1, 1), black = SIMD4<Float>(0, 0, 0, 1)
        XCTAssertEqual(Vibrancy(labelColour: white, glass: SIMD4(0.2, 0.2, 0.25, 1)).operation, .plusLighter)
        XCTAssertEqual(Vibrancy(labelColour: black, glass: SIMD4(0.9, 0.9, 0.9, 1)).operation, .plusDarker)
        XCTAssertEqual(Vibrancy(operation: .plusLighter, amount: 3).amount, 1, "the amount is clamped to 0...1")
    }

    func testApplyUsesTheMaskAlphaAndLeavesOtherPixels() {
        var image = RGBAImage(width: 3, height: 2, fill: SIMD4(0.2, 0.2, 0.2, 1))
        var mask = RGBAImage(width: 2, height: 2, fill: .zero)
        mask[0, 0] = SIMD4(1, 1, 1, 1)
        mask[1, 0] = SIMD4(1, 1, 1, 0.5)
        // The mask's second column lands at x = 3, outside the 3-wide image: ignored.
        Vibrancy(operation: .plusLighter, amount: 0.6).apply(mask: mask, x: 2, y: 0, to: &image)
        assertColour(image[2, 0], SIMD4(0.8, 0.8, 0.8, 1))
        assertColour(image[1, 0], SIMD4(0.2, 0.2, 0.2, 1))
        assertColour(image[2, 1], SIMD4(0.2, 0.2, 0.2, 1))
    }

    /// WCAG contrast computed here from the definition, independently of `Contrast`.
    func wcag(_ a: Double, _ b: Double) -> Double {
        func lin(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let la = lin(a), lb = lin(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    func testWorstContrastLooksOnlyAtCoveredPixels() {
        var glass = RGBAImage(width: 3, height: 1, fill: SIMD4(0.1, 0.1, 0.1, 1))
        glass[1, 0] = SIMD4(0.5, 0.5, 0.5, 1)
        glass[2, 0] = SIMD4(0.95, 0.95, 0.95, 1)
        var mask = RGBAImage(width: 3, height: 1, fill: SIMD4(1, 1, 1, 1))
        mask[2, 0].w = 0.3  // below one half: not part of the glyph's body
        let v = Vibrancy(operation: .plusLighter, amount: 0.6)
        let vibrant = Vibrancy.worstContrast(mask: mask, x: 0, y: 0, over: glass) { v.vibrantColour(over: $0) }
        // Pixel 0: 0.7 on 0.1; pixel 1: 1.0 on 0.5 (the worse one); pixel 2 is skipped.
        XCTAssertEqual(vibrant.ratio, min(wcag(0.7, 0.1), wcag(1.0, 0.5)), accuracy: 1e-5)
        XCTAssertEqual(vibrant.x, 1)
        let plain = Vibrancy.worstContrast(mask: mask, x: 0, y: 0, over: glass) { _ in SIMD4(1, 1, 1, 1) }
        XCTAssertEqual(plain.ratio, wcag(1.0, 0.5), accuracy: 1e-5)
        let empty = Vibrancy.worstContrast(mask: RGBAImage(width: 2, height: 2, fill: .zero), x: 0, y: 0, over: glass) { $0 }
        XCTAssertEqual(empty.ratio, .infinity)
    }

    func testMusicNotesIconIsAnAntialiasedMask() {
        let icon = Icon.musicNotes(size: 24)
        XCTAssertEqual(icon.width, 24)
        XCTAssertEqual(icon.height, 24)
        var full = 0, partial = 0
        for y in 0..<24 { for x in 0..<24 {
            let a = icon[x, y].w
            XCTAssertTrue((0...1).contains(a))
            if a == 1 { full += 1 } else if a > 0 { partial += 1 }
        } }
        XCTAssertGreaterThan(full, 24 * 24 / 10, "the notes cover a fair part of the square")
        XCTAssertLessThan(full, 24 * 24 / 2)
        XCTAssertGreaterThan(partial, 0, "edges are anti-aliased")
        XCTAssertEqual(Icon.musicNotes(size: 2).width, 8, "tiny sizes are drawn at 8 px")
    }
}
