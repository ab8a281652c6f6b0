import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class ColourSpaceTests: XCTestCase {
    func testPublishedValues() {
        // IEC 61966-2-1: the two pieces meet at encoded 0.04045 ↔ linear 0.0031308.
        XCTAssertEqual(ColourSpace.linear(fromSRGB: 0.04045), 0.04045 / 12.92, accuracy: 1e-9)
        XCTAssertEqual(ColourSpace.sRGB(fromLinear: 0.0031308), 0.04045, accuracy: 1e-6)
        // ((0.5 + 0.055) / 1.055)^2.4 = 0.214041…; 18 % grey encodes to 0.461356….
        XCTAssertEqual(ColourSpace.linear(fromSRGB: 0.5), 0.214_041_1, accuracy: 1e-6)
        XCTAssertEqual(ColourSpace.sRGB(fromLinear: 0.18), 0.461_356_1, accuracy: 1e-6)
        XCTAssertEqual(ColourSpace.linear(fromSRGB: 0), 0)
        XCTAssertEqual(ColourSpace.linear(fromSRGB: 1), 1, accuracy: 1e-7)
        XCTAssertEqual(ColourSpace.sRGB(fromLinear: 1), 1, accuracy: 1e-7)
    }

    func testDecodeTableMatchesTheFunction() {
        XCTAssertEqual(ColourSpace.decodeTable.count, 256)
        for k in 0..<256 {
            XCTAssertEqual(ColourSpace.decodeTable[k], ColourSpace.linear(fromSRGB: Float(k) / 255))
        }
    }

    func testFastDecodeUsesTheTableOnlyForExactEightBitValues() {
        ColourSpace.decodeTable.withUnsafeBufferPointer { table in
            for v: Float in [0, 1, 0.5, 0.001, 128.0 / 255, 0.999_999, -0.1, 1.5] {
                let fast = ColourSpace.fastLinear(fromSRGB: v, table: table.baseAddress!)
                XCTAssertEqual(fast, ColourSpace.linear(fromSRGB: v), "\(v)")
            }
        }
    }

    func testEveryEightBitValueRoundTrips() {
        for k in 0..<256 {
            let back = ColourSpace.sRGB(fromLinear: ColourSpace.linear(fromSRGB: Float(k) / 255))
            XCTAssertEqual(RGBAImage.quantize(back), UInt8(k))
        }
    }

    func testBothFunctionsIncrease() {
        var previousLinear: Float = -1, previousEncoded: Float = -1
        for k in 0...1000 {
            let linear = ColourSpace.linear(fromSRGB: Float(k) / 1000)
            XCTAssertGreaterThan(linear, previousLinear, "decode at \(k)/1000")
            previousLinear = linear
            let encoded = ColourSpace.sRGB(fromLinear: Float(k) / 1000)
            XCTAssertGreaterThan(encoded, previousEncoded, "encode at \(k)/1000")
            previousEncoded = encoded
        }
    }
}
