import Foundation
import XCTest

@testable import BlurCore

/// `BlurSizeConventions`: each API's rule against values worked by hand from its source, and
/// against the σ its impulse response measures (second moment).
final class BlurSizeConventionsTests: XCTestCase {
    func convention(_ name: String) throws -> BlurSizeConvention {
        try XCTUnwrap(BlurSizeConventions.named(name), name)
    }

    func testEachRuleGivesTheSigmaItsSourceStates() throws {
        // (API, its number, σ worked by hand from the rule its source states)
        let c = 3 * (2 * Double.pi).squareRoot() / 4  // 1.879971…
        let cases: [(String, Double, Double)] = [
            ("css-filter", 6, 6), ("css-box-shadow", 12, 6), ("canvas-shadow-blur", 12, 6),
            ("svg-std-deviation", 6, 6), ("pillow", 6, 6), ("libvips", 6, 6), ("core-image", 6, 6),
            ("flutter-image-filter", 6, 6), ("figma", 12, 6),
            ("android-render-effect", 10, 0.57735 * 10 + 0.5), ("flutter-box-shadow", 10, 6.2735),
            ("flutter-box-shadow", 0, 0),
            ("renderscript", 10, 4.6), ("renderscript", 25, 10.6),
            ("opencv-ksize", 9, 1.7), ("opencv-ksize", 21, 3.5), ("opencv-ksize", 3, 0.8),
            // ⌊10·c + ½⌋ = ⌊19.30⌋ = 19, odd: three boxes of 19, σ = √((19² − 1)/4) = √90.
            ("image-effects", 10, 90.0.squareRoot()),
            // ⌊4·c + ½⌋ = 8, made odd: 9; σ = √((81 − 1)/4) = √20.
            ("image-effects", 4, 20.0.squareRoot())
        ]
        XCTAssertEqual((10 * c + 0.5).rounded(.down), 19)
        for (name, value, sigma) in cases {
            XCTAssertEqual(try convention(name).sigma(for: value), sigma, accuracy: 1e-9, "\(name) \(value)")
        }
        XCTAssertEqual(Set(BlurSizeConventions.all.map(\.name)).count, 14)
    }

    func testValuesAnAPICannotTakeAreRefusedNamingTheLimit() throws {
        let refused: [(String, Double, String)] = [
            ("renderscript", 25.5, "at most 25"), ("renderscript", 0, "above 0"),
            ("opencv-ksize", 4, "odd"), ("opencv-ksize", 0, "at least 1"), ("opencv-ksize", 2.5, "odd"),
            ("css-filter", -1, "negative"), ("pillow", .infinity, "finite"), ("pillow", 501, "500")
        ]
        for (name, value, words) in refused {
            let why = try XCTUnwrap(try convention(name).refusal(of: value), "\(name) \(value)")
            XCTAssertTrue(why.contains(words), why)
            XCTAssertThrowsError(try convention(name).sigma(for: value))
        }
    }

    func testTheNumberForASigmaGivesThatSigmaBack() throws {
        for sigma in [1.0, 3.5, 6, 10] {
            for api in BlurSizeConventions.all where !api.isDiscrete {
                guard let value = api.value(forSigma: sigma) else {
                    // Only RenderScript stops short: its radius ends at 25 (σ 10.6) and starts above 0.
                    XCTAssertEqual(api.name, "renderscript", "σ \(sigma)")
                    continue
                }
                XCTAssertEqual(try api.sigma(for: value), sigma, accuracy: 1e-9, "\(api.name) σ \(sigma)")
            }
        }
        // Skia's radius cannot make 0 < σ ≤ ½; RenderScript's cannot make σ ≤ 0.6.
        XCTAssertNil(try convention("android-render-effect").value(forSigma: 0.4))
        XCTAssertNil(try convention("renderscript").value(forSigma: 0.5))
        XCTAssertNil(try convention("renderscript").value(forSigma: 11))
        // Discrete: the nearest kernel size, and ImageEffects' radius whose boxes come nearest.
        XCTAssertEqual(try convention("opencv-ksize").value(forSigma: 3.5), 21)
        XCTAssertEqual(try convention("opencv-ksize").value(forSigma: 3.6), 21)
        let effects = try convention("image-effects")
        let r = try XCTUnwrap(effects.value(forSigma: 9.5))
        XCTAssertEqual(try effects.sigma(for: r), 90.0.squareRoot(), accuracy: 1e-9)
    }

    /// Each row against its impulse response: the σ the API's kernel has, from its second moment.
    /// Tolerances: 1 % where the kernel is a Gaussian or matches the variance (Pillow's extended
    /// boxes, ImageEffects, whose rule is its boxes' σ); 8 % for OpenCV, whose kernel is cut at
    /// (k − 1)/2, about 2.4σ at k = 9; 10 % for SVG's three boxes (d ≈ 1.88σ matches the peak
    /// height, not the variance: σ ≈ d/2 ≈ 0.94σ, less after rounding d down); 25 % for libvips,
    /// whose mask stops at a fifth of its peak (tested exactly below).
    func testEachRowMatchesTheSigmaOfItsImpulseResponse() throws {
        for api in BlurSizeConventions.all {
            let values: [Double] =
                switch api.name {
                case "opencv-ksize": [9, 21, 41]
                case "renderscript": [1, 10, 25]
                default: [api.value(forSigma: 1.5)!, api.value(forSigma: 6)!, api.value(forSigma: 20)!]
                }
            let tolerance =
                switch api.name {
                case "opencv-ksize": 0.08
                case "css-filter", "svg-std-deviation": 0.10
                case "libvips": 0.25
                default: 0.01
                }
            for value in values {
                let kernel = try api.impulseResponse(for: value)
                XCTAssertEqual(kernel.reduce(0, +), 1, accuracy: 1e-9, "\(api.name) \(value) sums to 1")
                let rule = try api.sigma(for: value)
                let measured = KernelAnalysis.effectiveSigma(kernel)
                XCTAssertEqual(
                    measured / rule, 1, accuracy: tolerance, "\(api.name) \(value): rule \(rule), impulse \(measured)")
            }
        }
    }

    func testOpenCVsSmallSizesAreItsBinomialTablesNotItsFormula() throws {
        // k = 3: [¼, ½, ¼] has variance ½, σ ≈ 0.707, while the formula says 0.8.
        let opencv = try convention("opencv-ksize")
        XCTAssertEqual(
            KernelAnalysis.effectiveSigma(try opencv.impulseResponse(for: 3)), 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(try opencv.sigma(for: 3), 0.8, accuracy: 1e-12)
        // k = 5: binomial (1 4 6 4 1)/16, variance 1.
        XCTAssertEqual(KernelAnalysis.effectiveSigma(try opencv.impulseResponse(for: 5)), 1, accuracy: 1e-12)
    }

    func testLibvipsMaskWorkedByHand() throws {
        let libvips = try convention("libvips")
        // σ = 1: exp(−x²/2) is 1, 0.607, then 0.135 < 0.2 at x = 2: width 2·1 + 1 = 3, weights
        // rint(20·…) = 12, 20, 12; variance 2·12/44.
        XCTAssertEqual(try libvips.impulseResponse(for: 1), [12.0 / 44, 20.0 / 44, 12.0 / 44])
        XCTAssertEqual(
            KernelAnalysis.effectiveSigma(try libvips.impulseResponse(for: 1)), (24.0 / 44).squareRoot(),
            accuracy: 1e-12)
        // σ = 0.5: exp(−2) = 0.135 < 0.2 already at x = 1: a 1-tap mask, no blur at all.
        XCTAssertEqual(try libvips.impulseResponse(for: 0.5), [1])
        // Large σ: cut near 1.8σ, the kernel's σ is about 0.83 of the rule's.
        let measured = KernelAnalysis.effectiveSigma(try libvips.impulseResponse(for: 100)) / 100
        XCTAssertTrue((0.8...0.85).contains(measured), "\(measured)")
    }

    func testSVGsBoxesForAnEvenWidth() throws {
        // s = 2.5: d = ⌊4.70 + ½⌋ = 5, odd: three boxes of 5, variance 3·24/12 = 6.
        let svg = try convention("svg-std-deviation")
        XCTAssertEqual(
            KernelAnalysis.effectiveSigma(try svg.impulseResponse(for: 2.5)), 6.0.squareRoot(), accuracy: 1e-12)
        // s = 3: d = ⌊5.64 + ½⌋ = 6, even: two boxes of 6 (35/12 each) and one of 7 (48/12).
        XCTAssertEqual(
            KernelAnalysis.effectiveSigma(try svg.impulseResponse(for: 3)), (2 * 35.0 / 12 + 4).squareRoot(),
            accuracy: 1e-12)
    }
}
