import TestSupport
import BlurKit
import Foundation
import XCTest
@testable import ExplorerCLI

/// The frequency lesson's commands: `spectrum`, the binomial kernel of `plot frequency-response`,
/// `bench --edges`, and the fft method through `compare`.
final class FrequencyCommandTests: FolderTestCase {
    override func explorer(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try super.explorer(arguments, environment: environment.merging(["EXPLORER_GNUPLOT": "none"]) { $1 })
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func rows(_ result: BinaryRunner.Result) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, result.standardError)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    }

    func testBinomialKernelIsPascalsRowAndVanishesAtNyquist() throws {
        XCTAssertEqual(PlotFrequencyResponseCommand.binomial(order: 2), [0.25, 0.5, 0.25])
        XCTAssertEqual(PlotFrequencyResponseCommand.binomial(order: 4), [1, 4, 6, 4, 1].map { $0 / 16 })
        XCTAssertEqual(PlotFrequencyResponseCommand.binomialOrder(sigma: 0.5), 2)
        XCTAssertEqual(PlotFrequencyResponseCommand.binomialOrder(sigma: 3), 36)
        let table = try rows(explorer(["plot", "frequency-response", "--sigma", "1", "--methods", "binomial,gaussian",
                                       "--points", "5", "-o", "r.png", "--format", "json"]))
        // n = 4: gain cos⁴(ω/2), 0.25 at ω = π/2 and exactly 0 at π.
        XCTAssertEqual(try XCTUnwrap(table[2]["binomial"] as? Double), 0.25, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(table[4]["binomial"] as? Double), 0, accuracy: 1e-12)
    }

    func testSpectrumOfABlurKeepsLessOfTheFineRipples() throws {
        let image = "builtin:noise@64x48"
        XCTAssertEqual(try explorer(["blur", image, "-o", "b.png", "--method", "fft", "--sigma", "2"]).status, 0)
        let table = try rows(explorer(["spectrum", image, path("b.png"), "-o", "s.png", "--format", "json"]))
        XCTAssertEqual(table.count, 2)
        let before = try XCTUnwrap(table[0]["half"] as? Double), after = try XCTUnwrap(table[1]["half"] as? Double)
        // The Gaussian's gain at π/2 for σ = 2 is e^(−π²/2) ≈ 0.0072; 8-bit rounding of the blurred
        // PNG keeps a little more.
        XCTAssertLessThan(after, 0.05 * before)
        XCTAssertEqual(try PNGInfo.read(path("s.png")).width > 0, true)
        let mismatch = try explorer(["spectrum", image, "builtin:noise@32x32", "-o", "x.png"])
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.standardError.contains("spectra need one size"), mismatch.standardError)
    }

    func testFFTIsExactInCompareAtLargeSigma() throws {
        let table = try rows(explorer(["compare", "builtin:noise@96x96", "--methods", "fft", "--sigma", "8", "--no-time",
                                       "--format", "json"]))
        XCTAssertLessThan(try XCTUnwrap(table[0]["borderMax"] as? Double), 0.05)
        XCTAssertLessThan(try XCTUnwrap(table[0]["impulseLinf"] as? Double), 1e-6)
        XCTAssertEqual(try XCTUnwrap(table[0]["effectiveSigma"] as? Double), 8, accuracy: 1e-3)
    }
}
