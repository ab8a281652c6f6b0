import BlurKit
import Foundation
import XCTest
import TestSupport

/// `blur --alpha straight`, `blur --linear --light`, `--depth 16` and `plot profile` through the
/// built binary, checked against values worked out by hand.
final class AlphaLightCommandTests: FolderTestCase {
    func testStraightAlphaBlurMatchesHandComputedPixels() throws {
        // Transparent magenta, opaque white, transparent black; a box of 3 at the middle pixel:
        // straight (R, G, B, α) = ((1+1+0)/3, (0+1+0)/3, (1+1+0)/3, 1/3) → 170, 85, 170, 85;
        // premultiplied colour Σ αC / Σ α = white.
        let edge = RGBAImage(width: 3, height: 1, pixels: [1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0])
        try PNG.write(edge, to: folder.appendingPathComponent("edge.png").path)
        let straight = try explorer(["blur", "edge.png", "-o", "straight.png", "--method", "box", "--radius", "1", "--alpha", "straight"])
        XCTAssertEqual(straight.status, 0, straight.standardError)
        XCTAssertTrue(straight.standardOutput.contains("Fringe"), straight.standardOutput)
        let s = try PNG.read(folder.appendingPathComponent("straight.png").path)
        XCTAssertEqual(s.pixels[4...7].map { RGBAImage.quantize($0) }, [170, 85, 170, 85])
        let premultiplied = try explorer(["blur", "edge.png", "-o", "right.png", "--method", "box", "--radius", "1"])
        XCTAssertEqual(premultiplied.status, 0, premultiplied.standardError)
        let p = try PNG.read(folder.appendingPathComponent("right.png").path)
        XCTAssertEqual(p.pixels[4...7].map { RGBAImage.quantize($0) }, [255, 255, 255, 85])
        let bad = try explorer(["blur", "edge.png", "-o", "x.png", "--radius", "1", "--alpha", "sideways"])
        XCTAssertEqual(bad.status, 64)
    }

    func testLinearBlurOfAGratingGivesHalfTheLightIn16Bits() throws {
        // Half of white's light encodes to 1.055·0.5^(1/2.4) − 0.055 = 0.73536: 187.5 in 8 bits,
        // 48 192 in 16.
        let expected = 1.055 * pow(0.5, 1 / 2.4) - 0.055
        let run = try explorer(["blur", "builtin:grating@64x2", "-o", "light.png", "--method", "separable", "--sigma", "8",
                                "--edges", "wrap", "--linear", "--light", "--depth", "16"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("blurred in linear light"), run.standardOutput)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("light.png"))
        XCTAssertEqual(bytes[24], 16, "bit depth")
        let image = try PNG.read(folder.appendingPathComponent("light.png").path)
        XCTAssertEqual(Double(image[10, 1].x) * 255, expected * 255, accuracy: 0.6)
        let values = try explorer(["blur", "builtin:grating@64x2", "-o", "values.png", "--method", "separable", "--sigma", "8",
                                   "--edges", "wrap"])
        XCTAssertEqual(values.status, 0, values.standardError)
        let plain = try PNG.read(folder.appendingPathComponent("values.png").path)
        XCTAssertEqual(Double(plain[10, 1].x) * 255, 127.5, accuracy: 0.6)
    }

    func testProfilePlotsOneLinePerImage() throws {
        let run = try explorer(["plot", "profile", "builtin:redgreen@40x4", "builtin:grating@40x4", "--span", "0,1,40,2",
                                "-o", "profile.png", "--format", "csv"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 41, run.standardOutput)
        // Column 0 of red: Y = 0.2126 → 1.055·0.2126^(1/2.4) − 0.055 = 0.4985 → 127.1.
        let red = 1.055 * pow(0.2126, 1 / 2.4) - 0.055
        let first = lines[1].split(separator: ",").map(String.init)
        XCTAssertEqual(Double(first[1]) ?? -1, red * 255, accuracy: 0.01, run.standardOutput)
        XCTAssertEqual(try explorer(["plot", "profile", "builtin:redgreen@40x4", "--span", "50,1,4,1", "-o", "p.png"]).status, 64)
    }

    func testCompareAndGlassTakeTheAlphaMode() throws {
        // compare: the straight blur is further from the (premultiplied) exact reference.
        func rmse(_ alpha: String) throws -> Double {
            let run = try explorer(["compare", "builtin:cutout@64x48", "--sigma", "2", "--methods", "separable", "--no-time",
                                    "--format", "csv", "--alpha", alpha])
            XCTAssertEqual(run.status, 0, run.standardError)
            let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
            let column = try XCTUnwrap(lines[0].firstIndex(of: "interiorRMSE"))
            return try XCTUnwrap(Double(lines[1][column + 1]))
        }
        XCTAssertGreaterThan(try rmse("straight"), try rmse("premultiplied") + 1)
        // glass: the panel over transparent pixels with hidden colour comes out different.
        for (alpha, name) in [("straight", "straight.png"), ("premultiplied", "right.png")] {
            let run = try explorer(["glass", "builtin:cutout@400x300", "-o", name, "--alpha", alpha])
            XCTAssertEqual(run.status, 0, run.standardError)
        }
        let straight = try PNG.read(folder.appendingPathComponent("straight.png").path)
        let right = try PNG.read(folder.appendingPathComponent("right.png").path)
        XCTAssertNotEqual(straight.pixels, right.pixels)
    }
}
