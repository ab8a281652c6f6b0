import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Corner close-ups, inset zoom and outlines on strips: region figures show the margin that was
/// read, extent figures the original frame.
final class StripCloseUpTests: FolderTestCase {
    func closeUps(_ arguments: [String]) throws -> CloseUpOptions {
        try CloseUpOptions.parse(arguments)
    }

    func testCornerInsetIsTheCornerOfTheSmallestPanelWithTheZoomAsked() throws {
        var strip = Strip()
        strip.add(RGBAImage(width: 200, height: 150), caption: "a")
        strip.add(RGBAImage(width: 200, height: 150), caption: "b")
        try closeUps(["--corner-inset", "bottom-right", "--corner-size", "20", "--inset-zoom", "12"]).apply(to: &strip)
        XCTAssertEqual(strip.inset, Strip.Inset(x: 180, y: 130, width: 20, height: 20, zoom: 12))
        // The 240 px close-up is wider than its 200 px panel: the column widens to hold it.
        let rendered = try strip.render()
        XCTAssertGreaterThanOrEqual(rendered.width, 2 * 240)
        var top = Strip()
        top.add(RGBAImage(width: 10, height: 8), caption: "small")
        try closeUps(["--corner-inset", "top-right"]).apply(to: &top)
        XCTAssertEqual(top.inset, Strip.Inset(x: 0, y: 0, width: 10, height: 8))
    }

    func testCloseUpOptionsRefuseWhatCannotBeDrawn() throws {
        var strip = Strip(inset: Strip.Inset(x: 0, y: 0, width: 4, height: 4))
        strip.add(RGBAImage(width: 16, height: 16), caption: "a")
        XCTAssertThrowsError(try closeUps(["--corner-inset", "top-left"]).apply(to: &strip))
        var plain = Strip()
        plain.add(RGBAImage(width: 16, height: 16), caption: "a")
        XCTAssertThrowsError(try closeUps(["--inset-zoom", "4"]).apply(to: &plain))
        XCTAssertThrowsError(try closeUps(["--outline", "1,2,3"]))
        XCTAssertThrowsError(try closeUps(["--inset-zoom", "0"]))
        let result = try explorer([
            "blur", "builtin:checker@32x32", "-o", "b.png", "--radius", "1", "--corner-inset", "top-left"
        ])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("need --strip"), result.standardError)
    }

    func testOutlineOptionTakesARectangleAndALabel() throws {
        let outline = try CloseUpOptions.parseOutline("10,10,45,35=original frame")
        XCTAssertEqual(outline, Strip.Outline(x: 10, y: 10, width: 45, height: 35, label: "original frame"))
        XCTAssertNil(try CloseUpOptions.parseOutline("1,2,3,4").label)
    }

    func testRegionStripDrawsTheMarginReadAndGrownStripTheOriginalFrame() throws {
        let region = try explorer([
            "blur", "builtin:checker@96x64", "-o", "r.png", "--method", "box", "--radius", "3",
            "--region", "30,20,24,16", "--strip", "rs.png", "--format", "markdown"
        ])
        XCTAssertEqual(region.status, 0, region.standardError)
        XCTAssertTrue(
            region.standardOutput.contains(
                "'read: margin 3 px', 30×22 at (27, 17), drawn as a dashed blue outline on panels 1, 2"),
            region.standardOutput)
        XCTAssertTrue(
            region.standardOutput.contains("'blurred', 24×16 at (30, 20), drawn as an orange outline on panels 1, 2"))
        let grown = try explorer([
            "blur", "builtin:checker@40x30", "-o", "g.png", "--method", "box", "--radius", "2", "--grow",
            "--strip", "gs.png", "--format", "markdown"
        ])
        XCTAssertEqual(grown.status, 0, grown.standardError)
        XCTAssertTrue(
            grown.standardOutput.contains(
                "'original frame', 40×30 at (2, 2), drawn as a dashed blue outline on panel 2."),
            grown.standardOutput)
    }

    /// Issue 39: playing σ shows the same region changing. Lesson 3's strip at σ = 1 and at σ = 6
    /// (two of its baked states) puts the close-up on the same rectangle (read from the figure's
    /// alt text, which names the region).
    func testLesson3sCloseUpStaysPutAcrossSigma() throws {
        func closeUp(_ sigma: String) throws -> String {
            let page = try lessonPage("3", ["sigma=" + sigma])
            let line = try XCTUnwrap(
                page.split(separator: "\n").first {
                    $0.contains("strip-box-vs-gaussian-image.png") && $0.hasPrefix("![")
                },
                "no strip at σ = \(sigma)")
            let region = try XCTUnwrap(line.firstMatch(of: /the region (\d+×\d+ at \(\d+, \d+\))/), String(line))
            return String(region.1)
        }
        let low = try closeUp("1"), high = try closeUp("6")
        XCTAssertEqual(low, high, "the close-up moved between σ = 1 and σ = 6")
    }
}
