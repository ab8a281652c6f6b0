import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `compare --strip`, `blur --strip` and `explorer strip`: panels, difference panels, alt text.
final class StripCommandTests: FolderTestCase {
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The alt text of the first figure in a Markdown report: `![ALT](PATH)`.
    func altText(_ markdown: String) throws -> String {
        let start = try XCTUnwrap(markdown.range(of: "!["), markdown)
        let end = try XCTUnwrap(markdown.range(of: "](", range: start.upperBound..<markdown.endIndex), markdown)
        return String(markdown[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\|", with: "|")
    }

    // MARK: - compare --strip

    func testCompareStripHasOriginalMethodsReferenceAndADifferencePerMethod() throws {
        let result = try explorer([
            "compare", "builtin:edges@64x64", "--sigma", "2", "--methods", "box,separable", "--no-time",
            "--strip", "strip.png", "--format", "markdown"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let alt = try altText(result.standardOutput)
        // 2 methods: original, box, separable | exact reference, |box − exact|, |separable − exact|. Three
        // columns of 64 px fit 1400 px seven times over: enlarged 7×.
        XCTAssertTrue(
            alt.hasPrefix(
                "Blur methods against the exact Gaussian · σ = 2 · builtin:edges@64x64. 6 panels in 2 rows of 3 (64×64 pixels, enlarged 7×)."
            ), alt)
        XCTAssertTrue(alt.contains("Panel 1: original, 64×64."), alt)
        XCTAssertTrue(alt.contains("Panel 4: exact Gaussian, Float64 reference."), alt)
        XCTAssertTrue(alt.contains("Panel 5: |box − exact|"), alt)
        XCTAssertTrue(alt.contains("Panel 6: |separable − exact|"), alt)
        // The table stays first, the figure after it.
        let table = try XCTUnwrap(
            result.standardOutput.range(of: "**Blur methods against the exact Gaussian, σ = 2, clamp edges**"))
        XCTAssertLessThan(table.lowerBound, try XCTUnwrap(result.standardOutput.range(of: "![")).lowerBound)
        let info = try PNGInfo.read(path("strip.png"))
        XCTAssertGreaterThanOrEqual(info.width, 3 * 7 * 64, "three columns of 448 px")
        XCTAssertEqual(info.recordedCommand?.hasPrefix("explorer compare builtin:edges@64x64"), true)
    }

    func testDifferenceChoosesPanelsAndAmplifyIsStated() throws {
        let one = try explorer([
            "compare", "builtin:edges@64x64", "--sigma", "2", "--methods", "box,separable", "--no-time",
            "--strip", "one.png", "--difference", "box", "--amplify", "4", "--format", "markdown"
        ])
        XCTAssertEqual(one.status, 0, one.standardError)
        let alt = try altText(one.standardOutput)
        XCTAssertTrue(alt.contains("5 panels in 2 rows of 3"), alt)
        XCTAssertTrue(
            alt.contains(
                "|difference| × 4 in the inferno colour map (darkest = no difference, full scale = 63.8 in 8-bit units)"
            ), alt)
        XCTAssertFalse(alt.contains("|separable − exact|"), alt)

        let none = try explorer([
            "compare", "builtin:edges@64x64", "--sigma", "2", "--methods", "box,separable", "--no-time",
            "--strip", "none.png", "--difference", "none", "--format", "markdown"
        ])
        XCTAssertTrue(try altText(none.standardOutput).contains("3 panels side by side"), none.standardOutput)
    }

    func testAutomaticAmplificationIsThePowerOfTwoThatKeepsTheLargestOnTheScale() {
        XCTAssertEqual(Strip.automaticAmplification(largest: 13.3), 16)  // 16 × 13.3 = 213 ≤ 255 < 32 × 13.3
        XCTAssertEqual(Strip.automaticAmplification(largest: 1), 128)  // 128 ≤ 255 < 256
        XCTAssertEqual(Strip.automaticAmplification(largest: 255), 1)
        XCTAssertEqual(Strip.automaticAmplification(largest: 200), 1)
        XCTAssertEqual(Strip.automaticAmplification(largest: 0), 1, "no difference: nothing to amplify")
        XCTAssertEqual(Strip.automaticAmplification(largest: 1e-6), 65536, "capped")
    }

    // MARK: - explorer strip

    func testNoPanelOfAnImageAgainstItselfAndEachPanelItsOwnFactor() throws {
        let image = "builtin:edges@32x32"
        let same = try explorer([
            "strip", image, image, "-o", "same.png", "--difference-to", image, "--format", "markdown"
        ])
        XCTAssertEqual(same.status, 0, same.standardError)
        XCTAssertFalse(
            try altText(same.standardOutput).contains("largest difference"), "no panel of an image against itself")
        // Two blurs against the original: each difference panel amplified for its own largest difference.
        for (radius, name) in [(1, "r1.png"), (4, "r4.png")] {
            let blurred = try explorer(["blur", image, "-o", name, "--method", "box", "--radius", "\(radius)"])
            XCTAssertEqual(blurred.status, 0, blurred.standardError)
        }
        let result = try explorer([
            "strip", path("r1.png"), path("r4.png"), image, "-o", "two.png", "--difference-to", image,
            "--format", "markdown"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput.components(separatedBy: " · ×").count - 1, 2, result.standardOutput)
    }

    func testStripCaptionsAndErrors() throws {
        let ok = try explorer([
            "strip", "builtin:edges@32x32", "builtin:checker@32x32", "-o", "two.png", "--captions", "edges|checker",
            "--title", "Two test images", "--inset", "8,8,8,8", "--format", "markdown"
        ])
        XCTAssertEqual(ok.status, 0, ok.standardError)
        let alt = try altText(ok.standardOutput)
        XCTAssertTrue(alt.hasPrefix("Two test images. 2 panels side by side"), alt)
        XCTAssertTrue(alt.contains("Panel 1: edges. Panel 2: checker."), alt)
        XCTAssertTrue(alt.contains("the region 8×8 at (8, 8) enlarged"), alt)

        for (arguments, message) in [
            (
                ["strip", "builtin:edges", "builtin:checker", "-o", "x.png", "--captions", "one"],
                "--captions has 1 caption for 2 images"
            ),
            (["strip", "builtin:edges", "-o", "x.png", "--amplify", "2"], "--amplify needs --difference-to REF"),
            (
                ["strip", "builtin:edges", "-o", "x.png", "--inset", "1,2,3"],
                "--inset 1,2,3: expected four numbers X,Y,W,H"
            ),
            (
                ["blur", "builtin:edges", "-o", "x.png", "--sigma", "1", "--region", "0,0,9223372036854775807,1"],
                "--region 0,0,9223372036854775807,1: W = 9223372036854775807 is out of range"
            ),
            (["strip", "builtin:edges", "-o", "x.png", "--inset=-1,0,4,4"], "--inset -1,0,4,4: X must be 0 or more"),
            (["compare", "builtin:edges", "--amplify", "2"], "--amplify needs --strip FILE.png"),
            (
                ["compare", "builtin:edges", "--methods", "box", "--strip", "s.png", "--difference", "separable"],
                "--difference names separable, which is not among --methods box"
            )
        ] {
            let result = try explorer(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let mismatch = try explorer([
            "strip", "builtin:edges@32x32", "-o", "x.png", "--difference-to", "builtin:edges@16x16"
        ])
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(
            mismatch.standardError.contains("builtin:edges@32x32 is 32×32 but builtin:edges@16x16 is 16×16"),
            mismatch.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }

    func testBlurStripShowsOriginalAndResult() throws {
        let result = try explorer([
            "blur", "builtin:edges@32x32", "-o", "b.png", "--method", "box", "--radius", "1",
            "--strip", "strip-b.png", "--format", "markdown"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let figures = result.standardOutput.components(separatedBy: "![").dropFirst()
        XCTAssertEqual(figures.count, 1, "the strip only: the blurred image is its second panel")
        let alt = try altText("![" + figures.last!)
        XCTAssertEqual(
            alt,
            "builtin:edges@32x32 blurred with box · R=1. 2 panels side by side (32×32 pixels, enlarged 16×). "
                + "Panel 1: original, 32×32. Panel 2: box, R=1.")
    }

    func testStripAltTextIsInTheLessonPage() throws {
        let lessons = folder.appendingPathComponent("Lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try """
        ---
        title: Strip
        summary: A compare strip in a lesson.
        ---
        ## Box against the Gaussian

        ```explorer
        compare builtin:edges@48x48 --sigma 2 --methods box --no-time --strip strip-box.png
        ```
        """.write(to: lessons.appendingPathComponent("01-strip.md"), atomically: true, encoding: .utf8)
        let result = try explorer(["lesson", "1", "--lessons", "Lessons", "--output", "Output"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let page = try String(contentsOfFile: path("Output/lesson-01/README.md"), encoding: .utf8)
        XCTAssertTrue(
            page.contains(
                "![Blur methods against the exact Gaussian · σ = 2 · builtin:edges@48x48. 4 panels in 2 rows of 2"),
            page)
        XCTAssertTrue(page.contains("](strip-box.png)"), page)
        let html = try String(contentsOfFile: path("Output/lesson-01/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("4 panels in 2 rows of 2 (48×48 pixels"), "alt text in the HTML page too")
        XCTAssertEqual(try PNGInfo.read(path("Output/lesson-01/strip-box.png")).colourType, .rgb, "opaque: RGB")
    }

    // MARK: - Captions

    func testLongCaptionLinesBreakAtCommasToFitThePanel() {
        let line = "K=4, inner separable R=3, 7 taps"
        let lines = StripSupport.wrap(line, width: 320)
        XCTAssertEqual(lines, ["K=4,", "inner separable R=3,", "7 taps"])
        for text in lines { XCTAssertLessThanOrEqual(BitmapFont.caption.measure(text).width, 320, text) }
        XCTAssertEqual(StripSupport.wrap("max err 16.2 · 147.5 ns/px", width: 320), ["max err 16.2", "147.5 ns/px"])
        XCTAssertEqual(StripSupport.wrap("box", width: 320), ["box"])
    }
}
