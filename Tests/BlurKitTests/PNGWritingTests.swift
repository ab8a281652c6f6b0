import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// The libpng write path: 8-bit conversion in C, compression settings, tEXt through png_set_text.
final class PNGWritingTests: XCTestCase {
    /// Values at and around every rounding boundary, out of range and NaN: the C conversion in
    /// the shim must give the bytes `RGBAImage.rgba8()` gives, at every compression setting.
    func testEveryCompressionStoresExactlyTheBytesOfRGBA8() throws {
        var values: [Float] = [.nan, -.infinity, -1, 0, 1, 2, .infinity, 0.5]
        for k in 0..<255 {
            // Eight floats on each side of every rounding boundary: the C conversion rounds by
            // truncating and comparing the fraction, which must agree with `.rounded()` there.
            let boundary = (Float(k) + 0.5) / 255
            var below = boundary, above = boundary
            values += [boundary, Float(k) / 255]
            for _ in 0..<8 {
                below = below.nextDown
                above = above.nextUp
                values += [below, above]
            }
        }
        while values.count % 4 != 0 { values.append(0.25) }
        let image = RGBAImage(width: values.count / 4, height: 1, pixels: values)
        let folder = try temporaryFolder()
        for compression in PNG.Compression.allCases {
            let path = folder + "/\(compression.rawValue).png"
            try PNG.write(image, to: path, compression: compression)
            XCTAssertEqual(try PNG.read(path).rgba8(), image.rgba8(), compression.rawValue)
        }
    }

    func testTextOutsideLatin1BecomesAQuestionMark() throws {
        let folder = try temporaryFolder()
        try PNG.write(RGBAImage(width: 2, height: 2), to: folder + "/t.png", command: "explorer blur σ=2 café")
        XCTAssertEqual(try PNGInfo.read(folder + "/t.png").recordedCommand, "explorer blur ?=2 café")
    }

    func testWithoutAlphaTheFileIsRGBWithTheSameColours() throws {
        let folder = try temporaryFolder()
        var image = RGBAImage(width: 3, height: 2, fill: SIMD4(0.2, 0.6, 1, 1))
        image[1, 1] = SIMD4(1, 0, 0.5, 1)
        try PNG.write(image, to: folder + "/rgb.png", alpha: false)
        XCTAssertEqual(try PNGInfo.read(folder + "/rgb.png").colourType, .rgb)
        XCTAssertEqual(try PNG.read(folder + "/rgb.png").rgba8(), image.rgba8())
        XCTAssertTrue(PNG.isOpaque(image))
        image[2, 0].w = 0.998  // stores as 254
        XCTAssertFalse(PNG.isOpaque(image))
        image[2, 0].w = 0.999  // stores as 255
        XCTAssertTrue(PNG.isOpaque(image))
    }

    func testSmallerSettingsMakeNoLargerFiles() throws {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 {
            image[x, y] = SIMD4(Float((x * y) % 97) / 97, Float(x) / 64, Float((x ^ y) & 15) / 15, 1)
        } }
        let sizes = try PNG.Compression.allCases.map { try PNG.encode(image, compression: $0).count }
        XCTAssertGreaterThanOrEqual(sizes[0], sizes[1])
        XCTAssertGreaterThanOrEqual(sizes[1], sizes[2])
    }
}

extension PNGWritingTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("blurkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
