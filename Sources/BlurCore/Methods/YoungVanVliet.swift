import Foundation

/// The Young–van Vliet recursive Gaussian: a causal all-pole filter of order K followed by the
/// same filter run backwards, at a cost that does not grow with σ (I. T. Young and L. J. van
/// Vliet, "Recursive implementation of the Gaussian filter", Signal Processing 44, 1995;
/// L. J. van Vliet, I. T. Young and P. W. Verbeek, "Recursive Gaussian derivative filters",
/// ICPR 1998; P. Getreuer, IPOL 2013 survey §5 and `gaussian_conv_vyv.c`).
///
///     causal:      w(n) = b₀x(n) − a₁w(n−1) − … − a_K w(n−K)
///     anticausal:  v(n) = b₀w(n) − a₁v(n+1) − … − a_K v(n+K)
///
/// The filter is G(z) = Πₖ (pₖ − 1)/(pₖ − z⁻¹) with poles pₖ = dₖ^{1/q}: dₖ are van Vliet et
/// al.'s poles optimised for the L∞ error (K = 3: 1.4165 ± 1.00829i, 1.86543; K = 4 and 5 in
/// Getreuer's table), and q is solved by Newton's method so that the variance of G(z)G(1/z),
/// Σₖ 2pₖ/(pₖ − 1)², equals σ² exactly (Getreuer's `compute_q`). b₀ = 1 + Σaₖ, unit DC gain.
///
/// Boundaries: the causal pass starts in the steady state of the first pixel (exact when the
/// signal continues as a constant, i.e. clamped edges). The anticausal pass starts from Triggs
/// and Sdika's initial conditions ("Boundary conditions for Young–van Vliet recursive
/// filtering", IEEE TSP 54(6), 2006): when the input continues as the constant u₊ = x(N−1)
/// beyond the right edge, its K starting values v(N … N+K−1) are a linear function of the
/// causal filter's last K outputs, v = u₊ + M (w − u₊). M depends only on the aₖ; here it is
/// computed by running that continuation to rest (in Float64) for each unit state, which gives
/// Triggs and Sdika's closed-form matrix to rounding. With clamped edges both ends are thus
/// exact; for the other edge modes each line is padded by the edge mode for `tail` pixels
/// (where the response has fallen below 10⁻⁷) and the same conditions apply at the padding's ends.
/// Reach: where the mass beyond ±reach falls below `RecursiveTail.reachMass`, as for Deriche.
/// Impulse response (K = 3) against the Gaussian's pixel weights: largest difference ≤ 0.013/σ
/// (tested at σ = 2 and 6).
public struct YoungVanVliet: BlurMethod {
    /// The σ the filter's variance equals.
    package let sigma: Double
    /// The order K: 3, 4 or 5.
    package let order: Int
    /// b₀.
    package let b0: Double
    /// a₁ … a_K.
    package let a: [Double]
    /// Triggs–Sdika's matrix, row i giving v(N + i) from the deviations w(N−1−j) − u₊.
    package let rightEdge: [[Double]]
    /// Padding for the edge modes other than clamp.
    package let tail: Int
    /// Where all but `RecursiveTail.reachMass` of the impulse response's mass lies, as for a
    /// Gaussian cut at 3σ; the response itself never ends.
    public let reach: Int

    /// Per position of a padded line: the causal pass reads the input, the anticausal pass the
    /// causal output (two reads), along the rows and down the columns (two passes); lines are
    /// padded by `tail` on each side except with clamped edges.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        .lines(readsPerPosition: 2, width: width, height: height, padding: edges == .clamp ? 0 : tail)
    }

    /// van Vliet, Young and Verbeek's poles dₖ for K = 3, 4, 5 (Getreuer's table), as (re, im).
    static let unscaledPoles: [Int: [(Double, Double)]] = [
        3: [(1.4165, 1.00829), (1.4165, -1.00829), (1.86543, 0)],
        4: [(1.13228, 1.28114), (1.13228, -1.28114), (1.78534, 0.46763), (1.78534, -0.46763)],
        5: [(0.8643, 1.45389), (0.8643, -1.45389), (1.61433, 0.83134), (1.61433, -0.83134), (1.87504, 0)],
    ]

    /// The σ the filter is made for: from 0.5, where its variance equation still has a
    /// bell-shaped solution for every order (at q = 0.40, 0.44, 0.48 for K = 3, 4, 5), to 2000,
    /// where its response is about 60,000 pixels long.
    package static let sigmaRange: ClosedRange<Double> = 0.5...2000

    /// Per order K, a q below which the variance equation no longer grows with q (found by
    /// scanning it: 0.3175, 0.373, 0.4185), rounded up.
    static let smallestQ: [Int: Double] = [3: 0.32, 4: 0.375, 5: 0.42]

    /// The filter of order K for σ.
    ///
    /// - Throws: `BlurKitError` when σ is outside `sigmaRange` or the order is not 3, 4 or 5.
    public init(sigma: Double, order: Int = 3) throws {
        guard sigma.isFinite && Self.sigmaRange.contains(sigma) else {
            throw BlurKitError("young-van-vliet takes σ in \(Self.sigmaRange.lowerBound)…\(Int(Self.sigmaRange.upperBound)) (below 0.5 its recursive filter has no bell-shaped solution); got \(sigma)")
        }
        guard let d = Self.unscaledPoles[order] else { throw BlurKitError("order (\(order)) must be 3, 4 or 5") }
        self.sigma = sigma
        self.order = order
        let q = Self.solveQ(d, sigma: sigma)
        let poles = d.map { Complex($0.0, $0.1).realPower(1 / q) }
        // Π (pₖ − z⁻¹): coefficients of z⁻⁰ … z⁻ᴷ.
        var denominator = [Complex(1, 0)]
        for p in poles {
            var next = [Complex](repeating: Complex(0, 0), count: denominator.count + 1)
            for (j, c) in denominator.enumerated() {
                next[j] = next[j] + c * p
                next[j + 1] = next[j + 1] - c
            }
            denominator = next
        }
        a = (1...order).map { (denominator[$0] / denominator[0]).re }
        b0 = 1 + a.reduce(0, +)
        let causal = Self.causalResponse(b0: b0, a: a, tolerance: 1e-15)
        tail = RecursiveTail.length(causal, below: 1e-7)
        rightEdge = Self.triggsSdika(b0: b0, a: a, length: causal.count)
        // The two-sided response for offsets 0, 1, …: the causal response correlated with
        // itself, Σₜ h(t)h(t + m), which is the anticausal filter run over the causal response
        // (O(n·K) rather than O(n²): n reaches about 60,000 at σ = 2000).
        let n = causal.count
        var symmetric = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = b0 * causal[i]
            for (k, ak) in a.enumerated() where i + 1 + k < n { value -= ak * symmetric[i + 1 + k] }
            symmetric[i] = value
        }
        reach = RecursiveTail.length(symmetric, below: RecursiveTail.reachMass)
    }

    /// q such that Σₖ 2pₖ/(pₖ − 1)² = σ² with pₖ = dₖ^{1/q} (Getreuer's `compute_q`).
    ///
    /// Above `smallestQ` the variance grows with q without bound (the poles approach the unit
    /// circle), so q is found by bisection: in a bounded number of steps, with poles outside
    /// the unit circle (a stable filter), for every σ in `sigmaRange`. Below it the complex
    /// poles turn so far that the variance formula no longer describes a bell (it falls, and
    /// turns negative); Getreuer's Newton iteration from q = σ/2 strays there for σ below
    /// about 0.5 (at σ = 0.2 it ended with poles on the unit circle, whose response never
    /// fades, and the filter's set-up ran for minutes).
    static func solveQ(_ d: [(Double, Double)], sigma: Double) -> Double {
        func variance(_ q: Double) -> Double {
            var total = 0.0
            for pole in d {
                let p = Complex(pole.0, pole.1).realPower(1 / q)
                let m1 = p - Complex(1, 0)
                total += (Complex(2, 0) * p / (m1 * m1)).re
            }
            return total
        }
        let target = sigma * sigma
        var low = smallestQ[d.count] ?? 0.42, high = max(1.0, sigma)
        while variance(high) < target && high < 1e6 { high *= 2 }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if variance(middle) < target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The causal filter's impulse response, until it stays below `tolerance` for K samples.
    static func causalResponse(b0: Double, a: [Double], tolerance: Double) -> [Double] {
        var w: [Double] = []
        var quiet = 0
        while quiet < a.count || w.count < 8 {
            var value = w.isEmpty ? b0 : 0
            for (k, ak) in a.enumerated() where w.count - 1 - k >= 0 { value -= ak * w[w.count - 1 - k] }
            w.append(value)
            quiet = abs(value) < tolerance ? quiet + 1 : 0
            if w.count > 2_000_000 { break }
        }
        return w
    }

    /// Triggs and Sdika's matrix: column j is the anticausal start v(N … N+K−1) when the causal
    /// deviation w(N−1−j) is 1 and the others 0, the input beyond N − 1 being constant.
    static func triggsSdika(b0: Double, a: [Double], length: Int) -> [[Double]] {
        let k = a.count, steps = length + k
        var m = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
        for j in 0..<k {
            // w[0 ..< k] holds w(N−1) … w(N−K) reversed into time order: index t ↔ n = N − K + t.
            var w = [Double](repeating: 0, count: k + steps)
            w[k - 1 - j] = 1
            for t in k..<(k + steps) {
                var value = 0.0
                for (i, ai) in a.enumerated() { value -= ai * w[t - 1 - i] }
                w[t] = value
            }
            var v = [Double](repeating: 0, count: k + steps + k)
            for t in stride(from: k + steps - 1, through: k, by: -1) {
                var value = b0 * w[t]
                for (i, ai) in a.enumerated() { value -= ai * v[t + 1 + i] }
                v[t] = value
            }
            for i in 0..<k { m[i][j] = v[k + i] }
        }
        return m
    }

    /// "young-van-vliet", as the command line names the method.
    public var name: String { "young-van-vliet" }
    /// The order and the padding `tail`: "K=3, tail T".
    public var parameters: String { "K=\(order), tail \(tail)" }

    /// Runs the causal and then the anticausal pass along the rows, then down the columns, in
    /// place: the causal pass starts in the steady state of a line's first value, the
    /// anticausal one from Triggs and Sdika's conditions. With edge modes other than `clamp`
    /// each line is first padded by `tail` pixels through `edges`, and the conditions apply at
    /// the padding's ends.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let pad = edges == .clamp ? 0 : tail
        let coefficients = VYVCoefficients(b0: b0, a: a, rightEdge: rightEdge)
        if coefficients.order > 3 {
            LaneLines.blur(&image, edges: edges, threads: threads, before: pad, after: pad, filter: { lines in
                vyvLine5(lines.a, into: lines.b, count: lines.paddedCount, coefficients)
                return lines.b
            })
            return
        }
        vyvPass3(&image, edges: edges, threads: threads, pad: pad, coefficients)
    }

    /// The plain loop the fast one is checked against: the causal pass, then the anticausal
    /// pass on its output, over one line extended by `tail` pixels through the edge mode; each
    /// pass starts at rest on the value at its end.
    package func reference(_ line: [Double], edges: EdgeMode) -> [Double] {
        let n = line.count, pad = tail
        let x = (-pad..<(n + pad)).map { i in edges.sourceIndex(i, count: n).map { line[$0] } ?? 0 }
        var w = [Double](repeating: 0, count: x.count)
        // lesson-code: young-van-vliet-reference
        for i in 0..<x.count {                                  // causal: left to right
            var sum = b0 * x[i]
            for k in 1...order { sum -= a[k - 1] * (i - k >= 0 ? w[i - k] : x[0]) }
            w[i] = sum
        }
        var v = w
        for i in stride(from: x.count - 1, through: 0, by: -1) {  // anticausal: right to left
            var sum = b0 * w[i]
            for k in 1...order { sum -= a[k - 1] * (i + k < x.count ? v[i + k] : x[x.count - 1]) }
            v[i] = sum
        }
        // end lesson-code
        return Array(v[pad..<(pad + n)])
    }
}

/// A complex number, for the pole computations.
struct Complex {
    var re: Double
    var im: Double

    init(_ re: Double, _ im: Double) {
        self.re = re
        self.im = im
    }

    static func + (l: Complex, r: Complex) -> Complex { Complex(l.re + r.re, l.im + r.im) }
    static func - (l: Complex, r: Complex) -> Complex { Complex(l.re - r.re, l.im - r.im) }
    static func * (l: Complex, r: Complex) -> Complex { Complex(l.re * r.re - l.im * r.im, l.re * r.im + l.im * r.re) }
    static func / (l: Complex, r: Complex) -> Complex {
        let d = r.re * r.re + r.im * r.im
        return Complex((l.re * r.re + l.im * r.im) / d, (l.im * r.re - l.re * r.im) / d)
    }

    /// zᵗ for real t, on the principal branch.
    func realPower(_ t: Double) -> Complex {
        let magnitude = pow((re * re + im * im).squareRoot(), t), angle = atan2(im, re) * t
        return Complex(magnitude * cos(angle), magnitude * sin(angle))
    }

    /// The principal logarithm.
    func log() -> Complex { Complex(Foundation.log((re * re + im * im).squareRoot()), atan2(im, re)) }
}

/// Float32 coefficients of a Young–van Vliet filter; a₄, a₅ are 0 below order 5.
struct VYVCoefficients: Sendable {
    let order: Int
    let b0: Float
    let a1, a2, a3, a4, a5: Float
    /// Triggs–Sdika's matrix, row-major K × K.
    let m: [Float]
    /// The same in Float64 (orders 4 and 5), a padded to five coefficients.
    let b0d: Double
    let ad: [Double]
    let md: [Double]

    init(b0: Double, a: [Double], rightEdge: [[Double]]) {
        order = a.count
        self.b0 = Float(b0)
        b0d = b0
        ad = a + [Double](repeating: 0, count: 5 - a.count)
        md = rightEdge.flatMap { $0 }
        let padded = a.map(Float.init) + [Float](repeating: 0, count: 5 - a.count)
        (a1, a2, a3, a4, a5) = (padded[0], padded[1], padded[2], padded[3], padded[4])
        m = rightEdge.flatMap { $0.map(Float.init) }
    }
}

/// Orders 4 and 5 (unused coefficients are 0) over eight lines of `count` positions, in
/// Float64: their feedback coefficients are larger and cancel more (about 5, −10, 10, −5, 1 at
/// large σ), and in Float32 the rounding grows to several levels.
private func vyvLine5(
    _ source: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<SIMD16<Float>>,
    count: Int, _ c: VYVCoefficients
) {
    let k = c.order
    let b0 = Double(c.b0d), a = c.ad
    let xs = UnsafeMutableRawPointer(source).assumingMemoryBound(to: SIMD8<Float>.self)
    let ws = UnsafeMutableRawPointer(target).assumingMemoryBound(to: SIMD8<Float>.self)
    var w = [SIMD8<Double>](repeating: SIMD8(), count: count)
    for quarter in 0..<4 {
        func x(_ i: Int) -> SIMD8<Double> { SIMD8<Double>(xs[4 * i + quarter]) }
        var w1 = x(0), w2 = w1, w3 = w1, w4 = w1, w5 = w1
        for i in 0..<count {
            let older = a[4] * w5 + a[3] * w4 + a[2] * w3
            let value = b0 * x(i) - older - a[1] * w2 - a[0] * w1
            w[i] = value
            (w5, w4, w3, w2, w1) = (w4, w3, w2, w1, value)
        }
        let u = x(count - 1)
        let d = [w1 - u, w2 - u, w3 - u, w4 - u, w5 - u]
        var v = [SIMD8<Double>](repeating: u, count: 5)
        for i in 0..<k { for j in 0..<k { v[i] += c.md[i * k + j] * d[j] } }
        var (v1, v2, v3, v4, v5) = (v[0], v[1], v[2], v[3], v[4])
        var i = count - 1
        while i >= 0 {
            let older = a[4] * v5 + a[3] * v4 + a[2] * v3
            let value = b0 * w[i] - older - a[1] * v2 - a[0] * v1
            ws[4 * i + quarter] = SIMD8<Float>(value)
            (v5, v4, v3, v2, v1) = (v4, v3, v2, v1, value)
            i -= 1
        }
    }
}

// MARK: - Catalog

extension MethodParameter {
    /// The order K of the Young–van Vliet recursive filter.
    public static let order = MethodParameter(
        name: "order", kind: .integer(3...5), defaultValue: 3, meaning: "Order K of the recursive filter.")
}

extension MethodEntry {
    /// `YoungVanVliet` in the catalog: O(1), reads `order` K; σ from `sigma`, or `radius` / T, from
    /// 0.5 (`sigmaRange`) up to the standard limit.
    public static let youngVanVliet = MethodEntry(
        name: "young-van-vliet", summary: "recursive filter of order K (Triggs–Sdika right edge)", parameters: [.order],
        cost: .constant,
        limits: MethodLimits(sigma: YoungVanVliet.sigmaRange.lowerBound...MethodLimits.standard.sigma.upperBound,
                             maximumRadius: MethodLimits.standard.maximumRadius)
    ) { settings in
        try YoungVanVliet(sigma: try settings.gaussianSigma(for: "young-van-vliet"), order: settings.integer(.order))
    }
}
