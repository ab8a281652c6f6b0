import Foundation

/// The separable Gaussian with linearly sampled taps: the GPU trick of fetching between two
/// texels so that one bilinear fetch returns both of their weighted values (D. Rákos,
/// "Efficient Gaussian blur with linear sampling", 2010; G. Sellers et al. use it too).
///
/// Two neighbouring taps at offsets k and k + 1 with weights w₁ and w₂ are replaced by one
/// fetch at offset o = (k·w₁ + (k + 1)·w₂)/(w₁ + w₂) with weight w₁ + w₂: linear interpolation
/// there gives (w₁·x(k) + w₂·x(k + 1))/(w₁ + w₂), so the weighted fetch equals the two taps
/// exactly (to rounding). The centre tap stays alone, and the taps 1, 2 | 3, 4 | … pair up on
/// each side (the last one alone when R is odd): 1 + 2⌈R/2⌉ fetches per pass instead of 2R + 1.
/// On a GPU the texture unit interpolates for free; here a "fetch" is two loads and a lerp,
/// so the point of the method is the count, and the check that nothing changes.
/// Reach: R pixels, as the discrete kernel's; its impulse response is the discrete kernel's
/// (largest difference from the Gaussian's pixel weights ≤ 0.005/σ at truncate 3, tested at σ = 2, 6).
public struct LinearTaps: BlurMethod {
    /// One bilinear fetch: where, and its weight.
    package struct Tap: Sendable, Equatable {
        /// Offset from the output pixel, in pixels; fractional between merged taps.
        package var offset: Double
        /// The sum of the merged taps' weights.
        package var weight: Double
    }

    /// The discrete kernel's 2R + 1 weights, offset −R … R.
    package let weights: [Double]
    /// The merged fetches, left to right.
    package let taps: [Tap]

    /// Merges the taps of a symmetric odd kernel.
    public init(weights: [Double]) {
        precondition(weights.count % 2 == 1, "weights.count (\(weights.count)) must be odd (2R+1)")
        self.weights = weights
        taps = Self.merge(weights)
    }

    /// Rákos's merge: the centre alone, then neighbours (1, 2), (3, 4), … on each side.
    package static func merge(_ weights: [Double]) -> [Tap] {
        let r = weights.count / 2
        var right: [Tap] = []
        var k = 1
        while k <= r {
            let w1 = weights[r + k], w2 = k + 1 <= r ? weights[r + k + 1] : 0
            let sum = w1 + w2
            right.append(Tap(offset: sum > 0 ? (Double(k) * w1 + Double(k + 1) * w2) / sum : Double(k), weight: sum))
            k += 2
        }
        let left = right.reversed().map { Tap(offset: -$0.offset, weight: $0.weight) }
        return left + [Tap(offset: 0, weight: weights[r])] + right
    }

    /// The discrete kernel the fetches amount to: each fetch's weight split between its two
    /// texels by the interpolation fraction. Equal to `weights` up to rounding.
    package var unmergedWeights: [Double] {
        let r = weights.count / 2
        var out = [Double](repeating: 0, count: weights.count)
        for tap in taps {
            let i = Int(tap.offset.rounded(.down)), f = tap.offset - Double(i)
            out[i + r] += tap.weight * (1 - f)
            if f > 0 { out[i + 1 + r] += tap.weight * f }
        }
        return out
    }

    /// The kernel radius R.
    package var radius: Int { weights.count / 2 }
    /// Fetches per pass: the merged taps.
    package var fetches: Int { taps.count }

    /// "linear-taps", as the command line names the method.
    public var name: String { "linear-taps" }
    /// The radius and the fetches per pass: "R=R, F fetches instead of 2R+1".
    public var parameters: String { "R=\(radius), \(fetches) fetches instead of \(weights.count)" }
    /// R: the discrete kernel's reach; no fetch reads beyond it.
    public var reach: Int { radius }

    /// Each fetch reads the two pixels it interpolates (a GPU's texture unit would read them
    /// in one fetch): 2 · (1 + 2⌈R/2⌉) per line, along the rows and down the columns, two passes.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        .lines(readsPerPosition: 2 * Double(fetches), width: width, height: height, padding: 0)
    }

    /// Runs the merged fetches along the rows, then down the columns, each fetch two loads through
    /// `edges` and a linear interpolation, in place.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let r = radius
        let floors = taps.map { Int($0.offset.rounded(.down)) }
        let fractions = zip(taps, floors).map { Float($0.offset - Double($1)) }
        let tapWeights = taps.map { Float($0.weight) }
        LaneLines.blur(&image, edges: edges, threads: threads, before: r + 1, after: r + 1) { lines in
            linearTapsLine(lines.a, into: lines.b, first: lines.before, count: lines.count,
                           floors: floors, fractions: fractions, weights: tapWeights)
            return lines.b
        }
    }

    /// The plain loop the fast one is checked against: every output pixel sums the weighted
    /// fetches, each fetch interpolating linearly between the two pixels around its offset.
    package func reference(_ line: [Double], edges: EdgeMode) -> [Double] {
        let n = line.count
        func pixel(_ i: Int) -> Double { edges.sourceIndex(i, count: n).map { line[$0] } ?? 0 }
        var out = [Double](repeating: 0, count: n)
        // lesson-code: linear-taps-reference
        for x in 0..<n {
            var sum = 0.0
            for tap in taps {
                let i = Int(tap.offset.rounded(.down)), f = tap.offset - Double(i)
                let fetch = (1 - f) * pixel(x + i) + f * pixel(x + i + 1)   // one bilinear fetch
                sum += tap.weight * fetch
            }
            out[x] = sum
        }
        // end lesson-code
        return out
    }
}

/// The merged fetches over eight padded lines, taps outer and positions inner.
private func linearTapsLine(
    _ source: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<SIMD16<Float>>,
    first: Int, count: Int, floors: [Int], fractions: [Float], weights: [Float]
) {
    for p in first..<(first + count) {
        target[2 * p] = SIMD16()
        target[2 * p + 1] = SIMD16()
    }
    // lesson-code: linear-taps
    for t in floors.indices {
        let f = fractions[t], w = weights[t]
        let lower = source + 2 * floors[t], upper = lower + 2
        for q in (2 * first)..<(2 * (first + count)) {
            let a = lower[q]
            target[q] += w * (a + f * (upper[q] - a))   // one fetch: a lerp between two pixels
        }
    }
    // end lesson-code
}

// MARK: - Catalog

extension MethodEntry {
    /// `LinearTaps` in the catalog: O(R), reads `truncate`; the sampled 1-D Gaussian of σ (`sigma`,
    /// or `radius` / T) cut at R (`radius`, or ⌊T·σ + ½⌋), its taps merged.
    public static let linearTaps = MethodEntry(
        name: "linear-taps", summary: "separable, taps merged into bilinear fetches", parameters: [.truncate],
        cost: .linear
    ) { settings in
        let sigma = try settings.gaussianSigma(for: "linear-taps")
        return LinearTaps(weights: try GaussianKernel1D(sigma: sigma, radius: settings.gaussianRadius(sigma: sigma)).weights)
    }
}
