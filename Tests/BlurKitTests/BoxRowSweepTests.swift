import XCTest

@testable import BlurCore

/// `BoxRowSweep`: the iterated box's three horizontal passes in one AVX2 sweep give the pixels of
/// the three Swift passes (`BoxRows` without it, and `BLURKIT_KERNELS=baseline`) bit for bit.
final class BoxRowSweepTests: XCTestCase {
    /// Rows of every width from one pixel to wider than the boxes, every edge mode, paired and
    /// alone, written elsewhere and in place: the sweep against the passes one after the other.
    func testTheSweepGivesThePassesPixels() {
        var swept = 0
        for width in [1, 2, 3, 5, 6, 7, 13, 40, 67] {
            let image = BlurReference.randomImage(width: width, height: 3, seed: UInt64(width))
            for edges in EdgeMode.allCases {
                for radii in [[1, 1, 1], [2, 1, 3], [1, 2, 2], [3, 3, 3], [2, 3, 4], [5, 4, 6], [4, 1, 1]] {
                    let plan = BoxPlan(radii: radii, count: width, edges: edges)
                    let expected = rowsRun(plan, image, readingRows: false, inPlace: false)
                    for variant in KernelVariant.supported {
                        let saved = KernelVariant.active
                        KernelVariant.active = variant
                        defer { KernelVariant.active = saved }
                        let rows = BoxRows(plan: plan)
                        let serves = rows.sweep != nil
                        rows.deallocate()
                        XCTAssertEqual(serves, variant != .baseline && BoxRowSweep(plan: plan) != nil)
                        if serves { swept += 1 }
                        let label = "\(variant) width \(width) \(edges) \(radii)"
                        XCTAssertEqual(rowsRun(plan, image, readingRows: true, inPlace: false), expected, label)
                        XCTAssertEqual(
                            rowsRun(plan, image, readingRows: true, inPlace: true), expected, label + " in place")
                    }
                    if edges != .wrap && radii[1] + radii[2] > radii[0] {
                        XCTAssertNotNil(BoxRowSweep(plan: plan), "\(width) \(edges) \(radii)")
                    }
                    if radii[1] + radii[2] <= radii[0] { XCTAssertNil(BoxRowSweep(plan: plan)) }
                }
            }
        }
        if KernelVariant.supported.contains(.avx2) { XCTAssertGreaterThan(swept, 200) }
    }

    /// Whole blurs, each schedule on one and two threads: every variant the baseline's pixels.
    func testEveryVariantGivesTheBaselineBox() {
        for (width, height) in [(67, 41), (5, 36), (130, 9)] {
            let image = BlurReference.randomImage(width: width, height: height, seed: UInt64(width * 7 + height))
            for edges in EdgeMode.allCases {
                for widths in [[3, 3, 5], [5, 7, 11], [19, 19, 21], [9, 3, 3]] {
                    for schedule in IteratedBox.Schedule.allCases {
                        for threads in [1, 2] {
                            var box = IteratedBox(widths: widths)
                            box.schedule = schedule
                            let results = underEachVariant {
                                BlurReference.blurred(image, box, edges: edges, threads: threads)
                            }
                            for (variant, result) in results.dropFirst() {
                                XCTAssertEqual(
                                    result.pixels, results[0].1.pixels,
                                    "\(variant) \(width)×\(height) \(edges) \(widths) \(schedule) \(threads) threads")
                            }
                        }
                    }
                }
            }
        }
    }

    /// Three rows through `BoxRows`: rows 0 and 1 as a pair, row 2 alone.
    func rowsRun(_ plan: BoxPlan, _ image: RGBAImage, readingRows: Bool, inPlace: Bool) -> [Float] {
        let rows = BoxRows(plan: plan, readingRows: readingRows)
        defer { rows.deallocate() }
        let width = image.width
        var source = image.pixels
        var out = [Float](repeating: 0, count: source.count)
        source.withUnsafeMutableBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                let p = pixels.baseAddress!, o = inPlace ? p : out.baseAddress!
                rows.run(p, p + 4 * width, into: o, o + 4 * width)
                rows.run(p + 8 * width, nil, into: o + 8 * width, nil)
            }
        }
        return inPlace ? source : out
    }
}
