import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Every fast method equals its plain reference loop in `ReferenceBlur` to Float32 rounding, on
/// odd sizes (smaller and larger than the kernel, widths that are not a multiple of the SIMD
/// width), in every edge mode, on all four channels, through the public method API.
final class ReferenceBlurTests: XCTestCase {
    /// Values are in 0..<1; a few ulps of 1 per tap, summed over at most a few dozen taps.
    let tolerance: Float = 4e-6
    let sizes = [(19, 11), (5, 3), (1, 7)]

    func weights(sigma: Double, radius: Int) -> [Float] {
        BlurReference.gaussian(sigma: sigma, radius: radius).map(Float.init)
    }

    func check(_ method: any BlurMethod, reference: (RGBAImage, EdgeMode) -> RGBAImage, file: StaticString = #filePath,
               line: UInt = #line) {
        for (width, height) in sizes {
            let image = BlurReference.randomImage(width: width, height: height, seed: UInt64(31 * width + height))
            for edges in EdgeMode.allCases {
                let expected = reference(image, edges)
                for threads in [1, 2] {
                    let fast = BlurReference.blurred(image, method, edges: edges, threads: threads)
                    let difference = BlurReference.maxDifference(fast, expected)
                    XCTAssertLessThanOrEqual(difference, tolerance,
                                             "\(method.name) \(method.parameters) on \(width)×\(height), \(edges), \(threads) threads",
                                             file: file, line: line)
                }
            }
        }
    }

    func testBoxAverageEqualsItsReference() {
        check(BoxAverage(radius: 2)) { ReferenceBlur.box($0, radius: 2, edges: $1) }
    }

    func testGaussian2DEqualsItsReference() {
        let w = BlurReference.gaussian(sigma: 1.2, radius: 3)
        let weights = BlurReference.outer(w)
        check(Gaussian2D(weights: weights, radius: 3)) { ReferenceBlur.gaussian2D($0, weights: weights, radius: 3, edges: $1) }
    }

    func testSeparableEqualsItsReference() {
        let w = weights(sigma: 1.5, radius: 4)
        check(Separable(weights: w)) { ReferenceBlur.separable($0, weights: w, edges: $1) }
    }

    func testIteratedBoxEqualsItsReference() {
        check(IteratedBox(widths: [3, 5, 3])) { ReferenceBlur.iteratedBox($0, widths: [3, 5, 3], edges: $1) }
    }

    func testDownsampledEqualsItsReference() {
        let w = weights(sigma: 0.8, radius: 2)
        check(Downsampled(factor: 3, inner: Separable(weights: w))) {
            ReferenceBlur.downsampled($0, factor: 3, edges: $1) { ReferenceBlur.separable($0, weights: w, edges: $1) }
        }
    }

    /// Through `RGBAImage.blurred(by:)` (premultiply, blur, unpremultiply) on an image whose alpha varies,
    /// the reference on premultiplied values gives the same straight-alpha result.
    func testReferenceOnPremultipliedValuesMatchesBlurApplyWithAlpha() {
        let image = BlurReference.randomImage(width: 13, height: 9, seed: 7)
        var premultiplied = image
        for i in 0..<image.pixelCount {
            let a = image.pixels[4 * i + 3]
            for c in 0..<3 { premultiplied.pixels[4 * i + c] *= a }
        }
        for edges in EdgeMode.allCases {
            let fast = image.blurred(by: IteratedBox(widths: [3, 3]), edges: edges)
            let blurred = ReferenceBlur.iteratedBox(premultiplied, widths: [3, 3], edges: edges)
            for i in 0..<image.pixelCount {
                let a = blurred.pixels[4 * i + 3]
                XCTAssertEqual(fast.pixels[4 * i + 3], a, accuracy: tolerance, "alpha, \(edges)")
                for c in 0..<3 where a > 0.05 {
                    XCTAssertEqual(fast.pixels[4 * i + c], blurred.pixels[4 * i + c] / a, accuracy: 1e-4, "colour, \(edges)")
                }
            }
        }
    }

    /// The reference loops against hand-computed values: a 3-pixel row, box of width 3, clamp.
    func testReferenceBoxOnAHandComputedRow() {
        // Row 0 3 6, clamp: padded 0 | 0 3 6 | 6 → (0+0+3)/3 = 1, (0+3+6)/3 = 3, (3+6+6)/3 = 5.
        let row = RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 0, 3, 3, 3, 3, 6, 6, 6, 6])
        let out = ReferenceBlur.iteratedBox(row, widths: [3], edges: .clamp)
        XCTAssertEqual(out.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element), [1, 3, 5])
        // 2-D box, R = 1, on the 1×3 row: the column axis repeats the row, so it equals the 1-D box.
        XCTAssertEqual(ReferenceBlur.box(row, radius: 1, edges: .clamp).pixels, out.pixels)
    }
}
