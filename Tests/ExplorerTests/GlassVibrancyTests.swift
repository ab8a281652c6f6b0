import XCTest
import BlurKit
@testable import ExplorerCLI
import TestSupport

/// `explorer glass --vibrancy` as a user runs it: the vibrant label takes its colour from the
/// glass behind it, and Reduce Transparency turns vibrancy off.
final class GlassVibrancyTests: XCTestCase {
    var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibrancy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The panel, label and font the tests use: the default panel of the 480×320 photo, whose
    /// 30 px label "Now Playing" with its icon fits it.
    static let arguments = ["--style", "dark", "--label", "Now Playing", "--vibrancy"]

    /// The image pixels the label and icon cover fully, where the command drew them.
    func coveredPixels(panelOf image: RGBAImage) -> [(x: Int, y: Int)] {
        let panel = PixelRect(width: image.width, height: image.height).centred(width: image.width / 2, height: image.height / 3)
        let content = GlassLabel(text: "Now Playing", font: .caption, hasIcon: true)
        let at = panel.centred(width: content.size.width, height: content.size.height)
        let mask = content.mask()
        var pixels: [(Int, Int)] = []
        for j in 0..<mask.height { for i in 0..<mask.width where mask[i, j].w == 1 { pixels.append((at.x + i, at.y + j)) } }
        return pixels
    }

    func testVibrantLabelTakesItsColourFromTheGlass() throws {
        let out = path("vibrant.png")
        let result = try BinaryRunner.run(["glass", "photo", "-o", out] + Self.arguments + ["--format", "json"],
                                          environment: ["EXPLORER_QUICK": "1", "REDUCE_TRANSPARENCY": "0"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try PNG.read(out)
        let covered = coveredPixels(panelOf: image)
        XCTAssertGreaterThan(covered.count, 500)
        let colours = Set(covered.map { p -> [UInt8] in (0..<3).map { RGBAImage.quantize(image[p.x, p.y][$0]) } })
        XCTAssertGreaterThan(colours.count, 50, "a vibrant label varies with the backdrop behind it")
        XCTAssertTrue(result.standardOutput.contains("glass, vibrant label (glyphs)"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("plus-lighter 0.6"), result.standardOutput)
    }

    func testReduceTransparencyDrawsTheLabelInOneOpaqueColour() throws {
        let out = path("fallback.png")
        let result = try BinaryRunner.run(["glass", "photo", "-o", out] + Self.arguments,
                                          environment: ["EXPLORER_QUICK": "1", "REDUCE_TRANSPARENCY": "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("vibrancy is off"), result.standardOutput)
        let image = try PNG.read(out)
        let colours = Set(coveredPixels(panelOf: image).map { p -> [UInt8] in (0..<4).map { RGBAImage.quantize(image[p.x, p.y][$0]) } })
        XCTAssertEqual(colours, [[255, 255, 255, 255]], "white text, opaque, the same at every covered pixel")
    }

    func testStripShowsPlainVibrantAndFallback() throws {
        let out = path("strip.png")
        let result = try BinaryRunner.run(["glass", "photo", "-o", out, "--strip", "--format", "json"] + Self.arguments,
                                          environment: ["EXPLORER_QUICK": "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("plain label"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("vibrant"), result.standardOutput)
        XCTAssertGreaterThan(try PNG.read(out).width, 3 * 480)
    }

    func testVibrancyAmountOutsideItsRangeIsAUsageError() throws {
        let result = try BinaryRunner.run(["glass", "photo", "-o", path("x.png"), "--vibrancy", "--vibrancy-amount", "1.5"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("--vibrancy-amount must be a number in 0…1, got 1.5"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }
}
