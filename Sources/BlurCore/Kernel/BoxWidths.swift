import Foundation

/// Box widths that approximate a Gaussian, and the exact kernels they make.
///
/// A normalised box of odd width w (radius (w − 1)/2) has variance (w² − 1)/12, and variances
/// add under convolution, so n boxes of widths wᵢ make a kernel of variance Σ(wᵢ² − 1)/12 that,
/// by the central limit theorem, looks more Gaussian with every pass (Wells 1986).
public enum BoxWidths {
    /// The widest box accepted, 2·`GaussianKernel1D.maxRadius` + 1 = 8193 pixels.
    package static let maxWidth = 2 * GaussianKernel1D.maxRadius + 1

    /// The most box passes a cascade may have (checked before any array is sized by it).
    package static let maxPasses = 1000

    /// The n odd box widths whose cascade best matches the variance σ² (Kovesi 2010).
    ///
    /// W. M. Wells, "Efficient synthesis of Gaussian filters by cascaded uniform filters",
    /// IEEE PAMI 8(2), 1986, and P. Kovesi, "Fast almost-Gaussian filtering", DICTA 2010, as in
    /// Kovesi's `solveinteg.m` (peterkovesi.com/matlabfns/Spatial/solveinteg.m):
    ///
    ///     wIdeal = √(12σ²/n + 1)             ideal width of n equal boxes
    ///     wl = ⌊wIdeal⌋, minus 1 if even      the odd width below
    ///     wu = wl + 2                         the odd width above
    ///     m  = round((12σ² − n·wl² − 4n·wl − 3n) / (−4wl − 4))
    ///
    /// giving m passes of wl followed by n − m passes of wu. The total variance is linear in m,
    /// and m is its exact solution rounded (half away from zero, like MATLAB's `round`), so no
    /// other split between wl and wu comes closer to σ². m is clamped to 0 … n; widths are ≥ 1
    /// because wIdeal ≥ 1. σ = 0 gives n boxes of width 1 (the identity). Only σ values that are
    /// not too small for the widths' granularity are matched well: below σ ≈ 0.8 every width
    /// is 1 or 3 and the achieved σ jumps.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and ≥ 0, `passes` is not 1 … `maxPasses`,
    ///   or a width would exceed `maxWidth`.
    public static func forSigma(_ sigma: Double, passes n: Int) throws -> [Int] {
        guard sigma.isFinite && sigma >= 0 else { throw BlurKitError("sigma (\(sigma)) must be a finite number ≥ 0") }
        guard n >= 1 else { throw BlurKitError("passes (\(n)) must be at least 1") }
        guard n <= maxPasses else { throw BlurKitError("passes (\(n)) must be at most \(maxPasses)") }
        let nd = Double(n)
        let wIdeal = (12 * sigma * sigma / nd + 1).squareRoot()
        guard wIdeal + 2 <= Double(maxWidth) else {
            throw BlurKitError("box wider than the limit: sigma \(sigma) over \(n) passes needs width ≈ \(wIdeal.rounded()), above \(maxWidth)")
        }
        var wl = Int(wIdeal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let l = Double(wl)
        let mIdeal = (12 * sigma * sigma - nd * l * l - 4 * nd * l - 3 * nd) / (-4 * l - 4)
        let m = min(n, max(0, Int(mIdeal.rounded(.toNearestOrAwayFromZero))))
        return Array(repeating: wl, count: m) + Array(repeating: wu, count: n - m)
    }

    /// The variance of the cascade of boxes: Σ(wᵢ² − 1)/12.
    package static func variance(_ widths: [Int]) -> Double {
        widths.reduce(0) { $0 + (Double($1) * Double($1) - 1) / 12 }
    }

    /// The standard deviation of the cascade: √(Σ(wᵢ² − 1)/12).
    public static func achievedSigma(_ widths: [Int]) -> Double {
        variance(widths).squareRoot()
    }

    /// The odd width w ≥ 1 whose single box has the variance (w² − 1)/12 nearest σ².
    ///
    /// The naive "box of the same σ": w ≈ √(12σ² + 1). Of the two odd widths around that value
    /// the one with the nearer variance wins; a tie goes to the narrower.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and ≥ 0 or the width exceeds `maxWidth`.
    public static func equalVarianceWidth(sigma: Double) throws -> Int {
        guard sigma.isFinite && sigma >= 0 else { throw BlurKitError("sigma (\(sigma)) must be a finite number ≥ 0") }
        let wIdeal = (12 * sigma * sigma + 1).squareRoot()
        guard wIdeal <= Double(maxWidth) else {
            throw BlurKitError("box wider than the limit: sigma \(sigma) needs width ≈ \(wIdeal.rounded()), above \(maxWidth)")
        }
        var lower = Int(wIdeal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let target = sigma * sigma
        let errLower = abs(variance([lower]) - target), errUpper = abs(variance([upper]) - target)
        return errUpper < errLower && upper <= maxWidth ? upper : lower
    }

    /// The box width Apple's `UIImage+ImageEffects` uses for each of its three box passes.
    ///
    /// From `applyBlurWithRadius:tintColor:saturationDeltaFactor:maskImage:` in Apple's WWDC 2013
    /// sample `UIImage+ImageEffects.m` (copies e.g. in github.com/Adrian2112/UIImage-BlurredFrame):
    ///
    ///     CGFloat inputRadius = blurRadius * [[UIScreen mainScreen] scale];
    ///     NSUInteger radius = floor(inputRadius * 3. * sqrt(2 * M_PI) / 4 + 0.5);
    ///     if (radius % 2 != 1) { radius += 1; }   // force radius to be odd …
    ///
    /// followed by three `vImageBoxConvolve_ARGB8888` calls with that value as kernel width and
    /// height — despite its name the variable is a box *width*. The formula is the SVG
    /// `feGaussianBlur` approximation d = ⌊s·3√(2π)/4 + ½⌋ for a Gaussian of standard deviation s;
    /// SVG handles an even d with two boxes of width d offset by half a pixel and one of d + 1,
    /// where the sample simply makes d odd. Three boxes of width d have σ = √((d² − 1)/4) ≈ 0.94·s.
    /// A blur radius of 0 gives width 1 (the sample skips blurring when blurRadius ≤ FLT_EPSILON).
    ///
    /// - Throws: `BlurKitError` when the radius is not finite and ≥ 0, the scale not finite and
    ///   > 0, or the width exceeds `maxWidth`.
    package static func appleBoxWidth(blurRadius r: Double, scale: Double = 1) throws -> Int {
        guard r.isFinite && r >= 0 else { throw BlurKitError("blur radius (\(r)) must be a finite number ≥ 0") }
        guard scale.isFinite && scale > 0 else { throw BlurKitError("scale (\(scale)) must be a finite number > 0") }
        let d = (r * scale * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
        guard d < Double(maxWidth) else {
            throw BlurKitError("box wider than the limit: blur radius \(r) at scale \(scale) gives width \(d), above \(maxWidth)")
        }
        var width = Int(d)
        if width % 2 != 1 { width += 1 }
        return width
    }

    /// The exact kernel of a cascade of normalised boxes: their discrete convolution.
    ///
    /// Each box of odd width w is centred (offsets −(w − 1)/2 … (w − 1)/2), so the result is
    /// centred with Σ(wᵢ − 1) + 1 taps that sum to 1; no boxes give [1]. Computed with prefix sums,
    /// O(length) per box, accurate to about 1e-16 absolute.
    ///
    /// - Throws: `BlurKitError` when a width is even, below 1, or above `maxWidth`.
    package static func impulseResponse(_ widths: [Int]) throws -> [Double] {
        for w in widths {
            guard w >= 1 && w % 2 == 1 && w <= maxWidth else {
                throw BlurKitError("box width (\(w)) must be odd and within 1…\(maxWidth)")
            }
        }
        var kernel: [Double] = [1]
        for w in widths where w > 1 {
            let r = w / 2
            // Prefix sums of the kernel padded with r zeros on each side: out[i] = Σ in[i−r … i+r] / w.
            var prefix = [Double](repeating: 0, count: kernel.count + 1)
            for (i, v) in kernel.enumerated() { prefix[i + 1] = prefix[i] + v }
            let n = kernel.count
            let inverse = 1 / Double(w)
            kernel = (0..<(n + 2 * r)).map { i in
                // Output i covers input indices i − 2r … i (input index j ↔ output index j + r).
                let hi = min(i, n - 1), lo = max(i - 2 * r, 0)
                return (prefix[hi + 1] - prefix[lo]) * inverse
            }
        }
        return kernel
    }
}
