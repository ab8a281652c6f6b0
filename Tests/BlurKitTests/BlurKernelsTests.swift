import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Hand-computed results of the individual methods.
final class BlurKernelsTests: XCTestCase {
    typealias R = BlurReference

    /// A one-channel row as an RGBA image (the value in all four channels).
    func row(_ values: [Float]) -> RGBAImage {
        RGBAImage(width: values.count, height: 1, pixels: values.flatMap { [$0, $0, $0, $0] })
    }

    func reds(_ image: RGBAImage) -> [Float] {
        (0..<image.pixelCount).map { image.pixels[4 * $0] }
    }

    func testSeparableWeightKReadsOffsetKMinusR() {
        // Weights (0, 0, 1) read the pixel one to the right; clamp repeats the last one.
        let out = R.blurred(row([1, 2, 3, 4]), Separable(weights: [0, 0, 1]), edges: .clamp)
        XCTAssertEqual(reds(out), [2, 3, 4, 4])
    }

    func testAsymmetricSeparableWeightsMatchTheReference() {
        // Symmetric weights take a paired path; these do not.
        let weights: [Double] = [0.05, 0.1, 0.2, 0.3, 0.15, 0.12, 0.08]
        let image = R.randomImage(width: 27, height: 19)
        for edges in EdgeMode.allCases {
            let horizontal = R.pass(image, weights: weights, horizontal: true, edges: edges)
            let reference = R.pass(horizontal, weights: weights, horizontal: false, edges: edges)
            let out = R.blurred(image, Separable(weights: weights.map { Float($0) }), edges: edges, threads: 2)
            XCTAssertLessThanOrEqual(R.maxDifference(out, reference), 1e-5, "\(edges)")
        }
    }

    /// The one-thread sweep (`separableRing`, R ≤ 12) against the two separate passes (two
    /// threads) and the Float64 reference: 17 taps on rows wider than 2R (read straight from
    /// the image, 8-pixel groups plus a remainder), exactly 2R wide and narrower (padded
    /// copies), images shorter than the kernel, every edge mode.
    func testSeparableSweepMatchesTwoPassesAndTheReference() {
        let g = R.gaussian(sigma: 2, radius: 8)
        let method = Separable(weights: g.map { Float($0) })
        for (width, height) in [(37, 41), (16, 3), (5, 20)] {
            let image = R.randomImage(width: width, height: height)
            for edges in EdgeMode.allCases {
                let one = R.blurred(image, method, edges: edges, threads: 1)
                XCTAssertEqual(one, R.blurred(image, method, edges: edges, threads: 2), "\(width)×\(height) \(edges)")
                var reference = R.pass(image, weights: g, horizontal: true, edges: edges)
                reference = R.pass(reference, weights: g, horizontal: false, edges: edges)
                XCTAssertLessThanOrEqual(R.maxDifference(one, reference), 1e-6, "\(width)×\(height) \(edges)")
            }
        }
    }

    func testGaussian2DWeightLayoutIsRowMajor() {
        // Only weights[j·3 + i] = weights[2·3 + 1] is set: the pixel at (0, +1), one row below.
        var weights = [Float](repeating: 0, count: 9)
        weights[7] = 1
        var image = RGBAImage(width: 2, height: 3)
        for y in 0..<3 { for x in 0..<2 { image[x, y] = SIMD4(repeating: Float(10 * y + x)) } }
        let out = R.blurred(image, Gaussian2D(weights: weights, radius: 1), edges: .wrap)
        XCTAssertEqual((0..<3).map { out[1, $0].x }, [11, 21, 1])
    }

    func testRunningSumOnAHandComputedRowInEveryMode() {
        // Row 0 3 6 9 12, width 3. Padded by 1: zero 0|…|0, clamp 0|…|12, reflect 0|…|12,
        // mirror 3|…|9, wrap 12|…|0.
        let expected: [EdgeMode: [Float]] = [
            .zero: [1, 3, 6, 9, 7], .clamp: [1, 3, 6, 9, 11], .reflect: [1, 3, 6, 9, 11],
            .mirror: [2, 3, 6, 9, 10], .wrap: [5, 3, 6, 9, 7],
        ]
        for (edges, values) in expected {
            // One row, so the vertical pass of width 3 reads the same row (or zeros) three times.
            let vertical: Float = edges == .zero ? 1.0 / 3 : 1
            let out = R.blurred(row([0, 3, 6, 9, 12]), IteratedBox(widths: [3]), edges: edges)
            for (v, e) in zip(reds(out), values) { XCTAssertEqual(v, e * vertical, accuracy: 1e-5, "\(edges)") }
        }
    }

    func testImpulseVarianceOfIteratedBoxesIsTheSumOfBoxVariances() {
        // A box of odd width w has variance (w² − 1)/12, and variances add (Wells 1986). The
        // moments are summed over the support |x| ≤ reach: beyond it the Float32 running sums
        // leave a rounding residue (checked to stay below 1e-7 of the peak).
        for widths in [[3, 3, 3], [5, 7, 9], [11], [9, 9, 11, 13]] {
            var impulse = RGBAImage(width: 101, height: 21)
            impulse[50, 10] = SIMD4(1, 1, 1, 1)
            let method = IteratedBox(widths: widths)
            let out = R.blurred(impulse, method, edges: .zero)
            var mass = 0.0, moment = 0.0, residue: Float = 0
            for x in 0..<101 {
                let v = out[x, 10].x, d = x - 50
                if abs(d) > method.reach {
                    residue = max(residue, abs(v))
                    continue
                }
                mass += Double(v)
                moment += Double(v) * Double(d * d)
            }
            let expected = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            XCTAssertEqual(moment / mass, expected, accuracy: 1e-5 * expected, "widths \(widths)")
            XCTAssertLessThan(residue, 1e-7 * out[50, 10].x, "widths \(widths)")
        }
    }

    func testIteratedBoxByRadiusRepeatsOneWidth() {
        let method = IteratedBox(radius: 4, iterations: 3)
        XCTAssertEqual(method.widths, [9, 9, 9])
        XCTAssertEqual(method.parameters, "widths 9, 9, 9")
        XCTAssertEqual(method.reach, 12)
    }

    func testWidthOneIsTheIdentity() {
        let image = R.randomImage(width: 9, height: 4)
        XCTAssertEqual(R.blurred(image, IteratedBox(widths: [1, 1]), edges: .zero), image)
        XCTAssertEqual(R.blurred(image, IteratedBox(radius: 5, iterations: 0), edges: .zero), image)
    }

    func testDownsampledShrinksByAreaAndEnlargesWithAlignedCentres() {
        // K = 2, identity inner blur. Row 0 0 4 4 → small 0 4; output x samples
        // (x + 0.5)/2 − 0.5 = −0.25, 0.25, 0.75, 1.25 → clamped 0, 0.25, 0.75, 1 → 0 1 3 4.
        let identity = BoxAverage(radius: 0)
        let out = R.blurred(row([0, 0, 4, 4]), Downsampled(factor: 2, inner: identity), edges: .clamp)
        XCTAssertEqual(reds(out), [0, 1, 3, 4])
        // Width 5: the last block holds one pixel and averages over it alone: small 1 5 8.
        // Samples −0.25 0.25 0.75 1.25 1.75 → 1, 2, 4, 5.75, 7.25.
        let partial = R.blurred(row([0, 2, 4, 6, 8]), Downsampled(factor: 2, inner: identity), edges: .clamp)
        for (v, e) in zip(reds(partial), [1, 2, 4, 5.75, 7.25] as [Float]) { XCTAssertEqual(v, e, accuracy: 1e-6) }
    }

    func testDownsampledByOneIsTheInnerMethod() {
        let image = R.randomImage(width: 13, height: 9)
        let inner = Separable(weights: R.gaussian(sigma: 1, radius: 3).map { Float($0) })
        XCTAssertEqual(R.blurred(image, Downsampled(factor: 1, inner: inner), edges: .mirror),
                       R.blurred(image, inner, edges: .mirror))
    }

    func testDownsampledKeepsAConstantImageConstant() {
        let colour = SIMD4<Float>(0.1, 0.2, 0.3, 0.4)
        let image = RGBAImage(width: 50, height: 21, fill: colour)
        let method = Downsampled(factor: 4, inner: IteratedBox(widths: [3, 3, 5]))
        for edges in EdgeMode.allCases where edges != .zero {
            let out = R.blurred(image, method, edges: edges)
            XCTAssertLessThanOrEqual(zip(out.pixels, image.pixels).map { abs($0 - $1) }.max()!, 1e-6, "\(edges)")
        }
    }

    func testNamesAndReach() {
        XCTAssertEqual(BoxAverage(radius: 9).parameters, "R=9")
        XCTAssertEqual(IteratedBox(widths: [5, 5, 7]).parameters, "widths 5, 5, 7")
        XCTAssertEqual(Separable(weights: [0.25, 0.5, 0.25]).reach, 1)
        // K(2·reach + 3) − 1 halved: 4·(2·3 + 3) − 1 = 35 → 17.
        XCTAssertEqual(Downsampled(factor: 4, inner: BoxAverage(radius: 3)).reach, 17)
        XCTAssertEqual(Set([BoxAverage(radius: 1).name, Gaussian2D(weights: [1], radius: 0).name,
                            Separable(weights: [1]).name, IteratedBox(widths: []).name,
                            Downsampled(factor: 2, inner: Separable(weights: [1])).name]),
                       ["box", "gaussian2d", "separable", "iterated-box", "downsampled"])
    }
}

/// The two ways `IteratedBox` runs its vertical passes.
final class BlurBoxPathsTests: XCTestCase {
    func testStreamedAndBlockedVerticalPassesAreBitIdentical() {
        let image = BlurReference.randomImage(width: 21, height: 40)
        for edges in EdgeMode.allCases where edges != .wrap {
            let plan = BoxPlan(radii: [1, 3, 2], count: image.height, edges: edges)
            var blocked = image, streamed = image
            PixelMemory.withPixels(of: &blocked) { pixels in
                let scratch = BoxScratch(plan: plan, lanes: boxColumnLanes)
                defer { scratch.deallocate() }
                for x0 in stride(from: 0, to: image.width, by: boxColumnLanes) {
                    boxLines(pixels + 4 * x0, positionStride: 4 * image.width, laneStride: 4,
                             validLanes: min(boxColumnLanes, image.width - x0), plan: plan, scratch: scratch)
                }
            }
            PixelMemory.withPixels(of: &streamed) { pixels in
                // Strips of 8, 8 and 5 columns.
                let stream = BoxStream(plan: plan, capacity: 8)
                defer { stream.deallocate() }
                for x0 in stride(from: 0, to: image.width, by: 8) {
                    stream.run(pixels, width: image.width, columns: x0..<min(x0 + 8, image.width))
                }
            }
            XCTAssertEqual(blocked, streamed, "\(edges)")
            var vertical = image
            for w in [3, 7, 5] {
                let box = Array(repeating: 1 / Double(w), count: w)
                vertical = BlurReference.pass(vertical, weights: box, horizontal: false, edges: edges)
            }
            XCTAssertLessThanOrEqual(BlurReference.maxDifference(streamed, vertical), 1e-5, "\(edges)")
        }
    }

    /// Row pairs (`BoxRows`), the three-pass column cascade (`BoxStream.cascade`, blocks of 16
    /// rows in strips of 64 columns plus a remainder) and the one-thread fused sweep against the
    /// Float64 reference: every edge mode, odd sizes (a last row without a pair), two passes
    /// (no cascade), a first radius larger than the others, images narrower than the window,
    /// and identical pixels on one and two threads.
    func testRowPairsAndColumnCascadeMatchTheReference() {
        let sizes = [(67, 41), (5, 36), (3, 2), (1, 1)]
        for (width, height) in sizes {
            let image = BlurReference.randomImage(width: width, height: height, seed: UInt64(width * 1000 + height))
            for edges in EdgeMode.allCases {
                for widths in [[3, 3, 5], [9, 3, 3], [5, 7, 11], [3, 5]] {
                    let reference = BlurReference.iteratedBox(image, widths: widths, edges: edges)
                    var first: RGBAImage?
                    for schedule in IteratedBox.Schedule.allCases {
                        for threads in [1, 2] {
                            var box = IteratedBox(widths: widths)
                            box.schedule = schedule
                            let out = BlurReference.blurred(image, box, edges: edges, threads: threads)
                            let label = "\(width)×\(height) \(edges) \(widths) \(schedule) threads \(threads)"
                            XCTAssertLessThanOrEqual(BlurReference.maxDifference(out, reference), 2e-6, label)
                            if let first { XCTAssertEqual(out.pixels, first.pixels, label) } else { first = out }
                        }
                    }
                }
            }
        }
    }

    /// The first horizontal pass read from the rows where they lie, against padded copies of
    /// them: the same pixels, on rows from 2r₀ + 2 pixels wide, paired and alone, every edge mode.
    func testRowsReadInPlaceGiveTheSamePixelsAsPaddedCopies() {
        for width in [6, 7, 40] {
            let image = BlurReference.randomImage(width: width, height: 3)
            for edges in EdgeMode.allCases {
                let plan = BoxPlan(radii: [2, 1, 3], count: width, edges: edges)
                var outputs: [[Float]] = []
                for readingRows in [true, false] {
                    let rows = BoxRows(plan: plan, readingRows: readingRows)
                    defer { rows.deallocate() }
                    XCTAssertEqual(rows.readsRows, readingRows)
                    var out = [Float](repeating: 0, count: 4 * width * 3)
                    image.pixels.withUnsafeBufferPointer { pixels in
                        out.withUnsafeMutableBufferPointer { out in
                            let p = pixels.baseAddress!, o = out.baseAddress!
                            rows.run(p, p + 4 * width, into: o, o + 4 * width)
                            rows.run(p + 8 * width, nil, into: o + 8 * width, nil)
                        }
                    }
                    outputs.append(out)
                }
                XCTAssertEqual(outputs[0], outputs[1], "width \(width) \(edges)")
            }
        }
    }

    func testEveryBoxScheduleGivesTheSameImage() {
        let image = BlurReference.randomImage(width: 37, height: 29)
        for edges in [EdgeMode.clamp, .mirror, .zero] {
            for widths in [[3, 5, 7], [9, 9, 11], [1, 25]] {
                var expected = image
                IteratedBox(widths: widths).blur(&expected, edges: edges, threads: 1)
                for schedule in IteratedBox.Schedule.allCases {
                    var box = IteratedBox(widths: widths)
                    box.schedule = schedule
                    var out = image
                    box.blur(&out, edges: edges, threads: 1)
                    XCTAssertEqual(out.pixels, expected.pixels, "\(schedule) \(widths) \(edges)")
                }
            }
        }
    }
}
