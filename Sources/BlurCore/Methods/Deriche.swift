import Foundation

/// Deriche's recursive Gaussian, fourth order: a causal and an anticausal recursive filter whose
/// sum approximates the Gaussian, at a cost that does not grow with σ (R. Deriche, "Recursively
/// implementing the Gaussian and its derivatives", INRIA RR-1893, 1993; P. Getreuer, "A survey
/// of Gaussian convolution algorithms", IPOL 2013, §4 and `gaussian_conv_deriche.c`).
///
/// The Gaussian's right half is fitted by a sum of damped complex exponentials,
/// h(n) = Σₖ Re(αₖ e^{−λₖ n/σ}) / (σ√(2π)) for n ≥ 0, with Deriche's K = 4 constants
/// α = 0.84 ± 1.8675i, −0.34015 ∓ 0.1299i and λ = 1.783 ± 0.6318i, 1.723 ± 1.997i (Getreuer's
/// table). Each conjugate pair is a second-order recursive section,
///
///     causal:      y(n) = b₀x(n) + b₁x(n−1) − a₁y(n−1) − a₂y(n−2)
///     anticausal:  z(n) = c₁x(n+1) + c₂x(n+2) − a₁z(n+1) − a₂z(n+2),  c₁ = b₁ − b₀a₁, c₂ = −b₀a₂
///
/// (the anticausal filter is the causal one mirrored, without its n = 0 tap), and the output is
/// the sum of both sections' y and z. Two parallel second-order sections compute the same
/// transfer function as Getreuer's fourth-order direct form, with less rounding in Float32.
/// Unlike Getreuer's code the numerators are scaled so that the DC gain is exactly 1.
///
/// Boundaries (Getreuer §4.3): the recursion needs the filter's state at the first pixel, i.e.
/// its response to the signal extended beyond the edge. For `clamp` that extension is constant,
/// and the state is the steady state exactly (the input times the section's DC gain). For the
/// other modes each line is padded by the edge mode for `tail` pixels, where the impulse
/// response has fallen below 10⁻⁷ of its total, and the recursion starts in the padding.
/// Reach: where the mass of the impulse response beyond ±reach falls below that of a Gaussian
/// beyond ±3σ (`RecursiveTail.reachMass`), as for the separable kernel's default cut. Impulse
/// response against the Gaussian's pixel weights: largest difference ≤ 0.0045/σ (tested at σ = 2, 6).
public struct Deriche: BlurMethod {
    /// One second-order section's coefficients.
    package struct Section: Sendable, Equatable {
        /// The causal numerator b₀, b₁ and denominator a₁, a₂.
        package var b0, b1, a1, a2: Double
        /// Anticausal numerator: c₁ = b₁ − b₀a₁, c₂ = −b₀a₂.
        package var c1: Double { b1 - b0 * a1 }
        /// The anticausal numerator's second coefficient, c₂ = −b₀a₂.
        package var c2: Double { -b0 * a2 }
        /// The causal part's response to a constant 1: (b₀ + b₁)/(1 + a₁ + a₂).
        package var causalGain: Double { (b0 + b1) / (1 + a1 + a2) }
        /// The anticausal part's response to a constant 1: (c₁ + c₂)/(1 + a₁ + a₂).
        package var anticausalGain: Double { (c1 + c2) / (1 + a1 + a2) }
    }

    /// The σ the filter approximates.
    package let sigma: Double
    /// The two sections.
    package let sections: [Section]
    /// Padding for the edge modes other than clamp: where the impulse response's tail falls below 10⁻⁷.
    package let tail: Int
    /// Where all but `RecursiveTail.reachMass` of the impulse response's mass lies, as for a
    /// Gaussian cut at 3σ; the response itself never ends.
    public let reach: Int

    /// Per position of a padded line: the causal sections read the input, the anticausal ones
    /// read it again and add the causal sums (three reads), along the rows and down the columns
    /// (two passes); lines are padded by `tail` on each side except with clamped edges.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        .lines(readsPerPosition: 3, width: width, height: height, padding: edges == .clamp ? 0 : tail)
    }

    /// The fourth-order filter for σ (Getreuer's `deriche_precomp` with K = 4).
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive, or above 2000.
    public init(sigma: Double) throws {
        guard sigma.isFinite && sigma > 0 && sigma <= 2000 else {
            throw BlurKitError("sigma (\(sigma)) must be a finite number in (0, 2000]")
        }
        self.sigma = sigma
        // Deriche's constants for K = 4 (Getreuer's table): one of each conjugate pair.
        let constants: [(alpha: (Double, Double), lambda: (Double, Double))] = [
            ((0.84, 1.8675), (1.783, 0.6318)),
            ((-0.34015, -0.1299), (1.723, 1.997)),
        ]
        let norm = sigma * (2 * Double.pi).squareRoot()
        let raw = constants.map { c in
            // Pole p = e^{−(λr + iλi)/σ}; the pair α/(1 − p z⁻¹) + ᾱ/(1 − p̄ z⁻¹) over a common
            // denominator 1 − 2Re(p) z⁻¹ + |p|² z⁻².
            let magnitude = exp(-c.lambda.0 / sigma), angle = -c.lambda.1 / sigma
            let pr = magnitude * cos(angle), pi = magnitude * sin(angle)
            let (ar, ai) = c.alpha
            return Section(b0: 2 * ar / norm, b1: -2 * (ar * pr + ai * pi) / norm,
                           a1: -2 * pr, a2: magnitude * magnitude)
        }
        // The fitted constants give a DC gain a few 10⁻⁴ away from 1 (0.07 of a level on white);
        // scaling the numerators makes flat areas stay exactly flat.
        let gain = raw.reduce(0) { $0 + $1.causalGain + $1.anticausalGain }
        sections = raw.map { Section(b0: $0.b0 / gain, b1: $0.b1 / gain, a1: $0.a1, a2: $0.a2) }
        let response = Deriche.causalResponse(sections, length: Int(60 * sigma) + 64)
        tail = RecursiveTail.length(response, below: 1e-7)
        reach = RecursiveTail.length(response, below: RecursiveTail.reachMass)
    }

    /// "deriche", as the command line names the method.
    public var name: String { "deriche" }
    /// The order, the sections and the padding `tail`: "K=4, 2 sections, tail T".
    public var parameters: String { "K=4, 2 sections, tail \(tail)" }

    /// The causal impulse response h(0), h(1), … of the summed sections.
    static func causalResponse(_ sections: [Section], length: Int) -> [Double] {
        var h = [Double](repeating: 0, count: length)
        for s in sections {
            var y1 = 0.0, y2 = 0.0
            for n in 0..<length {
                let y = s.b0 * (n == 0 ? 1 : 0) + s.b1 * (n == 1 ? 1 : 0) - s.a1 * y1 - s.a2 * y2
                h[n] += y
                y2 = y1
                y1 = y
            }
        }
        return h
    }

    /// Runs both sections, causal and anticausal, along the rows and then down the columns, in
    /// Float32, in place. With `clamp` each line starts in its steady state; with the other edge
    /// modes it is padded by `tail` pixels through `edges` first.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let pad = edges == .clamp ? 0 : tail
        let c = sections.map { s in
            DericheCoefficients(b0: Float(s.b0), b1: Float(s.b1), a1: Float(s.a1), a2: Float(s.a2),
                                c1: Float(s.c1), c2: Float(s.c2),
                                causalGain: Float(s.causalGain), anticausalGain: Float(s.anticausalGain))
        }
        let first = c[0], second = c[1]
        derichePass(&image, edges: edges, threads: threads, pad: pad, first, second)
    }

    /// The plain loop the fast one is checked against: both sections, causal then anticausal,
    /// over one line extended by `tail` pixels through the edge mode, starting from rest.
    package func reference(_ line: [Double], edges: EdgeMode) -> [Double] {
        let n = line.count, pad = tail
        let x = (-pad..<(n + pad)).map { i in edges.sourceIndex(i, count: n).map { line[$0] } ?? 0 }
        func input(_ i: Int) -> Double { i >= 0 && i < x.count ? x[i] : 0 }
        var out = [Double](repeating: 0, count: x.count)
        // lesson-code: deriche-reference
        for s in sections {                                    // two second-order sections
            var y1 = 0.0, y2 = 0.0                             // causal: left to right
            for i in 0..<x.count {
                let y = s.b0 * x[i] + s.b1 * input(i - 1) - s.a1 * y1 - s.a2 * y2
                out[i] += y
                (y2, y1) = (y1, y)
            }
            var z1 = 0.0, z2 = 0.0                             // anticausal: right to left
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                let z = s.c1 * input(i + 1) + s.c2 * input(i + 2) - s.a1 * z1 - s.a2 * z2
                out[i] += z
                (z2, z1) = (z1, z)
            }
        }
        // end lesson-code
        return Array(out[pad..<(pad + n)])
    }
}

/// The lengths that matter in a recursive filter's impulse response.
enum RecursiveTail {
    /// The share of a Gaussian's mass beyond ±3σ, erfc(3/√2) ≈ 0.0027: what the separable
    /// kernel's default cut (truncate 3) leaves out, and what the reach of a method with an
    /// unbounded response leaves out too.
    static let reachMass = 0.0027

    /// The smallest n beyond which Σ|h(m)| (m > n) is below `threshold` times Σ|h|.
    static func length(_ h: [Double], below threshold: Double) -> Int {
        let total = h.reduce(0) { $0 + abs($1) }
        var remaining = 0.0
        for n in stride(from: h.count - 1, through: 0, by: -1) {
            remaining += abs(h[n])
            if remaining > threshold * total { return n + 1 }
        }
        return 1
    }
}

/// Float32 coefficients of one Deriche section.
struct DericheCoefficients: Sendable {
    var b0, b1, a1, a2, c1, c2, causalGain, anticausalGain: Float
}

// MARK: - Catalog

extension MethodEntry {
    /// `Deriche` in the catalog: O(1); σ from `sigma`, or `radius` / T.
    public static let deriche = MethodEntry(name: "deriche", summary: "4th-order recursive filter", cost: .constant) { settings in
        try Deriche(sigma: try settings.gaussianSigma(for: "deriche"))
    }
}
