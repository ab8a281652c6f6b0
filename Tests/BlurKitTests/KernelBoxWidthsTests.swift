import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class KernelBoxWidthsTests: XCTestCase {
    // MARK: - Kovesi widths

    func testKovesiWidthsWorkedByHand() throws {
        // wIdeal = √(12σ²/n + 1), wl = odd ⌊wIdeal⌋, m = round((12σ² − n·wl² − 4n·wl − 3n)/(−4wl − 4)).
        // Also checked with a Python transcription of Kovesi's solveinteg.m.
        // σ = 3, n = 3: wIdeal = √37 = 6.08 → wl = 5, wu = 7; m = (108 − 75 − 60 − 9)/(−24) = 1.5 → 2.
        XCTAssertEqual(try BoxWidths.forSigma(3, passes: 3), [5, 5, 7])
        // σ = 2, n = 4: wIdeal = √13 = 3.61 → wl = 3; m = (48 − 36 − 48 − 12)/(−16) = 3.
        XCTAssertEqual(try BoxWidths.forSigma(2, passes: 4), [3, 3, 3, 5])
        // σ = 10, n = 5: wIdeal = √241 = 15.52 → wl = 15; m = (1200 − 1125 − 300 − 15)/(−64) = 3.75 → 4.
        XCTAssertEqual(try BoxWidths.forSigma(10, passes: 5), [15, 15, 15, 15, 17])
        // σ = 12, n = 3: wIdeal = √577 = 24.02 → wl = 23; m = (1728 − 1587 − 276 − 9)/(−96) = 1.5 → 2.
        XCTAssertEqual(try BoxWidths.forSigma(12, passes: 3), [23, 23, 25])
        // σ = 0: every box has width 1, the identity.
        XCTAssertEqual(try BoxWidths.forSigma(0, passes: 3), [1, 1, 1])
        // One pass, σ = 2: wIdeal = √49 = 7 → wl = 7; m = (48 − 49 − 28 − 3)/(−32) = 1 → [7].
        XCTAssertEqual(try BoxWidths.forSigma(2, passes: 1), [7])
    }

    func testKovesiSplitIsTheBestOfAllSplits() throws {
        // Variance is linear in m, so rounding the exact m gives the nearest achievable variance.
        for n in 1...6 {
            for tenth in 8...300 {
                let sigma = Double(tenth) / 10
                let widths = try BoxWidths.forSigma(sigma, passes: n)
                XCTAssertEqual(widths.count, n)
                XCTAssertTrue(widths.allSatisfy { $0 >= 1 && $0 % 2 == 1 })
                let wl = widths.min()!, chosen = abs(BoxWidths.variance(widths) - sigma * sigma)
                for lower in [wl - 2, wl].filter({ $0 >= 1 }) {
                    for m in 0...n {
                        let other = Array(repeating: lower, count: m) + Array(repeating: lower + 2, count: n - m)
                        XCTAssertLessThanOrEqual(chosen, abs(BoxWidths.variance(other) - sigma * sigma) + 1e-9,
                                                 "σ \(sigma) n \(n): \(widths) vs \(other)")
                    }
                }
            }
        }
    }

    func testInvalidBoxParametersThrow() {
        XCTAssertThrowsError(try BoxWidths.forSigma(2, passes: 0))
        XCTAssertThrowsError(try BoxWidths.forSigma(-1, passes: 3))
        XCTAssertThrowsError(try BoxWidths.forSigma(.nan, passes: 3))
        XCTAssertThrowsError(try BoxWidths.forSigma(1e9, passes: 3)) { error in
            XCTAssertTrue("\(error)".contains("wider than the limit"))
        }
        XCTAssertThrowsError(try BoxWidths.equalVarianceWidth(sigma: .infinity))
        XCTAssertThrowsError(try BoxWidths.appleBoxWidth(blurRadius: -1))
        XCTAssertThrowsError(try BoxWidths.appleBoxWidth(blurRadius: 10, scale: 0))
        XCTAssertThrowsError(try BoxWidths.impulseResponse([3, 4])) { error in
            XCTAssertTrue("\(error)".contains("box width (4)"))
        }
        XCTAssertThrowsError(try BoxWidths.impulseResponse([0]))
    }

    func testEqualVarianceWidth() throws {
        // σ = 1: √13 = 3.6; width 3 has variance 8/12 = 0.67 (off by 0.33), width 5 has 2 (off by 1).
        XCTAssertEqual(try BoxWidths.equalVarianceWidth(sigma: 1), 3)
        // σ = 2: √49 = 7 exactly, variance (49 − 1)/12 = 4.
        XCTAssertEqual(try BoxWidths.equalVarianceWidth(sigma: 2), 7)
        // σ = 3: √109 = 10.4; width 9 → 6.67 (off by 2.33), width 11 → 10 (off by 1).
        XCTAssertEqual(try BoxWidths.equalVarianceWidth(sigma: 3), 11)
        XCTAssertEqual(try BoxWidths.equalVarianceWidth(sigma: 0), 1)
    }

    func testAppleImageEffectsWidths() throws {
        // d = ⌊r·scale·3√(2π)/4 + ½⌋, 3√(2π)/4 = 1.8799712…, then made odd.
        // applyDarkEffect (r 20) on a 2× screen: 40·1.87997 + ½ = 75.70 → 75 (odd already).
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 20, scale: 2), 75)
        // applyLightEffect (r 30), 2×: 113.30 → 113.
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 30, scale: 2), 113)
        // r 20 at 1×: 38.10 → 38, even → 39.
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 20), 39)
        // applyTintEffectWithColor (r 10) at 1×: 19.30 → 19.
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 10), 19)
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 0), 1)
        // Three boxes of width d have σ = √((d² − 1)/4) ≈ 0.94 of the blur radius.
        let d = try BoxWidths.appleBoxWidth(blurRadius: 30, scale: 2)
        XCTAssertEqual(BoxWidths.achievedSigma([d, d, d]) / 60, 0.9416, accuracy: 1e-4)
    }

    // MARK: - Impulse responses

    func testImpulseResponsesOfSmallCascades() throws {
        // [1 1 1]/3 ∗ [1 1 1]/3 = [1 2 3 2 1]/9; three of them: [1 3 6 7 6 3 1]/27.
        for (v, e) in zip(try BoxWidths.impulseResponse([3, 3]), [1.0, 2, 3, 2, 1].map { $0 / 9 }) {
            XCTAssertEqual(v, e, accuracy: 1e-16)
        }
        for (v, e) in zip(try BoxWidths.impulseResponse([3, 3, 3]), [1.0, 3, 6, 7, 6, 3, 1].map { $0 / 27 }) {
            XCTAssertEqual(v, e, accuracy: 1e-16)
        }
        XCTAssertEqual(try BoxWidths.impulseResponse([]), [1])
        XCTAssertEqual(try BoxWidths.impulseResponse([1, 1]), [1])
        XCTAssertEqual(try BoxWidths.impulseResponse([5]), [0.2, 0.2, 0.2, 0.2, 0.2])
    }

    func testCascadeVarianceIsTheSumOfBoxVariances() throws {
        // The impulse response's own variance equals Σ(wᵢ² − 1)/12.
        for widths in [[5, 5, 7], [3, 9], [1], [15, 15, 15, 15, 17], [3, 5, 7, 9], [75, 75, 75], [1, 201]] {
            let kernel = try BoxWidths.impulseResponse(widths)
            XCTAssertEqual(kernel.count, widths.reduce(0) { $0 + $1 - 1 } + 1)
            XCTAssertEqual(kernel.reduce(0, +), 1, accuracy: 1e-13)
            for i in 0..<kernel.count { XCTAssertEqual(kernel[i], kernel[kernel.count - 1 - i], accuracy: 1e-16) }
            let variance = KernelAnalysis.effectiveSigma(kernel) * KernelAnalysis.effectiveSigma(kernel)
            XCTAssertEqual(variance, BoxWidths.variance(widths), accuracy: 1e-12 * max(1, BoxWidths.variance(widths)),
                           "\(widths)")
        }
    }

    func testDeviationFromTheIdealGaussian() throws {
        // Values from NumPy: np.convolve of the boxes, minus the point-sampled Gaussian
        // e^(−x²/2σ²) normalised over all integers.
        let boxes = try BoxWidths.impulseResponse([5, 5, 7])
        XCTAssertEqual(try KernelAnalysis.maxDeviationFromGaussian(boxes, sigma: 3), 0.005057377541237945, accuracy: 1e-15)
        // Normalised point samples, σ = 2, R = 6: only the cut tail and the renormalisation differ.
        let point = try GaussianKernel1D(sigma: 2, radius: 6).weights
        XCTAssertEqual(try KernelAnalysis.maxDeviationFromGaussian(point, sigma: 2), 0.0004363413475228801, accuracy: 1e-15)
        // The point-sampled kernel with wide tails is the ideal itself, at every σ.
        for sigma in [0.6, 1, 2, 8] {
            let ideal = try GaussianKernel1D(sigma: sigma, radius: Int(12 * sigma) + 2).weights
            XCTAssertLessThan(try KernelAnalysis.maxDeviationFromGaussian(ideal, sigma: sigma), 1e-15, "σ = \(sigma)")
        }
        // Truncated at R = 1, the first missing tap is counted: the ideal's weight at offset 2 is
        // smaller than the centre error, so the answer is the larger of the two — still > 0.
        let narrow = try GaussianKernel1D(sigma: 2, radius: 1).weights
        XCTAssertEqual(try KernelAnalysis.maxDeviationFromGaussian(narrow, sigma: 2), 0.16219332289156527, accuracy: 1e-15)
        XCTAssertGreaterThanOrEqual(try KernelAnalysis.maxDeviationFromGaussian(narrow, sigma: 2),
                                    GaussianKernel1D.pointWeight(at: 2, sigma: 2))
        // A single tap of 1 is the ideal of a vanishing σ; an empty kernel misses the whole
        // centre weight, 1/Σₖ e^(−k²/2) = 0.3989422782668617 for σ = 1 (≈ 1/√(2π)).
        XCTAssertEqual(try KernelAnalysis.maxDeviationFromGaussian([1], sigma: 1e-6), 0)
        XCTAssertEqual(try KernelAnalysis.maxDeviationFromGaussian([], sigma: 1), 0.3989422782668617, accuracy: 1e-15)
        XCTAssertThrowsError(try KernelAnalysis.maxDeviationFromGaussian([1], sigma: 0))
    }

    func testEffectiveSigmaIgnoresScaleAndHandlesOffCentreMass() {
        XCTAssertEqual(KernelAnalysis.effectiveSigma([1, 2, 1]), 0.5.squareRoot(), accuracy: 1e-15)
        // An even kernel is centred between taps: [1, 1] sits at offsets −½ and ½, so σ = ½.
        XCTAssertEqual(KernelAnalysis.effectiveSigma([1, 1]), 0.5, accuracy: 1e-15)
        XCTAssertEqual(KernelAnalysis.effectiveSigma([1, 0, 0]), 0)
        XCTAssertEqual(KernelAnalysis.offsets(count: 4), [-1.5, -0.5, 0.5, 1.5])
    }

    // MARK: - Frequency response

    func testBoxSpectrumMatchesTheClosedFormSinc() throws {
        for w in [1, 3, 5, 9] {
            let spectrum = KernelSpectrum.magnitude(try BoxWidths.impulseResponse([w]), frequencies: 33)
            XCTAssertEqual(spectrum.count, 33)
            XCTAssertEqual(spectrum.first!.omega, 0)
            XCTAssertEqual(spectrum.last!.omega, Double.pi, accuracy: 1e-15)
            for (omega, magnitude) in spectrum {
                XCTAssertEqual(magnitude, KernelSpectrum.box(width: w, omega: omega), accuracy: 1e-14, "w \(w) ω \(omega)")
            }
        }
        // Width 5: zero at ω = 2π/5, then a side lobe of 1/(5·sin(0.3π)) = 0.247 at ω = 3π/5.
        let lobe = KernelSpectrum.magnitude([0.2, 0.2, 0.2, 0.2, 0.2], frequencies: 6)
        XCTAssertEqual(lobe[2].magnitude, 0, accuracy: 1e-15)
        XCTAssertEqual(lobe[3].magnitude, 1 / (5 * sin(0.3 * Double.pi)), accuracy: 1e-15)
    }

    func testSampledGaussianSpectrumFallsLikeTheContinuousOne() throws {
        // The DTFT of samples of a Gaussian is Σₘ exp(−σ²(ω + 2πm)²/2): the continuous response plus
        // aliases, the largest exp(−σ²(2π − ω)²/2) ≤ exp(−2π²) = 2.7e-9 at ω = π for σ = 2.
        let kernel = try GaussianKernel1D(sigma: 2, radius: 30)
        for (omega, magnitude) in KernelSpectrum.magnitude(kernel.weights, frequencies: 65) {
            XCTAssertEqual(magnitude, KernelSpectrum.gaussian(sigma: 2, omega: omega), accuracy: 3e-9)
        }
        XCTAssertEqual(KernelSpectrum.magnitude([1], frequencies: 1).map(\.omega), [0])
        XCTAssertTrue(KernelSpectrum.magnitude([1], frequencies: 0).isEmpty)
    }
}
