import BlurCore
import XCTest

/// `KernelVariant`: every variant of the separable passes this machine runs gives the baseline
/// Swift loops' pixels, bit for bit, so every test of those loops holds for each variant.
final class KernelVariantTests: XCTestCase {
    func noise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var state = seed
        let values = (0..<(4 * width * height)).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        return RGBAImage(width: width, height: height, pixels: values)
    }

    func testTheVariantAskedForIsChosenAndTheBaselineAlwaysSupported() {
        XCTAssertEqual(KernelVariant.supported.first, .baseline)
        XCTAssertTrue(KernelVariant.supported.contains(KernelVariant.chosen))
        XCTAssertEqual(KernelVariant.supported, KernelVariant.allCases.filter(KernelVariant.supported.contains))
        let asked = ProcessInfo.processInfo.environment["BLURKIT_KERNELS"].flatMap(KernelVariant.init(rawValue:))
        if let asked, KernelVariant.supported.contains(asked) {
            XCTAssertEqual(KernelVariant.chosen, asked)
        } else {
            XCTAssertEqual(KernelVariant.chosen, KernelVariant.supported.last)
        }
    }

    func testEveryVariantGivesTheBaselinePixels() throws {
        // σ = 1 and 3 sweep both passes through the ring of rows on one thread, 8 and 30 run the
        // rows, then the column blocks; two threads always run the separate passes.
        for (width, height) in [(37, 23), (1, 19), (21, 1), (8, 8), (64, 9)] {
            let image = noise(width: width, height: height, seed: UInt64(width * 100 + height))
            let levels = RGBA8Image(image)
            for sigma in [0.5, 1, 3, 8, 30] {
                let kernel = try GaussianKernel1D(sigma: sigma)
                var skewed = kernel.weights.map(Float.init)
                skewed[0] *= 2  // not symmetric: the other loops
                for weights in [kernel.weights.map(Float.init), skewed] {
                    for edges in EdgeMode.allCases {
                        for threads in [1, 2] {
                            let results = underEachVariant {
                                image.blurred(by: Separable(weights: weights), edges: edges, threads: threads)
                            }
                            for (variant, result) in results.dropFirst() {
                                XCTAssertEqual(
                                    result.pixels, results[0].1.pixels,
                                    "\(variant), \(width)×\(height), σ = \(sigma), \(edges), \(threads) threads")
                            }
                        }
                    }
                }
                for edges in EdgeMode.allCases {
                    let results = try underEachVariant { try levels.blurred(sigma: sigma, edges: edges) }
                    for (variant, result) in results.dropFirst() {
                        XCTAssertEqual(
                            result, results[0].1, "8-bit, \(variant), \(width)×\(height), σ = \(sigma), \(edges)")
                    }
                }
            }
        }
    }
}

extension XCTestCase {
    /// `body`'s result under each supported kernel variant, the baseline's first.
    func underEachVariant<T>(_ body: () throws -> T) rethrows -> [(KernelVariant, T)] {
        let saved = KernelVariant.active
        defer { KernelVariant.active = saved }
        return try KernelVariant.supported.map { variant in
            KernelVariant.active = variant
            return (variant, try body())
        }
    }
}
