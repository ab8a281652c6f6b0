import Foundation
import TestSupport
import XCTest

/// Two controls that one cell reads (lesson 9's motion strip reads σ and the shift): `explorer
/// export` bakes their combinations when the budget allows, prints so, and the page moves both
/// and finds the combined state, from a plain static file server.
final class PairedStatesBrowserTests: XCTestCase {
    func testTwoControlsOneCellReadsMoveTogetherOnAStaticHost() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("pairs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let export = try BinaryRunner.run(["export", "--output", site.path, "--quick", "--steps", "3", "9"])
        XCTAssertEqual(export.status, 0, export.standardError)
        XCTAssertTrue(
            export.standardOutput.contains("lesson-09: shift × sigma, 2 states, about"),
            "no plan for the pair: \(export.standardOutput)")
        XCTAssertTrue(export.standardOutput.contains(": baked"), export.standardOutput)
        let session = try BrowserSession.start(command: [
            "/usr/bin/python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "-d", site.path
        ])
        defer { session.stop() }
        try session.open("lesson-09/index.html")
        var text = try session.mainText()
        XCTAssertTrue(text.contains("(σ = 8) up to 12 pixels"), text)
        try session.drag("sigma", through: ["3"])
        XCTAssertEqual(
            try session.waitForRun(), "baked states, one control at a time; shift and sigma together")
        try session.drag("shift", through: ["32"])
        XCTAssertEqual(
            try session.waitForRun(), "baked states, one control at a time; shift and sigma together")
        // Both controls kept their values, the URL holds both, and the page is the combined state's.
        XCTAssertEqual(
            try session.script(
                "return document.querySelector('input[data-parameter=sigma]').value + ' ' + document.querySelector('input[data-parameter=shift]').value + ' ' + location.search"
            ), "3 32 ?shift=32&sigma=3")
        text = try session.mainText()
        XCTAssertTrue(text.contains("(σ = 3) up to 32 pixels"), text)
        let last = try session.script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; }).filter(function (n) { return n.indexOf('state.html') >= 0; }).pop()"
        )
        XCTAssertTrue(last.contains("/states/shift_sigma-32_3-"), last)
        XCTAssertEqual(try session.failedRequests(), "")
        // A reload of that URL opens the combined state too.
        try session.open("lesson-09/index.html?sigma=3&shift=32")
        _ = try session.waitForRun()
        text = try session.mainText()
        XCTAssertTrue(text.contains("(σ = 3) up to 32 pixels"), text)
    }
}
