import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Properties every blur method must have, in every edge mode.
final class BlurMethodTests: XCTestCase {
    typealias R = BlurReference

    /// One of each method, with kernels of radius 3 or so.
    var methods: [any BlurMethod] {
        let g = R.gaussian(sigma: 1.2, radius: 3)
        return [
            BoxAverage(radius: 2),
            Gaussian2D(weights: R.outer(g), radius: 3),
            Separable(weights: g.map { Float($0) }),
            IteratedBox(widths: [3, 5, 7]),
            IteratedBox(radius: 2, iterations: 2),
            Downsampled(factor: 3, inner: Separable(weights: R.gaussian(sigma: 0.8, radius: 2).map { Float($0) })),
        ]
    }

    func testSeparableMatchesTheDirect2DGaussianInEveryEdgeMode() {
        let image = R.randomImage(width: 23, height: 17)
        let g = R.gaussian(sigma: 1.5, radius: 5)
        for edges in EdgeMode.allCases {
            let separable = R.blurred(image, Separable(weights: g.map { Float($0) }), edges: edges)
            let direct = R.blurred(image, Gaussian2D(weights: R.outer(g), radius: 5), edges: edges)
            XCTAssertLessThanOrEqual(R.maxDifference(separable, direct), 1e-4, "\(edges)")
        }
    }

    func testRunningSumBoxMatchesTheNaiveBoxAverageInEveryEdgeMode() {
        let image = R.randomImage(width: 29, height: 13)
        for edges in EdgeMode.allCases {
            for radius in [1, 4, 20] {
                let running = R.blurred(image, IteratedBox(widths: [2 * radius + 1]), edges: edges)
                let naive = R.blurred(image, BoxAverage(radius: radius), edges: edges)
                XCTAssertLessThanOrEqual(R.maxDifference(running, naive), 1e-5, "\(edges), R=\(radius)")
            }
        }
    }

    func testTwoThreadsGiveBitIdenticalResults() {
        // 37 columns: not a multiple of the 8- and 16-pixel blocks; 41 rows: uneven row groups;
        // 5 rows over 3 threads: bands thinner than the kernel radius.
        for (width, height) in [(37, 41), (11, 5)] {
            let image = R.randomImage(width: width, height: height)
            for method in methods {
                for edges in EdgeMode.allCases {
                    let one = R.blurred(image, method, edges: edges, threads: 1)
                    for threads in [2, 3] {
                        let out = R.blurred(image, method, edges: edges, threads: threads)
                        XCTAssertEqual(out, one, "\(method.name) \(method.parameters), \(edges), \(threads) threads, \(width)×\(height)")
                    }
                }
            }
        }
    }

    func testThinBandsMatchTheReference() {
        // Three threads over 5 rows with R = 3: every band's neighbours come from snapshots.
        let image = R.randomImage(width: 11, height: 5)
        let g = R.gaussian(sigma: 1.2, radius: 3)
        for edges in EdgeMode.allCases {
            let reference = R.convolve2D(image, radius: 3, edges: edges) { g[$0 + 3] * g[$1 + 3] }
            let out = R.blurred(image, Gaussian2D(weights: R.outer(g), radius: 3), edges: edges, threads: 3)
            XCTAssertLessThanOrEqual(R.maxDifference(out, reference), 1e-5, "\(edges)")
        }
    }

    func testAConstantImageStaysConstantExceptWithZeroEdges() {
        let colour = SIMD4<Float>(0.25, 0.5, 0.75, 1)
        for (width, height) in [(19, 11), (2, 3), (1, 1)] {
            let image = RGBAImage(width: width, height: height, fill: colour)
            for method in methods {
                for edges in EdgeMode.allCases where edges != .zero {
                    let out = R.blurred(image, method, edges: edges)
                    for i in 0..<out.pixelCount {
                        let d = out[i % width, i / width] - colour
                        XCTAssertLessThanOrEqual(max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)), 1e-6,
                                                 "\(method.name), \(edges), \(width)×\(height)")
                    }
                }
            }
        }
    }

    func testImagesSmallerThanTheKernelMatchTheDirectReference() {
        let g = R.gaussian(sigma: 1.5, radius: 4), g32 = g.map { Float($0) }
        for (width, height) in [(1, 1), (1, 7), (7, 1), (3, 2)] {
            let image = R.randomImage(width: width, height: height, seed: UInt64(width * 31 + height))
            for edges in EdgeMode.allCases {
                let label = "\(width)×\(height), \(edges)"
                func check(_ method: any BlurMethod, _ reference: RGBAImage) {
                    let out = R.blurred(image, method, edges: edges)
                    XCTAssertLessThanOrEqual(R.maxDifference(out, reference), 1e-5, "\(method.name), \(label)")
                }
                let gaussian = R.convolve2D(image, radius: 4, edges: edges) { g[$0 + 4] * g[$1 + 4] }
                check(Gaussian2D(weights: R.outer(g), radius: 4), gaussian)
                check(Separable(weights: g32), gaussian)
                check(BoxAverage(radius: 3), R.convolve2D(image, radius: 3, edges: edges) { _, _ in 1.0 / 49 })
                check(IteratedBox(widths: [3, 9, 5]), R.iteratedBox(image, widths: [3, 9, 5], edges: edges))
                let down = R.blurred(image, Downsampled(factor: 4, inner: Separable(weights: g32)), edges: edges)
                XCTAssertTrue(down.pixels.allSatisfy(\.isFinite), label)
            }
        }
    }

    func testTheImpulseResponseStaysWithinTheReach() {
        // Zero edges and a centred impulse: nothing beyond `reach` may become non-zero, and the
        // single-kernel methods reach exactly that far. (Running sums leave rounding residue of
        // about 1e-8 where the true value is 0, hence the threshold.)
        var impulse = RGBAImage(width: 61, height: 61)
        impulse[30, 30] = SIMD4(1, 1, 1, 1)
        for method in methods {
            let out = R.blurred(impulse, method, edges: .zero)
            var extent = 0
            for y in 0..<61 {
                for x in 0..<61 where abs(out[x, y].w) > 1e-6 { extent = max(extent, abs(x - 30), abs(y - 30)) }
            }
            if method is Downsampled {
                XCTAssertLessThanOrEqual(extent, method.reach, method.parameters)
            } else {
                XCTAssertEqual(extent, method.reach, "\(method.name) \(method.parameters)")
            }
        }
    }

    func testEmptyImagesAreLeftAlone() {
        for method in methods {
            for (width, height) in [(0, 0), (0, 5), (5, 0)] {
                let empty = RGBAImage(width: width, height: height)
                XCTAssertEqual(R.blurred(empty, method, edges: .wrap), empty)
            }
        }
    }
}
