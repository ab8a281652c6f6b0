import BlurKit
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The computing commands, run as a lesson cell runs them: parse, then `makeReport`.
final class CommandTests: XCTestCase {
    let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)

    func report(_ arguments: [String]) throws -> Report {
        let command = try Explorer.parseAsRoot(arguments)
        let reporting = try XCTUnwrap(command as? any ReportingCommand, "\(arguments)")
        return try reporting.makeReport(context)
    }

    func column(_ table: Table, _ key: String) throws -> [Table.Cell] {
        let index = try XCTUnwrap(table.columns.firstIndex { $0.key == key }, key)
        return table.rows.map { $0[index] }
    }

    func number(_ cell: Table.Cell) -> Double? {
        switch cell.value {
        case .number(let x): x
        case .integer(let n): Double(n)
        default: nil
        }
    }

    func testKernelPrintsTheWorkedExampleOfRuanYifeng() throws {
        // Ruan Yifeng, "高斯模糊的算法" (2012), the 3×3 σ = 1.5 example: raw centre 0.0707355,
        // corner 0.0453542; normalised centre 0.147761 (our sum is exact, his of rounded values).
        let r = try report(["kernel", "--sigma", "1.5", "--radius", "1", "--dims", "2", "--format", "json"])
        let table = try XCTUnwrap(r.dataTables.first)
        let raw = try column(table, "raw").compactMap(number)
        let weights = try column(table, "weight").compactMap(number)
        XCTAssertEqual(raw[4], 0.0707355, accuracy: 5e-8)
        XCTAssertEqual(raw[0], 0.0453542, accuracy: 5e-8)
        XCTAssertEqual(weights[4], 0.1477613, accuracy: 5e-8)
        XCTAssertEqual(weights.reduce(0, +), 1, accuracy: 1e-12)
    }

    func testCoverageMatchesTheNormalTable() throws {
        let table = try XCTUnwrap(try report(["kernel", "--sigma", "2", "--coverage", "1,2,3"]).tables.first)
        let continuous = try column(table, "continuousMass").compactMap(number)
        // 68.27 %, 95.45 %, 99.73 %: the 68–95–99.7 rule.
        XCTAssertEqual(continuous[0], 68.2689, accuracy: 1e-4)
        XCTAssertEqual(continuous[1], 95.4500, accuracy: 1e-4)
        XCTAssertEqual(continuous[2], 99.7300, accuracy: 1e-4)
    }

    func testBoxesGiveKovesiWidthsAndTheirSigma() throws {
        let table = try XCTUnwrap(try report(["boxes", "--sigma", "3", "--passes", "3"]).tables.first)
        XCTAssertEqual(try column(table, "widths")[0].display, "5, 5, 7")
        // √((24 + 24 + 48)/12) = √8
        XCTAssertEqual(number(try column(table, "achievedSigma")[0])!, 8.0.squareRoot(), accuracy: 1e-12)
    }

    func testCompareSeparableAndGaussian2DAgreeAndBothAreNearTheReference() throws {
        let r = try report([
            "compare", "builtin:noise@48x40", "--methods", "gaussian2d,separable", "--sigma", "2", "--no-time"
        ])
        let table = try XCTUnwrap(r.tables.first)
        for error in try column(table, "interiorMax").compactMap(number) {
            XCTAssertLessThan(error, 0.5, "a 3σ Gaussian is within half a level of the 8σ reference")
        }
        let agreement = r.blocks.compactMap {
            if case .text(let s) = $0, s.hasPrefix("Largest difference") { s } else { nil }
        }
        XCTAssertEqual(agreement.count, 1)
        let value = try XCTUnwrap(
            agreement.first?.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
        XCTAssertLessThan(value, 0.01)
    }

    func testBlurPassIsForSeparableAndItsStripShowsBothPasses() throws {
        XCTAssertThrowsError(
            try Explorer.parseAsRoot([
                "blur", "photo", "-o", "x.png", "--method", "box", "--radius", "2", "--pass", "rows"
            ])
        ) { error in
            XCTAssertTrue(
                Explorer.message(for: error).contains("--pass rows applies to --method separable, not box"), "\(error)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = try Explorer.parseAsRoot([
            "blur", "builtin:edges@64x48", "-o", folder.appendingPathComponent("rows.png").path,
            "--method", "separable", "--sigma", "2", "--pass", "rows",
            "--strip", folder.appendingPathComponent("strip.png").path
        ])
        let report = try XCTUnwrap(command as? any ReportingCommand).makeReport(context)
        let text = report.blocks.compactMap { if case .text(let t) = $0 { t } else { nil } }.joined()
        XCTAssertTrue(text.contains("separable (R=6, 13 taps, rows only)"), text)
        let strip = try XCTUnwrap(report.figures.first)
        XCTAssertTrue(
            strip.altText.contains("horizontal pass only") && strip.altText.contains("both passes"), strip.altText)
    }

    func testBlurNoFigureWritesThePNGAndShowsNoPicture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nofigure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("b.png").path
        let report = try report([
            "blur", "builtin:edges@40x30", "-o", output, "--method", "box", "--radius", "1", "--no-figure"
        ])
        XCTAssertTrue(report.figures.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
        XCTAssertThrowsError(
            try Explorer.parseAsRoot([
                "blur", "photo", "-o", "x.png", "--radius", "1", "--no-figure", "--strip", "s.png"
            ]))
    }

    func testCompareCountsReadsAndPassesFromEachPlan() throws {
        let table = try XCTUnwrap(
            try report([
                "compare", "builtin:noise@48x40", "--methods", "gaussian2d,separable,iterated-box",
                "--sigma", "8", "--no-time"
            ]).tables.first)
        // R = ⌊3σ + ½⌋ = 24: 49² taps in one pass, 2·49 in two; three running-sum boxes read 3·2·2.
        XCTAssertEqual(try column(table, "readsPerPixel").map(\.display), ["2401", "98", "12"])
        XCTAssertEqual(try column(table, "memoryPasses").map(\.display), ["1", "2", "2"])
    }

    func testCompareBoxIsFarWorseThanTheGaussian() throws {
        let table = try XCTUnwrap(
            try report(["compare", "builtin:zoneplate@64x64", "--methods", "box,separable", "--sigma", "3", "--no-time"]
            ).tables.first)
        let errors = try column(table, "interiorMax").compactMap(number)
        XCTAssertGreaterThan(errors[0], 10 * errors[1])
    }

    func testBenchJSONRowsHaveTheDocumentedKeys() throws {
        let r = try report([
            "bench", "--size", "32x32", "--sigmas", "1,4", "--methods", "separable,iterated-box", "--runs", "1"
        ])
        let json = DataRenderer.json(r)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 4)
        for row in rows {
            for key in ["method", "sigma", "nsPerPixel", "minNsPerPixel", "maxNsPerPixel", "threads"] {
                XCTAssertNotNil(row[key], "\(key) in \(row)")
            }
        }
    }

    func testSlopeOfAPowerLaw() {
        let points = [1.0, 2, 4, 8].map { (sigma: $0, nanoseconds: 3 * $0 * $0) }
        XCTAssertEqual(BlurTimer.slope(points)!, 2, accuracy: 1e-12)
        XCTAssertNil(BlurTimer.slope([(sigma: 1, nanoseconds: 1)]))
    }

    func testEdgesPadTheRowAsDocumented() throws {
        let table = try XCTUnwrap(try report(["edges"]).tables.first)
        let rows = try column(table, "padded").map(\.display)
        XCTAssertEqual(
            rows,
            [
                "0 0 | a b c d | 0 0", "a a | a b c d | d d", "b a | a b c d | d c",
                "c b | a b c d | c b", "c d | a b c d | a b"
            ])
    }

    func testRegionBlurLeavesTheRestUntouchedAndGrowEnlarges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let region = folder.appendingPathComponent("region.png").path
        _ = try report([
            "blur", "builtin:noise@40x30", "-o", region, "--method", "separable", "--sigma", "2", "--region",
            "10,8,12,10"
        ])
        let original = BuiltinImage.noise.make(width: 40, height: 30).rgba8()
        let blurred = try PNG.read(region).rgba8()
        var changedOutside = 0, changedInside = 0
        for y in 0..<30 {
            for x in 0..<40 {
                for c in 0..<4 {
                    let i = 4 * (y * 40 + x) + c
                    let inside = (10..<22).contains(x) && (8..<18).contains(y)
                    if original[i] != blurred[i] { if inside { changedInside += 1 } else { changedOutside += 1 } }
                }
            }
        }
        XCTAssertEqual(changedOutside, 0)
        XCTAssertGreaterThan(changedInside, 300)
        let grown = folder.appendingPathComponent("grown.png").path
        _ = try report(["blur", "builtin:noise@40x30", "-o", grown, "--method", "separable", "--sigma", "2", "--grow"])
        let info = try PNGInfo.read(grown)
        XCTAssertEqual([info.width, info.height], [40 + 12, 30 + 12], "R = ⌊3·2 + ½⌋ = 6 on each side")
    }

    func testGridExcludingTheCentreTurnsTheTwoIntoOne() throws {
        let r = try report(["grid", "1 1 1; 1 2 1; 1 1 1", "--exclude-centre"])
        let grids = r.blocks.compactMap { if case .preformatted(let s) = $0 { s } else { nil } }
        XCTAssertEqual(grids.count, 2)
        XCTAssertEqual(
            grids[1].split(separator: "\n")[1].split(separator: " ").map(String.init), ["1.125", "1", "1.125"])
    }

    func testBadSigmasAreUsageErrors() {
        for sigma in ["0", "nan", "1e9", "-2", "inf"] {
            XCTAssertThrowsError(try Explorer.parseAsRoot(["kernel", "--sigma=\(sigma)"]), sigma) { error in
                XCTAssertEqual(Explorer.exitCode(for: error).rawValue, 64, sigma)
                XCTAssertTrue(Explorer.message(for: error).contains("--sigma"), Explorer.message(for: error))
            }
        }
    }

    func testTheUIMockUpHasItsDefaultSizeAndRealContent() throws {
        let ui = try ImageSource.load("builtin:ui")
        XCTAssertEqual([ui.width, ui.height], [360, 480])
        let bytes = ui.rgba8()
        let distinct = Set(stride(from: 0, to: bytes.count, by: 4).map { Array(bytes[$0..<($0 + 4)]) })
        XCTAssertGreaterThan(distinct.count, 50, "title bar, stripes, icons and anti-aliased text")
        XCTAssertEqual(try ImageSource.load("builtin:ui"), ui, "deterministic")
    }
}
