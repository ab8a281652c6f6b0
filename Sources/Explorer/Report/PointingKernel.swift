import Authoring
import BlurKit
import Foundation

/// The weights a page multiplies a pointed pixel's neighbourhood by (`FigurePointing`): a blur's
/// impulse response, measured by blurring a single white pixel, as `ImpulseSummary` does.
///
/// out(x, y) = Σ w(dx, dy) · in(x + dx, y + dy), so w(d) = response(c − d) for an impulse at c.
/// `exact` says where that sum is the blur's own arithmetic:
/// - `everywhere`: one weighted sum per pixel, beyond the border read through the edge mode on
///   each axis (box, gaussian2d, separable, the Float64 reference; for other methods checked at
///   the border of a small picture, `holdsAtTheBorder`): the sum is the output at every pixel (with
///   `zero` edges, the colour divided by the weight inside, as premultiplied alpha does);
/// - `interior`: a response that does not depend on where the impulse is, but that differs from
///   the sum at the border (iterated boxes: each pass pads what the previous one made): the sum is
///   the output where the neighbourhood lies inside the picture;
/// - `none`: the response depends on the pixel's place (downsampling, Kawase), or the kernel is
///   too large to show: the page shows the neighbourhood and its levels, and says why no sum.
struct PointingKernel: Encodable, Sendable {
    var method: String
    var parameters: String
    var edges: String
    /// Whether the blur averages linear light (the page decodes sRGB levels, sums, encodes).
    var linear: Bool
    var exact: String
    /// Why there is no sum, or where it holds; empty when `exact` is `everywhere`.
    var note: String
    /// The weights are (2R + 1)² arrays, R = `radius`; the non-zero ones reach `reachX` and
    /// `reachY` pixels from the centre (a one-pass blur reaches 0 pixels along the other axis).
    var radius: Int
    var reachX = 0
    var reachY = 0
    /// A separable kernel: w(dx, dy) = y[dy + R] · x[dx + R].
    var x: [Double]?
    var y: [Double]?
    /// Another kernel: w(dx, dy) = grid[dy + R][dx + R].
    var grid: [[Double]]?
    /// Σ w over the whole kernel.
    var weightSum: Double

    /// Methods that are one weighted sum per pixel with the edge mode read on each axis.
    static let single: Set<String> = ["box", "gaussian2d", "separable"]
    /// The largest reach measured, and the most taps measuring it may take (a direct 2-D
    /// kernel costs (2R + 5)² · (2R + 1)² for each of the three blurs it takes; `CostLimit`).
    static let maximumRadius = 128
    static let maximumTaps = 1e8
    /// The largest non-separable kernel written out, (2R + 1)² weights.
    static let maximumGridRadius = 24

    /// The kernel of `method` blurring with `edges` (in linear light when `linear`).
    static func of(_ method: any BlurMethod, edges: EdgeMode, linear: Bool) -> PointingKernel {
        let reach = max(method.reach, (method as? any UnboundedResponse)?.responseExtent ?? 0)
        var kernel = PointingKernel(
            method: method.name, parameters: method.parameters, edges: edges.rawValue, linear: linear,
            exact: "none", note: "", radius: reach, weightSum: 0)
        let side = 2 * (reach + 2) + 1, c = side / 2
        guard reach <= maximumRadius, (CostLimit.tapsPerPixel(method) ?? 1) * Double(side * side) <= maximumTaps else {
            kernel.note = "its weights reach \(reach) px, too far to show here"
            return kernel
        }
        func response(at p: (Int, Int)) -> RGBAImage {
            var image = RGBAImage(width: side, height: side, fill: .zero)
            image[p.0, p.1] = SIMD4(1, 1, 1, 1)
            method.blur(&image, edges: .zero, threads: 1)
            return image
        }
        let centred = response(at: (c, c))
        let weights = (-reach...reach).map { dy in (-reach...reach).map { dx in Double(centred[c - dx, c - dy].w) } }
        let peak = weights.joined().map(abs).max() ?? 0
        if single.contains(method.name) {
            kernel.exact = "everywhere"
        } else {
            // An impulse one and two pixels away must give the same weights, moved with it.
            let moved = response(at: (c + 1, c + 2))
            var largest = 0.0
            for dy in -reach...reach {
                for dx in -reach...reach {
                    let (sx, sy) = (c + 1 - dx, c + 2 - dy)
                    guard sx >= 0, sy >= 0, sx < side, sy < side else { continue }
                    largest = max(largest, abs(Double(moved[sx, sy].w) - weights[dy + reach][dx + reach]))
                }
            }
            if largest > 1e-5 * peak {
                kernel.note =
                    "\(method.name) is not one kernel: its weights depend on where the pixel lies (it resamples)"
                return kernel
            }
            if Self.holdsAtTheBorder(method, edges: edges, weights: weights) {
                kernel.exact = "everywhere"
            } else {
                kernel.exact = "interior"
                kernel.note =
                    "nearer the border than \(reach) px its passes pad what earlier passes made, so the sum holds only farther in"
            }
        }
        kernel.set(weights, peak: peak)
        return kernel
    }

    /// Whether `method` with `edges` is the sum of `weights` (reach R) read through the edge mode
    /// on each axis also at the border: checked on a picture of pseudo-random levels 2R + 5 pixels
    /// wide, at its corners, the middles of two sides and one pixel in from a corner.
    static func holdsAtTheBorder(_ method: any BlurMethod, edges: EdgeMode, weights: [[Double]]) -> Bool {
        let r = weights.count / 2, side = 2 * r + 5
        var image = RGBAImage(width: side, height: side)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in image.pixels.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            image.pixels[i] = Float(seed >> 40) / Float(1 << 24)
        }
        var blurred = image
        method.blur(&blurred, edges: edges, threads: 1)
        let last = side - 1
        for (x, y) in [(0, 0), (last, 0), (0, last), (last, last), (side / 2, 0), (0, side / 2), (1, 1)] {
            var sum = 0.0
            for dy in -r...r {
                guard let sy = edges.sourceIndex(y + dy, count: side) else { continue }
                for dx in -r...r {
                    guard let sx = edges.sourceIndex(x + dx, count: side) else { continue }
                    sum += weights[dy + r][dx + r] * Double(image[sx, sy].x)
                }
            }
            if abs(sum - Double(blurred[x, y].x)) > 1e-4 { return false }
        }
        return true
    }

    /// The Float64 reference's kernel: its point-sampled Gaussian on each axis.
    static func reference(_ reference: ReferenceGaussianBlur) -> PointingKernel {
        let weights = reference.kernel.weights
        return PointingKernel(
            method: "exact Gaussian",
            parameters: "σ = \(NumberText.compact(reference.sigma)), R = \(reference.kernel.radius)",
            edges: reference.edges.rawValue, linear: false, exact: "everywhere", note: "",
            radius: reference.kernel.radius, reachX: reference.kernel.radius, reachY: reference.kernel.radius,
            x: weights.map(rounded), y: weights.map(rounded), weightSum: weights.reduce(0, +) * weights.reduce(0, +))
    }

    /// Keeps `weights` ((2R + 1)², R = `radius`) trimmed to where they are above 10⁻⁷ of the
    /// peak, as two axes when they are an outer product, else as a grid when it is small enough.
    mutating func set(_ weights: [[Double]], peak: Double) {
        let r = radius
        var (usedX, usedY) = (0, 0)
        for dy in -r...r {
            for dx in -r...r where abs(weights[dy + r][dx + r]) > 1e-7 * peak {
                (usedX, usedY) = (max(usedX, abs(dx)), max(usedY, abs(dy)))
            }
        }
        let used = max(usedX, usedY)
        (reachX, reachY) = (usedX, usedY)
        let trimmed = (-used...used).map { dy in (-used...used).map { dx in weights[dy + r][dx + r] } }
        radius = used
        let columns = trimmed.map { $0.reduce(0, +) }
        let rows = (0..<trimmed.count).map { i in trimmed.reduce(0) { $0 + $1[i] } }
        let total = columns.reduce(0, +)
        weightSum = total
        let separable =
            total != 0
            && trimmed.indices.allSatisfy { j in
                trimmed[j].indices.allSatisfy { i in abs(trimmed[j][i] - columns[j] * rows[i] / total) <= 1e-6 * peak }
            }
        if separable {
            x = rows.map(Self.rounded)
            y = columns.map { Self.rounded($0 / total) }
        } else if used <= Self.maximumGridRadius {
            grid = trimmed.map { $0.map(Self.rounded) }
        } else {
            exact = "none"
            note = "its \(2 * used + 1)×\(2 * used + 1) weights are too many to show here"
        }
    }

    /// Nine significant digits: more than Float32 holds, fewer bytes than Float64 prints.
    static func rounded(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let scale = pow(10, 8 - floor(log10(abs(value))))
        return (value * scale).rounded() / scale
    }
}
