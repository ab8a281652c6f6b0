import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Numbers beyond what an `Int` or the machine holds are refused with one line, never a trap
/// (exit 132) or an aborted allocation: parsed numbers become integers through one checked
/// conversion (`Int(exactly:)`), lesson numbers stay within ±10¹⁵, `--max-pixels` within a ceiling.
final class HugeNumberTests: FolderTestCase {
    func testHugeMethodParametersAreUsageErrors() throws {
        for option in ["--iterations", "--order", "--downsample"] {
            let result = try explorer([
                "blur", "builtin:noise@16x16", "-o", "x.png", "--sigma", "2", "--method", "iterated-box",
                option, "9223372036854775807"
            ])
            XCTAssertEqual(result.status, 64, option + result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(option), result.standardError)
        }
        XCTAssertThrowsError(try MethodParameter.iterations.check(9.3e18))
        XCTAssertThrowsError(try MethodParameter.iterations.check(-9.3e18))
    }

    func testAHugeMaxPixelsIsRefusedBeforeAnyAllocation() throws {
        let result = try explorer([
            "blur", "builtin:noise@65536x65536", "-o", "x.png", "--sigma", "2", "--max-pixels", "9223372036854775807"
        ])
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("--max-pixels must be at most"), result.standardError)
        XCTAssertLessThanOrEqual(InputOptions.pixelCeiling, 1_000_000_000)
        let within = try explorer([
            "blur", "builtin:noise@65536x65536", "-o", "x.png", "--sigma", "2", "--max-pixels",
            "\(InputOptions.pixelCeiling)"
        ])
        XCTAssertEqual(within.status, 1, within.standardError)
        XCTAssertTrue(within.standardError.contains("above the limit"), within.standardError)
    }

    func testALessonRangeBeyondTenToTheFifteenIsALessonError() throws {
        for range in ["[0, 1e19]", "[-1e300, 0]", "[0, 9223372036854775807]"] {
            let text =
                "---\ntitle: Big\nsummary: S.\nparameters:\n  n:\n    kind: number\n    default: 0\n    range: \(range)\n    meaning: m\n---\nN is {{n}}.\n"
            XCTAssertThrowsError(try LessonParser.parse(text, path: "L.md"), range) { error in
                XCTAssertEqual((error as? LessonError)?.line, 8, "\(error)")
                XCTAssertTrue("\(error)".contains("10^15"), "\(error)")
            }
        }
        let draft = try LessonParser.parse(
            "---\ntitle: D\nsummary: S.\nparameters:\n  n: 2\n---\nN is {{n}}.\n", path: "L.md")
        XCTAssertThrowsError(try draft.values(settings: [("n", "9223372036854775807")]))
        XCTAssertThrowsError(try draft.values(settings: [("n", "1e19")]))
        // The site's grid and formatting never trap, whatever they are given.
        var parameter = draft.parameters[0]
        parameter.kind = .number
        XCTAssertEqual(
            StaticSite.format(1e300, like: parameter),
            String(format: "%.6f", 1e300).replacingOccurrences(of: ".000000", with: "."))
    }
}
