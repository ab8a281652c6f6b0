import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsTintTests: XCTestCase {
    func testParsesEightAndSixDigitHex() throws {
        XCTAssertEqual(try Tint.parseHex("FFFFFF4D"), SIMD4(1, 1, 1, 77 / 255))
        XCTAssertEqual(try Tint.parseHex("#1c1c1cba"), SIMD4(28 / 255, 28 / 255, 28 / 255, 186 / 255))
        XCTAssertEqual(try Tint.parseHex("007AFF"), SIMD4(0, 122 / 255, 1, 1))
    }

    func testRejectsMalformedHexNamingIt() {
        for bad in ["FFF", "GGGGGGGG", "", "#12345", "FFFFFF4D00", "12 34 56"] {
            XCTAssertThrowsError(try Tint.parseHex(bad), bad) { error in
                XCTAssertTrue("\(error)".contains("\"\(bad)\""), "\(error)")
                XCTAssertTrue("\(error)".contains("RRGGBBAA"), "\(error)")
            }
        }
    }

    func testHexRoundTrips() throws {
        XCTAssertEqual(Tint.hex(try Tint.parseHex("0A7BFF4D")), "0A7BFF4D")
    }

    func testLightTintOverMidGrey() {
        // 0.3·1 + 0.7·0.5 = 0.65, and an opaque destination stays exactly opaque.
        let out = Tint.over(SIMD4(1, 1, 1, 0.3), on: SIMD4(0.5, 0.5, 0.5, 1))
        XCTAssertEqual(out.x, 0.65, accuracy: 1e-6)
        XCTAssertEqual(out.w, 1)
    }

    func testWeightZeroLeavesTheDestinationExactly() {
        let d = SIMD4<Float>(0.123, 0.456, 0.789, 0.3)
        XCTAssertEqual(Tint.over(SIMD4(1, 0, 0, 1), weight: 0, on: d), d)
        XCTAssertEqual(Tint.over(SIMD4(1, 0, 0, 0), on: d), d)
    }

    func testHalfTransparentOverHalfTransparent() {
        // a = 0.5 + 0.5·0.5 = 0.75; C = (0.5·red + 0.25·blue) / 0.75 = (2/3, 0, 1/3).
        let out = Tint.over(SIMD4(1, 0, 0, 0.5), on: SIMD4(0, 0, 1, 0.5))
        XCTAssertEqual(out.w, 0.75, accuracy: 1e-6)
        XCTAssertEqual(out.x, 2 / 3, accuracy: 1e-6)
        XCTAssertEqual(out.z, 1 / 3, accuracy: 1e-6)
        // Over nothing, the source shows as it is.
        XCTAssertEqual(Tint.over(SIMD4(1, 0, 0, 0.5), on: .zero), SIMD4(1, 0, 0, 0.5))
    }

    func testWeightScalesTheSourceAlpha() {
        // Opaque white at weight 0.25 over black: 0.25.
        XCTAssertEqual(Tint.over(SIMD4(1, 1, 1, 1), weight: 0.25, on: SIMD4(0, 0, 0, 1)).x, 0.25, accuracy: 1e-7)
    }
}
