import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Lessons 11 and 12: straight against premultiplied alpha, sRGB values against linear light,
/// each checked against pixels worked out by hand from the formulas.
final class AlphaAndLightTests: XCTestCase {
    /// sRGB encoding (IEC 61966-2-1 §5.3), written out here rather than taken from `ColourSpace`.
    func encode(_ l: Double) -> Double { l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055 }
    /// sRGB decoding (§5.2).
    func decode(_ e: Double) -> Double { e <= 0.04045 ? e / 12.92 : pow((e + 0.055) / 1.055, 2.4) }

    /// A 3-pixel row: transparent magenta, opaque white, transparent black.
    let edge = RGBAImage(width: 3, height: 1, pixels: [1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0])

    func testStraightBlurMixesHiddenColourAndPremultipliedDoesNot() {
        // Box of 3 at the middle pixel: α = (0 + 1 + 0)/3. Straight: each channel's plain mean,
        // R = (1 + 1 + 0)/3, G = (0 + 1 + 0)/3, B = (1 + 1 + 0)/3. Premultiplied: Σ αC / Σ α = 1.
        let straight = edge.blurred(by: BoxAverage(radius: 1), alpha: .straight)
        let premultiplied = edge.blurred(by: BoxAverage(radius: 1))
        let s = straight[1, 0], p = premultiplied[1, 0]
        XCTAssertEqual(s.x, 2 / 3, accuracy: 1e-6); XCTAssertEqual(s.y, 1 / 3, accuracy: 1e-6)
        XCTAssertEqual(s.z, 2 / 3, accuracy: 1e-6); XCTAssertEqual(s.w, 1 / 3, accuracy: 1e-6)
        for c in 0..<3 { XCTAssertEqual(p[c], 1, accuracy: 1e-6) }
        XCTAssertEqual(p.w, 1 / 3, accuracy: 1e-6)
        // Left pixel, clamped window (magenta, magenta, white): straight G = 1/3, α = 1/3.
        XCTAssertEqual(straight[0, 0].y, 1 / 3, accuracy: 1e-6)
        XCTAssertEqual(premultiplied[0, 0].y, 1, accuracy: 1e-6)
        // In place gives the same as the copy.
        var inPlace = edge
        inPlace.blur(by: BoxAverage(radius: 1), alpha: .straight)
        XCTAssertEqual(inPlace.pixels, straight.pixels)
    }

    func testFringeMeasuresTheStraightError() {
        let straight = edge.blurred(by: BoxAverage(radius: 1), alpha: .straight)
        let premultiplied = edge.blurred(by: BoxAverage(radius: 1))
        let fringe = AlphaFringe.measure(straight: straight, premultiplied: premultiplied)
        // Every pixel has α = 1/3 (clamped windows hold the white once) and some channel off by 2/3
        // (left: G = 1/3 against 1; middle: G; right: R, G, B = 1/3 against 1).
        XCTAssertEqual(fringe.visiblePixels, 3)
        XCTAssertEqual(fringe.largestColourError, 255 * 2 / 3, accuracy: 1e-3)
        XCTAssertEqual(fringe.largestSeenError, 255 * 2 / 9, accuracy: 1e-3)
        XCTAssertEqual(fringe.pixelsOffByMoreThanOneStep, 3)
        XCTAssertEqual(AlphaFringe.measure(straight: premultiplied, premultiplied: premultiplied).largestColourError, 0)
        // White over hidden black: straight α, premultiplied 1, seen α(1 − α) ≤ ¼ at α = ½.
        let cutout = BuiltinImage.cutout.make(width: 120, height: 90)
        let wide = BoxAverage(radius: 6)
        let seen = AlphaFringe.measure(straight: cutout.blurred(by: wide, alpha: .straight),
                                       premultiplied: cutout.blurred(by: wide)).largestSeenError
        XCTAssertEqual(seen, 255.0 / 4, accuracy: 0.5)
    }

    func testOpaqueImagesBlurAlikeInBothModes() {
        let image = BuiltinImage.noise.make(width: 9, height: 7)
        XCTAssertEqual(image.blurred(by: BoxAverage(radius: 2), alpha: .straight).pixels,
                       image.blurred(by: BoxAverage(radius: 2)).pixels)
    }

    func testGratingAveragesTo128InSRGBAnd188InLinearLight() {
        // Black and white columns, wrapped: a wide Gaussian leaves every pixel at the mean.
        let grating = BuiltinImage.grating.make(width: 64, height: 2)
        let sigma = 8.0, radius = 24
        var weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        let method = Separable(weights: weights)
        let values = grating.blurred(by: method, edges: .wrap)
        let light = grating.blurred(by: method, edges: .wrap, linear: true)
        // The mean of the stored values, 0 and 1: 127.5 in 8-bit units (Float32 sums land on
        // either side of the rounding point, so the test allows a tenth of a step).
        XCTAssertEqual(Double(values[10, 1].x) * 255, 127.5, accuracy: 0.1)
        // Half the light of white, encoded: 1.055·0.5^(1/2.4) − 0.055 = 0.73536, 187.52 → 188.
        XCTAssertEqual(encode(0.5) * 255, 187.52, accuracy: 0.01)
        XCTAssertEqual(Double(light[10, 1].x) * 255, encode(0.5) * 255, accuracy: 0.1)
        let before = LightStatistics.measure(grating)
        XCTAssertEqual(before.meanLuminance, 0.5, accuracy: 1e-12)
        XCTAssertEqual(LightStatistics.measure(light).meanLuminance, 0.5, accuracy: 1e-4)
        // Encoded 0.5 decodes to 0.214 of white's light: the sRGB blur loses 57 % of it.
        XCTAssertEqual(LightStatistics.measure(values).meanLuminance, decode(0.5), accuracy: 1e-3)
    }

    func testLinearBlurKeepsTheLightsAndStoredValuesLoseIt() {
        // With wrapped edges a normalised kernel keeps the mean of what it averages: in linear
        // light the mean luminance; on stored values the mean stored value, not the light.
        let lights = BuiltinImage.lights.make(width: 96, height: 64)
        let method = BoxAverage(radius: 4)
        let before = LightStatistics.measure(lights)
        let light = LightStatistics.measure(lights.blurred(by: method, edges: .wrap, linear: true))
        let values = LightStatistics.measure(lights.blurred(by: method, edges: .wrap))
        XCTAssertEqual(light.meanLuminance, before.meanLuminance, accuracy: 1e-3 * before.meanLuminance)
        XCTAssertEqual(values.meanStoredLevel, before.meanStoredLevel, accuracy: 0.01)
        XCTAssertLessThan(values.meanLuminance, 0.5 * before.meanLuminance)
        // One white pixel spread evenly over the 81 of the box: stored 1/81 each, whose light is
        // (1/81)/12.92 (the linear segment of the decoding), 81 of them: 1/12.92 of the light kept.
        var one = RGBAImage(width: 9, height: 9, fill: SIMD4(0, 0, 0, 1))
        one[4, 4] = SIMD4(1, 1, 1, 1)
        let spread = LightStatistics.measure(one.blurred(by: method, edges: .wrap))
        XCTAssertEqual(spread.meanLuminance * 81, 81 * decode(1.0 / 81), accuracy: 1e-5)
        XCTAssertEqual(81 * decode(1.0 / 81), 1 / 12.92, accuracy: 1e-9)
    }

    func testRedGreenBoundaryDarkensOnlyInSRGB() {
        // The mid-point of red and green: sRGB blur (½, ½, 0), linear blur encode(½) in R and G.
        let mid = RGBAImage(width: 1, height: 1, pixels: [0.5, 0.5, 0, 1])
        let y = (0.2126 + 0.7152) * decode(0.5)
        XCTAssertEqual(LightStatistics.measure(mid).darkestLevel, encode(y) * 255, accuracy: 0.01)
        // Red alone: Y = 0.2126, level 127; the sRGB mid-point is darker than red, the linear one not.
        XCTAssertEqual(encode(0.2126) * 255, 127.1, accuracy: 0.1)
        XCTAssertLessThan(encode(y) * 255, 124)
        XCTAssertGreaterThan(encode((0.2126 + 0.7152) * 0.5) * 255, 180)

        let image = BuiltinImage.redgreen.make(width: 40, height: 3)
        let method = BoxAverage(radius: 4)
        let values = LightStatistics.measure(image.blurred(by: method))
        let light = LightStatistics.measure(image.blurred(by: method, linear: true))
        let input = LightStatistics.measure(image)
        XCTAssertEqual(input.darkestLevel, encode(0.2126) * 255, accuracy: 0.01)
        XCTAssertLessThan(values.darkestLevel, input.darkestLevel - 15)
        XCTAssertEqual(light.darkestLevel, input.darkestLevel, accuracy: 0.5)
        XCTAssertEqual(light.meanLuminance, input.meanLuminance, accuracy: 1e-4)
    }

    func testProfileAveragesLightOverRows() {
        // Column 0: black over white → mean Y ½ → level encode(½)·255; column 1: white.
        let image = RGBAImage(width: 2, height: 2, pixels: [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        let profile = LightStatistics.lightnessProfile(image, x: 0, y: 0, width: 5, height: 2)
        XCTAssertEqual(profile.map(\.x), [0, 1])
        XCTAssertEqual(profile[0].level, encode(0.5) * 255, accuracy: 0.01)
        XCTAssertEqual(profile[1].level, 255, accuracy: 0.01)
        XCTAssertTrue(LightStatistics.lightnessProfile(image, x: 5, y: 0, width: 2, height: 1).isEmpty)
    }

    func testNewBuiltinsHoldWhatTheLessonsSay() {
        let cutout = BuiltinImage.cutout.make(width: 40, height: 30)
        XCTAssertEqual(cutout[0, 0], SIMD4(0, 0, 0, 0))
        XCTAssertEqual(cutout[39, 0], SIMD4(1, 0, 1, 0))
        XCTAssertEqual(cutout[20, 15], SIMD4(1, 1, 1, 1))
        let grating = BuiltinImage.grating.make(width: 4, height: 1)
        XCTAssertEqual(grating.pixels, [0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1])
        let redgreen = BuiltinImage.redgreen.make(width: 4, height: 1)
        XCTAssertEqual(redgreen[1, 0], SIMD4(1, 0, 0, 1))
        XCTAssertEqual(redgreen[2, 0], SIMD4(0, 1, 0, 1))
        let lights = BuiltinImage.lights.make(width: 96, height: 96)
        XCTAssertTrue(lights.pixels.contains(1))
        XCTAssertGreaterThan(lights.pixels.filter { $0 == 0 }.count, lights.pixelCount)
    }

    func testSixteenBitPNGRoundTrips() throws {
        let values: [Float] = (0..<16).map { Float($0) / 15 }
        let image = RGBAImage(width: 4, height: 1, pixels: values)
        let bytes = try PNG.encode(image, depth: .sixteen)
        XCTAssertEqual(bytes[24], 16, "IHDR bit depth")
        XCTAssertEqual(bytes[25], 6, "IHDR colour type RGBA")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("depth16-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNG.write(image, to: path, depth: .sixteen)
        let back = try PNG.read(path)
        // The reader reduces 16 bits to 8 (libpng's png_set_scale_16, v·255/65535 rounded).
        for (read, written) in zip(back.pixels, values) {
            let sixteen = (Double(written) * 65535).rounded()
            XCTAssertEqual(Double(read) * 255, (sixteen * 255 / 65535).rounded(), accuracy: 1e-3)
        }
        XCTAssertEqual(try PNG.encode(image)[24], 8)
    }
}
