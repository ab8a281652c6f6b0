import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// The 8-bit passes of extended-box (Pillow's fixed point) and stack (OpenCV's 8-bit
/// stackBlur): rows worked out by hand through the libraries' formulas, the published numbers
/// they use, and each fast loop against its plain reference, level for level.
final class EightBitPassesTests: XCTestCase {
    typealias R = BlurReference

    /// Applies 1-D references on levels along rows, then down columns, to every channel of the
    /// image quantized to 8 bits; returns levels / 255, as the fast loops do.
    static func separablyInLevels(
        _ image: RGBAImage, rows: ([UInt8]) -> [UInt8], columns: ([UInt8]) -> [UInt8]
    ) -> RGBAImage {
        let w = image.width, h = image.height
        var levels = image.rgba8()
        for c in 0..<4 {
            for y in 0..<h {
                let row = rows((0..<w).map { levels[4 * (y * w + $0) + c] })
                for x in 0..<w { levels[4 * (y * w + x) + c] = row[x] }
            }
            for x in 0..<w {
                let column = columns((0..<h).map { levels[4 * ($0 * w + x) + c] })
                for y in 0..<h { levels[4 * (y * w + x) + c] = column[y] }
            }
        }
        return RGBAImage(width: w, height: h, rgba8: levels)
    }

    /// A one-row image whose R, G and B are `levels` and whose alpha is opaque.
    static func row(_ levels: [UInt8]) -> RGBAImage {
        RGBAImage(width: levels.count, height: 1, rgba8: levels.flatMap { [$0, $0, $0, 255] })
    }

    /// The red levels of a one-row image.
    static func redLevels(_ image: RGBAImage) -> [UInt8] {
        (0..<image.width).map { RGBAImage.quantize(image[$0, 0].x) }
    }

    // MARK: - Pillow's fixed point, by hand

    func testPillowsWeightsForSigmaTwo() throws {
        // σ = 2, 3 passes: s² = 4/3, r + α = 1.375 (see testPillowsExtendedBoxParametersByHand);
        // ww = ⌊2²⁴ / 3.75⌋ = ⌊4 473 924.27⌋ = 4 473 924; fw = (2²⁴ − 3 · 4 473 924) / 2 = 1 677 722.
        XCTAssertEqual(ExtendedBox.FixedPointWeights.pillowRadius(sigma: 2, passes: 3), 1.375)
        let box = try ExtendedBox(sigma: 2, passes: 3, storage: .eightBit)
        XCTAssertEqual(box.radius, 1)
        XCTAssertEqual(box.fixedPoint, ExtendedBox.FixedPointWeights(whole: 4_473_924, end: 1_677_722))
    }

    func testOnePillowPassOverFivePixelsByHand() {
        // r = 1, ww = 4 473 924, fw = 1 677 722, clamped ends, the row 0 0 255 0 0:
        //   x = 0: box 0 + 0 + 0, ends 0 and 255: (255 · 1 677 722 + 2²³) >> 24 = ⌊26.0000061⌋ = 26
        //   x = 1: box 0 + 0 + 255, ends 0 and 0:  (255 · 4 473 924 + 2²³) >> 24 = ⌊68.4999959⌋ = 68
        //   x = 2, 3 as x = 1 and x = 4 as x = 0, by symmetry.
        // 26 + 68 + 68 + 68 + 26 = 256: rounding each pass to a level gains one level of light here.
        let weights = ExtendedBox.FixedPointWeights(whole: 4_473_924, end: 1_677_722)
        let expected: [UInt8] = [26, 68, 68, 68, 26]
        XCTAssertEqual(ExtendedBox.eightBitReference([0, 0, 255, 0, 0], radius: 1, weights: weights, passes: 1, edges: .clamp), expected)
        // The fast loop on a 5 × 1 image: the column pass of one clamped pixel gives it back
        // (3 · ww + 2 · fw = 2²⁴ exactly).
        var image = Self.row([0, 0, 255, 0, 0])
        ExtendedBox(radius: 1, alpha: 0.375, passes: 1, storage: .eightBit).blur(&image, edges: .clamp, threads: 1)
        XCTAssertEqual(Self.redLevels(image), expected)
        XCTAssertEqual(image[2, 0].w, 1, "an opaque alpha stays opaque")
    }

    func testTwoPillowPassesByHand() {
        // The second pass reads the first pass's levels 26 68 68 68 26 (clamped ends):
        //   x = 0: box 26 + 26 + 68 = 120, ends 26 + 68 = 94:
        //          120 · 4 473 924 + 94 · 1 677 722 + 2²³ = 702 965 356, ÷ 2²⁴ = 41.90 → 41
        //   x = 1: box 162, ends 26 + 68 = 94: 890 870 164 ÷ 2²⁴ = 53.10 → 53
        //   x = 2: box 204, ends 26 + 26 = 52: 1 008 310 648 ÷ 2²⁴ = 60.10 → 60
        // 41 + 53 + 60 + 53 + 41 = 248: the two passes hold 255's light to within 7 levels.
        let weights = ExtendedBox.FixedPointWeights(whole: 4_473_924, end: 1_677_722)
        XCTAssertEqual(ExtendedBox.eightBitReference([0, 0, 255, 0, 0], radius: 1, weights: weights, passes: 2, edges: .clamp),
                       [41, 53, 60, 53, 41])
        var image = Self.row([0, 0, 255, 0, 0])
        ExtendedBox(radius: 1, alpha: 0.375, passes: 2, storage: .eightBit).blur(&image, edges: .clamp, threads: 1)
        XCTAssertEqual(Self.redLevels(image), [41, 53, 60, 53, 41])
    }

    // MARK: - OpenCV's stack blur, by hand

    func testKlingemannsDivisorsMatchOpenCVsTables() {
        // stackblurMul / stackblurShr in OpenCV's stackblur.cpp, entries 0, 2, 4, 22, 181, 254.
        let published: [(Int, UInt32, UInt32)] = [(0, 512, 9), (2, 456, 12), (4, 328, 13), (22, 496, 18), (181, 507, 24), (254, 259, 24)]
        for (r, m, s) in published {
            let divisor = StackBlur.klingemannDivisor(radius: r)
            XCTAssertEqual(divisor.multiplier, m, "multiplier for r = \(r)")
            XCTAssertEqual(divisor.shift, s, "shift for r = \(r)")
        }
    }

    func testStackRowsByHandTruncatedAndRounded() {
        // r = 1, weights 1 2 1, ÷ 4. Row 0 0 255 0 0 (longer than the 3 taps): Klingemann's
        // (sum · 512) >> 11 truncates: 255/4 = 63.75 → 63, 510/4 = 127.5 → 127.
        XCTAssertEqual(StackBlur.levelRule(radius: 1, count: 5, alongColumns: false), .klingemann)
        XCTAssertEqual(StackBlur.eightBitReference([0, 0, 255, 0, 0], radius: 1, rule: .klingemann, edges: .clamp), [0, 63, 127, 63, 0])
        var image = Self.row([0, 0, 255, 0, 0])
        StackBlur(radius: 1, storage: .eightBit).blur(&image, edges: .clamp, threads: 1)
        XCTAssertEqual(Self.redLevels(image), [0, 63, 127, 63, 0])
        // Row 0 255 0, no longer than the kernel: OpenCV rounds (ties to even):
        // 255/4 = 63.75 → 64, 510/4 = 127.5 → 128.
        XCTAssertEqual(StackBlur.levelRule(radius: 1, count: 3, alongColumns: false), .nearest)
        var short = Self.row([0, 255, 0])
        StackBlur(radius: 1, storage: .eightBit).blur(&short, edges: .clamp, threads: 1)
        XCTAssertEqual(Self.redLevels(short), [64, 128, 64])
        // Rows of r > 4 round; columns truncate.
        XCTAssertEqual(StackBlur.levelRule(radius: 5, count: 100, alongColumns: false), .nearest)
        XCTAssertEqual(StackBlur.levelRule(radius: 5, count: 100, alongColumns: true), .klingemann)
        XCTAssertEqual(StackBlur.levelRule(radius: 255, count: 1000, alongColumns: true), .truncated)
        XCTAssertEqual(StackBlur.level(36 * 200 + 35, radius: 5, rule: .truncated), 200)
        XCTAssertEqual(StackBlur.level(36 * 200 + 18, radius: 5, rule: .nearest), 200, "200.5 rounds to the even 200")
        XCTAssertEqual(StackBlur.level(36 * 201 + 18, radius: 5, rule: .nearest), 202, "201.5 rounds to the even 202")
    }

    // MARK: - Against the libraries' own output

    struct LibraryBlurs: Decodable {
        let width: Int, height: Int
        let input: [UInt8]
        let pillow: [String: [UInt8]]
        let opencv: [String: [UInt8]]
    }

    /// `Fixtures/library-blurs.json` (made by `make_library_blurs.py` with Pillow 13.0.0 and
    /// OpenCV 5.0.0): the 8-bit passes give Pillow's every value, and OpenCV's except in the last
    /// r columns of r > 4, where OpenCV's rows leave the clamped triangle (see `StackBlur+EightBit`).
    func testEightBitPassesReproduceTheLibrariesOutput() throws {
        let url = PNGTests.fixtures.appendingPathComponent("library-blurs.json")
        let blurs = try JSONDecoder().decode(LibraryBlurs.self, from: Data(contentsOf: url))
        let w = blurs.width, h = blurs.height
        var rgba: [UInt8] = []
        for i in 0..<(w * h) { rgba += [blurs.input[3 * i], blurs.input[3 * i + 1], blurs.input[3 * i + 2], 255] }
        let image = RGBAImage(width: w, height: h, rgba8: rgba)
        func rgb(_ image: RGBAImage) -> [UInt8] {
            image.rgba8().enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        }
        for (sigma, expected) in blurs.pillow.sorted(by: { $0.key < $1.key }) {
            let box = try ExtendedBox(sigma: try XCTUnwrap(Double(sigma)), passes: 3, storage: .eightBit)
            XCTAssertEqual(rgb(R.blurred(image, box, edges: .clamp)), expected, "Pillow GaussianBlur(\(sigma))")
            let float = try ExtendedBox(sigma: try XCTUnwrap(Double(sigma)), passes: 3)
            XCTAssertNotEqual(rgb(R.blurred(image, float, edges: .clamp)), expected, "Float32 passes round differently, σ = \(sigma)")
        }
        for (radius, expected) in blurs.opencv.sorted(by: { $0.key < $1.key }) {
            let r = try XCTUnwrap(Int(radius))
            let ours = rgb(R.blurred(image, StackBlur(radius: r, storage: .eightBit), edges: .clamp))
            let lastExact = r > 4 ? w - r : w
            for y in 0..<h {
                for x in 0..<lastExact {
                    let i = 3 * (y * w + x)
                    XCTAssertEqual(ours[i..<(i + 3)], expected[i..<(i + 3)], "stackBlur r = \(r) at (\(x), \(y))")
                }
            }
        }
    }

    // MARK: - Fast loops against their references

    func testEightBitFastLoopsMatchTheirReferencesInEveryEdgeMode() throws {
        // 37 × 11: rows not a multiple of the 8-line groups; columns of 11 ≤ 2r + 1 for r = 6;
        // r = 300: rows rounded, columns beyond Klingemann's table (Float32 product, truncated).
        let image = R.randomImage(width: 37, height: 11)
        for edges in EdgeMode.allCases {
            let box = try ExtendedBox(sigma: 2.5, passes: 3, storage: .eightBit)
            let boxReference = Self.separablyInLevels(image,
                rows: { ExtendedBox.eightBitReference($0, radius: box.radius, weights: box.fixedPoint, passes: 3, edges: edges) },
                columns: { ExtendedBox.eightBitReference($0, radius: box.radius, weights: box.fixedPoint, passes: 3, edges: edges) })
            XCTAssertEqual(R.blurred(image, box, edges: edges, threads: 2), boxReference, "extended-box 8-bit \(edges)")

            for r in [2, 6, 300] {
                let stack = StackBlur(radius: r, storage: .eightBit)
                let reference = Self.separablyInLevels(image,
                    rows: { StackBlur.eightBitReference($0, radius: r, rule: StackBlur.levelRule(radius: r, count: 37, alongColumns: false), edges: edges) },
                    columns: { StackBlur.eightBitReference($0, radius: r, rule: StackBlur.levelRule(radius: r, count: 11, alongColumns: true), edges: edges) })
                XCTAssertEqual(R.blurred(image, stack, edges: edges, threads: 2), reference, "stack r=\(r) 8-bit \(edges)")
            }
        }
    }

    func testEightBitPassesCostAccuracyAgainstFloatPasses() throws {
        // The same boxes, once with Float32 passes and once with 8-bit passes, on an 8-bit
        // picture: the Float32 result rounded once is within half a level of the exact boxes,
        // so 8-bit passes can only add error; six rounded passes add more than one level here.
        let image = RGBAImage(width: 64, height: 48, rgba8: R.randomImage(width: 64, height: 48).rgba8())
        let float = try ExtendedBox(sigma: 3, passes: 3)
        let eight = try ExtendedBox(sigma: 3, passes: 3, storage: .eightBit)
        let a = R.blurred(image, float, edges: .clamp), b = R.blurred(image, eight, edges: .clamp)
        let worst = zip(a.pixels, b.pixels).map { abs(Double($0) - Double($1)) * 255 }.max()!
        XCTAssertGreaterThan(worst, 0.5)
        XCTAssertLessThan(worst, 4)
    }
}
