import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Issue 25's "done when": off the default path the prose agrees with the tables printed beside
/// it, and on a photograph that is not the shipped one the close-ups show something.
final class ProseAgreesWithTablesTests: FolderTestCase {
    /// The page's Markdown for `lesson` with `settings`.
    func page(_ lesson: String, _ settings: [String]) throws -> String {
        try lessonPage(lesson, settings)
    }

    /// The cells of the Markdown table row whose first cell is `first`, in the `index`-th table
    /// that has such a row.
    func row(_ first: String, in page: String, index: Int = 0) throws -> [String] {
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| \(first) |") }
        guard rows.count > index else {
            XCTFail("no row \(first) #\(index)")
            return []
        }
        return rows[index].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testLessonThreeAtTheSmallestSigmaSaysTheBoxIsOnePixel() throws {
        let text = try page("3", ["sigma=0.5"])
        let box = try row("box", in: text)
        XCTAssertEqual(box[1], "R=0")
        XCTAssertTrue(
            text.contains(
                "the \"box\" is a single pixel and leaves the\npicture as it is. Its error, \(box[3]) levels"), text)
        XCTAssertTrue(text.contains("With a one-pixel box there is nothing to see"))
        XCTAssertFalse(text.contains("misses by up to"))
        XCTAssertFalse(text.contains("The brightest error lies"))
        XCTAssertTrue(
            text.contains("weights sampled at pixel centres spread less"),
            "the gap below σ is point sampling, not the cut")
    }

    func testLessonSixAtSigmaOneSaysTheBorderErrorIsTheSmaller() throws {
        let text = try page("6", ["sigma=1"])
        let boxes = try row("iterated-box", in: text)
        let interior = try XCTUnwrap(Double(boxes[3])), border = try XCTUnwrap(Double(boxes[6]))
        XCTAssertGreaterThan(interior, border)
        XCTAssertTrue(text.contains("miss the exact Gaussian by up to\n\(boxes[3]) levels"), text)
        XCTAssertTrue(text.contains("At the border they miss by no more, \(boxes[6])"), text)
        XCTAssertFalse(text.contains("At the border they miss by more"))
    }

    func testLessonElevenOnAnOpaquePhotographSaysTheTableIsAllZeros() throws {
        let photographs = try TestPhotographs.write(into: folder)
        let text = try page("11", ["image=\(photographs.opaque)"])
        let fringe = try row("86400", in: text)
        XCTAssertEqual(Array(fringe[1...3]), ["0.0", "0.0", "0"])
        XCTAssertTrue(text.contains("the table is all zeros"), text)
        XCTAssertFalse(text.contains("Look in the straight panel for a fringe"))
    }

    /// The sentences issue 25 found false on the default path are gone from every lesson.
    func testTheFalseSentencesAreGone() throws {
        let gone = [
            "in two steps of 1/3", "about\n> 3 pixels in period and finer", "agree to eight decimal places",
            "lights up over the outer rings", "bleeds into the bottom-right", "They look nearly alike",
            "a little slower", "Ten ways to blur", "Eleven ways to blur", "The gain only falls",
            "both are down at the 8-bit", "and dashed\nlines", "is usually such a place", "should agree",
            "page faults", "keeps each colour's luma and turns"
        ]
        for lesson in try LessonSweepTests.shippedLessons() {
            let text = try String(contentsOfFile: lesson.path, encoding: .utf8)
            for sentence in gone {
                XCTAssertFalse(text.contains(sentence), "\(lesson.fileName) still says “\(sentence)”")
            }
        }
    }

    /// Lesson 13 compares linear-taps with separable by their bench rows: slower, faster, or alike
    /// within the spread of the runs, whichever the medians and min–max ranges say.
    func testLessonThirteenComparesTheTapsWithTheirSpread() throws {
        let text = try page("13", [])
        func times(_ method: String) throws -> (median: Double, min: Double, max: Double) {
            // The bench table's row: method | σ | parameters | median | min | max | … (13 columns).
            let line = try XCTUnwrap(text.split(separator: "\n").last { $0.hasPrefix("| \(method) | 2 |") })
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (try XCTUnwrap(Double(cells[3])), try XCTUnwrap(Double(cells[4])), try XCTUnwrap(Double(cells[5])))
        }
        let taps = try times("linear-taps"), separable = try times("separable")
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        if taps.min > separable.max {
            XCTAssertTrue(flat.contains("Linear-taps is slower here"), flat)
        } else if taps.max < separable.min {
            XCTAssertTrue(flat.contains("Linear-taps is faster here"), flat)
        } else {
            XCTAssertTrue(flat.contains("alike within the spread of the runs"), flat)
        }
        XCTAssertFalse(flat.contains("no faster for half the fetches"))
        XCTAssertTrue(flat.contains("That is all \(MethodCatalog.all.count) methods of the catalog"), flat)
    }

    /// The region a strip's alt text says it enlarges.
    func closeUp(in page: String, figure: String) throws -> PixelRect {
        let line = try XCTUnwrap(
            page.split(separator: "\n").first {
                $0.contains("(\(figure))") || $0.contains(figure + ")") && $0.hasPrefix("![")
            })
        let pattern = /the region (\d+)×(\d+) at \((\d+), (\d+)\)/
        let match = try XCTUnwrap(String(line).firstMatch(of: pattern), String(line))
        return PixelRect(x: Int(match.3)!, y: Int(match.4)!, width: Int(match.1)!, height: Int(match.2)!)
    }

    /// The standard deviation of luma over `rect` of `image`.
    func spread(_ image: RGBAImage, _ rect: PixelRect) -> Double {
        var values: [Double] = []
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let p = image[x, y]
                values.append(Double(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z))
            }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
    }

    func testOnAnotherPhotographTheCloseUpsShowSomething() throws {
        let photographs = try TestPhotographs.write(into: folder)
        let image = try TestPhotographs.opaque()
        let whole = spread(image, PixelRect(width: image.width, height: image.height))
        let figures = [
            ("1", "strip-photo-box-r3-r10.png"), ("3", "strip-box-vs-gaussian-image.png"),
            ("6", "strip-fxblur-iterations.png")
        ]
        let pages = try lessonPages(figures.map { ($0.0, ["image=\(photographs.opaque)"]) })
        for ((lesson, figure), text) in zip(figures, pages) {
            let rect = try closeUp(in: text, figure: figure)
            XCTAssertGreaterThan(
                spread(image, rect), whole, "lesson \(lesson): \(rect) is flatter than the picture as a whole")
        }
    }
}
