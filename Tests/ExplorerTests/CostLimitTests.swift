import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Every method and option at the edges of its range: each either computes in bounded time or
/// is refused at once with exit status 64 and a line naming the limit.
final class CostLimitTests: FolderTestCase {
    /// Runs `arguments` and returns the result with its wall time in seconds.
    func timed(_ arguments: [String]) throws -> (BinaryRunner.Result, Double) {
        let start = Date()
        let result = try explorer(arguments)
        return (result, Date().timeIntervalSince(start))
    }

    func assertRefused(_ arguments: [String], _ words: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let (result, seconds) = try timed(arguments)
        XCTAssertEqual(result.status, 64, result.standardError, file: file, line: line)
        XCTAssertTrue(result.standardError.contains(words), result.standardError, file: file, line: line)
        XCTAssertEqual(
            result.standardError.split(separator: "\n").count, 1, result.standardError, file: file, line: line)
        XCTAssertLessThan(seconds, 20, "refused at once", file: file, line: line)
    }

    func testYoungVanVlietIsRefusedBelowItsRangeAndStableAtItsEdges() throws {
        try assertRefused(
            ["blur", "builtin:noise@8x8", "-o", "y.png", "--method", "young-van-vliet", "--sigma", "0.01"],
            "young-van-vliet takes σ in 0.5…1000")
        try assertRefused(
            ["compare", "builtin:noise@8x8", "--methods", "all", "--sigma", "0.001", "--no-time"],
            "young-van-vliet takes σ in 0.5")
        for order in 3...5 {
            for sigma in [0.5, 0.51, 0.7, 1000, 2000] {
                let filter = try YoungVanVliet(sigma: sigma, order: order)
                XCTAssertTrue(filter.a.allSatisfy(\.isFinite), "K=\(order) σ=\(sigma)")
                var line = [Double](repeating: 0, count: 64)
                line[32] = 1
                let response = filter.reference(line, edges: .zero)
                if sigma < 2 {
                    XCTAssertEqual(response.reduce(0, +), 1, accuracy: 1e-6, "K=\(order) σ=\(sigma): unit gain")
                    let variance = response.indices.reduce(0.0) { $0 + Double(($1 - 32) * ($1 - 32)) * response[$1] }
                    XCTAssertEqual(variance.squareRoot(), sigma, accuracy: 0.1, "K=\(order) σ=\(sigma)")
                }
            }
            XCTAssertThrowsError(try YoungVanVliet(sigma: 0.49, order: order))
        }
    }

    func testDualKawaseAtLargeSigmaIsBounded() throws {
        let start = Date()
        let filter = try DualKawase(sigma: 999)
        XCTAssertEqual(filter.passes, 10)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "set-up at σ = 999")
        let (result, seconds) = try timed([
            "blur", "builtin:noise@8x8", "-o", "k.png", "--method", "dual-kawase", "--sigma", "400"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(seconds, 30)
    }

    func testGrowAndDirectConvolutionsHaveLimits() throws {
        try assertRefused(
            ["blur", "builtin:noise@64x64", "-o", "g.png", "--method", "separable", "--sigma", "1000", "--grow"],
            "--grow: the kernel reaches 3000 px, more than the picture's larger side (64 px)")
        try assertRefused(
            ["blur", "builtin:noise@1000x1000", "-o", "g.png", "--method", "box", "--sigma", "1000", "--grow"],
            "--grow: the kernel reaches 1732 px")
        try assertRefused(
            [
                "blur", "builtin:noise@64x64", "-o", "g.png", "--method", "separable", "--sigma", "20", "--grow",
                "--max-pixels", "10000"
            ],
            "above --max-pixels (10000)")
        try assertRefused(
            ["blur", "builtin:noise", "-o", "b.png", "--method", "box", "--sigma", "1000"],
            "taps, above the limit of 3e+10")
        try assertRefused(
            ["bench", "--size", "64x64", "--sigmas", "1000", "--methods", "box", "--runs", "1"],
            "--method box (R=1732) on 64×64 pixels")
        try assertRefused(
            [
                "compare", "builtin:noise@16x16", "--sigma", "64", "--methods", "box,gaussian2d", "--no-time",
                "--truncate", "4"
            ],
            "--method gaussian2d (R=256")
        let (grown, _) = try timed([
            "blur", "builtin:noise@64x64", "-o", "g.png", "--method", "separable", "--sigma", "10", "--grow"
        ])
        XCTAssertEqual(grown.status, 0, grown.standardError)
    }

    func testValuesAtTheEdgesOfNumbers() throws {
        try assertRefused(
            ["blur", "builtin:noise@8x8", "-o", "t.png", "--method", "gaussian2d", "--sigma", "1e-300"],
            "--method gaussian2d: ")
        try assertRefused(["grid", "1e308 1e308; 1e308 1e308"], "must lie within ±1e30; 1e+308 is beyond")
        let grid = try explorer(["grid", "1e20 2; 3 4", "--radius", "1"])
        XCTAssertEqual(grid.status, 0)
        XCTAssertFalse(grid.standardOutput.contains("inf"), grid.standardOutput)
    }

    func testTableNamesOfManyCellsCostLinearTime() {
        let table = Table(title: "Edge modes", name: "edge-modes", columns: [.init(key: "a", title: "a")])
        var names = CSVNames()
        let start = Date()
        let claimed = (0..<20_000).map { _ in names.claim(table) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(Array(claimed.prefix(3)), ["edge-modes.csv", "edge-modes-2.csv", "edge-modes-3.csv"])
        XCTAssertEqual(Set(claimed).count, 20_000)
        var mixed = CSVNames()
        let other = Table(title: nil, name: "edge-modes-2", columns: [])
        XCTAssertEqual(
            [mixed.claim(other), mixed.claim(table), mixed.claim(table)],
            ["edge-modes-2.csv", "edge-modes.csv", "edge-modes-3.csv"])
    }
}
