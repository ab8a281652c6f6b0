import Foundation
import XCTest
@testable import BlurKit

/// The fft method: FFTW's 2-D transform against the plain DFT loop, and both against closed forms
/// (the Float64 reference blur, the sampled Gaussian's weights and its transform).
final class FFTGaussianTests: XCTestCase {
    typealias R = BlurReference

    func testFastLoopMatchesThePlainDFTInEveryEdgeMode() throws {
        // 37 × 11: odd sizes, and σ large enough that the padding is wider than the image.
        let image = R.randomImage(width: 37, height: 11)
        for sigma in [0.7, 2.5] {
            let fft = try FFTGaussian(sigma: sigma)
            for edges in EdgeMode.allCases {
                let reference = SurveyMethodsTests.separably(image) { fft.reference($0, edges: edges) }
                XCTAssertLessThanOrEqual(R.maxDifference(R.blurred(image, fft, edges: edges), reference), 3e-6,
                                         "σ = \(sigma), \(edges)")
            }
        }
    }

    func testEqualsTheFloat64ReferenceBlurInEveryEdgeMode() throws {
        // The reference is the same sampled Gaussian cut at ⌈8σ⌉: the two differ by Float32 rounding.
        let image = R.randomImage(width: 40, height: 23, seed: 7)
        for sigma in [0.8, 3.0, 9.0] {
            for edges in EdgeMode.allCases {
                let exact = try ReferenceGaussianBlur(sigma: sigma, edges: edges).apply(image)
                let fast = image.blurred(by: try FFTGaussian(sigma: sigma), edges: edges)
                let worst = zip(fast.pixels, exact.values).map { abs(Double($0) - $1) }.max() ?? 0
                XCTAssertLessThan(worst * 255, 0.002, "σ = \(sigma), \(edges): \(worst * 255) levels")
            }
        }
    }

    func testImpulseResponseIsTheSampledGaussianUntruncated() throws {
        // Zero edges, one white pixel: the response is g(x)·g(y) with g(n) = e^(−n²/2σ²) / Σₖ e^(−k²/2σ²),
        // far beyond the 3σ or 4σ where kernels are cut.
        let sigma = 2.0, half = 20
        var image = RGBAImage(width: 2 * half + 1, height: 2 * half + 1)
        image[half, half] = SIMD4(1, 1, 1, 1)
        let out = R.blurred(image, try FFTGaussian(sigma: sigma), edges: .zero)
        let norm = (-60...60).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }.reduce(0, +)
        func g(_ n: Int) -> Double { exp(-Double(n * n) / (2 * sigma * sigma)) / norm }
        for (x, y) in [(0, 0), (1, 0), (3, 2), (6, 0), (9, 1)] {
            XCTAssertEqual(Double(out[half + x, half + y].x), g(x) * g(y), accuracy: 2e-7, "offset (\(x), \(y))")
        }
    }

    func testGainIsTheSampledGaussiansTransform() throws {
        // H(ω) = Σₙ g(n)·cos(ωn) for the normalised sampled Gaussian, written out; ≈ e^(−σ²ω²/2) for σ ≥ 1.
        for sigma in [0.5, 1.0, 3.0] {
            let samples = (-80...80).map { (n: Double($0), w: exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let sum = samples.map(\.w).reduce(0, +)
            for omega in [0, 0.3, 1.2, Double.pi] {
                let direct = samples.map { $0.w * cos(omega * $0.n) }.reduce(0, +) / sum
                XCTAssertEqual(FFTGaussian.gain(omega, sigma: sigma), direct, accuracy: 1e-12, "σ = \(sigma), ω = \(omega)")
            }
        }
        XCTAssertEqual(FFTGaussian.gain(1, sigma: 3), exp(-4.5), accuracy: 1e-12)
    }

    func testWrapBlursACosineByItsGainExactly() throws {
        // A cosine of 3 cycles over 24 pixels, wrap edges: no padding, and the output is the input
        // scaled by H(2π·3/24) about its mean — the convolution theorem on one frequency.
        let n = 24, sigma = 1.5
        let omega = 2 * Double.pi * 3 / Double(n)
        let values = (0..<n).map { Float(0.5 + 0.4 * cos(omega * Double($0))) }
        let image = RGBAImage(width: n, height: 1, pixels: values.flatMap { [$0, $0, $0, 1] })
        let out = R.blurred(image, try FFTGaussian(sigma: sigma), edges: .wrap)
        let gain = FFTGaussian.gain(omega, sigma: sigma)
        for x in 0..<n {
            XCTAssertEqual(Double(out[x, 0].x), 0.5 + 0.4 * gain * cos(omega * Double(x)), accuracy: 1e-6, "x = \(x)")
        }
    }

    func testFlatImageStaysFlatAndThreadsDoNotMatter() throws {
        let flat = RGBAImage(width: 19, height: 13, fill: SIMD4(0.25, 0.5, 0.75, 1))
        let fft = try FFTGaussian(sigma: 4)
        for edges in [EdgeMode.clamp, .reflect, .mirror, .wrap] {
            XCTAssertLessThan(R.maxDifference(R.blurred(flat, fft, edges: edges), flat), 1e-6, "\(edges)")
        }
        let image = R.randomImage(width: 30, height: 17)
        XCTAssertEqual(R.blurred(image, fft, edges: .clamp, threads: 1), R.blurred(image, fft, edges: .clamp, threads: 2))
    }

    func testWorstCaseErrorAndOperatorNormAgainstClosedForms() throws {
        // Doing nothing (a box of radius 0) against the Gaussian of σ = 2: the response is one
        // pixel of 1, the ideal puts g(0)² there, so both the positive and the negative part are
        // 1 − g(0)², the worst error is that, and the operator norm twice that.
        let g0 = GaussianKernel1D.pointWeight(at: 0, sigma: 2)
        let nothing = try ImpulseSummary.measure(BoxAverage(radius: 0), sigma: 2)
        XCTAssertEqual(try XCTUnwrap(nothing.worstCaseError), 1 - g0 * g0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(nothing.operatorNormError), 2 * (1 - g0 * g0), accuracy: 1e-6)
        // The FFT Gaussian is the ideal: what is left is Float32 round-off.
        let exact = try ImpulseSummary.measure(try FFTGaussian(sigma: 2), sigma: 2)
        XCTAssertLessThan(try XCTUnwrap(exact.operatorNormError), 1e-5)
    }

    func testPaddingLayout() throws {
        let fft = try FFTGaussian(sigma: 2)
        XCTAssertEqual(fft.padding, 16)
        let wrap = fft.layout(count: 37, edges: .wrap), clamp = fft.layout(count: 37, edges: .clamp)
        XCTAssertEqual([wrap.before, wrap.length], [0, 37])
        // 37 + 32 = 69 = 3 · 23 → 70 = 2 · 5 · 7.
        XCTAssertEqual([clamp.before, clamp.length], [16, 70])
        XCTAssertEqual(FFTGaussian.smoothLength(atLeast: 1021), 1024)
        XCTAssertThrowsError(try FFTGaussian(sigma: 0))
    }
}
