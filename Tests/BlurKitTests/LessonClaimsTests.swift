import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// The numbers the lessons' prose states as facts, each checked against a closed form or a value
/// worked by hand (issue 12, "Teaching truth").
final class LessonClaimsTests: XCTestCase {
    /// Lesson 3: the width-11 box (equal variance for σ = 3) lets through up to 0.2234 of a ripple
    /// beyond its first zero, 2π/11 — more than a fifth — with light and dark swapped (H < 0).
    func testFirstSideLobeOfTheWidth11Box() throws {
        XCTAssertEqual(try BoxWidths.equalVarianceWidth(sigma: 3), 11)
        let w = 11.0
        // H(ω) = sin(wω/2) / (w·sin(ω/2)), the box's real, signed response.
        func h(_ omega: Double) -> Double { sin(w * omega / 2) / (w * sin(omega / 2)) }
        var peak = 0.0, peakOmega = 0.0
        let steps = 20_000
        for j in 1...steps {
            let omega = 2 * Double.pi / w + (Double.pi - 2 * Double.pi / w) * Double(j) / Double(steps)
            if abs(h(omega)) > peak { peak = abs(h(omega)); peakOmega = omega }
        }
        XCTAssertEqual(peak, 0.22341, accuracy: 1e-4)
        XCTAssertLessThan(h(peakOmega), 0)
        XCTAssertEqual(KernelSpectrum.box(width: 11, omega: peakOmega), peak, accuracy: 1e-12)
        // A 3-pixel box (σ = 1) passes a third at π.
        XCTAssertEqual(KernelSpectrum.box(width: 3, omega: .pi), 1.0 / 3, accuracy: 1e-12)
    }

    /// Lesson 2: pixel masses at σ = 0.5 spread like 0.570, not √(0.5² + 1/12) = 0.577; the gap is
    /// the aliasing term of Poisson summation, and it vanishes from σ = 1 up.
    func testIntegratedKernelsEffectiveSigma() throws {
        let narrow = try GaussianKernel1D(sigma: 0.5, radius: 50, sampling: .integrated)
        let curve = (0.25 + 1.0 / 12).squareRoot()
        XCTAssertEqual(curve, 0.57735, accuracy: 1e-5)
        let pi2 = Double.pi * Double.pi
        let poisson = 0.25 + 1.0 / 12 - 4 * exp(-pi2 / 2) * (0.25 + 1 / (4 * pi2))
            + 4 * exp(-2 * pi2) * (0.25 + 1 / (16 * pi2))
        XCTAssertEqual(narrow.effectiveSigma, poisson.squareRoot(), accuracy: 1e-9)
        XCTAssertGreaterThan(curve - narrow.effectiveSigma, 0.006)
        // The lesson's own cell: radius 2 prints 0.570445.
        XCTAssertEqual(try GaussianKernel1D(sigma: 0.5, radius: 2, sampling: .integrated).effectiveSigma, 0.570445, accuracy: 1e-6)
        let wide = try GaussianKernel1D(sigma: 1, radius: 50, sampling: .integrated)
        XCTAssertEqual(wide.effectiveSigma, (1 + 1.0 / 12).squareRoot(), accuracy: 1e-8)
    }

    /// Lesson 6: n passes of one box multiply its σ by √n in all, not per pass.
    func testRepeatedBoxWidensBySquareRootOfPasses() {
        let one = BoxWidths.achievedSigma([13])
        XCTAssertEqual(one, (168.0 / 12).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(BoxWidths.achievedSigma([13, 13, 13]), 3.0.squareRoot() * one, accuracy: 1e-12)
        XCTAssertEqual(BoxWidths.achievedSigma([13, 13]) / one, 2.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(BoxWidths.achievedSigma([13, 13, 13]) / BoxWidths.achievedSigma([13, 13]), 1.5.squareRoot(), accuracy: 1e-12)
        // FXBlurView's defaults: three boxes of 5 on the small copy give σ = √6.
        XCTAssertEqual(BoxWidths.achievedSigma([5, 5, 5]), 6.0.squareRoot(), accuracy: 1e-12)
    }

    /// Lesson 2: boxes 3 and 5 (σ = 1.5, two passes) make a trapezoid with a flat top, not a tent.
    func testTwoUnequalBoxesMakeATrapezoid() throws {
        XCTAssertEqual(try BoxWidths.forSigma(1.5, passes: 2), [3, 5])
        let response = try BoxWidths.impulseResponse([3, 5])
        let expected = [1.0, 2, 3, 3, 3, 2, 1].map { $0 / 15 }
        XCTAssertEqual(response.count, expected.count)
        for (a, b) in zip(response, expected) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        let tent = try BoxWidths.impulseResponse([5, 5])
        XCTAssertEqual(tent.filter { $0 == tent.max() }.count, 1)
    }

    /// Lessons 8 and 10: saturation −1 reflects a colour through the grey of its luma: white stays
    /// white, red becomes dark cyan (after clipping), an in-gamut colour keeps its luma.
    func testSaturationMinusOneKeepsLuma() {
        let m = SaturationMatrix(saturation: -1)
        let white = m.apply(to: SIMD4(1, 1, 1, 1))
        for c in [white.x, white.y, white.z, white.w] { XCTAssertEqual(c, 1, accuracy: 1e-6) }
        let red = m.apply(to: SIMD4(1, 0, 0, 1))
        XCTAssertEqual(red.x, 0, accuracy: 1e-6)
        XCTAssertEqual(red.y, 0.4252, accuracy: 1e-4)
        XCTAssertEqual(red.z, 0.4252, accuracy: 1e-4)
        let c = SIMD3<Float>(0.4, 0.5, 0.6)
        let out = m.apply(to: SIMD4(c, 1))
        let w = SaturationMatrix.luminanceWeights
        XCTAssertEqual((w * SIMD3(out.x, out.y, out.z)).sum(), (w * c).sum(), accuracy: 1e-6)
    }

    /// Lesson 7: a `zero` edge keeps the colour and lowers alpha to ½ + w₀/2 at an edge's middle.
    func testZeroEdgesKeepColourAndLowerAlpha() throws {
        let kernel = try GaussianKernel1D(sigma: 4)
        let colour = SIMD4<Float>(0.8, 0.4, 0.2, 1)
        let image = RGBAImage(width: 61, height: 41, fill: colour)
        let blurred = image.blurred(by: Separable(weights: kernel.weights.map(Float.init)), edges: .zero)
        let w0 = kernel.weights[kernel.radius]
        let edge = blurred[30, 0]
        XCTAssertEqual(edge.w, Float(0.5 + w0 / 2), accuracy: 1e-5)
        XCTAssertEqual(blurred[0, 0].w, Float((0.5 + w0 / 2) * (0.5 + w0 / 2)), accuracy: 1e-5)
        for pixel in [edge, blurred[0, 0], blurred[60, 20]] {
            XCTAssertEqual(pixel.x, colour.x, accuracy: 1e-5)
            XCTAssertEqual(pixel.y, colour.y, accuracy: 1e-5)
            XCTAssertEqual(pixel.z, colour.z, accuracy: 1e-5)
        }
    }

    /// Lesson 3: the marks in the middle of the zone plate's edges come from clamp padding; with
    /// mirror padding the blurred edge midpoints stay within a few levels of mid-grey.
    func testZonePlateEdgeMarksComeFromClampPadding() throws {
        let plate = BuiltinImage.zoneplate.make(width: 256, height: 256)
        let kernel = try GaussianKernel1D(sigma: 3).weights.map(Float.init)
        let clamped = plate.blurred(by: Separable(weights: kernel), edges: .clamp)
        let mirrored = plate.blurred(by: Separable(weights: kernel), edges: .mirror)
        let midpoints = [(0, 128), (255, 128), (128, 0), (128, 255)]
        let clampOff = midpoints.map { abs(clamped[$0.0, $0.1].x - 0.5) }.max()!
        let mirrorOff = midpoints.map { abs(mirrored[$0.0, $0.1].x - 0.5) }.max()!
        // By hand (NumPy, the same plate and kernel): clamp 0.328 at the left and top midpoints,
        // 44 levels below grey; mirror 0.474 and 0.534, within 9 levels.
        XCTAssertGreaterThan(clampOff, 0.15)
        XCTAssertLessThan(mirrorOff, 0.04)
    }
}
