import BlurKit
import Foundation
import XCTest
@testable import ExplorerCLI
import TestSupport

/// The survey's commands, run as the built binary: `plot accuracy-vs-time`, `compare --methods
/// all`, `kernel --linear-taps`, the reference loops in `source`, and their usage errors.
final class SurveyCommandTests: FolderTestCase {
    /// The survey's plots are drawn by the built-in plotter, so the tests do not need gnuplot.
    override func explorer(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try super.explorer(arguments, environment: environment.merging(["EXPLORER_GNUPLOT": "none"]) { $1 })
    }

    func json(_ result: BinaryRunner.Result) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, result.standardError)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    }

    func testAccuracyVsTimeMarksExactlyTheUndominatedPoints() throws {
        let rows = try json(explorer(["plot", "accuracy-vs-time", "--image", "builtin:edges@48x48", "--sigmas", "1,2",
                                      "--methods", "box,iterated-box,extended-box,deriche,stack", "--runs", "1",
                                      "-o", "survey.png", "--format", "json"]))
        XCTAssertEqual(rows.count, 10)
        XCTAssertEqual(try PNGInfo.read(folder.appendingPathComponent("survey.png").path).height, 1200)
        // Each σ has its own front: a point is on it when no point of the same σ beats it on both counts.
        let points = rows.map { ($0["nsPerPixel"] as? Double, $0["interiorMax"] as? Double, $0["paretoFront"] as? String == "yes",
                                 $0["sigma"] as? Double) }
        for (i, p) in points.enumerated() {
            guard let t = p.0, let e = p.1 else { XCTAssertFalse(p.2); continue }
            let dominated = points.contains { q in
                guard let qt = q.0, let qe = q.1, q.3 == p.3 else { return false }
                return qt <= t && qe <= e && (qt < t || qe < e)
            }
            XCTAssertEqual(p.2, !dominated, "row \(i): \(rows[i])")
        }
        // Deriche is the most accurate of these at every σ.
        for sigma in [1.0, 2.0] {
            let errors = rows.filter { $0["sigma"] as? Double == sigma }.compactMap { row in
                (row["interiorMax"] as? Double).map { (row["method"] as! String, $0) }
            }
            XCTAssertEqual(errors.min { $0.1 < $1.1 }?.0, "deriche", "σ=\(sigma): \(errors)")
        }
    }

    func testParetoFrontByHand() {
        func point(_ t: Double, _ e: Double?) -> PlotAccuracyVsTimeCommand.Point {
            .init(method: MethodEntry.box, sigma: 1, parameters: "", nanosecondsPerPixel: t, maxError: e,
                  counters: CostCounters(reads: 1, passes: 1))
        }
        // (1, 5) and (3, 1) are undominated; (2, 6) loses to (1, 5); (3, 2) to (3, 1); no error, no point.
        let front = PlotAccuracyVsTimeCommand.paretoFront([point(1, 5), point(2, 6), point(3, 1), point(3, 2), point(0.5, nil)])
        XCTAssertEqual(front, [0, 2])
    }

    func testCompareAllRunsEveryMethod() throws {
        let rows = try json(explorer(["compare", "builtin:noise@40x40", "--methods", "all", "--sigma", "1.5", "--no-time", "--format", "json"]))
        XCTAssertEqual(rows.map { $0["method"] as? String }, MethodCatalog.names)
    }

    func testKernelListsTheLinearTaps() throws {
        let result = try explorer(["kernel", "--sigma", "2", "--linear-taps"])
        XCTAssertEqual(result.status, 0, result.standardError)
        // R = 6: the centre plus the pairs (1, 2), (3, 4), (5, 6) on each side.
        XCTAssertTrue(result.standardOutput.contains("7 fetches per pass instead of 13: 6 saved"), result.standardOutput)
    }

    func testEachReferenceLoopIsMarkedForSource() throws {
        for (name, line) in [("extended-box-reference", "sum += alpha * (pixel(x - r - 1) + pixel(x + r + 1))"),
                             ("stack-reference", "sum += Double(r + 1 - abs(k)) * pixel(x + k)"),
                             ("deriche-reference", "for s in sections {"),
                             ("young-van-vliet-reference", "var sum = b0 * w[i]"),
                             ("dual-kawase-reference", "return (edge + 2 * diagonal) / 12"),
                             ("linear-taps-reference", "sum += tap.weight * fetch"),
                             ("extended-box-8bit-reference", "line[x] = UInt8((sum + (1 << 23)) >> 24)"),
                             ("stack-8bit-reference", "out[x] = UInt8(Self.level(sum, radius: r, rule: rule))")] {
            let result = try explorer(["source", name])
            XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)")
            XCTAssertTrue(result.standardOutput.contains(line), "\(name): \(result.standardOutput)")
        }
    }

    func testSurveyOptionsAreCheckedUpFront() throws {
        for (arguments, message) in [
            (["blur", "photo", "-o", "x.png", "--method", "young-van-vliet", "--sigma", "3", "--order", "6"], "--order must be 3, 4 or 5, got 6"),
            (["kernel", "--sigma", "2", "--linear-taps", "--dims", "2"], "--linear-taps merges the taps of a 1-D kernel"),
            (["compare", "photo", "--methods", "deriche,kawase"], "unknown method 'kawase'"),
            (["plot", "accuracy-vs-time", "--image", "photo", "--sigmas", "2,200", "-o", "s.png"], "above this plot's limit of 100"),
            (["blur", "photo", "-o", "x.png", "--method", "dual-kawase", "--radius", "0"], "--method dual-kawase needs --sigma"),
            (["blur", "photo", "-o", "x.png", "--method", "deriche", "--sigma", "2", "--eight-bit-passes"],
             "--eight-bit-passes applies to extended-box and stack, not deriche"),
            (["compare", "photo", "--methods", "all", "--eight-bit-passes"], "--eight-bit-passes applies to extended-box"),
            (["bench", "--methods", "stack,separable", "--eight-bit-passes"], "--eight-bit-passes applies to extended-box"),
            (["blur", "photo", "-o", "x.png", "--method", "stack", "--sigma", "2", "--eight-bit-passes", "--linear"],
             "give --eight-bit-passes or --linear, not both"),
        ] {
            let result = try explorer(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        }
    }

    func testEightBitPassesChangeTheResultAndSayHow() throws {
        let float = try json(explorer(["compare", "builtin:noise@40x40", "--methods", "extended-box,stack", "--sigma", "2",
                                       "--no-time", "--format", "json"]))
        let eight = try json(explorer(["compare", "builtin:noise@40x40", "--methods", "extended-box,stack", "--sigma", "2",
                                       "--no-time", "--eight-bit-passes", "--format", "json"]))
        XCTAssertEqual(eight.map { $0["parameters"] as? String }, ["3 × r=1, α=0.375, 8-bit passes as Pillow", "r=4, OpenCV ksize 9, 8-bit passes as OpenCV"])
        for (a, b) in zip(float, eight) {
            XCTAssertNotEqual(a["interiorRMSE"] as? Double, b["interiorRMSE"] as? Double, "\(b)")
            // The kernel columns describe the same passes in Float32.
            XCTAssertEqual(a["effectiveSigma"] as? Double, b["effectiveSigma"] as? Double)
        }
        let result = try explorer(["blur", "builtin:noise@40x40", "-o", "eight.png", "--method", "extended-box", "--sigma", "2",
                                   "--eight-bit-passes"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let words = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("8-bit passes as Pillow"), result.standardOutput)
    }
}
