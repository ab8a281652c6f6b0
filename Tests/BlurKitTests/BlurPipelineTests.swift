import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// `RGBAImage.blurred(by:)`: premultiplied alpha and linear light around any method.
final class BlurPipelineTests: XCTestCase {
    typealias R = BlurReference

    func testTransparentRedLeavesNoFringeOnOpaqueBlue() {
        // Left half transparent red (its colour must not count), right half opaque blue.
        var image = RGBAImage(width: 20, height: 6)
        for y in 0..<6 {
            for x in 0..<20 { image[x, y] = x < 10 ? SIMD4(1, 0, 0, 0) : SIMD4(0, 0, 1, 1) }
        }
        let g = R.gaussian(sigma: 2, radius: 6).map { Float($0) }
        for method in [Separable(weights: g), IteratedBox(widths: [3, 5, 5])] as [any BlurMethod] {
            let out = image.blurred(by: method, edges: .clamp)
            for y in 0..<6 {
                for x in 0..<20 {
                    let p = out[x, y]
                    XCTAssertEqual(p.x, 0, "red at \(x),\(y) with \(method.name)")
                    if p.w > 0 { XCTAssertEqual(p.z, 1, accuracy: 1e-5, "blue at \(x),\(y)") }
                }
            }
            // Without premultiplying, the straight average at the boundary would be half red.
            XCTAssertGreaterThan(out[9, 3].w, 0.1)
            XCTAssertLessThan(out[9, 3].w, 0.9)
        }
    }

    func testEmptyImage() {
        let empty = RGBAImage(width: 0, height: 3)
        XCTAssertEqual(empty.blurred(by: IteratedBox(widths: [3]), linear: true, threads: 2), empty)
    }

    func testFullyTransparentResultHasNoColour() {
        let image = RGBAImage(width: 4, height: 4, fill: SIMD4(0.3, 0.6, 0.9, 0))
        let out = image.blurred(by: IteratedBox(widths: [3]))
        XCTAssertEqual(out, RGBAImage(width: 4, height: 4, fill: .zero))
    }

    func testLinearRoundTripOfAnUnblurredImageIsExact() {
        // Every 8-bit value in every colour channel, with alphas from 1/255 to 1.
        var bytes: [UInt8] = []
        for k in 0..<256 {
            let alpha = max(1, (k * 13) % 256)
            bytes += [UInt8(k), UInt8(255 - k), UInt8((k * 7) % 256), UInt8(alpha)]
        }
        let image = RGBAImage(width: 16, height: 16, rgba8: bytes)
        for threads in [1, 2] {
            let out = image.blurred(by: BoxAverage(radius: 0), linear: true, threads: threads)
            XCTAssertEqual(out.rgba8(), bytes)
        }
    }

    func testLinearBlurOfBlackAndWhiteIsBrighterThanEncodedBlur() {
        // Mixing black and white half and half gives linear 0.5, encoded ≈ 0.7354 (IEC 61966-2-1),
        // whereas averaging the encoded values gives 0.5.
        let image = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 1, 1, 1, 1, 1])
        let mean = IteratedBox(widths: [3])
        let linear = image.blurred(by: mean, edges: .wrap, linear: true)
        let encoded = image.blurred(by: mean, edges: .wrap, linear: false)
        // Wrap on 2 pixels: each window holds (b, w, b) or (w, b, w): 1/3 or 2/3 white.
        XCTAssertEqual(encoded[0, 0].x, 2.0 / 3, accuracy: 1e-6)
        XCTAssertEqual(linear[0, 0].x, ColourSpace.sRGB(fromLinear: 2.0 / 3), accuracy: 1e-6)
        XCTAssertEqual(ColourSpace.sRGB(fromLinear: 0.5), 0.735_356_6, accuracy: 1e-6)
    }

    func testThreadsDoNotChangeThePipeline() {
        let image = R.randomImage(width: 31, height: 9)
        let method = Separable(weights: R.gaussian(sigma: 1, radius: 3).map { Float($0) })
        XCTAssertEqual(image.blurred(by: method, linear: true, threads: 2),
                       image.blurred(by: method, linear: true, threads: 1))
    }

    func testInPlaceGivesTheSameImageAsACopy() {
        var image = R.randomImage(width: 23, height: 11)
        image[3, 4].w = 0
        for linear in [false, true] {
            let copy = image.blurred(by: IteratedBox(widths: [3, 5]), linear: linear, threads: 2)
            var inPlace = image
            inPlace.blur(by: IteratedBox(widths: [3, 5]), linear: linear, threads: 2)
            XCTAssertEqual(inPlace, copy)
        }
    }
}
