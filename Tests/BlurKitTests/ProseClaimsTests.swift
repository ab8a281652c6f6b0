import XCTest
@testable import BlurKit

/// The corrected facts of issue 25 ("Every sentence true at every value"), each checked against
/// the library: what the lessons' prose now states where it does not read a cell's result.
final class ProseClaimsTests: XCTestCase {
    /// Lesson 1, exercise 1: at R = 1 the step of `builtin:edges` (128 to 26) climbs in three steps
    /// of 34 with two pixels between the levels, not two steps of a third.
    func testABoxOfRadiusOneClimbsAStepInThreeSteps() throws {
        let edges = try ImageSource.load("builtin:edges")
        let blurred = edges.blurred(by: BoxAverage(radius: 1))
        let row = (0..<edges.width).map { Int((blurred[$0, 0].x * 255).rounded()) }
        let start = try XCTUnwrap(row.indices.first { $0 > 0 && row[$0] != row[$0 - 1] }) - 1
        XCTAssertEqual(Array(row[start...(start + 3)]), [128, 93, 59, 26])
    }

    /// Lesson 1: a 3-pixel box does not leave ripples coarser than 3 pixels alone: a ripple 6
    /// pixels apart keeps 2/3 of its contrast.
    func testAThreePixelBoxWeakensASixPixelRipple() {
        XCTAssertEqual(KernelSpectrum.box(width: 3, omega: 2 * .pi / 6), 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(KernelSpectrum.box(width: 3, omega: 2 * .pi / 3), 0, accuracy: 1e-12)
    }

    /// Lesson 2: integrating over each pixel adds 1/12 to the variance at every σ; at σ = 1 the
    /// centre weights are 0.39894 and 0.38292 and the effective σ 1.0000 and 1.0408.
    func testPointSamplesAndPixelMassesDisagreeAtSigmaOne() throws {
        let point = try GaussianKernel1D(sigma: 1, radius: 20, sampling: .point)
        let mass = try GaussianKernel1D(sigma: 1, radius: 20, sampling: .integrated)
        XCTAssertEqual(point.weights[20], 0.39894, accuracy: 5e-6)
        XCTAssertEqual(mass.weights[20], 0.38292, accuracy: 5e-6)
        XCTAssertEqual(point.effectiveSigma, 1.0000, accuracy: 5e-5)
        XCTAssertEqual(mass.effectiveSigma, (1 + 1.0 / 12).squareRoot(), accuracy: 5e-5)
        XCTAssertEqual(point.weights.reduce(0, +), mass.weights.reduce(0, +), accuracy: 1e-8, "only the sums agree")
    }

    /// Lesson 10: c′ = 2Y′ − c keeps luma only until clipping: pure red's luma 0.2126 becomes 0.335.
    func testSaturationMinusOneKeepsLumaOnlyBeforeClipping() {
        let red = SIMD3<Double>(1, 0, 0)
        let luma = { (c: SIMD3<Double>) in 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }
        let reflected = SIMD3<Double>(repeating: 2 * luma(red)) - red
        XCTAssertEqual(luma(reflected), luma(red), accuracy: 1e-12)
        let clipped = reflected.clamped(lowerBound: .zero, upperBound: .one)
        XCTAssertEqual(luma(clipped), 0.335, accuracy: 5e-4)
    }

    /// The glass tables: 18 px regular text is not WCAG large text; 24 px is, and 18.66 px bold.
    func testLargeTextStartsAtTwentyFourPixels() {
        XCTAssertFalse(ContrastCheck.isLargeText(pixelSize: 18, bold: false))
        XCTAssertFalse(ContrastCheck.isLargeText(pixelSize: 23, bold: false))
        XCTAssertTrue(ContrastCheck.isLargeText(pixelSize: 24, bold: false))
        XCTAssertFalse(ContrastCheck.isLargeText(pixelSize: 18, bold: true))
        XCTAssertTrue(ContrastCheck.isLargeText(pixelSize: 19, bold: true))
    }

    /// Lessons 8–10: ImageEffects multiplies its blur radius by the screen's scale first, so 30
    /// points are three boxes of 57 only at scale 1: 113 at @2x, 169 at @3x.
    func testThirtyPointsAtEachScreenScale() throws {
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 30), 57)
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 60), 113)
        XCTAssertEqual(try BoxWidths.appleBoxWidth(blurRadius: 90), 169)
    }
}
