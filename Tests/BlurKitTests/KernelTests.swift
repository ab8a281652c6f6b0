import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Asserts that `value` rounds to the decimal string `printed`: |value − printed| is at most
/// half a unit in its last printed digit (how a published table of rounded numbers is checked).
func assertMatchesPrinted(_ value: Double, _ printed: String, _ message: String = "",
                          file: StaticString = #filePath, line: UInt = #line) {
    let decimals = printed.split(separator: ".").dropFirst().first?.count ?? 0
    let tolerance = 0.5 * pow(10, -Double(decimals)) * (1 + 1e-9)
    XCTAssertEqual(value, Double(printed)!, accuracy: tolerance, "\(message) (printed \(printed))", file: file, line: line)
}

final class KernelTests: XCTestCase {
    // MARK: - Sums, symmetry, radius

    func testNormalisedWeightsSumToOne() throws {
        for sampling in Sampling.allCases {
            for sigma in [0.3, 0.8, 1, 1.5, 2.7, 12, 40] {
                for radius in [0, 1, 3, 17, 200] {
                    let k = try GaussianKernel1D(sigma: sigma, radius: radius, sampling: sampling)
                    XCTAssertEqual(k.weights.reduce(0, +), 1, accuracy: 1e-12, "σ \(sigma) R \(radius) \(sampling)")
                    XCTAssertEqual(k.raw.count, 2 * radius + 1)
                }
            }
        }
    }

    func testRawSumApproachesOneAsTheRadiusGrows() throws {
        // Point samples of g with σ = 2: the midpoint rule for ∫g over [−R−½, R+½]; it grows with R
        // and, once the tails are in, equals 1 to rounding (the rule is spectrally accurate here).
        var previous = 0.0
        for radius in 0...16 {
            let k = try GaussianKernel1D(sigma: 2, radius: radius, sampling: .point)
            XCTAssertGreaterThan(k.rawSum, previous)
            previous = k.rawSum
        }
        XCTAssertEqual(previous, 1, accuracy: 1e-12)
        XCTAssertLessThan(try GaussianKernel1D(sigma: 2, radius: 2, sampling: .point).rawSum, 0.8)
        // Bin masses telescope: Σ raw = erf((R + ½)/(σ√2)) = capturedMass exactly (to rounding).
        for radius in [0, 1, 4, 9] {
            let k = try GaussianKernel1D(sigma: 2, radius: radius, sampling: .integrated)
            XCTAssertEqual(k.rawSum, k.capturedMass, accuracy: 1e-15)
        }
    }

    func testCapturedMassIsTheErfOfTheWindowExtent() throws {
        // σ = 1, R = 3 covers [−3.5, 3.5]: erf(3.5/√2) = 0.9995347418419289 (SciPy's special.erf).
        let k = try GaussianKernel1D(sigma: 1, radius: 3)
        XCTAssertEqual(k.capturedMass, 0.9995347418419289, accuracy: 1e-15)
        XCTAssertEqual(try GaussianKernel2D(sigma: 1, radius: 3).capturedMass, 0.9995347418419289 * 0.9995347418419289,
                       accuracy: 1e-15)
    }

    func testWeightsAreSymmetric() throws {
        for sampling in Sampling.allCases {
            let k = try GaussianKernel1D(sigma: 3.3, radius: 11, sampling: sampling)
            for i in 0..<k.width { XCTAssertEqual(k.weights[i], k.weights[k.width - 1 - i]) }
            XCTAssertEqual(k.weight(at: -4), k.weight(at: 4))
            XCTAssertEqual(k.weight(at: 12), 0)
            XCTAssertEqual(k.offsets, -11...11)
        }
    }

    func testRadiusFollowsSciPy() throws {
        // scipy.ndimage.gaussian_filter1d: radius = int(truncate * sd + 0.5).
        XCTAssertEqual(try GaussianKernel1D.radius(sigma: 1, truncate: 4), 4)
        XCTAssertEqual(try GaussianKernel1D.radius(sigma: 1.4, truncate: 3), 4)   // ⌊4.7⌋
        XCTAssertEqual(try GaussianKernel1D.radius(sigma: 1.5, truncate: 3), 5)   // ⌊5.0⌋
        XCTAssertEqual(try GaussianKernel1D.radius(sigma: 0.1, truncate: 3), 0)   // ⌊0.8⌋
        XCTAssertEqual(try GaussianKernel1D(sigma: 2).radius, 6)                  // default truncate 3
    }

    func testInvalidParametersThrowNamingTheValue() {
        func message(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        for bad in [0, -1, Double.nan, .infinity] {
            XCTAssertTrue(message { try GaussianKernel1D(sigma: bad, radius: 2) }.contains("sigma (\(bad))"))
            XCTAssertTrue(message { try GaussianKernel2D(sigma: bad, radius: 2) }.contains("sigma (\(bad))"))
        }
        XCTAssertTrue(message { try GaussianKernel1D(sigma: 1, radius: -1) }.contains("radius (-1)"))
        XCTAssertTrue(message { try GaussianKernel1D(sigma: 1, radius: 4097) }.contains("wider than the limit"))
        XCTAssertTrue(message { try GaussianKernel1D(sigma: 2000) }.contains("wider than the limit"))
        XCTAssertTrue(message { try GaussianKernel1D(sigma: 1e300) }.contains("wider than the limit"))
        XCTAssertTrue(message { try GaussianKernel1D(sigma: 1, truncate: .nan) }.contains("truncate (nan)"))
        XCTAssertTrue(message { try GaussianKernel2D(sigma: 1, radius: 513) }.contains("wider than the limit"))
        XCTAssertNoThrow(try GaussianKernel1D(sigma: 1, radius: GaussianKernel1D.maxRadius))
    }

    func testTinySigmaIsTheIdentity() throws {
        for sampling in Sampling.allCases {
            XCTAssertEqual(try GaussianKernel1D(sigma: 1e-6, sampling: sampling).weights, [1])
            let k = try GaussianKernel1D(sigma: 1e-6, radius: 3, sampling: sampling)
            XCTAssertEqual(k.weights, [0, 0, 0, 1, 0, 0, 0])
            XCTAssertTrue(k.raw.allSatisfy(\.isFinite))
            XCTAssertEqual(k.effectiveSigma, 0)
            XCTAssertEqual(try GaussianKernel2D(sigma: 1e-6, radius: 1, sampling: sampling).weights,
                           [0, 0, 0, 0, 1, 0, 0, 0, 0])
        }
        // 1/(σ√(2π)) for σ = 1e-6 is 398942.28…: huge but finite.
        XCTAssertEqual(try GaussianKernel1D(sigma: 1e-6, radius: 1).raw[1], 398_942.280_401_432_7, accuracy: 1e-6)
        // Below ~2e-308 the peak density overflows; bin masses still work.
        XCTAssertThrowsError(try GaussianKernel1D(sigma: 1e-310, radius: 1, sampling: .point))
        XCTAssertEqual(try GaussianKernel1D(sigma: 1e-310, radius: 1, sampling: .integrated).weights, [0, 1, 0])
    }

    // MARK: - Closed forms and effective σ

    func testIntegratedWeightsMatchNormalTables() throws {
        // Standard normal (σ = 1): P(|Z| < ½) = erf(½/√2) and Φ(1.5) − Φ(0.5), Φ(3.5) − Φ(2.5),
        // from scipy.special.erf / scipy.stats.norm.cdf.
        let k = try GaussianKernel1D(sigma: 1, radius: 4, sampling: .integrated)
        XCTAssertEqual(k.raw[4], 0.3829249225480261, accuracy: 1e-15)
        XCTAssertEqual(k.raw[5], 0.2417303374571288, accuracy: 1e-15)
        XCTAssertEqual(k.raw[7], 0.005977036246740619, accuracy: 1e-16)
        // σ = 2: Φ((k + ½)/2) − Φ((k − ½)/2) for k = 0…3.
        let k2 = try GaussianKernel1D(sigma: 2, radius: 3, sampling: .integrated)
        for (i, expected) in [0.1974126513658474, 0.17466632194020804, 0.12097757871001291, 0.06559061680303824].enumerated() {
            XCTAssertEqual(k2.raw[3 + i], expected, accuracy: 1e-15)
        }
        // Far tail, where erf(b) − erf(a) would cancel to 0: Φ̄(9.5) − Φ̄(10.5) = 1.0494083174730824e-21.
        XCTAssertEqual(GaussianKernel1D.binMass(at: 10, sigma: 1) / 1.0494083174730824e-21, 1, accuracy: 1e-12)
    }

    func testContinuousMassIsTheSixtyEightNinetyFiveRule() {
        // erf(k/√2) for k = 1, 2, 3 (scipy.special.erf).
        XCTAssertEqual(GaussianKernel1D.continuousMass(withinSigmas: 1), 0.6826894921370859, accuracy: 1e-15)
        XCTAssertEqual(GaussianKernel1D.continuousMass(withinSigmas: 2), 0.9544997361036416, accuracy: 1e-15)
        XCTAssertEqual(GaussianKernel1D.continuousMass(withinSigmas: 3), 0.9973002039367398, accuracy: 1e-15)
    }

    func testEffectiveSigma() throws {
        // Point samples of a wide kernel have variance σ² up to aliasing terms ~exp(−2π²σ²):
        // negligible at σ = 2, 1e-7 at σ = 1, visible at σ = 0.5 (0.46369…, from NumPy).
        XCTAssertEqual(try GaussianKernel1D(sigma: 2, radius: 40).effectiveSigma, 2, accuracy: 1e-12)
        XCTAssertEqual(try GaussianKernel1D(sigma: 1, radius: 40).effectiveSigma, 0.9999998943838585, accuracy: 1e-12)
        XCTAssertEqual(try GaussianKernel1D(sigma: 0.5, radius: 40).effectiveSigma, 0.46369459247239286, accuracy: 1e-12)
        // Bin masses add the pixel's own box: σ² + 1/12.
        XCTAssertEqual(try GaussianKernel1D(sigma: 3, radius: 60, sampling: .integrated).effectiveSigma,
                       (9 + 1.0 / 12).squareRoot(), accuracy: 1e-12)
        // Truncation at 1σ cuts the tails: well below σ.
        XCTAssertLessThan(try GaussianKernel1D(sigma: 4, truncate: 1).effectiveSigma, 0.6 * 4)
    }

    // MARK: - Published numbers

    /// `y[i] = Σₖ w[k]·x[reflect(i + k)]`, a direct 1-D correlation with the kernel's weights.
    func filter1D(_ x: [Double], _ kernel: GaussianKernel1D, edges: EdgeMode) -> [Double] {
        (0..<x.count).map { i in
            kernel.offsets.reduce(0.0) { sum, k in
                sum + kernel.weight(at: k) * (edges.sourceIndex(i + k, count: x.count).map { x[$0] } ?? 0)
            }
        }
    }

    func testSciPyGaussianFilter1DDocstringExamples() throws {
        // scipy.ndimage.gaussian_filter1d docstring (SciPy 1.17):
        //   >>> gaussian_filter1d([1.0, 2.0, 3.0, 4.0, 5.0], 1)
        //   array([ 1.42704095,  2.06782203,  3.        ,  3.93217797,  4.57295905])
        //   >>> gaussian_filter1d([1.0, 2.0, 3.0, 4.0, 5.0], 4)
        //   array([ 2.91948343,  2.95023502,  3.        ,  3.04976498,  3.08051657])
        // SciPy's defaults: truncate 4.0 (radius 4 and 16), mode "reflect", point-sampled weights.
        // NumPy prints the exact 3 as "3."; it is 3.00000000 at the printed precision.
        let x = [1.0, 2, 3, 4, 5]
        let one = filter1D(x, try GaussianKernel1D(sigma: 1, truncate: 4), edges: .reflect)
        for (v, p) in zip(one, ["1.42704095", "2.06782203", "3.00000000", "3.93217797", "4.57295905"]) {
            assertMatchesPrinted(v, p, "σ = 1")
        }
        let four = filter1D(x, try GaussianKernel1D(sigma: 4, truncate: 4), edges: .reflect)
        for (v, p) in zip(four, ["2.91948343", "2.95023502", "3.00000000", "3.04976498", "3.08051657"]) {
            assertMatchesPrinted(v, p, "σ = 4")
        }
    }

    func testOpenCVGetGaussianKernel() throws {
        // cv2.getGaussianKernel(ksize, sigma) with sigma > 0 is point-sampled and normalised, as
        // ours (values from OpenCV 5.0.0, CV_64F):
        //   getGaussianKernel(3, 0.8) = [0.2389942656229905, 0.5220114687540189, 0.2389942656229905]
        //   getGaussianKernel(5, 1.1) = [0.0707663713315465, 0.24446039891162388, 0.3695464595136592, …]
        let k3 = try GaussianKernel1D(sigma: 0.8, radius: 1)
        for (v, e) in zip(k3.weights, [0.2389942656229905, 0.5220114687540189, 0.2389942656229905]) {
            XCTAssertEqual(v, e, accuracy: 1e-15)
        }
        let k5 = try GaussianKernel1D(sigma: 1.1, radius: 2)
        for (v, e) in zip(k5.weights, [0.0707663713315465, 0.24446039891162388, 0.3695464595136592,
                                       0.24446039891162388, 0.0707663713315465]) {
            XCTAssertEqual(v, e, accuracy: 1e-15)
        }
        // With sigma ≤ 0 OpenCV instead returns fixed binomial tables (small_gaussian_tab in
        // modules/imgproc/src/smooth.dispatch.cpp) although it documents σ = 0.3·((ksize−1)/2 − 1) + 0.8,
        // i.e. 0.8 and 1.1: [1 2 1]/4 and [1 4 6 4 1]/16. They are not those Gaussians — the σ = 0.8
        // centre weight differs by 0.022 — and their own standard deviations are √0.5 and 1.
        let table3 = [0.25, 0.5, 0.25], table5 = [0.0625, 0.25, 0.375, 0.25, 0.0625]
        XCTAssertGreaterThan(abs(k3.weights[1] - table3[1]), 0.02)
        XCTAssertEqual(KernelAnalysis.effectiveSigma(table3), 0.5.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(KernelAnalysis.effectiveSigma(table5), 1, accuracy: 1e-15)
    }

    func testRuanYifengThreeByThreeExample() throws {
        // The worked example behind the UIVisualEffectView article's "weights from the normal
        // density" (its reference 1: 阮一峰, 高斯模糊的算法, ruanyifeng.com/blog/2012/11/gaussian_blur.html;
        // the seed shows it only as pictures): σ = 1.5, 3 × 3, G(x, y) = exp(−(x²+y²)/2σ²)/(2πσ²)
        // gives corners 0.0453542, edges 0.0566406, centre 0.0707355, "summing to 0.4787147";
        // divided by that sum: 0.0947416, 0.118318, 0.147761.
        let k = try GaussianKernel2D(sigma: 1.5, radius: 1)
        assertMatchesPrinted(k.raw[0], "0.0453542")
        assertMatchesPrinted(k.raw[1], "0.0566406")
        assertMatchesPrinted(k.raw[4], "0.0707355")
        // The article sums and divides its *rounded* values: 4·0.0453542 + 4·0.0566406 + 0.0707355
        // = 0.4787147, while the exact sum is 0.47871481 (prints as 0.4787148). So its sum is the
        // sum of our raw values rounded to 7 decimals, and its normalised values agree with ours
        // to the 1e-7 that rounding moves them (0.0947416 vs our 0.09474166).
        let roundedSum = k.raw.map { ($0 * 1e7).rounded() / 1e7 }.reduce(0, +)
        assertMatchesPrinted(roundedSum, "0.4787147")
        assertMatchesPrinted(k.rawSum, "0.4787148")
        XCTAssertEqual(k.weights[0], 0.0947416, accuracy: 1e-7)
        XCTAssertEqual(k.weights[1], 0.118318, accuracy: 1e-6)
        XCTAssertEqual(k.weights[4], 0.147761, accuracy: 1e-6)
        assertMatchesPrinted(k.weights[1], "0.118318")
        assertMatchesPrinted(k.weights[4], "0.147761")
    }

    func testCodeGolfGaussianMatrixTestCases() throws {
        // Code Golf Stack Exchange, "Generate a Gaussian matrix": raw G(x, y) for (r, σ), printed
        // to six significant digits. Its worked example (2, 1.5) and test cases (0, 0.25), (1, 7),
        // (3, 2.5), (4, 3.33).
        let five = try GaussianKernel2D(sigma: 1.5, radius: 2)
        for (v, p) in zip(five.raw[0..<5], ["0.0119552", "0.0232856", "0.0290802", "0.0232856", "0.0119552"]) {
            assertMatchesPrinted(v, p, "(2, 1.5) top row")
        }
        assertMatchesPrinted(try GaussianKernel2D(sigma: 0.25, radius: 0).raw[0], "2.54648")
        let seven = try GaussianKernel2D(sigma: 7, radius: 1)
        assertMatchesPrinted(seven.raw[0], "0.00318244")
        assertMatchesPrinted(seven.raw[1], "0.00321509")
        assertMatchesPrinted(seven.raw[4], "0.00324806")
        let r3 = try GaussianKernel2D(sigma: 2.5, radius: 3)
        assertMatchesPrinted(r3.raw[0], "0.00603332")
        assertMatchesPrinted(r3.raw[3], "0.012395")
        assertMatchesPrinted(r3.raw[24], "0.0254648")
        let r4 = try GaussianKernel2D(sigma: 3.33, radius: 4)
        assertMatchesPrinted(r4.raw[0], "0.00339074")
        assertMatchesPrinted(r4.raw[4 * 9 + 4], "0.0143526")
    }

    // MARK: - 2-D

    func testTwoDimensionalKernelIsTheOuterProduct() throws {
        for sigma in [0.6, 1.5, 4] {
            for radius in [1, 3, 12] {
                let k1 = try GaussianKernel1D(sigma: sigma, radius: radius, sampling: .point)
                let direct = try GaussianKernel2D(sigma: sigma, radius: radius, sampling: .point)
                let outer = GaussianKernel2D(outerProductOf: k1)
                // exp(−a) computed from a rounded argument a carries a relative error of about
                // a·ε, so the bound grows with a = (x² + y²)/2σ²: 1e-15 relative where a ≤ 1. The
                // weights also divide by sums of n² terms, each rounded: n²·ε more.
                let n = 2 * radius + 1
                for j in 0..<n {
                    for i in 0..<n {
                        let x = Double(i - radius), y = Double(j - radius)
                        let tolerance = 1e-15 * max(1, (x * x + y * y) / (2 * sigma * sigma))
                        let index = j * n + i
                        XCTAssertEqual(direct.raw[index], outer.raw[index], accuracy: tolerance * outer.raw[index],
                                       "raw σ \(sigma) R \(radius) (\(i), \(j))")
                        XCTAssertEqual(direct.weights[index], outer.weights[index], accuracy: (tolerance + Double(n * n) * 1.2e-16) * outer.weights[index],
                                       "weights σ \(sigma) R \(radius) (\(i), \(j))")
                    }
                }
                XCTAssertEqual(direct.effectiveSigma, k1.effectiveSigma, accuracy: 1e-14)
                XCTAssertEqual(direct.weights.reduce(0, +), 1, accuracy: 1e-12)
            }
        }
        let k1 = try GaussianKernel1D(sigma: 2, radius: 5, sampling: .integrated)
        let direct = try GaussianKernel2D(sigma: 2, radius: 5, sampling: .integrated)
        XCTAssertEqual(direct.raw, GaussianKernel2D(outerProductOf: k1).raw)
        XCTAssertEqual(direct.capturedMass, k1.capturedMass * k1.capturedMass, accuracy: 1e-15)
        XCTAssertEqual(direct.weight(dx: 2, dy: -1), k1.weight(at: 2) * k1.weight(at: -1), accuracy: 1e-17)
        XCTAssertEqual(direct.weight(dx: 6, dy: 0), 0)
    }
}
