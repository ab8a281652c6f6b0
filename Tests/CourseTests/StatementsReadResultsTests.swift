import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Issue 36's statements, each checked by reading the result it describes: off the default path
/// (other pictures, range ends) the sentence that stands is the one the numbers on the page support.
final class StatementsReadResultsTests: FolderTestCase {
    /// The page's Markdown for `lesson` with `settings`, lines joined by spaces.
    func page(_ lesson: String, _ settings: [String]) throws -> String {
        let arguments =
            [
                "lesson", lesson, "--format", "markdown", "--output",
                folder.appendingPathComponent("out-\(UUID().uuidString)").path
            ]
            + settings.flatMap { ["--set", $0] }
        let result = try BinaryRunner.run(arguments, in: BinaryRunner.packageRoot, environment: ["EXPLORER_QUICK": "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.standardOutput.replacingOccurrences(of: "\n", with: " ")
    }

    /// `page` for each of `runs`, two at a time (`lessonPages`), in the order asked.
    func pages(_ runs: [(lesson: String, settings: [String])]) throws -> [String] {
        try lessonPages(runs).map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    /// The numbers a pattern's groups capture in `text`.
    func numbers(_ pattern: String, in text: String) throws -> [Double] {
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try XCTUnwrap(
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "no match for \(pattern)")
        return try (1..<match.numberOfRanges).map {
            try XCTUnwrap(Double(String(text[Range(match.range(at: $0), in: text)!])))
        }
    }

    /// A flat mid-grey PNG: nothing to blur, nothing to differ.
    func flatGrey(width: Int = 200, height: Int = 150) throws -> String {
        let url = folder.appendingPathComponent("flat-\(width)x\(height).png")
        try TestPNG.data(width: width, height: height, colourType: .grey) { _, _ in [128] }.write(to: url)
        return url.path
    }

    // MARK: - Pages a class reads

    /// A long table note is printed once a page; later tables link the glossary instead.
    func testAPageSaysEachLongNoteOnce() throws {
        let arguments = [
            "lesson", "13", "--format", "markdown", "--output", folder.appendingPathComponent("notes").path
        ]
        let result = try BinaryRunner.run(arguments, in: BinaryRunner.packageRoot, environment: ["EXPLORER_QUICK": "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let notes = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("*") && $0.count > 200 }
        let repeated = Dictionary(grouping: notes, by: { $0 }).filter { $0.value.count > 1 }.keys
        XCTAssertEqual(Array(repeated), [], "notes printed more than once on lesson 13's page")
        XCTAssertGreaterThan(
            result.standardOutput.components(separatedBy: "Columns explained:").count, 5,
            "later tables still link the glossary")
    }

    /// A Chinese source title takes two columns a character, and wraps within 80 of them.
    func testWideCharactersWrapByTheirColumns() {
        XCTAssertEqual(DisplayWidth.of("高斯模糊"), 8)
        let title =
            "• pro648, \"高斯模糊原理、以及如何使用UIVisualEffectView实现模糊效果\" (\"How Gaussian blur works\") "
            + "<https://github.com/pro648/tips/blob/master/sources/高斯模糊原理、以及如何使用UIVisualEffectView实现模糊效果.md>"
        for line in TextRenderer.wrap(title, width: 80).split(separator: "\n") {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 80, String(line))
        }
    }

    // MARK: - Predictions

    /// `answer=` needs the question and the cell's id, and names one of this cell's results.
    func testAnAnswerNamesAResultOfItsOwnCell() throws {
        let body = [("compare photo --methods box --sigma 3", 2)]
        let cell = try LessonParser.cell(
            info: #"explorer id="e" predict="How far?" answer="e.box.interiorMax""#, fenceLine: 1, body: body,
            path: "x.md")
        XCTAssertEqual(cell.answer, "e.box.interiorMax")
        for info in [
            #"explorer predict="How far?" answer="e.box.interiorMax""#, #"explorer id="e" answer="e.box.interiorMax""#,
            #"explorer id="e" predict="How far?" answer="other.box.interiorMax""#
        ] {
            XCTAssertThrowsError(try LessonParser.cell(info: info, fenceLine: 1, body: body, path: "x.md"), info)
        }
        XCTAssertEqual(LessonTerminal.typedNumber(" ≈ 1,5 "), 1.5)
        XCTAssertNil(LessonTerminal.typedNumber(""))
        let check = LessonTerminal.predictionCheck(
            guess: 20, result: 28.3, name: "e.box.interiorMax", style: TerminalStyle.plain)
        XCTAssertTrue(check.contains("8.3 below, 29 % off."), check)
    }

    // MARK: - One description of the reference

    /// The glossary, `boxes` and `compare` describe the ideal impulse weights with the constant the
    /// measurement documents, which is the point-sampled Gaussian: an exact kernel scores only its cut.
    func testImpulseReferenceIsDescribedFromOnePlace() throws {
        let entry = try XCTUnwrap(Glossary.entries.first { $0.anchor == "impulse-linf" })
        XCTAssertTrue(entry.definition.contains(KernelAnalysis.idealWeightsDescription), entry.definition)
        XCTAssertFalse(entry.definition.contains("erf"), "the glossary still describes pixel-integrated weights")
        let boxes = try BinaryRunner.run(["boxes", "--sigma", "3", "--format", "markdown"], in: folder)
        XCTAssertTrue(
            boxes.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(
                KernelAnalysis.idealWeightsDescription), boxes.standardOutput)
        XCTAssertFalse(boxes.standardOutput.contains("mass over each pixel"))
        let wide = try GaussianKernel1D(sigma: 3, radius: 60, sampling: .point)
        XCTAssertLessThan(
            try KernelAnalysis.maxDeviationFromGaussian(wide.weights, sigma: 3), 1e-12, "point-sampled is the ideal")
    }

    // MARK: - Lesson 4

    /// The spectra are of the unrounded blurs: near π the box leaves far more than the Gaussian
    /// (rounded to 8 bits both sat on the same floor); the kernel's climb back is read from the plot.
    func testLessonFourMeasuresTheBlurNotItsRounding() throws {
        let both = try pages([("4", []), ("4", ["sigma=1"])])
        let text = both[0]
        let box = try numbers(#"\| box \| [\d.e-]+ \| [\d.e-]+ \| ([\d.e-]+) \|"#, in: text)[0]
        let gaussian = try numbers(#"\| Gaussian \| [\d.e-]+ \| [\d.e-]+ \| ([\d.e-]+) \|"#, in: text)[0]
        XCTAssertGreaterThan(box, 10 * gaussian, "near π the box's lobes pass 100× the Gaussian's gain")
        XCTAssertTrue(text.contains("Near π: "), text)
        XCTAssertTrue(
            text.contains("Below: a colour bar, magnitude (pixels 0 to 1), decades above 10⁻⁶"),
            "the spectra's colour scale has a bar")
        let weights = try GaussianKernel1D(sigma: 3).weights
        let rise = PlotFrequencyResponseCommand.rise(
            KernelSpectrum.magnitude(weights, frequencies: 257).map(\.magnitude))
        XCTAssertGreaterThan(rise, 1e-6, "the kernel cut at 3σ climbs back near π")
        XCTAssertTrue(text.contains("climbs back by") && text.contains("the cut shows"), text)
        XCTAssertFalse(both[1].contains("the cut shows"), "at σ = 1 the plotted kernel only falls")
    }

    // MARK: - Lessons 1, 5, 7 and 9

    /// A 21-pixel box lets a ripple of 14 pixels through at more than a fifth, inverted: lesson 1
    /// no longer says such detail is averaged away.
    func testAWideBoxInvertsFinerRipples() throws {
        XCTAssertGreaterThan(KernelSpectrum.box(width: 21, omega: 2 * .pi / 14), 0.2)
        let w = 21.0, omega = 2 * Double.pi / 14
        XCTAssertLessThan(sin(w * omega / 2) / (w * sin(omega / 2)), 0, "light and dark swapped")
        let text = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Lessons/01-averaging.md"), encoding: .utf8)
        XCTAssertFalse(text.contains("averaged away"))
    }

    /// At σ = 1 the box is three pixels wide: no "square under the box".
    func testLessonFiveCallsNoThreePixelBlockASquare() throws {
        let both = try pages([("5", ["sigma=1"]), ("5", [])])
        let small = both[0]
        XCTAssertFalse(small.contains("square under the box"), small)
        XCTAssertTrue(small.contains("the box is only 3 pixels wide"), small)
        XCTAssertTrue(both[1].contains("square under the box"))
    }

    /// A picture whose edge is transparent gets no fading frame; an opaque one does.
    func testLessonSevenSpeaksOfAFrameOnlyOnAnOpaqueEdge() throws {
        let both = try pages([("7", ["image=builtin:cutout"]), ("7", [])])
        let cutout = both[0]
        XCTAssertFalse(cutout.contains("a frame about"), cutout)
        XCTAssertTrue(cutout.contains("own edge is mostly transparent"), cutout)
        XCTAssertTrue(both[1].contains("a frame about"))
    }

    /// With wrap edges the bottom-right corner takes in the left edge's bottom and the top edge's
    /// right end more than the diagonal corner.
    func testWrapBringsInBothOppositeSides() throws {
        var image = RGBAImage(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                image[x, y] =
                    x < 20 && y >= 20
                    ? SIMD4(1, 0, 0, 1)
                    : x >= 20 && y < 20
                        ? SIMD4(0, 1, 0, 1)
                        : x < 20 ? SIMD4(0, 0, 1, 1) : SIMD4(0, 0, 0, 1)
            }
        }
        let kernel = try GaussianKernel1D(sigma: 3).weights.map(Float.init)
        let corner = image.blurred(by: Separable(weights: kernel), edges: .wrap)[39, 39]
        XCTAssertGreaterThan(corner.x, 0.1, "bottom of the left edge (red)")
        XCTAssertGreaterThan(corner.y, 0.1, "right end of the top edge (green)")
        XCTAssertGreaterThan(min(corner.x, corner.y), corner.z, "the top-left corner (blue) brings in less")
    }

    /// On a flat picture no frame differs, and the lesson says so instead of "every frame differs".
    func testLessonNineCountsTheFramesThatDiffer() throws {
        let both = try pages([("9", ["image=\(try flatGrey())"]), ("9", [])])
        let flat = both[0]
        XCTAssertFalse(flat.contains("every one of the"), flat)
        XCTAssertTrue(flat.contains("no frame differs near the panel's border"), flat)
        XCTAssertFalse(
            flat.contains("Live cost per update interval, and parallax"), "the caption promised a cost the figure lacks"
        )
        XCTAssertTrue(both[1].contains("every one of the 8 frames differs"))
    }

    // MARK: - Lessons 8, 10, 11, 12 and 14: the branch the numbers choose

    func testLessonEightComparesTheChangesByTheirSize() throws {
        let images = ["photo", try flatGrey()]
        for (image, text) in zip(images, try pages(images.map { ("8", ["image=\($0)"]) })) {
            let d = try numbers(
                #"at most (\d+(?:\.\d+)?) levels from the light glass, the unsaturated one (\d+(?:\.\d+)?) and the thin tint (\d+(?:\.\d+)?)"#,
                in: text)
            let others = max(d[1], d[2])
            let expected =
                others > 4 * d[0]
                ? "Saturation and tint change the look far more"
                : d[0] > 4 * others ? "shrinking changes the look far more" : "within a factor of four"
            XCTAssertTrue(text.contains(expected), "lesson 8 on \(image): \(d)")
        }
    }

    func testLessonTenHeadsItsTintWithoutAVerdict() throws {
        let text = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Lessons/10-reduce-transparency.md"),
            encoding: .utf8)
        XCTAssertFalse(text.contains("## A tint that fails"))
    }

    /// A label under 9 pixels gets its size beside the verdict; 30 pt at a scale below 1 is not large text.
    func testATinyLabelIsNotJudgedOnItsRatioAlone() throws {
        XCTAssertFalse(ContrastCheck.isLargeText(pixels: 6.75, bold: false, scale: 0.225))
        let both = try pages([("10", ["image=builtin:noise@160x120"]), ("10", [])])
        XCTAssertTrue(both[0].contains("yes, but 6.75 px is too small to read"), both[0])
        XCTAssertFalse(both[1].contains("too small to read"))
    }

    func testLessonElevenLooksForAFringeOnlyWhereOneShows() throws {
        let photographs = try TestPhotographs.write(into: folder)
        let images = ["builtin:cutout", photographs.cutout, photographs.opaque]
        for (image, text) in zip(images, try pages(images.map { ("11", ["image=\($0)"]) })) {
            let seen = try numbers(#"\| \d+ \| [\d.]+ \| (\d+(?:\.\d+)?) \| \d+ \|"#, in: text)[0]
            XCTAssertEqual(
                text.contains("Look in the straight panel for a fringe"), seen >= 3,
                "lesson 11 on \(image): seen \(seen)")
        }
    }

    /// Lesson 11's strip compares only like with like: the straight blur with the premultiplied
    /// one, never the unblurred input with a blur; and it lies landscape, for a projector.
    func testLessonElevenDiffersOnlyTheTwoBlurs() throws {
        let text = try page("11", [])
        let alt = try XCTUnwrap(text.components(separatedBy: "![").first { $0.contains("(strip-fringe.png)") })
        XCTAssertEqual(alt.components(separatedBy: "difference map").count - 1, 1, alt)
        XCTAssertTrue(alt.contains("Panel 4: straight alpha, − premultiplied"), alt)
        let rejected = try BinaryRunner.run(
            ["strip", "photo", "photo", "-o", "x.png", "--differences", "3", "--difference-to", "photo"], in: folder)
        XCTAssertEqual(rejected.status, 64, rejected.standardError)
        XCTAssertTrue(
            rejected.standardError.contains("--differences: '3' is not an image's place, 1…2"), rejected.standardError)
    }

    func testLessonTwelveCallsOnlyASmallChangeNearlyTheSame() throws {
        let images = ["photo", "builtin:lights", try flatGrey()]
        for (image, text) in zip(images, try pages(images.map { ("12", ["image=\($0)"]) })) {
            let change = try numbers(#" changes by (-?[\d.]+) % on stored values"#, in: text)[0]
            XCTAssertEqual(
                text.contains("nearly the same encoded or not"), abs(change) < 3, "lesson 12 on \(image): \(change) %")
        }
    }

    func testLessonFourteenBlamesVibrancyOnlyWhenThePlainLabelPasses() throws {
        let images = ["photo", "builtin:noise@480x320", "builtin:checker@480x320"]
        for (image, text) in zip(images, try pages(images.map { ("14", ["image=\($0)"]) })) {
            let c = try numbers(
                #"the plain label reaches (\d+(?:\.\d+)?):1 at its worst glyph pixel, the vibrant one (\d+(?:\.\d+)?):1"#,
                in: text)
            XCTAssertEqual(
                text.contains("at the price of contrast"), c[1] < 4.5 && c[0] >= 4.5, "lesson 14 on \(image): \(c)")
        }
    }
}
