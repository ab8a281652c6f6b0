import BlurCore
import Foundation
import XCTest

/// `RGBA8Image.blurred(sigma:edges:truncate:threads:)`: 8-bit levels in and out, correctly
/// rounded against a Float64 blur written out plainly here (its own weights and edge rules).
final class EightBitSeparableTests: XCTestCase {
    /// The stated tolerance beyond half a level: Float32 sums against Float64 ones.
    static let floatTolerance = 1e-3

    /// Seeded levels, every value 0…255 (a 64-bit LCG, the high byte).
    static func noise(width: Int, height: Int, seed: UInt64) -> RGBA8Image {
        var state = seed
        let levels = (0..<(4 * width * height)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(state >> 56)
        }
        return RGBA8Image(width: width, height: height, levels: levels)
    }

    /// The index position `i` reads in a line of `n`, or nil for zero: each rule applied until
    /// the position falls inside.
    func source(_ i: Int, _ n: Int, _ edges: EdgeMode) -> Int? {
        var j = i
        switch edges {
        case .zero: return (0..<n).contains(i) ? i : nil
        case .clamp: return min(max(i, 0), n - 1)
        case .wrap: return ((i % n) + n) % n
        case .reflect:  // about −½ and n − ½: the edge pixel repeats
            while j < 0 || j >= n { j = j < 0 ? -1 - j : 2 * n - 1 - j }
        case .mirror:  // about 0 and n − 1: it does not
            if n == 1 { return 0 }
            while j < 0 || j >= n { j = j < 0 ? -j : 2 * (n - 1) - j }
        }
        return j
    }

    /// The Float64 blur: exp(−k²/2σ²) for k in −R…R, R = ⌊3σ + ½⌋, normalised; rows, then columns.
    func reference(_ image: RGBA8Image, sigma: Double, edges: EdgeMode) -> [Double] {
        let w = image.width, h = image.height, r = Int((3 * sigma + 0.5).rounded(.down))
        let shape = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = shape.reduce(0, +)
        let weights = shape.map { $0 / total }
        var rows = [Double](repeating: 0, count: 4 * w * h), out = rows
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0.0
                    for k in -r...r {
                        if let s = source(x + k, w, edges) {
                            sum += weights[k + r] * Double(image.levels[4 * (y * w + s) + c])
                        }
                    }
                    rows[4 * (y * w + x) + c] = sum
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0.0
                    for k in -r...r {
                        if let s = source(y + k, h, edges) { sum += weights[k + r] * rows[4 * (s * w + x) + c] }
                    }
                    out[4 * (y * w + x) + c] = sum
                }
            }
        }
        return out
    }

    func testEveryLevelIsTheFloat64BlurRounded() throws {
        // Wider than one strip of 64 columns: (150, 7) and (67, 3).
        let sizes = [(37, 23), (1, 29), (29, 1), (1, 1), (16, 16), (17, 9), (150, 7), (67, 3)]
        var outputs = 0, misrounded = 0, worst = 0.0
        let saved = KernelVariant.active
        defer { KernelVariant.active = saved }
        // Each variant of the loops this machine runs (`KernelVariant`).
        for variant in KernelVariant.supported {
            KernelVariant.active = variant
            for (i, (width, height)) in sizes.enumerated() {
                let image = Self.noise(width: width, height: height, seed: UInt64(i + 1))
                for sigma in [0.5, 1.3, 3, 8, 32] {
                    for edges in EdgeMode.allCases {
                        let expected = reference(image, sigma: sigma, edges: edges)
                        let blurred = try image.blurred(sigma: sigma, edges: edges)
                        XCTAssertEqual(try image.blurred(sigma: sigma, edges: edges, threads: 2), blurred)
                        for (level, exact) in zip(blurred.levels, expected) {
                            let error = abs(Double(level) - exact)
                            worst = max(worst, error)
                            XCTAssertLessThanOrEqual(
                                error, 0.5 + Self.floatTolerance,
                                "\(width)×\(height), σ = \(sigma), \(edges): \(level) for \(exact)")
                            if Double(level) != exact.rounded(.toNearestOrEven) {
                                // Only a Float64 value within float error of a half may round the other way.
                                misrounded += 1
                                XCTAssertLessThanOrEqual(
                                    abs(exact - exact.rounded(.down) - 0.5), Self.floatTolerance,
                                    "\(width)×\(height), σ = \(sigma), \(edges): \(level) for \(exact)")
                            }
                            outputs += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(
            outputs, 4 * (37 * 23 + 29 + 29 + 1 + 256 + 153 + 1050 + 201) * 5 * 5 * KernelVariant.supported.count)
        XCTAssertGreaterThan(worst, 0.49, "noise must reach near-halves, or the test proves little")
        // Misrounded outputs, counted: 1 of 257,000 a variant when this was written (worst error
        // 0.50001), a Float64 value 1e-5 from a half; each was checked above to lie near one.
        XCTAssertLessThanOrEqual(misrounded, outputs / 10_000)
    }

    func testAFlatImageStaysFlatAndAnEmptyOneEmpty() throws {
        let flat = RGBA8Image(width: 19, height: 7, levels: (0..<(19 * 7 * 4)).map { UInt8($0 % 4 * 85) })
        for edges: EdgeMode in [.clamp, .reflect, .mirror, .wrap] {
            XCTAssertEqual(try flat.blurred(sigma: 32, edges: edges), flat)
        }
        let empty = RGBA8Image(width: 0, height: 5, levels: [])
        XCTAssertEqual(try empty.blurred(sigma: 2), empty)
    }

    func testOutOfRangeValuesAreRefusedByName() {
        let image = Self.noise(width: 4, height: 4, seed: 9)
        for (sigma, truncate, threads, name) in [
            (0.0, 3.0, 1, "sigma"), (.nan, 3, 1, "sigma"), (1001, 3, 1, "sigma"),
            (2, 0, 1, "truncate"), (2, 21, 1, "truncate"), (2, 3, 0, "threads"), (2, 3, 65, "threads")
        ] {
            XCTAssertThrowsError(try image.blurred(sigma: sigma, truncate: truncate, threads: threads)) { error in
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
        }
    }

    func testTheFloatImageConversionsAreExact() {
        let image = Self.noise(width: 5, height: 3, seed: 4)
        XCTAssertEqual(RGBA8Image(RGBAImage(image)), image)
    }
}
