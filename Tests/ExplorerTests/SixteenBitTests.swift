import BlurKit
import Foundation
import XCTest

/// 16-bit PNGs keep their 16 bits: every value v of a file made here, byte by byte, reads as
/// v / 65535 and comes back as v through a 16-bit write and through `blur --depth 16`.
final class SixteenBitTests: FolderTestCase {
    /// Four values a pixel, all 65,536 values in the first channel across a 256×256 picture.
    static func values(_ x: Int, _ y: Int, alpha: Bool) -> [UInt16] {
        let v = y * 256 + x
        return [UInt16(v), UInt16(65535 - v), UInt16((v * 7919) & 0xFFFF), alpha ? UInt16((v * 31 + 1) & 0xFFFF) : 65535]
    }

    func write(alpha: Bool) throws -> String {
        let path = folder.path + "/sixteen-\(alpha).png"
        let data = TestPNG.data(width: 256, height: 256, colourType: .rgba, bitDepth: 16) { x, y in
            Self.values(x, y, alpha: alpha).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func assertHolds(_ image: RGBAImage, alpha: Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var wrong = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let pixel = image[x, y]
                let read = (0..<4).map { UInt16((pixel[$0] * 65535).rounded()) }
                if read != Self.values(x, y, alpha: alpha) { wrong += 1 }
            }
        }
        XCTAssertEqual(wrong, 0, "\(what): \(wrong) pixels of 65,536 lost bits", file: file, line: line)
    }

    func testSixteenBitValuesAreReadExactly() throws {
        for alpha in [false, true] {
            let image = try PNG.read(try write(alpha: alpha))
            assertHolds(image, alpha: alpha, "read")
            let again = folder.path + "/again.png"
            try PNG.write(image, to: again, depth: .sixteen)
            assertHolds(try PNG.read(again), alpha: alpha, "written and read again")
        }
    }

    func testBlurDepthSixteenKeepsEveryValue() throws {
        let input = try write(alpha: false)
        let result = try explorer(["blur", input, "-o", "out.png", "--method", "box", "--radius", "0", "--depth", "16"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try PNGInfo.read(folder.path + "/out.png").bitDepth, 16)
        assertHolds(try PNG.read(folder.path + "/out.png"), alpha: false, "blur --depth 16 at radius 0")
    }
}
