import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Direct references for the blur methods, built only from `EdgeMode.sourceIndex` and Float64
/// sums, and the test images they run on.
enum BlurReference {
    /// A deterministic image of uniform values in 0..<1 in all four channels (xorshift64*).
    static func randomImage(width: Int, height: Int, seed: UInt64 = 0x2545_F491_4F6C_DD1D) -> RGBAImage {
        var state = seed
        let values = (0..<(4 * width * height)).map { _ -> Float in
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return Float((state &* 0x2545_F491_4F6C_DD1D) >> 40) / Float(1 << 24)
        }
        return RGBAImage(width: width, height: height, pixels: values)
    }

    /// The pixel that (x, y) reads through `edges`, or zero.
    static func read(_ image: RGBAImage, _ x: Int, _ y: Int, _ edges: EdgeMode) -> SIMD4<Double> {
        guard let sx = edges.sourceIndex(x, count: image.width),
              let sy = edges.sourceIndex(y, count: image.height) else { return .zero }
        let p = image[sx, sy]
        return SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w))
    }

    /// `out(x, y) = Σ K(i, j) · in(x + i, y + j)` over `-radius...radius` on both axes.
    static func convolve2D(_ image: RGBAImage, radius: Int, edges: EdgeMode, kernel: (Int, Int) -> Double) -> RGBAImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = SIMD4<Double>.zero
                for j in -radius...radius {
                    for i in -radius...radius { sum += kernel(i, j) * read(image, x + i, y + j, edges) }
                }
                out[x, y] = SIMD4<Float>(sum)
            }
        }
        return out
    }

    /// One 1-D pass: `weights[k]` weighs the pixel at offset `k - R` along x (or y).
    static func pass(_ image: RGBAImage, weights: [Double], horizontal: Bool, edges: EdgeMode) -> RGBAImage {
        let r = weights.count / 2
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = SIMD4<Double>.zero
                for (k, w) in weights.enumerated() {
                    sum += w * (horizontal ? read(image, x + k - r, y, edges) : read(image, x, y + k - r, edges))
                }
                out[x, y] = SIMD4<Float>(sum)
            }
        }
        return out
    }

    /// Box passes of the given widths, all horizontal then all vertical.
    static func iteratedBox(_ image: RGBAImage, widths: [Int], edges: EdgeMode) -> RGBAImage {
        var out = image
        for horizontal in [true, false] {
            for w in widths {
                out = pass(out, weights: Array(repeating: 1 / Double(w), count: w), horizontal: horizontal, edges: edges)
            }
        }
        return out
    }

    /// Sampled Gaussian weights `exp(−x²/2σ²)`, x in −R…R, normalised to sum 1.
    static func gaussian(sigma: Double, radius: Int) -> [Double] {
        let w = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { $0 / sum }
    }

    /// The row-major outer product `w ⊗ w` as Gaussian2D takes it.
    static func outer(_ w: [Double]) -> [Float] {
        w.flatMap { wy in w.map { wx in Float(wy * wx) } }
    }

    static func blurred(_ image: RGBAImage, _ method: any BlurMethod, edges: EdgeMode, threads: Int = 1) -> RGBAImage {
        var out = image
        method.blur(&out, edges: edges, threads: threads)
        return out
    }

    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Float {
        precondition(a.pixels.count == b.pixels.count)
        return zip(a.pixels, b.pixels).map { abs($0 - $1) }.max() ?? 0
    }
}

/// Checks the references themselves against hand-computed grids.
final class BlurReferenceTests: XCTestCase {
    func testReferencePassOnAHandComputedRow() {
        // Row 1 2 4 with weights (0.25, 0.5, 0.25), mirror: padded 2 | 1 2 4 | 2 →
        // 0.25·2 + 0.5·1 + 0.25·2 = 1.5, 0.25 + 1 + 1 = 2.25, 0.5 + 2 + 0.5 = 3.
        let row = RGBAImage(width: 3, height: 1, pixels: [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4])
        let out = BlurReference.pass(row, weights: [0.25, 0.5, 0.25], horizontal: true, edges: .mirror)
        XCTAssertEqual(out.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element), [1.5, 2.25, 3])
    }

    func testReference2DZeroModeCountsMissingPixelsAsZero() {
        // A 1×1 image of 9 under a 3×3 mean with zero edges keeps 1/9 of itself.
        let one = RGBAImage(width: 1, height: 1, fill: SIMD4(9, 9, 9, 9))
        let out = BlurReference.convolve2D(one, radius: 1, edges: .zero) { _, _ in 1.0 / 9 }
        XCTAssertEqual(out[0, 0].x, 1, accuracy: 1e-6)
    }
}
