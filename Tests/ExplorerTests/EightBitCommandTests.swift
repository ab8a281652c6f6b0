import BlurKit
import Foundation
import TestSupport
import XCTest

/// `blur --eight-bit-io` and `bench --eight-bit-io`: the library's 8-bit path from the command line.
final class EightBitCommandTests: FolderTestCase {
    func testTheBlurWritesTheLibrarysLevels() throws {
        let out = folder.appendingPathComponent("out.png").path
        for edges in ["clamp", "wrap"] {
            let result = try BinaryRunner.run(["blur", "builtin:noise@37x23", "-o", out, "--method", "separable",
                                               "--sigma", "3", "--edges", edges, "--eight-bit-io", "--no-figure"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(result.standardOutput.contains("8-bit levels in and out, correctly rounded"), result.standardOutput)
            let expected = try RGBA8Image(BuiltinImage.noise.make(width: 37, height: 23))
                .blurred(sigma: 3, edges: EdgeMode(rawValue: edges)!)
            XCTAssertEqual(RGBA8Image(try PNG.read(out)), expected)
        }
    }

    func testItIsRefusedWhereItDoesNotApply() throws {
        let out = folder.appendingPathComponent("out.png").path
        for (extra, message) in [
            (["--method", "box", "--radius", "2"], "--eight-bit-io applies to --method separable, not box"),
            (["--method", "separable", "--sigma", "2", "--linear"], "give --eight-bit-io or --linear, not both"),
            (["--method", "separable", "--sigma", "2", "--depth", "16"], "give --eight-bit-io or --depth 16, not both")
        ] {
            let result = try BinaryRunner.run(["blur", "builtin:noise@16x16", "-o", out, "--eight-bit-io"] + extra)
            XCTAssertEqual(result.status, 64, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
        // A picture with transparency: channels as stored only when asked.
        let args = ["blur", "builtin:cutout@32x32", "-o", out, "--method", "separable", "--sigma", "2", "--eight-bit-io"]
        let refused = try BinaryRunner.run(args)
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("has transparent pixels: give --alpha straight"), refused.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        XCTAssertEqual(try BinaryRunner.run(args + ["--alpha", "straight", "--no-figure"]).status, 0)
    }

    func testBenchTimesAnEightBitRowBesideEachSeparableRow() throws {
        let result = try BinaryRunner.run(["bench", "--size", "64x48", "--sigmas", "1,4", "--methods", "separable",
                                           "--eight-bit-io", "--runs", "1", "--format", "csv", "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let methods = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
        XCTAssertEqual(methods, ["separable", "separable 8-bit", "separable", "separable 8-bit"])
        let refused = try BinaryRunner.run(["bench", "--methods", "box", "--eight-bit-io"])
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("add separable to --methods"), refused.standardError)
    }
}
