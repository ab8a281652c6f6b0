import BlurKit
import Foundation
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// `explorer radius`: the table, its JSON and the values it refuses.
final class RadiusCommandTests: XCTestCase {
    let context = RunContext(commandLine: "explorer test", outputFolder: nil, quickTiming: true)

    func report(_ arguments: [String]) throws -> Report {
        let command = try Explorer.parseAsRoot(["radius"] + arguments)
        return try XCTUnwrap(command as? RadiusCommand).makeReport(context)
    }

    func testJSONCarriesSigmaAndOneEntryPerAPI() throws {
        let json = DataRenderer.json(try report(["16", "--from", "css-box-shadow"]))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["sigma"] as? Double, 8)
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, BlurSizeConventions.all.count)
        let values = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as! String, $0["value"]) })
        XCTAssertEqual(values["css-filter"] as? Double, 8)
        XCTAssertEqual(values["figma"] as? Double, 16)
        XCTAssertEqual(try XCTUnwrap(values["flutter-box-shadow"] as? Double), 7.5 / 0.57735, accuracy: 1e-9)
        XCTAssertEqual(values["opencv-ksize"] as? Double, 51, "(8 − 0.8)/0.3 = 24 = (k − 1)/2 − 1")
        XCTAssertTrue(rows.allSatisfy { ($0["source"] as? String)?.isEmpty == false }, "every row names its source")
    }

    func testAnAPIThatCannotMakeTheSigmaShowsADash() throws {
        let table = try XCTUnwrap(try report(["40", "--from", "css-filter"]).tables.first)
        let renderscript = try XCTUnwrap(table.rows.first { $0[0].display == "renderscript" })
        XCTAssertEqual(renderscript[1].display, "—", "σ = 40 needs r = 98.5, above 25")
    }

    func testValuesOutsideAnAPIsLimitsAreRefusedInOneLine() throws {
        let cases: [([String], String)] = [
            (["26", "--from", "renderscript"], "at most 25; 26 is outside"),
            (["4", "--from", "opencv-ksize"], "odd whole kernel size of at least 1; 4 is not one"),
            (["-3", "--from", "css-filter"], "no negative number; -3 is below 0"),
            (["3", "--from", "css"], "--from css is not an API here"),
            (["three", "--from", "css-filter"], "VALUE is one number")
        ]
        for (arguments, words) in cases {
            XCTAssertThrowsError(
                try Explorer.parseAsRoot(["radius"] + NegativeNumbers.attached(arguments)), "\(arguments)"
            ) { error in
                let message = Explorer.message(for: error)
                XCTAssertTrue(message.contains(words), "\(arguments): \(message)")
                XCTAssertEqual(Explorer.exitCode(for: error), .validationFailure)
            }
        }
    }
}
