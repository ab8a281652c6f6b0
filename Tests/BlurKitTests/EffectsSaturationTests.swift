import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsSaturationTests: XCTestCase {
    func testFactorOneIsTheIdentityExactly() {
        let matrix = SaturationMatrix(saturation: 1)
        XCTAssertEqual(matrix.matrix4x4, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let image = BuiltinImage.noise.make(width: 13, height: 7)
        var out = image
        matrix.apply(to: &out)
        XCTAssertEqual(out, image)
    }

    func testFactorZeroGivesEqualChannelsAtTheLuma() {
        var image = BuiltinImage.noise.make(width: 11, height: 5)
        image[0, 0] = SIMD4(1, 0, 0, 0.5)
        let original = image
        SaturationMatrix(saturation: 0).apply(to: &image)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y], q = original[x, y]
                XCTAssertEqual(p.x, p.y); XCTAssertEqual(p.y, p.z)
                XCTAssertEqual(p.x, 0.2126 * q.x + 0.7152 * q.y + 0.0722 * q.z, accuracy: 1e-6)
                XCTAssertEqual(p.w, q.w, "alpha is left alone")
            }
        }
        // Pure red becomes grey at red's weight.
        XCTAssertEqual(image[0, 0].x, 0.2126, accuracy: 1e-7)
    }

    func testHandComputedOversaturationAndClamp() {
        // s = 1.8 on (0.6, 0.4, 0.2): Y = 0.12756 + 0.28608 + 0.01444 = 0.42808,
        // c' = −0.8·Y + 1.8·c = −0.342464 + (1.08, 0.72, 0.36).
        let out = SaturationMatrix(saturation: 1.8).apply(to: SIMD4(0.6, 0.4, 0.2, 1))
        XCTAssertEqual(out.x, 0.737536, accuracy: 1e-6)
        XCTAssertEqual(out.y, 0.377536, accuracy: 1e-6)
        XCTAssertEqual(out.z, 0.017536, accuracy: 1e-6)
        // Pure red: R' = −0.8·0.2126 + 1.8 = 1.62992 → 1; G' = B' = −0.17008 → 0.
        XCTAssertEqual(SaturationMatrix(saturation: 1.8).apply(to: SIMD4(1, 0, 0, 1)), SIMD4(1, 0, 0, 1))
    }

    func testGreysStayPutForAnyFactor() {
        for s: Float in [-1, 0, 0.5, 1.8] {
            let out = SaturationMatrix(saturation: s).apply(to: SIMD4(0.3, 0.3, 0.3, 1))
            XCTAssertEqual(out.x, 0.3, accuracy: 1e-6); XCTAssertEqual(out.y, 0.3, accuracy: 1e-6)
            XCTAssertEqual(out.z, 0.3, accuracy: 1e-6)
        }
    }

    func testMatchesImageEffectsMatrixUpToItsTypo() {
        // Transcribed from UIImage+ImageEffects.m (scotteg/TreasureHunt, commit df163c5b…):
        // rows are input channels B, G, R, A; columns output channels B, G, R, A.
        for s in [-1.0, 0.0, 1.8] {
            let apple: [[Double]] = [
                [0.0722 + 0.9278 * s, 0.0722 - 0.0722 * s, 0.0722 - 0.0722 * s, 0],
                [0.7152 - 0.7152 * s, 0.7152 + 0.2848 * s, 0.7152 - 0.7152 * s, 0],
                [0.2126 - 0.2126 * s, 0.2126 - 0.2126 * s, 0.2126 + 0.7873 * s, 0],
                [0, 0, 0, 1],
            ]
            let ours = SaturationMatrix(saturation: Float(s)).matrix4x4
            let bgra = [2, 1, 0, 3]  // our R, G, B, A index of Apple's B, G, R, A
            for input in 0..<4 {
                for output in 0..<4 {
                    // Apple's red diagonal reads 0.7873 where 1 − 0.2126 = 0.7874.
                    let tolerance = input == 2 && output == 2 ? 1e-4 * abs(s) + 1e-7 : 1e-7
                    XCTAssertEqual(Double(ours[bgra[output]][bgra[input]]), apple[input][output], accuracy: tolerance)
                }
            }
        }
    }

    func testRectangleLimitsTheChange() {
        let image = BuiltinImage.noise.make(width: 8, height: 8)
        var out = image
        SaturationMatrix(saturation: 0).apply(to: &out, in: PixelRect(x: 2, y: 3, width: 3, height: 2))
        for y in 0..<8 {
            for x in 0..<8 where !(2..<5).contains(x) || !(3..<5).contains(y) {
                XCTAssertEqual(out[x, y], image[x, y])
            }
        }
        XCTAssertEqual(out[2, 3].x, out[2, 3].z)
    }
}
