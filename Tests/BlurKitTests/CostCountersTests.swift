@testable import BlurCore
import XCTest

/// Each method's cost counters, from its own plan, against counts made by hand.
final class CostCountersTests: XCTestCase {
    func counters(_ name: String, sigma: Double, width: Int = 64, height: Int = 64,
                  edges: EdgeMode = .clamp) throws -> CostCounters {
        let entry = try XCTUnwrap(MethodCatalog.entry(named: name))
        return try entry.method(MethodSettings(sigma: sigma)).counters(width: width, height: height, edges: edges)
    }

    func testBoxReadsItsWholeWindowInOnePass() {
        XCTAssertEqual(BoxAverage(radius: 4).counters(width: 10, height: 10, edges: .clamp),
                       CostCounters(reads: 81, passes: 1))                       // (2·4 + 1)²
    }

    func testGaussian2DReadsEveryTap() throws {
        // σ = 1: R = ⌊3σ + ½⌋ = 3, 7×7 taps.
        XCTAssertEqual(try counters("gaussian2d", sigma: 1), CostCounters(reads: 49, passes: 1))
    }

    func testSeparableReadsTwoLinesOfTapsInTwoPasses() throws {
        // σ = 2: R = 6, 2·(2R + 1) = 26 reads, a pass along the rows and one down the columns.
        XCTAssertEqual(try counters("separable", sigma: 2), CostCounters(reads: 26, passes: 2))
    }

    func testIteratedBoxReadsTwoPixelsPerRunningSumPass() throws {
        // Three passes, each reading the entering and the leaving pixel, along rows and columns.
        XCTAssertEqual(IteratedBox(widths: [7, 7, 9]).counters(width: 64, height: 64, edges: .clamp),
                       CostCounters(reads: 3 * 2 * 2, passes: 2))
        XCTAssertEqual(try counters("iterated-box", sigma: 4).reads, 12)
        // Widths of 1 are no pass at all.
        XCTAssertEqual(IteratedBox(widths: [1, 1, 3]).counters(width: 64, height: 64, edges: .clamp).reads, 4)
    }

    func testDownsampledCountsItsInnerMethodAtItsSize() {
        // K = 4 on 64×64: the shrink reads 1 per pixel, the inner 5-tap separable reads 10 per
        // pixel of the 16×16 image (1/16 of the pixels), the enlargement 4; passes: shrink
        // (1 + 1/16)/2, inner 2/16, enlarge (1/16 + 1)/2.
        let method = Downsampled(factor: 4, inner: Separable(weights: [Float](repeating: 0.2, count: 5)))
        XCTAssertEqual(method.counters(width: 64, height: 64, edges: .clamp),
                       CostCounters(reads: 1 + 10.0 / 16 + 4, passes: 1 + 1.0 / 16 + 2.0 / 16))
    }

    func testRecursiveFiltersCountTheirPaddedLines() throws {
        let deriche = try Deriche(sigma: 3)
        XCTAssertEqual(deriche.counters(width: 100, height: 50, edges: .clamp), CostCounters(reads: 6, passes: 2))
        let padded = Double(2 * deriche.tail)
        XCTAssertEqual(deriche.counters(width: 100, height: 50, edges: .zero).reads,
                       3 * ((100 + padded) / 100 + (50 + padded) / 50), accuracy: 1e-12)
        XCTAssertEqual(try YoungVanVliet(sigma: 3).counters(width: 100, height: 50, edges: .clamp),
                       CostCounters(reads: 4, passes: 2))
    }

    func testDualKawaseCountsEachLevelBySize() {
        // One pass on 64×64: down reads the full image and writes a quarter, up the reverse.
        XCTAssertEqual(DualKawase(passes: 1, offset: 1).counters(width: 64, height: 64, edges: .clamp).passes, 1.25)
        // Two: the second level down (a quarter to a sixteenth) and back up adds 1/4 + 1/16.
        XCTAssertEqual(DualKawase(passes: 2, offset: 1).counters(width: 64, height: 64, edges: .clamp).passes,
                       1.25 + 1.0 / 4 + 1.0 / 16)
    }

    func testFFTCountsARadix2TransformOfThePaddedImage() throws {
        // wrap pads nothing: 64×64, 12 stages; spectrum 33/64 of the image.
        let fft = try FFTGaussian(sigma: 2)
        let spectrum = 33.0 / 64
        XCTAssertEqual(fft.counters(width: 64, height: 64, edges: .wrap),
                       CostCounters(reads: 1 + 2 * 12 + spectrum + 1, passes: 1 + 4 + spectrum + 1))
        // Other modes pad ⌈8σ⌉ = 16 each side: 96×96, more of both.
        XCTAssertGreaterThan(fft.counters(width: 64, height: 64, edges: .clamp).reads, 2.25 * 24)
    }

    func testEveryCatalogMethodDeclaresItsCounters() throws {
        for entry in MethodCatalog.all {
            let counts = try counters(entry.name, sigma: 3, width: 80, height: 60)
            XCTAssertGreaterThan(counts.reads, 0, entry.name)
            XCTAssertGreaterThanOrEqual(counts.passes, 1, entry.name)
        }
    }
}
