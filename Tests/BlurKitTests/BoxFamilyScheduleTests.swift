import XCTest

@testable import BlurCore

/// The extended box and the stack blur's triangle (`BoxPlan.Shape`) in the
/// box family's schedules: rows two at a time, columns streamed, both in one sweep, on one and
/// two threads, against their Float64 reference loops; the AVX2 row sweeps against the Swift
/// loops bit for bit; and the same pixels whichever schedule computed them.
final class BoxFamilyScheduleTests: XCTestCase {
    typealias R = BlurReference

    /// Images whose columns stream and images too short to (which keep the eight-line frame).
    static let sizes = [(67, 41), (5, 36), (40, 9), (9, 7), (1, 1), (3, 26)]

    /// Every extended box at every edge mode and size: within 3e-6 of the reference, and the same
    /// pixels on two threads as on one. One, three and four passes; α near 0, near 1 and exactly
    /// 0 (a plain box); radius 0 (three taps).
    func testExtendedBoxesMatchTheReferenceOnOneAndTwoThreads() throws {
        let boxes = [
            try ExtendedBox(sigma: 2.5, passes: 3), try ExtendedBox(sigma: 1.2, passes: 1),
            try ExtendedBox(sigma: 4, passes: 4), ExtendedBox(radius: 0, alpha: 0.4, passes: 3),
            ExtendedBox(radius: 2, alpha: 0, passes: 2), ExtendedBox(radius: 1, alpha: 0.95, passes: 3)
        ]
        for box in boxes {
            assertMatchesReference(box) {
                ExtendedBox.reference($0, radius: box.radius, alpha: box.alpha, passes: box.passes, edges: $1)
            }
        }
    }

    /// The same for the stack blur, radii 1 to 9.
    func testTrianglesMatchTheReferenceOnOneAndTwoThreads() {
        for radius in [1, 2, 4, 9] {
            assertMatchesReference(StackBlur(radius: radius)) { StackBlur.reference($0, radius: radius, edges: $1) }
        }
    }

    /// The two threads' bands of the fused sweep (`boxFused`) meet at the column plan's seam: two
    /// threads give one thread's pixels, for the lower band's first row even and odd, and so do
    /// the two bands run in turn (the lower band first, so the upper one finds the rows below the
    /// seam overwritten and must read its copies); each within 3e-6 of the reference, whose
    /// columns never start afresh.
    func testTheTwoBandsMeetAtTheSeam() throws {
        let methods: [(any BlurMethod, (Int, EdgeMode) -> BoxPlan, (RGBAImage, EdgeMode) -> RGBAImage)] = [
            (
                IteratedBox(widths: [5, 7, 3]), { BoxPlan(radii: [2, 3, 1], count: $0, edges: $1) },
                {
                    R.iteratedBox($0, widths: [5, 7, 3], edges: $1)
                }
            ),
            (
                IteratedBox(widths: [5, 7, 5]), { BoxPlan(radii: [2, 3, 2], count: $0, edges: $1) },
                {
                    R.iteratedBox($0, widths: [5, 7, 5], edges: $1)
                }
            ),
            (
                ExtendedBox(radius: 2, alpha: 0.3, passes: 3),
                { BoxPlan(radii: [2, 2, 2], count: $0, edges: $1, shape: .extended(alpha: 0.3)) },
                {
                    image, edges in
                    SurveyMethodsTests.separably(image) {
                        ExtendedBox.reference($0, radius: 2, alpha: 0.3, passes: 3, edges: edges)
                    }
                }
            ),
            (
                StackBlur(radius: 4), { BoxPlan(radii: [4], count: $0, edges: $1, shape: .triangle) },
                { image, edges in
                    SurveyMethodsTests.separably(image) { StackBlur.reference($0, radius: 4, edges: edges) }
                }
            )
        ]
        var parities = Set<Int>()
        for (method, plan, reference) in methods {
            let seam = try XCTUnwrap(plan(61, .clamp).seam, "\(method.parameters)")
            parities.insert((seam - plan(61, .clamp).totalReach) % 2)
            for height in [61, 90] {
                let image = R.randomImage(width: 19, height: height, seed: UInt64(height))
                for edges in [EdgeMode.clamp, .mirror, .zero] {
                    let label = "\(method.name) \(method.parameters) \(height) rows \(edges)"
                    let one = R.blurred(image, method, edges: edges, threads: 1)
                    XCTAssertLessThanOrEqual(R.maxDifference(one, reference(image, edges)), 3e-6, label)
                    XCTAssertEqual(R.blurred(image, method, edges: edges, threads: 2).pixels, one.pixels, label)
                    var inTurn = image
                    PixelMemory.withPixels(of: &inTurn) { pixels in
                        boxFused(
                            pixels, width: 19, height: height, rowPlan: plan(19, edges),
                            columnPlan: plan(height, edges),
                            threads: 2, inTurn: true)
                    }
                    XCTAssertEqual(inTurn.pixels, one.pixels, label + " in turn")
                }
            }
        }
        XCTAssertEqual(parities, [0, 1])
    }

    /// The AVX2 sweep of the extended box's horizontal passes (`ExtendedRowSweep`) against the
    /// Swift passes one after the other, every edge mode but wrap, one to four passes.
    func testTheExtendedRowSweepGivesTheSwiftPassesPixels() throws {
        for (radius, alpha, passes) in [(1, 0.375, 3), (0, 0.6, 3), (3, 0.49, 3), (2, 0.1, 1), (1, 0.9, 4)] {
            try assertRowSweepMatchesSwift(edges: [.zero, .clamp, .reflect, .mirror]) { width, edges in
                BoxPlan(
                    radii: Array(repeating: radius, count: passes), count: width, edges: edges,
                    shape: .extended(alpha: alpha))
            }
        }
    }

    /// The AVX2 triangle reading the rows in place (`TriangleRowSweep`) against the Swift loop on
    /// padded copies, every edge mode.
    func testTheTriangleRowSweepGivesTheSwiftLoopsPixels() throws {
        for radius in [1, 2, 4, 7] {
            try assertRowSweepMatchesSwift(edges: EdgeMode.allCases) { width, edges in
                BoxPlan(radii: [radius], count: width, edges: edges, shape: .triangle)
            }
        }
    }

    /// The fused sweep and the rows-then-streamed-columns schedule, on one thread and two, give
    /// the same pixels.
    func testFusedAndStreamedGiveTheSamePixels() {
        let image = R.randomImage(width: 45, height: 38)
        for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
            var plans: [(String, (Int) -> BoxPlan)] = []
            for (radius, alpha, passes) in [(1, 0.375, 3), (4, 0.49, 3), (0, 0.8, 2), (3, 0.2, 1)] {
                plans.append(
                    (
                        "extended r \(radius) α \(alpha) × \(passes)",
                        {
                            BoxPlan(
                                radii: Array(repeating: radius, count: passes), count: $0, edges: edges,
                                shape: .extended(alpha: alpha))
                        }
                    ))
            }
            for radius in [1, 3, 8] {
                plans.append(
                    ("triangle r \(radius)", { BoxPlan(radii: [radius], count: $0, edges: edges, shape: .triangle) }))
            }
            for (name, plan) in plans {
                let rows = plan(image.width), columns = plan(image.height)
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
                for output in outputs.dropFirst() { XCTAssertEqual(output, outputs[0], "\(edges) \(name)") }
            }
        }
    }

    /// Three passes of a box and of an extended box down the columns in AVX2
    /// (`blur_avx2_cascade`), and the extended box's rows four at a time in AVX-512F
    /// (`blur_avx512_extended_rows`) where the machine has it, against the Swift loops
    /// (`LineKernels.cascadeRows`), bit for bit: fused (its output rows written with non-temporal
    /// stores, 32-byte aligned or not) and streamed in blocks of rows, on one thread and two,
    /// rows of 3–64 pixels, so every loop's width and the lone 4-float pixel after them.
    func testEveryVariantGivesTheBaselinePixelsDownTheColumns() throws {
        guard KernelVariant.supported.count > 1 else { throw XCTSkip("this CPU runs only the baseline loops") }
        for (width, height) in [(45, 38), (3, 61), (64, 90), (34, 40), (7, 37)] {
            let image = R.randomImage(width: width, height: height, seed: UInt64(width + 7 * height))
            for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
                for (radius, alpha) in [(1, 0.375), (4, 0.49), (0, 0.8), (2, 0.05), (1, 0), (3, 0)] {
                    func plan(_ count: Int) -> BoxPlan {
                        // Equal radii for the extended box, which its row sweeps serve (four rows at
                        // once in AVX-512F, two in AVX2); one wider for the box.
                        BoxPlan(
                            radii: [radius, radius + (alpha > 0 ? 0 : 1), radius], count: count, edges: edges,
                            shape: alpha > 0 ? .extended(alpha: alpha) : .box)
                    }
                    XCTAssertTrue(BoxPlan.streams(plan(height), edges: edges))
                    for schedule in [IteratedBox.Schedule.fused, .streamed] {
                        for threads in [1, 2] {
                            let results = underEachVariant {
                                var out = image
                                PixelMemory.withPixels(of: &out) { pixels in
                                    boxStreamed(
                                        pixels, width: width, rowPlan: plan(width), columnPlan: plan(height),
                                        threads: threads, schedule: schedule)
                                }
                                return out.pixels
                            }
                            for (variant, pixels) in results.dropFirst() {
                                let differing = zip(pixels, results[0].1).filter { $0 != $1 }.count
                                XCTAssertEqual(
                                    differing, 0,
                                    "floats differing: \(variant) \(width)×\(height) \(edges) r \(radius) α \(alpha) \(schedule) \(threads) threads"
                                )
                            }
                        }
                    }
                }
            }
        }
    }

    /// `method` at every edge mode and size against the reference line loop applied along the rows
    /// and then the columns, and on two threads against one.
    private func assertMatchesReference(
        _ method: any BlurMethod, reference line: @escaping ([Double], EdgeMode) -> [Double],
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        for (width, height) in Self.sizes {
            let image = R.randomImage(width: width, height: height, seed: UInt64(width * 100 + height))
            for edges in EdgeMode.allCases {
                let reference = SurveyMethodsTests.separably(image) { line($0, edges) }
                let label = "\(width)×\(height) \(edges) \(method.name) \(method.parameters)"
                let one = R.blurred(image, method, edges: edges, threads: 1)
                XCTAssertLessThanOrEqual(R.maxDifference(one, reference), 3e-6, label, file: file, line: lineNumber)
                XCTAssertEqual(
                    R.blurred(image, method, edges: edges, threads: 2).pixels, one.pixels, label + " 2 threads",
                    file: file, line: lineNumber)
            }
        }
    }

    /// `BoxRows` of each plan under the baseline loops and under AVX2 (where an AVX2 sweep serves
    /// it): rows from one pixel to wider than the sweeps' steady parts (and 10–13, where they are
    /// short), paired and alone, in place: the same pixels, bit for bit.
    private func assertRowSweepMatchesSwift(
        edges modes: [EdgeMode], plan: (Int, EdgeMode) -> BoxPlan, file: StaticString = #filePath,
        lineNumber: UInt = #line
    ) throws {
        guard KernelVariant.supported.contains(.avx2) else { throw XCTSkip("this CPU has no AVX2") }
        for width in [1, 2, 3, 5, 6, 9, 10, 11, 12, 13, 14, 20, 40, 67] {
            let image = R.randomImage(width: width, height: 3, seed: UInt64(width))
            for edges in modes {
                let plan = plan(width, edges)
                var outputs: [[Float]] = []
                for variant in [KernelVariant.baseline, .avx2] {
                    let saved = KernelVariant.active
                    KernelVariant.active = variant
                    defer { KernelVariant.active = saved }
                    let rows = BoxRows(plan: plan)
                    defer { rows.deallocate() }
                    let swept = rows.sweep != nil
                    XCTAssertEqual(swept, variant == .avx2, file: file, line: lineNumber)
                    var out = image.pixels
                    out.withUnsafeMutableBufferPointer { out in
                        let p = out.baseAddress!
                        rows.run(p, p + 4 * width, into: p, p + 4 * width)
                        rows.run(p + 8 * width, nil, into: p + 8 * width, nil)
                    }
                    outputs.append(out)
                }
                XCTAssertEqual(outputs[1], outputs[0], "width \(width) \(edges)", file: file, line: lineNumber)
            }
        }
    }
}
