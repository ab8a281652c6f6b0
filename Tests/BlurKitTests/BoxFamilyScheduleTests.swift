import XCTest

@testable import BlurCore

/// The extended box in the box family's schedules (`BoxPlan.alpha`): rows two at a time, columns
/// streamed, both in one sweep, on one and two threads, against the Float64 reference loop
/// (`ExtendedBox.reference`), and the same pixels whichever schedule computed them.
final class ExtendedBoxScheduleTests: XCTestCase {
    typealias R = BlurReference

    /// Every edge mode; images whose columns stream and images too short to (which keep the
    /// eight-line frame); one, three and four passes; α near 0, near 1 and exactly 0 (a plain
    /// box); radius 0 (three taps).
    func testExtendedBoxesMatchTheReferenceOnOneAndTwoThreads() throws {
        let boxes = [
            try ExtendedBox(sigma: 2.5, passes: 3), try ExtendedBox(sigma: 1.2, passes: 1),
            try ExtendedBox(sigma: 4, passes: 4), ExtendedBox(radius: 0, alpha: 0.4, passes: 3),
            ExtendedBox(radius: 2, alpha: 0, passes: 2), ExtendedBox(radius: 1, alpha: 0.95, passes: 3)
        ]
        for (width, height) in [(67, 41), (5, 36), (40, 9), (9, 7), (1, 1), (3, 20)] {
            let image = R.randomImage(width: width, height: height, seed: UInt64(width * 100 + height))
            for edges in EdgeMode.allCases {
                for box in boxes {
                    let reference = SurveyMethodsTests.separably(image) {
                        ExtendedBox.reference(
                            $0, radius: box.radius, alpha: box.alpha, passes: box.passes, edges: edges)
                    }
                    let label = "\(width)×\(height) \(edges) \(box.parameters)"
                    let one = R.blurred(image, box, edges: edges, threads: 1)
                    XCTAssertLessThanOrEqual(R.maxDifference(one, reference), 3e-6, label)
                    XCTAssertEqual(
                        R.blurred(image, box, edges: edges, threads: 2).pixels, one.pixels, label + " 2 threads")
                }
            }
        }
    }

    /// The AVX2 sweep of the horizontal passes (`ExtendedRowSweep`) against the Swift passes one
    /// after the other: rows from one pixel to wider than the sweep's steady part, paired and
    /// alone, in place, every edge mode but wrap, one to four passes: the same pixels, bit for bit.
    func testTheRowSweepGivesTheSwiftPassesPixels() throws {
        guard KernelVariant.supported.contains(.avx2) else { throw XCTSkip("this CPU has no AVX2") }
        var swept = 0
        for width in [1, 2, 3, 6, 9, 10, 11, 12, 13, 14, 20, 40, 67] {
            let image = R.randomImage(width: width, height: 3, seed: UInt64(width))
            for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
                for (radius, alpha, passes) in [(1, 0.375, 3), (0, 0.6, 3), (3, 0.49, 3), (2, 0.1, 1), (1, 0.9, 4)] {
                    let plan = BoxPlan(
                        radii: Array(repeating: radius, count: passes), count: width, edges: edges, alpha: alpha)
                    var outputs: [[Float]] = []
                    for variant in [KernelVariant.baseline, .avx2] {
                        let saved = KernelVariant.active
                        KernelVariant.active = variant
                        defer { KernelVariant.active = saved }
                        let rows = BoxRows(plan: plan)
                        defer { rows.deallocate() }
                        XCTAssertEqual(rows.extendedSweep != nil, variant == .avx2)
                        if rows.extendedSweep != nil { swept += 1 }
                        var out = image.pixels
                        out.withUnsafeMutableBufferPointer { out in
                            let p = out.baseAddress!
                            rows.run(p, p + 4 * width, into: p, p + 4 * width)
                            rows.run(p + 8 * width, nil, into: p + 8 * width, nil)
                        }
                        outputs.append(out)
                    }
                    XCTAssertEqual(outputs[1], outputs[0], "width \(width) \(edges) r \(radius) α \(alpha) × \(passes)")
                }
            }
        }
        XCTAssertGreaterThan(swept, 0)
    }

    /// The fused sweep and the rows-then-streamed-columns schedule give the same pixels.
    func testFusedAndStreamedGiveTheSamePixels() {
        let image = R.randomImage(width: 45, height: 38)
        for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
            for (radius, alpha, passes) in [(1, 0.375, 3), (4, 0.49, 3), (0, 0.8, 2), (3, 0.2, 1)] {
                let radii = Array(repeating: radius, count: passes)
                let rows = BoxPlan(radii: radii, count: image.width, edges: edges, alpha: alpha)
                let columns = BoxPlan(radii: radii, count: image.height, edges: edges, alpha: alpha)
                XCTAssertTrue(BoxPlan.streams(columns, edges: edges))
                var outputs: [[Float]] = []
                for schedule in [IteratedBox.Schedule.fused, .streamed] {
                    for threads in [1, 2] {
                        var out = image
                        PixelMemory.withPixels(of: &out) { pixels in
                            boxStreamed(
                                pixels, width: image.width, rowPlan: rows, columnPlan: columns, threads: threads,
                                schedule: schedule)
                        }
                        outputs.append(out.pixels)
                    }
                }
                for output in outputs.dropFirst() {
                    XCTAssertEqual(output, outputs[0], "\(edges) r \(radius) α \(alpha)")
                }
            }
        }
    }
}

/// The stack blur's triangle in the box family's schedules (`BoxPlan.triangle`), against the
/// Float64 reference loop (`StackBlur.reference`), the same pixels on one and two threads and in
/// both schedules.
final class StackBlurScheduleTests: XCTestCase {
    typealias R = BlurReference

    /// Every edge mode; images whose columns stream and images too short to (which keep the
    /// eight-line frame); radii 1 to 9.
    func testTrianglesMatchTheReferenceOnOneAndTwoThreads() {
        for (width, height) in [(67, 41), (5, 36), (40, 9), (9, 7), (1, 1), (3, 26)] {
            let image = R.randomImage(width: width, height: height, seed: UInt64(width * 100 + height))
            for edges in EdgeMode.allCases {
                for radius in [1, 2, 4, 9] {
                    let stack = StackBlur(radius: radius)
                    let reference = SurveyMethodsTests.separably(image) {
                        StackBlur.reference($0, radius: radius, edges: edges)
                    }
                    let label = "\(width)×\(height) \(edges) r \(radius)"
                    let one = R.blurred(image, stack, edges: edges, threads: 1)
                    XCTAssertLessThanOrEqual(R.maxDifference(one, reference), 3e-6, label)
                    XCTAssertEqual(
                        R.blurred(image, stack, edges: edges, threads: 2).pixels, one.pixels, label + " 2 threads")
                }
            }
        }
    }

    /// The AVX2 triangle reading the rows in place (`TriangleRowSweep`) against the Swift loop on
    /// padded copies: rows from one pixel to wider than the sweep's steady part, paired and alone,
    /// in place, every edge mode: the same pixels, bit for bit.
    func testTheRowSweepGivesTheSwiftLoopsPixels() throws {
        guard KernelVariant.supported.contains(.avx2) else { throw XCTSkip("this CPU has no AVX2") }
        for width in [1, 2, 3, 5, 6, 9, 13, 40, 67] {
            let image = R.randomImage(width: width, height: 3, seed: UInt64(width))
            for edges in EdgeMode.allCases {
                for radius in [1, 2, 4, 7] {
                    let plan = BoxPlan(radii: [radius], count: width, edges: edges, triangle: true)
                    var outputs: [[Float]] = []
                    for variant in [KernelVariant.baseline, .avx2] {
                        let saved = KernelVariant.active
                        KernelVariant.active = variant
                        defer { KernelVariant.active = saved }
                        let rows = BoxRows(plan: plan)
                        defer { rows.deallocate() }
                        XCTAssertEqual(rows.triangleSweep != nil, variant == .avx2)
                        var out = image.pixels
                        out.withUnsafeMutableBufferPointer { out in
                            let p = out.baseAddress!
                            rows.run(p, p + 4 * width, into: p, p + 4 * width)
                            rows.run(p + 8 * width, nil, into: p + 8 * width, nil)
                        }
                        outputs.append(out)
                    }
                    XCTAssertEqual(outputs[1], outputs[0], "width \(width) \(edges) r \(radius)")
                }
            }
        }
    }

    /// The fused sweep and the rows-then-streamed-columns schedule give the same pixels.
    func testFusedAndStreamedGiveTheSamePixels() {
        let image = R.randomImage(width: 45, height: 38)
        for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
            for radius in [1, 3, 8] {
                let rows = BoxPlan(radii: [radius], count: image.width, edges: edges, triangle: true)
                let columns = BoxPlan(radii: [radius], count: image.height, edges: edges, triangle: true)
                XCTAssertTrue(BoxPlan.streams(columns, edges: edges))
                var outputs: [[Float]] = []
                for schedule in [IteratedBox.Schedule.fused, .streamed] {
                    for threads in [1, 2] {
                        var out = image
                        PixelMemory.withPixels(of: &out) { pixels in
                            boxStreamed(
                                pixels, width: image.width, rowPlan: rows, columnPlan: columns, threads: threads,
                                schedule: schedule)
                        }
                        outputs.append(out.pixels)
                    }
                }
                for output in outputs.dropFirst() { XCTAssertEqual(output, outputs[0], "\(edges) r \(radius)") }
            }
        }
    }
}
