import TestSupport
import XCTest

/// Lessons 15–18 (issue 37) at both ends of their ranges: each sentence that reads a result
/// states what the table beside it shows, and its branch follows the numbers.
final class UsesLessonsTests: FolderTestCase {
    /// The cells of the first Markdown table row whose first cell is `first`.
    func row(_ first: String, in page: String) throws -> [String] {
        let line = try XCTUnwrap(page.split(separator: "\n").first { $0.hasPrefix("| \(first) |") }, "no row \(first)")
        return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The text with every run of white space as one space.
    func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testLessonFifteenCountsTheClippingItsTableShows() throws {
        let amounts = ["0.5", "3"]
        let pages = try lessonPages(amounts.map { ("15", ["amount=\($0)", "sigma=\($0 == "3" ? 6 : 1)"]) })
        for (amount, text) in zip(amounts, pages) {
            let clipped = try row("sharpened.png", in: text)[4]
            XCTAssertTrue(flat(text).contains("\(clipped) pixels ("), "amount \(amount): the prose counts \(clipped)")
        }
    }

    func testLessonSixteenReadsItsConversionTable() throws {
        let pages = try lessonPages([
            ("16", ["shadow=16"]), ("16", ["shadow=40", "kernel_half=15"]), ("16", ["shadow=2", "kernel_half=0"])
        ])
        let middle = flat(pages[0])
        XCTAssertTrue(middle.contains("B = 16 is σ = 8."), middle)
        XCTAssertTrue(middle.contains("`BoxShadow(blurRadius: 12.99)`"), "(8 − 0.5)/0.57735 = 12.990…")
        XCTAssertTrue(middle.contains("RenderScript would take radius 18.5"), "(8 − 0.6)/0.4")
        let wide = pages[1]
        XCTAssertEqual(try row("renderscript", in: wide)[1], "—")
        XCTAssertTrue(flat(wide).contains("RenderScript cannot make it at all"))
        XCTAssertTrue(flat(wide).contains("a Gaussian cut at (k − 1)/2 = 15 pixels"))
        let small = pages[2]
        XCTAssertTrue(flat(small).contains("at σ = 1 the kernel is a true Gaussian"))
        XCTAssertTrue(flat(small).contains("for sizes up to 7 OpenCV does not use the rule"))
    }

    func testLessonSeventeenComparesTheMeansItsTablesShow() throws {
        let thresholds = ["0.3", "0.95"]
        for (threshold, text) in zip(thresholds, try lessonPages(thresholds.map { ("17", ["threshold=\($0)"]) })) {
            let linear = try XCTUnwrap(Double(try row("bloom-linear.png", in: text)[3]))
            let stored = try XCTUnwrap(Double(try row("bloom-stored.png", in: text)[3]))
            let says = flat(text).contains("In linear light the bloom made the picture lighter on average")
            XCTAssertEqual(says, linear > stored, "threshold \(threshold): linear \(linear), stored \(stored)")
        }
    }

    func testLessonEighteenNamesTheSigmaWithTheBestPSNR() throws {
        let noises = ["0.1", "0.6"]
        for (noise, text) in zip(noises, try lessonPages(noises.map { ("18", ["noise=\($0)"]) })) {
            var best = ("noisy", try XCTUnwrap(Double(try row("noisy", in: text)[1])))
            for sigma in ["0.4", "0.8", "1.6"] {
                let psnr = try XCTUnwrap(Double(try row("blurred, σ = \(sigma)", in: text)[1]))
                if psnr > best.1 { best = (sigma, psnr) }
            }
            let prose = flat(text)
            switch best.0 {
            case "noisy": XCTAssertTrue(prose.contains("No blur here beats the noisy picture"), "noise \(noise)")
            case "0.4": XCTAssertTrue(prose.contains("The smallest blur, σ = 0.4, comes closest"), "noise \(noise)")
            case "0.8": XCTAssertTrue(prose.contains("σ = 0.8 comes closest"), "noise \(noise)")
            default: XCTAssertTrue(prose.contains("The largest blur, σ = 1.6, comes closest"), "noise \(noise)")
            }
        }
    }
}
