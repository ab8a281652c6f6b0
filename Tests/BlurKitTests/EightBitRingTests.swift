import XCTest

@testable import BlurCore

/// The 8-bit path's ring sweep (kernels of at most `separableRingTaps` taps) gives the column
/// strips' levels bit for bit, on one thread and two, under each loop variant this machine runs.
final class EightBitRingTests: XCTestCase {
    func testTheRingGivesTheStripsLevels() throws {
        let saved = (KernelVariant.active, levelStripsOnly)
        defer { (KernelVariant.active, levelStripsOnly) = saved }
        var compared = 0
        for variant in KernelVariant.supported {
            KernelVariant.active = variant
            // Shorter and narrower than the kernel, one strip, several strips, odd sizes.
            for (i, (width, height)) in [(1, 1), (3, 40), (40, 3), (37, 23), (150, 7), (67, 90)].enumerated() {
                let image = EightBitSeparableTests.noise(width: width, height: height, seed: UInt64(100 + i))
                // R = 2, 4, 9 and 12, the largest the ring takes (2R + 1 = separableRingTaps).
                for sigma in [0.5, 1.3, 3, 3.9] {
                    let method = try RGBA8Image.separable(sigma: sigma, truncate: 3, threads: 1)
                    XCTAssertLessThanOrEqual(method.weights.count, separableRingTaps)
                    if sigma == 3.9 { XCTAssertEqual(method.weights.count, separableRingTaps) }
                    for edges in EdgeMode.allCases where edges != .wrap {
                        levelStripsOnly = true
                        let strips = image.blurred(by: method, edges: edges, threads: 1)
                        levelStripsOnly = false
                        for threads in [1, 2, 3] {
                            let ring = image.blurred(by: method, edges: edges, threads: threads)
                            XCTAssertEqual(
                                ring.levels, strips.levels,
                                "\(variant), \(width)×\(height), σ = \(sigma), \(edges), \(threads) threads")
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(compared, KernelVariant.supported.count * 6 * 4 * 4 * 3)
    }
}
