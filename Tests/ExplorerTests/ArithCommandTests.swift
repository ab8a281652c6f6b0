import BlurKit
import Foundation
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// `explorer arith` and the per-pixel programs it compiles from the lessons' expressions,
/// against pixels worked by hand.
final class ArithCommandTests: XCTestCase {
    let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)
    var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("arith-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A 2×1 grey picture of these 8-bit levels, written as a PNG; its path.
    func picture(_ name: String, _ levels: [UInt8], depth: PNG.Depth = .eight) throws -> String {
        let image = RGBAImage(width: levels.count, height: 1, rgba8: levels.flatMap { [$0, $0, $0, 255] })
        let path = folder.appendingPathComponent(name).path
        try PNG.write(image, to: path, depth: depth)
        return path
    }

    func run(_ arguments: [String]) throws -> (report: Report, image: RGBAImage) {
        let output = folder.appendingPathComponent("out.png").path
        let command = try Explorer.parseAsRoot(["arith"] + arguments + ["-o", output])
        let report = try XCTUnwrap(command as? ArithCommand).makeReport(context)
        return (report, try PNG.read(output))
    }

    func testUnsharpMaskingWorkedByHand() throws {
        // a + 1.5·(a − b): (100 + 1.5·(100 − 120))/255 = 70/255; (200 + 1.5·100)/255 = 350/255, clipped.
        let a = try picture("a.png", [100, 200]), b = try picture("b.png", [120, 100])
        let (report, image) = try run(["a + 1.5 * (a - b)", "--let", "a=\(a)", "--let", "b=\(b)"])
        XCTAssertEqual(image.rgba8(), [70, 70, 70, 255, 255, 255, 255, 255])
        XCTAssertEqual(report.measures["clippedPixels"], 1)
        XCTAssertEqual(report.measures["above"], 3)
        XCTAssertEqual(report.measures["below"], 0)
        XCTAssertEqual(try XCTUnwrap(report.measures["highest"]), 350, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(report.measures["lowest"]), 70, accuracy: 1e-3)
        // The mean of what is written: (70 + 255)/2 levels.
        XCTAssertEqual(try XCTUnwrap(report.measures["mean"]), 162.5, accuracy: 1e-3)
    }

    func testThresholdAndFunctions() throws {
        // max(a − 0.8, 0)·5: level 51 → 0; level 255 → (1 − 0.8)·5 = 1.
        let a = try picture("a.png", [51, 255])
        let (report, image) = try run(["max(a - 0.8, 0) * 5", "--let", "a=\(a)"])
        XCTAssertEqual(image.rgba8(), [0, 0, 0, 255, 255, 255, 255, 255])
        XCTAssertEqual(report.measures["clippedPixels"], 0)
        // abs(a − b) and a power: |51 − 255|/255 = 0.8; 0.8² = 0.64 → 163.2 → 163.
        let b = try picture("b.png", [255, 255])
        let (_, squared) = try run(["abs(a - b)^2", "--let", "a=\(a)", "--let", "b=\(b)"])
        XCTAssertEqual(squared.rgba8()[0], 163)
        // Unary minus binds looser than ^: -a^2 + 1 is 1 − a².
        let (_, negated) = try run(["(-a^2 + 1)", "--let", "a=\(b)"])
        XCTAssertEqual(negated.rgba8()[0], 0)
    }

    func testLinearLightDecodesAndEncodes() throws {
        // Half of white in linear light is sRGB(0.5) ≈ 0.7354, not 0.5.
        let a = try picture("a.png", [255, 0])
        let (_, linear) = try run(["a * 0.5", "--let", "a=\(a)", "--linear"])
        XCTAssertEqual(linear.rgba8()[0], RGBAImage.quantize(ColourSpace.sRGB(fromLinear: 0.5)))
        let (_, stored) = try run(["a * 0.5", "--let", "a=\(a)"])
        XCTAssertEqual(stored.rgba8()[0], RGBAImage.quantize(0.5))
    }

    func testSixteenBitsInGiveSixteenBitsOut() throws {
        let a = try picture("a.png", [100, 200], depth: .sixteen)
        _ = try run(["a", "--let", "a=\(a)"])
        XCTAssertEqual(try PNGInfo.read(folder.appendingPathComponent("out.png").path).bitDepth, 16)
        let b = try picture("b.png", [100, 200])
        _ = try run(["a", "--let", "a=\(b)"])
        XCTAssertEqual(try PNGInfo.read(folder.appendingPathComponent("out.png").path).bitDepth, 8)
    }

    func testCompilingFoldsNumbersAndCountsOperationsOnPictures() throws {
        let program = try PixelProgram.compile("a + 2 * 3 - min(4, 5)", pictures: ["a"])
        XCTAssertEqual(
            program.instructions,
            [
                .init(operation: .add, a: .register(0), b: .constant(6)),
                .init(operation: .subtract, a: .register(1), b: .constant(4))
            ])
        XCTAssertEqual(program.result, .register(2))
        XCTAssertEqual(try PixelProgram.compile("0.5", pictures: ["a"]).result, .constant(0.5))
    }

    func testBadExpressionsAndPicturesAreRefusedInOneLine() throws {
        let a = try picture("a.png", [1, 2])
        let wide = folder.appendingPathComponent("wide.png").path
        try PNG.write(RGBAImage(width: 3, height: 1), to: wide)
        let cases: [([String], String)] = [
            (["a > 0.5", "--let", "a=\(a)"], "compares numbers, not pictures"),
            (["a + c", "--let", "a=\(a)"], "unknown name 'c'"),
            (["a +", "--let", "a=\(a)"], "ends too early"),
            (["a", "--let", "a"], "NAME=PICTURE"),
            (["a", "--let", "a=\(a)", "--let", "a=\(a)"], "given twice"),
            (["a"], "at least one picture"),
            (["if(a, 1, 0)", "--let", "a=\(a)"], "not true or false"),
            ([Array(repeating: "a", count: 70).joined(separator: " + "), "--let", "a=\(a)"], "more than 64 operations")
        ]
        for (arguments, words) in cases {
            XCTAssertThrowsError(try Explorer.parseAsRoot(["arith"] + arguments + ["-o", "x.png"]), "\(arguments)") {
                error in
                XCTAssertTrue(
                    Explorer.message(for: error).contains(words), "\(arguments): \(Explorer.message(for: error))")
            }
        }
        XCTAssertThrowsError(try run(["a - b", "--let", "a=\(a)", "--let", "b=\(wide)"])) { error in
            XCTAssertTrue("\(error)".contains("must be the same size"), "\(error)")
        }
    }
}

/// `explorer shrink`: its limits, and the size it writes.
final class ShrinkCommandTests: XCTestCase {
    func testFactorsOutsideTheLimitsAreRefused() throws {
        for factor in ["1", "65"] {
            XCTAssertThrowsError(try Explorer.parseAsRoot(["shrink", "photo", "-o", "x.png", "--factor", factor])) {
                error in
                XCTAssertTrue(
                    Explorer.message(for: error).contains("--factor must be 2…64"), Explorer.message(for: error))
            }
        }
        let command = try Explorer.parseAsRoot(["shrink", "builtin:impulse@9x7", "-o", "x.png", "--factor", "8"])
        let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)
        XCTAssertThrowsError(try XCTUnwrap(command as? ShrinkCommand).makeReport(context)) { error in
            XCTAssertTrue("\(error)".contains("larger than builtin:impulse@9x7's smaller side (7 px)"), "\(error)")
        }
    }

    func testTheSmallPictureIsCeilingSized() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("small.png").path
        let command = try Explorer.parseAsRoot([
            "shrink", "builtin:checker@161x121", "-o", output, "--factor", "4", "--sampling", "area"
        ])
        let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)
        _ = try XCTUnwrap(command as? ShrinkCommand).makeReport(context)
        let info = try PNGInfo.read(output)
        XCTAssertEqual([info.width, info.height], [41, 31])
    }
}

/// `explorer median`: its limits.
final class MedianCommandTests: XCTestCase {
    func testRadiiAndWorkOutsideTheLimitsAreRefused() throws {
        for radius in ["0", "6"] {
            XCTAssertThrowsError(try Explorer.parseAsRoot(["median", "photo", "-o", "x.png", "--radius", radius])) {
                error in
                XCTAssertTrue(
                    Explorer.message(for: error).contains("--radius must be 1…5"), Explorer.message(for: error))
            }
        }
        // 4000² pixels × 11² values = 1.9e9, above 1e9.
        let command = try Explorer.parseAsRoot(["median", "builtin:noise@4000x4000", "-o", "x.png", "--radius", "5"])
        let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)
        XCTAssertThrowsError(try XCTUnwrap(command as? MedianCommand).makeReport(context)) { error in
            XCTAssertTrue("\(error)".contains("above the limit of 1e+09"), "\(error)")
        }
    }
}
