import Foundation
import TestSupport
import XCTest

@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class PNGTests: XCTestCase {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    struct Expected: Decodable { let width: Int; let height: Int; let pixels: [String: [UInt8]] }

    func testEveryColourTypeAndDepthDecodesToTheExpectedRGBA() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("expected.json"))
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        XCTAssertEqual(expected.pixels.count, 14)
        for (name, pixels) in expected.pixels.sorted(by: { $0.key < $1.key }) {
            let image = try PNG.read(Self.fixtures.appendingPathComponent(name).path)
            XCTAssertEqual(image.width, expected.width, name)
            XCTAssertEqual(image.height, expected.height, name)
            XCTAssertEqual(image.rgba8(), pixels, name)
        }
    }

    struct MatrixEntry: Decodable { let width: Int; let height: Int; let rgba: [UInt8] }

    /// Every colour type × bit depth × interlacing at odd sizes, against pixels an independent
    /// decoder (pypng) confirmed when the fixtures were made (`make_matrix.py`).
    func testEveryKindDepthAndInterlacingMatchesTheIndependentDecoder() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("matrix.json"))
        let expected = try JSONDecoder().decode([String: MatrixEntry].self, from: data)
        XCTAssertEqual(expected.count, 90)
        var wrong: [String] = []
        for (name, entry) in expected.sorted(by: { $0.key < $1.key }) {
            let image = try PNG.read(Self.fixtures.appendingPathComponent("matrix/" + name).path)
            XCTAssertEqual(image.width, entry.width, name)
            XCTAssertEqual(image.height, entry.height, name)
            if image.rgba8() != entry.rgba { wrong.append(name) }
        }
        XCTAssertEqual(wrong, [], "files decoded to the wrong pixels")
    }

    /// A file read reduced as it is decoded (`read(_:reducedBy:)`, a large upload's copy) has the
    /// very values of the whole image reduced: every kind, depth and interlacing, blocks that fit
    /// and blocks cut at the right and bottom; a truncated file is refused as `read` refuses it.
    func testReadingReducedEqualsReducingTheWholeImage() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Self.fixtures.appendingPathComponent("matrix").path
        ).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 90)
        for name in names {
            let path = Self.fixtures.appendingPathComponent("matrix/" + name).path
            let whole = try PNG.read(path)
            for k in [1, 2, 3, 5] {
                XCTAssertEqual(
                    try PNG.read(path, reducedBy: { _, _ in k }).image, whole.reduced(by: k), "\(name) by \(k)")
            }
        }
        let png = TestPNG.data(width: 31, height: 17, colourType: .rgba) { x, y in
            [UInt8(x * 8), UInt8(y * 15), UInt8((x * y) % 256), UInt8(255 - x)]
        }
        let path = NSTemporaryDirectory() + "reduced-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try png.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PNG.read(path, reducedBy: { _, _ in 4 }).image, try PNG.read(path).reduced(by: 4))
        try png.prefix(png.count - 40).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.read(path, reducedBy: { _, _ in 4 })) { error in
            XCTAssertTrue("\(error)".contains("is truncated"), "\(error)")
        }
    }

    /// A 65 KB file whose 16×16 image data goes on to inflate 64 MiB: decoding reads only the
    /// bytes the image needs (libpng asks for image data 8 KB at a time).
    func testDecodingStopsOnceTheImageIsComplete() throws {
        let path = Self.fixtures.appendingPathComponent("bad/bomb.png").path
        let bytes = try PNGInfo.readFile(path)
        let decoded = try PNG.decode(bytes, width: 16, height: 16, maxPixels: 256, path: path)
        XCTAssertEqual(Array(decoded.image.rgba8().prefix(8)), [0, 4, 8, 12, 16, 20, 24, 28])
        XCTAssertGreaterThan(bytes.count, 60_000)
        XCTAssertLessThan(decoded.bytesRead, 20_000, "read \(decoded.bytesRead) of \(bytes.count) bytes")
    }

    /// libpng refuses widths over 1,000,000 by default; the limit follows `maxPixels` instead.
    func testWidthsOverAMillionAreReadWhenMaxPixelsAllows() throws {
        for (name, width, height) in [("long-1000001x1.png", 1_000_001, 1), ("long-1x1000001.png", 1, 1_000_001)] {
            let path = Self.fixtures.appendingPathComponent(name).path
            let image = try PNG.read(path)
            XCTAssertEqual(image.width, width, name)
            XCTAssertEqual(image.height, height, name)
            // Pixel i has grey level i mod 256; the last is 1,000,000 mod 256 = 64.
            XCTAssertEqual(Array(image.rgba8().suffix(4)), [64, 64, 64, 255], name)
            XCTAssertThrowsError(try PNG.read(path, maxPixels: 1_000_000), name)
        }
    }

    func testWriteThenReadIsPixelExactAndRecordsTheCommand() throws {
        let folder = try temporaryFolder()
        var bytes = [UInt8]()
        for i in 0..<(7 * 3 * 4) { bytes.append(UInt8((i * 37) % 256)) }
        let image = RGBAImage(width: 7, height: 3, rgba8: bytes)
        let path = folder + "/round.png"
        try PNG.write(image, to: path, command: "explorer blur in.png -o round.png --radius 2")
        XCTAssertEqual(try PNG.read(path).rgba8(), bytes)
        let info = try PNGInfo.read(path)
        XCTAssertEqual(info.recordedCommand, "explorer blur in.png -o round.png --radius 2")
        XCTAssertEqual(info.colourType, .rgba)
        XCTAssertEqual(info.bitDepth, 8)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder), ["round.png"], "no temporary file left")
    }

    func testRereadingEveryFixtureThroughTheWriterIsPixelExact() throws {
        let folder = try temporaryFolder()
        for name in ["grey1.png", "palette2-trns.png", "greyalpha16.png", "rgba8-interlaced.png"] {
            let image = try PNG.read(Self.fixtures.appendingPathComponent(name).path)
            try PNG.write(image, to: folder + "/" + name)
            XCTAssertEqual(try PNG.read(folder + "/" + name), image, name)
        }
    }

    func testBadInputsGiveOneClearLine() throws {
        let bad = Self.fixtures.appendingPathComponent("bad").path
        let cases: [(String, String)] = [
            (bad + "/truncated.png", "is truncated"),
            (bad + "/bad-crc.png", "bad CRC in chunk IHDR"),
            (bad + "/not-a-png.png", "is not a PNG file"),
            (bad + "/empty.png", "is not a PNG file"),
            (bad + "/huge.png", "200000×200000 = 40000000000 pixels, above the limit of 100000000"),
            (bad + "/missing.png", "no such file or directory"),
            (bad, "it is a folder")
        ]
        for (path, message) in cases {
            XCTAssertThrowsError(try PNG.read(path), path) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains(message), "\(path): \(text)")
                XCTAssertFalse(text.contains("\n"), "one line: \(text)")
            }
        }
    }

    func testWritingIntoAMissingFolderFailsAndLeavesNothing() throws {
        let folder = try temporaryFolder()
        XCTAssertThrowsError(try PNG.write(RGBAImage(width: 1, height: 1), to: folder + "/nope/out.png")) { error in
            XCTAssertTrue(String(describing: error).contains("does not exist"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func testCRC32OfAKnownString() {
        // The standard check value of CRC-32 (ISO 3309) for "123456789".
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }

}
