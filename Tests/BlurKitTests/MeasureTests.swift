import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class MeasureTests: XCTestCase {
    /// The 7 × 5 test grid ((37x + 11y) mod 17)/16 — exact in Float32 — as R, with G = 1 − R,
    /// B = ½ and the given alpha.
    func grid(alpha: (Int, Int) -> Float = { _, _ in 1 }) -> RGBAImage {
        var image = RGBAImage(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let v = Float((37 * x + 11 * y) % 17) / 16
                image[x, y] = SIMD4(v, 1 - v, 0.5, alpha(x, y))
            }
        }
        return image
    }

    /// A direct 2-D Float64 convolution with the 2-D kernel of radius ⌈8σ⌉, premultiplied.
    func direct2D(_ image: RGBAImage, sigma: Double, edges: EdgeMode) throws -> ReferenceImage {
        let r = try ReferenceGaussianBlur.radius(sigma: sigma)
        let kernel = try GaussianKernel2D(sigma: sigma, radius: r)
        var out = [Double](repeating: 0, count: image.pixels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = SIMD4<Double>.zero
                for dy in -r...r {
                    guard let sy = edges.sourceIndex(y + dy, count: image.height) else { continue }
                    for dx in -r...r {
                        guard let sx = edges.sourceIndex(x + dx, count: image.width) else { continue }
                        let p = SIMD4<Double>(image[sx, sy])
                        sum += kernel.weight(dx: dx, dy: dy) * SIMD4(p.x * p.w, p.y * p.w, p.z * p.w, p.w)
                    }
                }
                let a = sum.w
                let straight = a > 0 ? SIMD4(sum.x / a, sum.y / a, sum.z / a, a) : SIMD4(0, 0, 0, a)
                for c in 0..<4 { out[4 * (y * image.width + x) + c] = straight[c] }
            }
        }
        return ReferenceImage(width: image.width, height: image.height, values: out)
    }

    // MARK: - Reference blur

    func testReferenceRadiusIsEightSigmaRoundedUp() throws {
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 1), 8)
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 1.5), 12)
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 1.01), 9)
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 0.1), 1)
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 1e-6), 1)
        XCTAssertEqual(try ReferenceGaussianBlur.radius(sigma: 512), 4096)
        XCTAssertThrowsError(try ReferenceGaussianBlur(sigma: 513, edges: .clamp)) { error in
            XCTAssertTrue("\(error)".contains("wider than the limit"))
        }
        XCTAssertThrowsError(try ReferenceGaussianBlur(sigma: 0, edges: .clamp))
    }

    func testReferenceMatchesSciPyGaussianFilter() throws {
        // scipy.ndimage.gaussian_filter(R, 1.0, truncate=8.0, mode=…) on the grid's R channel
        // (SciPy 1.17; radius int(8·1 + 0.5) = 8 = ⌈8σ⌉), pixels (0,0), (3,2), (6,4).
        let expected: [(EdgeMode, [Double])] = [
            (.clamp, [0.23947577974001752, 0.46177015289271284, 0.5139244753602215]),
            (.reflect, [0.2848529763311962, 0.4617366476286142, 0.4992521194759792]),
            (.mirror, [0.44599380237045677, 0.46067390034752076, 0.4954013744949938]),
            (.wrap, [0.4444830029013963, 0.4617366476286142, 0.4968571930410852]),
        ]
        let image = grid()
        for (edges, values) in expected {
            let out = try ReferenceGaussianBlur(sigma: 1, edges: edges).apply(image)
            for ((x, y), e) in zip([(0, 0), (3, 2), (6, 4)], values) {
                XCTAssertEqual(out[x, y].x, e, accuracy: 1e-13, "\(edges) (\(x), \(y))")
                XCTAssertEqual(out[x, y].y, 1 - e, accuracy: 1e-13, "\(edges) G")
                XCTAssertEqual(out[x, y].z, 0.5, accuracy: 1e-15)
                XCTAssertEqual(out[x, y].w, 1, accuracy: 1e-15)
            }
        }
        // mode="constant" blurs colour and the implicit alpha alike, so premultiplied colour is
        // SciPy's R and alpha is SciPy's blur of ones: 0.4892588303005416 at the corners.
        let zero = try ReferenceGaussianBlur(sigma: 1, edges: .zero).apply(image)
        for ((x, y), (r, a)) in zip([(0, 0), (3, 2), (6, 4)], [(0.16255338466142816, 0.4892588303005416),
                                                              (0.45706705754100263, 0.9905974832791284),
                                                              (0.23825349653479552, 0.4892588303005416)]) {
            XCTAssertEqual(zero[x, y].w, a, accuracy: 1e-13)
            XCTAssertEqual(zero[x, y].x * zero[x, y].w, r, accuracy: 1e-13)
        }
    }

    func testReferenceEqualsDirectTwoDimensionalConvolution() throws {
        // Alpha varies, with fully transparent pixels, so premultiplication matters.
        let image = grid { x, y in [0, 0.25, 1, 0.5, 1, 0, 0.75][(x + 2 * y) % 7] }
        for sigma in [0.7, 1.3] {
            for edges in EdgeMode.allCases {
                let fast = try ReferenceGaussianBlur(sigma: sigma, edges: edges).apply(image)
                let slow = try direct2D(image, sigma: sigma, edges: edges)
                for (a, b) in zip(fast.values, slow.values) {
                    XCTAssertEqual(a, b, accuracy: 1e-12, "σ \(sigma) \(edges)")
                }
            }
        }
    }

    func testTransparentPixelsDoNotBleedColour() throws {
        // Left half opaque red, right half transparent green: premultiplied green is 0, so no
        // output pixel has any green, and colour stays pure red wherever alpha arrives.
        var image = RGBAImage(width: 8, height: 3)
        for y in 0..<3 { for x in 0..<8 { image[x, y] = x < 4 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 1, 0, 0) } }
        let out = try ReferenceGaussianBlur(sigma: 1.5, edges: .clamp).apply(image)
        for y in 0..<3 {
            for x in 0..<8 {
                XCTAssertEqual(out[x, y].y, 0)
                XCTAssertEqual(out[x, y].x, 1, accuracy: 1e-14)
            }
        }
        XCTAssertLessThan(out[7, 1].w, 0.1)
        XCTAssertGreaterThan(out[7, 1].w, 0)
        // Nothing opaque at all: alpha 0 everywhere and colour 0 by definition.
        let clear = try ReferenceGaussianBlur(sigma: 1, edges: .clamp).apply(RGBAImage(width: 3, height: 2, fill: SIMD4(1, 1, 1, 0)))
        XCTAssertEqual(clear.values, [Double](repeating: 0, count: 24))
    }

    func testFlatImagesStayFlatAndTinySigmaIsTheIdentity() throws {
        let flat = RGBAImage(width: 9, height: 6, fill: SIMD4(0.2, 0.4, 0.6, 0.8))
        for edges in EdgeMode.allCases where edges != .zero {
            let out = try ReferenceGaussianBlur(sigma: 2.5, edges: edges).apply(flat)
            for (a, b) in zip(out.values, flat.pixels) { XCTAssertEqual(a, Double(b), accuracy: 1e-14) }
        }
        let noise = BuiltinImage.noise.make(width: 11, height: 7)
        let same = try ReferenceGaussianBlur(sigma: 1e-6, edges: .zero).apply(noise)
        XCTAssertEqual(try ErrorMetrics(comparing: noise, with: same, reach: 0).interiorMaxAbsError!, 0, accuracy: 1e-12)
        let empty = try ReferenceGaussianBlur(sigma: 1, edges: .clamp).apply(RGBAImage(width: 0, height: 4))
        XCTAssertEqual(empty.values, [])
        XCTAssertEqual(same.rgbaImage().width, 11)
    }

    // MARK: - Error metrics

    /// A 4 × 4 opaque reference of grey 0.5 and an image equal to it except where `edit` says.
    func pair(_ edit: (inout RGBAImage) -> Void) -> (RGBAImage, ReferenceImage) {
        var image = RGBAImage(width: 4, height: 4, fill: SIMD4(0.5, 0.5, 0.5, 1))
        edit(&image)
        let values = (0..<64).map { $0 % 4 == 3 ? 1.0 : 0.5 }
        return (image, ReferenceImage(width: 4, height: 4, values: values))
    }

    func testHandComputedInteriorAndBorderErrors() throws {
        // Interior (reach 1) = the 2 × 2 centre, 16 values. One R off by 0.125 = 31.875 steps:
        // RMSE = √(31.875²/16) = 7.96875, PSNR = 20·log₁₀(255/7.96875) = 20·log₁₀ 32 = 30.103 dB.
        // Border band = 12 pixels, 48 values. One alpha 0.75 instead of 1 = 63.75 steps, and its
        // premultiplied colours 0.375 instead of 0.5 = 31.875 each: RMSE √((63.75² + 3·31.875²)/48).
        let (image, reference) = pair { image in
            image[1, 2] = SIMD4(0.625, 0.5, 0.5, 1)
            image[3, 0] = SIMD4(0.5, 0.5, 0.5, 0.75)
        }
        let m = try ErrorMetrics(comparing: image, with: reference, reach: 1)
        XCTAssertEqual(m.interiorPixelCount, 4)
        XCTAssertEqual(m.borderPixelCount, 12)
        XCTAssertEqual(m.interiorMaxAbsError!, 31.875, accuracy: 1e-12)
        XCTAssertEqual(m.interiorRMSE!, 7.96875, accuracy: 1e-12)
        XCTAssertEqual(m.interiorPSNR!, 20 * log10(32.0), accuracy: 1e-12)
        XCTAssertEqual(m.interiorPSNR!, 30.10299956639812, accuracy: 1e-12)
        XCTAssertEqual(m.borderMaxAbsError!, 63.75, accuracy: 1e-12)
        XCTAssertEqual(m.borderRMSE!, ((63.75 * 63.75 + 3 * 31.875 * 31.875) / 48).squareRoot(), accuracy: 1e-12)
        XCTAssertFalse(m.interiorIsEmpty)
    }

    func testEmptyInteriorAndExactMatch() throws {
        let (image, reference) = pair { _ in }
        let exact = try ErrorMetrics(comparing: image, with: reference, reach: 0)
        XCTAssertEqual(exact.interiorPixelCount, 16)
        XCTAssertEqual(exact.interiorRMSE, 0)
        XCTAssertEqual(exact.interiorPSNR, .infinity)
        XCTAssertNil(exact.borderMaxAbsError)
        // reach 2 on 4 × 4: no pixel has 2 pixels on every side.
        let none = try ErrorMetrics(comparing: image, with: reference, reach: 2)
        XCTAssertTrue(none.interiorIsEmpty)
        XCTAssertNil(none.interiorMaxAbsError)
        XCTAssertNil(none.interiorRMSE)
        XCTAssertNil(none.interiorPSNR)
        XCTAssertEqual(none.borderPixelCount, 16)
        XCTAssertEqual(none.borderMaxAbsError, 0)
    }

    func testMetricsRejectMismatchedInputs() {
        let (image, _) = pair { _ in }
        let other = ReferenceImage(width: 3, height: 4, values: [Double](repeating: 0, count: 48))
        XCTAssertThrowsError(try ErrorMetrics(comparing: image, with: other, reach: 0)) { error in
            XCTAssertTrue("\(error)".contains("4×4"))
        }
        XCTAssertThrowsError(try ErrorMetrics(comparing: image, with: pair { _ in }.1, reach: -1))
        XCTAssertThrowsError(try ErrorMetrics.maxAbsDifference(image, RGBAImage(width: 4, height: 3)))
    }

    /// Colours are compared premultiplied: a colour under alpha 0 is never seen and costs
    /// nothing; under alpha ½ half its difference shows.
    func testTransparentColoursAreComparedPremultiplied() throws {
        var a = RGBAImage(width: 3, height: 1, fill: SIMD4(0, 0, 0, 0))
        var b = a
        a[0, 0] = SIMD4(1, 1, 1, 0)          // white, fully transparent
        b[0, 0] = SIMD4(0, 0, 0, 0)          // black, fully transparent: the same pixel
        a[1, 0] = SIMD4(1, 0.5, 0, 0.5)      // half-covered orange…
        b[1, 0] = SIMD4(0.5, 0.5, 0, 0.5)    // …against half-covered olive: αR differs by 0.25
        a[2, 0] = SIMD4(0.2, 0.2, 0.2, 1)
        b[2, 0] = SIMD4(0.2, 0.2, 0.2, 0.9)  // opaque against 90 %: alpha 0.1, αC 0.02
        XCTAssertEqual(try ErrorMetrics.maxAbsDifference(a, b), 0.25 * 255, accuracy: 1e-4)
        let reference = ReferenceImage(width: 3, height: 1, values: b.pixels.map(Double.init))
        let metrics = try ErrorMetrics(comparing: a, with: reference, reach: 0)
        XCTAssertEqual(metrics.interiorMaxAbsError!, 0.25 * 255, accuracy: 1e-4)
        // Squared errors of the 12 values: 0.25² (αR of pixel 1), 0.1² (alpha of pixel 2) and
        // 0.02² three times (αC of pixel 2).
        let meanSquare = (0.25 * 0.25 + 0.1 * 0.1 + 3 * 0.02 * 0.02) / 12
        XCTAssertEqual(metrics.interiorRMSE!, meanSquare.squareRoot() * 255, accuracy: 1e-3)
    }

    func testMaxAbsDifferenceIsInEightBitUnits() throws {
        let a = RGBAImage(width: 2, height: 1, fill: SIMD4(0.5, 0.5, 0.5, 1))
        var b = a
        b[1, 0] = SIMD4(0.5, 0.25, 0.5, 1)
        XCTAssertEqual(try ErrorMetrics.maxAbsDifference(a, b), 63.75)
        XCTAssertEqual(try ErrorMetrics.maxAbsDifference(a, a), 0)
        XCTAssertEqual(ErrorMetrics.psnr(rmse: 2.55), 40, accuracy: 1e-12)
    }
}
