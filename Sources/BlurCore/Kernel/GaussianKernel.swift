import Foundation

/// How a continuous Gaussian becomes one weight per pixel.
///
/// - `point`: the density at the pixel centre, g(x) = exp(−x²/2σ²) / (σ√(2π)). What most code
///   does (OpenCV `getGaussianKernel` with σ > 0, SciPy `gaussian_filter1d`, the UIVisualEffectView
///   article); for σ below about 0.8 it no longer has variance σ² (the samples alias).
/// - `integrated`: the mass of the density over the pixel, ∫ g over [x − ½, x + ½]
///   = ½·[erf((x + ½)/(σ√2)) − erf((x − ½)/(σ√2))] — the weight a continuous Gaussian blur gives a
///   pixel seen as a unit square. The weights are the continuous curve g ∗ box (the bell blurred
///   by the pixel's own one-pixel box) sampled at whole pixels; that curve's variance is exactly
///   σ² + 1/12, but its samples' variance is smaller by about 4·e^(−2π²σ²)·(σ² + 1/4π²) (Poisson
///   summation): 0.0079 at σ = 0.5, negligible (below 10⁻⁸) for σ ≥ 1. It stays meaningful as
///   σ → 0, where it tends to the identity.
public enum Sampling: String, CaseIterable, Sendable {
    /// Each weight is the density at the pixel's centre.
    case point
    /// Each weight is the density's mass over the pixel's width (its integral from −½ to +½).
    case integrated
}

/// A truncated 1-D Gaussian kernel: 2R + 1 weights at offsets −R … R.
///
/// `raw` holds the sampled values before normalising and `weights` the same values divided by
/// their sum, so that a blur keeps flat regions flat (Σ weights = 1 to within a few ulps).
/// The window of pixels −R … R covers [−R − ½, R + ½] of the continuous line; `capturedMass` is
/// the share of the continuous density inside it, erf((R + ½)/(σ√2)), for either sampling.
/// With `integrated` sampling `rawSum` equals `capturedMass` (the bin masses telescope); with
/// `point` sampling `rawSum` is the midpoint-rule estimate of the same integral.
public struct GaussianKernel1D: Sendable, Equatable {
    /// The widest radius accepted: 4096 pixels (a 8193-tap kernel), i.e. σ ≤ 1365 at truncate 3.
    package static let maxRadius = 4096
    /// The default truncation, in standard deviations: R = ⌊3σ + ½⌋.
    public static let defaultTruncate = 3.0

    /// The standard deviation of the continuous Gaussian, in pixels.
    public let sigma: Double
    /// The kernel reaches R pixels to each side of the centre.
    public let radius: Int
    /// How each weight is taken from the density: at the pixel's centre, or over its width.
    package let sampling: Sampling
    /// The sampled values, index 0 at offset −R: densities (`point`) or bin masses (`integrated`).
    package let raw: [Double]
    /// `raw` normalised to sum 1.
    public let weights: [Double]

    /// Creates the kernel of standard deviation `sigma` truncated at `radius`.
    ///
    /// Any finite σ > 0 works. For tiny σ (1e-6) the point samples away from the centre
    /// underflow to exactly 0 and the weights become the identity [0, …, 1, …, 0].
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive, when the radius is negative or
    ///   above `maxRadius`, or (point sampling only) when σ is so small (< about 2e-308) that the
    ///   peak density 1/(σ√(2π)) exceeds the range of Float64.
    public init(sigma: Double, radius: Int, sampling: Sampling = .point) throws {
        try Self.validate(sigma: sigma, radius: radius, limit: Self.maxRadius)
        let peak = 1 / (sigma * (2 * Double.pi).squareRoot())
        if sampling == .point && !peak.isFinite {
            throw BlurKitError("sigma (\(sigma)) is too small: the density at 0 overflows Float64")
        }
        self.sigma = sigma
        self.radius = radius
        self.sampling = sampling
        let offsets = -radius...radius
        switch sampling {
        case .point:
            // Normalise the exponentials, not the densities: the centre term is exactly 1, so the
            // sum never underflows however small σ is.
            let shape = offsets.map { Self.unitPeakShape(Double($0), sigma: sigma) }
            let shapeSum = shape.reduce(0, +)
            raw = shape.map { $0 * peak }
            weights = shape.map { $0 / shapeSum }
        case .integrated:
            raw = offsets.map { Self.binMass(at: Double($0), sigma: sigma) }
            let sum = raw.reduce(0, +)
            weights = raw.map { $0 / sum }
        }
    }

    /// Creates the kernel of standard deviation `sigma` with SciPy's radius ⌊truncate·σ + ½⌋.
    ///
    /// - Throws: `BlurKitError` for an invalid σ or truncate, or a kernel wider than `maxRadius`.
    public init(sigma: Double, truncate: Double = defaultTruncate, sampling: Sampling = .point) throws {
        try self.init(sigma: sigma, radius: Self.radius(sigma: sigma, truncate: truncate), sampling: sampling)
    }

    /// The radius that truncates a Gaussian of `sigma` at `truncate` standard deviations:
    /// R = ⌊T·σ + ½⌋.
    ///
    /// This is SciPy's rule: `scipy.ndimage.gaussian_filter1d` computes
    /// `radius = int(truncate * sd + 0.5)` (SciPy's default truncate is 4.0; ours is 3).
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive, truncate is not finite and
    ///   ≥ 0, or the radius exceeds `maxRadius` ("kernel wider than the limit").
    package static func radius(sigma: Double, truncate: Double = defaultTruncate) throws -> Int {
        try validate(sigma: sigma)
        guard truncate.isFinite && truncate >= 0 else {
            throw BlurKitError("truncate (\(truncate)) must be a finite number ≥ 0")
        }
        let r = (truncate * sigma + 0.5).rounded(.down)
        guard r <= Double(maxRadius) else {
            throw BlurKitError("kernel wider than the limit: sigma \(sigma) × truncate \(truncate) "
                + "needs radius \(r), above \(maxRadius)")
        }
        return Int(r)
    }

    static func validate(sigma: Double) throws {
        guard sigma.isFinite && sigma > 0 else {
            throw BlurKitError("sigma (\(sigma)) must be a finite number > 0")
        }
    }

    static func validate(sigma: Double, radius: Int, limit: Int) throws {
        try validate(sigma: sigma)
        guard radius >= 0 else { throw BlurKitError("radius (\(radius)) must not be negative") }
        guard radius <= limit else {
            throw BlurKitError("kernel wider than the limit: radius \(radius) exceeds \(limit)")
        }
    }

    // MARK: - Derived values

    /// The number of taps, 2R + 1.
    package var width: Int { 2 * radius + 1 }

    /// The offsets of the taps, −R … R (`weights[i]` belongs to offset `i − R`).
    package var offsets: ClosedRange<Int> { -radius...radius }

    /// The normalised weight at `offset` (−R … R), 0 outside the window.
    package func weight(at offset: Int) -> Double {
        abs(offset) <= radius ? weights[offset + radius] : 0
    }

    /// Σ raw: what normalising divides by.
    package var rawSum: Double { raw.reduce(0, +) }

    /// The share of the continuous density inside the window's extent [−R − ½, R + ½]:
    /// erf((R + ½)/(σ√2)), the same for both samplings.
    package var capturedMass: Double { erf((Double(radius) + 0.5) / (sigma * 2.0.squareRoot())) }

    /// The standard deviation of the normalised weights, √(Σ wₖ·k²) (their mean is 0).
    ///
    /// Close to σ for point sampling when σ ≳ 1 and the radius is wide; for integrated sampling
    /// close to √(σ² + 1/12), the σ of the continuous g ∗ box, and below it by the aliasing term
    /// of `Sampling.integrated` (0.570 against 0.577 at σ = 0.5; equal to eight decimals from
    /// σ = 1); smaller than either when the truncation cuts the tails.
    package var effectiveSigma: Double { KernelAnalysis.effectiveSigma(weights) }

    // MARK: - The continuous Gaussian

    /// The normal density g(x) = exp(−x²/2σ²) / (σ√(2π)).
    package static func density(_ x: Double, sigma: Double) -> Double {
        unitPeakShape(x, sigma: sigma) / (sigma * (2 * Double.pi).squareRoot())
    }

    /// exp(−½(x/σ)²): written with x/σ so that x = 0 gives exactly 1 even when σ² underflows.
    static func unitPeakShape(_ x: Double, sigma: Double) -> Double {
        let z = x / sigma
        return exp(-0.5 * z * z)
    }

    /// The weight of the point-sampled Gaussian at offset `x`, untruncated and normalised:
    /// exp(−x²/2σ²) / Σₖ exp(−(k + f)²/2σ²) over all integers k, f the fractional part of x (so
    /// the weights at x + ℤ sum to 1). The kernel every measurement compares with.
    package static func pointWeight(at x: Double, sigma: Double) -> Double {
        let fraction = x - x.rounded(.down)
        let reach = Int((12 * sigma).rounded(.up)) + 2
        var norm = 0.0
        for k in -reach...reach { norm += unitPeakShape(Double(k) + fraction, sigma: sigma) }
        return unitPeakShape(x, sigma: sigma) / norm
    }

    /// The mass of the N(0, σ²) density over the pixel [x − ½, x + ½].
    ///
    /// = ½·[erf((x + ½)/(σ√2)) − erf((x − ½)/(σ√2))]. In the tails both erf values are close to 1
    /// and their difference would cancel (to 0 beyond about 8σ), so there the same mass is taken
    /// from erfc: ½·[erfc((|x| − ½)/(σ√2)) − erfc((|x| + ½)/(σ√2))], which keeps tail masses
    /// accurate relative to their own size (the mass at 10σ, 1.05e-21, to 1e-12).
    package static func binMass(at x: Double, sigma: Double) -> Double {
        let s = sigma * 2.0.squareRoot()
        let ax = abs(x)
        let lower = (ax - 0.5) / s, upper = (ax + 0.5) / s
        if lower >= 0.5 {
            return 0.5 * (erfc(lower) - erfc(upper))
        }
        return 0.5 * (erf(upper) - erf(lower))
    }

    /// The mass of a normal distribution within k standard deviations of its mean: erf(k/√2).
    ///
    /// The 68–95–99.7 rule: k = 1, 2, 3 give 0.682689…, 0.954499…, 0.997300….
    package static func continuousMass(withinSigmas k: Double) -> Double {
        erf(k / 2.0.squareRoot())
    }
}

/// A truncated 2-D Gaussian kernel: (2R + 1)² weights, row-major.
///
/// Entry `(dx, dy)` for dx, dy in −R … R sits at index `(dy + R)·(2R + 1) + (dx + R)`.
/// `point` sampling evaluates the 2-D density G(x, y) = exp(−(x² + y²)/2σ²) / (2πσ²) at pixel
/// centres; `integrated` takes the mass of G over the pixel square, which is the product of the
/// two 1-D bin masses because G factorises. Either way the kernel equals the outer product of
/// the 1-D kernel with itself (exactly for `integrated`, to rounding for `point`): that is why a
/// Gaussian blur separates into a horizontal and a vertical pass.
public struct GaussianKernel2D: Sendable, Equatable {
    /// The widest radius accepted, 512 (a 1025 × 1025 kernel, 8 MiB per array).
    package static let maxRadius = 512

    /// The standard deviation of the continuous Gaussian, in pixels.
    public let sigma: Double
    /// The kernel reaches R pixels from the centre along each axis.
    public let radius: Int
    /// How each weight is taken from the density: at the pixel's centre, or over its area.
    package let sampling: Sampling
    /// Sampled values before normalising, row-major (2R + 1)².
    package let raw: [Double]
    /// `raw` normalised to sum 1.
    public let weights: [Double]

    /// Creates the 2-D kernel of standard deviation `sigma` truncated at `radius` on both axes.
    ///
    /// - Throws: `BlurKitError` for σ not finite and positive, a negative radius, a radius above
    ///   `maxRadius`, or (point sampling) a σ so small that 1/(2πσ²) overflows Float64.
    public init(sigma: Double, radius: Int, sampling: Sampling = .point) throws {
        try GaussianKernel1D.validate(sigma: sigma, radius: radius, limit: Self.maxRadius)
        let peak = 1 / (2 * Double.pi * sigma * sigma)
        if sampling == .point && !peak.isFinite {
            throw BlurKitError("sigma (\(sigma)) is too small: the 2-D density at 0 overflows Float64")
        }
        self.sigma = sigma
        self.radius = radius
        self.sampling = sampling
        let n = 2 * radius + 1
        var raw = [Double](repeating: 0, count: n * n)
        var weights = [Double](repeating: 0, count: n * n)
        switch sampling {
        case .point:
            var shape = [Double](repeating: 0, count: n * n)
            for j in 0..<n {
                let zy = Double(j - radius) / sigma
                for i in 0..<n {
                    let zx = Double(i - radius) / sigma
                    shape[j * n + i] = exp(-0.5 * (zx * zx + zy * zy))
                }
            }
            let shapeSum = shape.reduce(0, +)
            for k in 0..<(n * n) {
                raw[k] = shape[k] * peak
                weights[k] = shape[k] / shapeSum
            }
        case .integrated:
            let mass = (-radius...radius).map { GaussianKernel1D.binMass(at: Double($0), sigma: sigma) }
            for j in 0..<n { for i in 0..<n { raw[j * n + i] = mass[j] * mass[i] } }
            let sum = raw.reduce(0, +)
            for k in 0..<(n * n) { weights[k] = raw[k] / sum }
        }
        self.raw = raw
        self.weights = weights
    }

    /// Creates the 2-D kernel with SciPy's radius ⌊truncate·σ + ½⌋ on both axes.
    public init(sigma: Double, truncate: Double = GaussianKernel1D.defaultTruncate,
                sampling: Sampling = .point) throws {
        try self.init(sigma: sigma, radius: GaussianKernel1D.radius(sigma: sigma, truncate: truncate),
                      sampling: sampling)
    }

    /// The outer product k ⊗ k of a 1-D kernel: raw[x, y] = raw[x]·raw[y], and likewise weights
    /// (which then sum to (Σ w)² = 1 to rounding).
    ///
    /// - Precondition: `kernel.radius ≤ GaussianKernel2D.maxRadius`.
    package init(outerProductOf kernel: GaussianKernel1D) {
        precondition(kernel.radius <= Self.maxRadius,
                     "kernel.radius (\(kernel.radius)) must not exceed \(Self.maxRadius)")
        sigma = kernel.sigma
        radius = kernel.radius
        sampling = kernel.sampling
        raw = kernel.raw.flatMap { ry in kernel.raw.map { rx in rx * ry } }
        weights = kernel.weights.flatMap { wy in kernel.weights.map { wx in wx * wy } }
    }

    /// The number of taps per row and per column, 2R + 1.
    package var width: Int { 2 * radius + 1 }

    /// The normalised weight at (dx, dy), 0 outside the window.
    package func weight(dx: Int, dy: Int) -> Double {
        guard abs(dx) <= radius && abs(dy) <= radius else { return 0 }
        return weights[(dy + radius) * width + (dx + radius)]
    }

    /// Σ raw.
    package var rawSum: Double { raw.reduce(0, +) }

    /// The share of the continuous 2-D density inside the square [−R − ½, R + ½]²:
    /// erf((R + ½)/(σ√2))².
    package var capturedMass: Double {
        let m = erf((Double(radius) + 0.5) / (sigma * 2.0.squareRoot()))
        return m * m
    }

    /// The standard deviation of the normalised weights along one axis, √(Σ w(x, y)·x²)
    /// (the same along y by symmetry).
    package var effectiveSigma: Double {
        let n = width
        var m2 = 0.0
        for j in 0..<n {
            for i in 0..<n {
                let x = Double(i - radius)
                m2 += weights[j * n + i] * x * x
            }
        }
        return m2.squareRoot()
    }
}
