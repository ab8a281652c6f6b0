import Foundation

/// How one API writes the size of a Gaussian blur: the rule from its number to σ, the way back,
/// the numbers it accepts, and the 1-D impulse response it makes (as far as its source says).
///
/// A dozen APIs take one number for a blur and mean a dozen things by it: CSS `blur(L)` is σ,
/// CSS `box-shadow` is 2σ, Skia-based toolkits turn a "radius" r into 0.57735·r + 0.5, OpenCV
/// derives σ from a kernel size. `BlurSizeConventions.all` lists them; each carries the source
/// its rule was read from.
public struct BlurSizeConvention: Sendable {
    /// The API's name in kebab case (`css-box-shadow`), as `explorer radius --from` takes it.
    public let name: String
    /// What the number is in that API (`box-shadow blur radius B`).
    public let quantity: String
    /// The rule from the number to σ, as text (`σ = B/2`).
    public let rule: String
    /// Where the rule comes from: a URL or a document's name, and whether it was checked.
    public let source: String
    /// Whether the API takes only some numbers (odd kernel sizes, whole box widths), so that
    /// the number for a σ is the nearest it can take and gives a σ near, not equal to, it.
    public let isDiscrete: Bool
    /// Why a number is refused (nil when the API takes it); the limits before the rule is used.
    let refusal: @Sendable (Double) -> String?
    /// The rule: σ for an accepted number.
    let toSigma: @Sendable (Double) -> Double
    /// The number of this API that gives σ (the nearest one for a discrete API); nil when no
    /// number of this API gives it.
    let fromSigma: @Sendable (Double) -> Double?
    /// The 1-D impulse response this API makes for an accepted number.
    let kernel: @Sendable (Double) throws -> [Double]

    /// Why `value` is refused by this API, in one line naming the limit; nil when it is taken.
    ///
    /// Every API refuses a number that is not finite, a negative number, and one whose σ is
    /// above `BlurSizeConventions.maxSigma`.
    public func refusal(of value: Double) -> String? {
        let text = BlurSizeConventions.text(value)
        guard value.isFinite else { return "\(name) takes a finite number, not \(text)" }
        guard value >= 0 else { return "\(name) takes no negative number; \(text) is below 0" }
        if let own = refusal(value) { return own }
        let sigma = toSigma(value)
        guard sigma <= BlurSizeConventions.maxSigma else {
            return
                "\(name) \(text) means σ = \(BlurSizeConventions.text(sigma)), above the largest σ here, \(BlurSizeConventions.text(BlurSizeConventions.maxSigma))"
        }
        return nil
    }

    /// The σ this API's rule gives for `value`.
    ///
    /// - Throws: `BlurKitError` with `refusal(of:)` when the API does not take `value`.
    public func sigma(for value: Double) throws -> Double {
        if let why = refusal(of: value) { throw BlurKitError(why) }
        return toSigma(value)
    }

    /// The number of this API whose σ is `sigma` (the nearest it can take when `isDiscrete`);
    /// nil when none gives it (RenderScript's radius stops at 25, Skia's r > 0 starts at σ ½).
    public func value(forSigma sigma: Double) -> Double? {
        guard sigma.isFinite, sigma >= 0, let value = fromSigma(sigma), refusal(of: value) == nil else { return nil }
        return value
    }

    /// The centred 1-D impulse response the API makes for `value` (sums to 1).
    ///
    /// An API whose source fixes the kernel (OpenCV's sampled and truncated Gaussian and its
    /// tables for sizes up to 7, libvips' cut integer mask, Pillow's three extended boxes, SVG's
    /// three boxes for σ ≥ 2, Apple's three boxes) gets that kernel; one that promises a Gaussian gets a point-sampled
    /// Gaussian cut at 6σ. σ = 0 is the identity, [1].
    ///
    /// - Throws: `BlurKitError` when the API does not take `value`.
    public func impulseResponse(for value: Double) throws -> [Double] {
        if let why = refusal(of: value) { throw BlurKitError(why) }
        return try kernel(value)
    }
}

/// The conventions `explorer radius` converts between, and the kernels behind their rows.
public enum BlurSizeConventions {
    /// The largest σ converted, in pixels (larger blurs are beyond the library's kernels).
    public static let maxSigma = 500.0

    /// 3·√(2π)/4 ≈ 1.88: the SVG box width per unit of σ (feGaussianBlur's d).
    static let boxWidthPerSigma = 3 * (2 * Double.pi).squareRoot() / 4

    /// Every convention, in the order the table shows them.
    public static let all: [BlurSizeConvention] = [
        exact(
            "css-filter", "filter: blur(L), L", "σ = L",
            "Filter Effects Module Level 1, blur(): \"the standard deviation to the Gaussian function\" "
                + "(w3.org/TR/filter-effects-1/#funcdef-filter-blur); applied as feGaussianBlur", kernel: svgKernel),
        half(
            "css-box-shadow", "box-shadow blur radius B", "σ = B/2",
            "CSS Backgrounds and Borders 3, box-shadow: \"a standard deviation equal to half the blur radius\" "
                + "(w3.org/TR/css-backgrounds-3/#shadow-blur)"),
        half(
            "canvas-shadow-blur", "shadowBlur B", "σ = B/2",
            "HTML Living Standard, when shadows are drawn: σ half the shadowBlur "
                + "(html.spec.whatwg.org/multipage/canvas.html#when-shadows-are-drawn); Chromium aligned to it in 2018 "
                + "(chromium.googlesource.com/chromium/src.git/+/909793b85dd2eb0bd37954ec50fbc86d547be50a)"),
        exact(
            "svg-std-deviation", "feGaussianBlur stdDeviation s",
            "σ = s (three boxes of d = ⌊1.88·s + ½⌋ allowed for s ≥ 2)",
            "Filter Effects Module Level 1, feGaussianBlur (w3.org/TR/filter-effects-1/#feGaussianBlurElement); "
                + "MDN stdDeviation", kernel: svgKernel),
        exact(
            "pillow", "ImageFilter.GaussianBlur(radius)", "σ = radius",
            "Pillow src/libImaging/BoxBlur.c, _gaussian_blur_radius: three extended boxes of variance radius²/3 "
                + "(Gwosdek et al. 2011); the documentation says only \"standard deviation of the Gaussian kernel\"",
            kernel: { sigma in try extendedBoxKernel(sigma: sigma) }),
        exact(
            "libvips", "gaussblur sigma", "σ = sigma (mask cut below 0.2 of its peak, weights in 20ths)",
            "libvips create/gaussmat.c (mask while exp(−x²/2σ²) ≥ min_ampl, weights rint(20·v)) with gaussblur's "
                + "defaults min_ampl 0.2, precision int (libvips.org/API/current/method.Image.gaussblur.html); σ < 0.2 copies",
            kernel: libvipsKernel),
        exact(
            "core-image", "CIGaussianBlur inputRadius", "σ = inputRadius",
            "Apple's documentation calls it a radius without a formula; σ = inputRadius is measured by others, "
                + "not verified here"),
        skia(
            "android-render-effect", "RenderEffect.createBlurEffect radius r",
            "Android frameworks/base libs/hwui/jni/RenderEffect.cpp createBlurEffect passes each radius through "
                + "Blur::convertRadiusToSigma (libs/hwui/utils/Blur.cpp): r > 0 ? 0.57735·r + 0.5 : 0"),
        BlurSizeConvention(
            name: "renderscript", quantity: "ScriptIntrinsicBlur.setRadius(r)", rule: "σ = 0.4·r + 0.6, 0 < r ≤ 25",
            source:
                "Android RenderScript rsCpuIntrinsicBlur.cpp ComputeGaussianWeights: sigma = 0.4f * mRadius + 0.6f; "
                + "setRadius refuses r outside (0, 25]",
            isDiscrete: false,
            refusal: { r in
                r > 0 && r <= 25 ? nil : "renderscript takes a radius above 0 and at most 25; \(text(r)) is outside"
            },
            toSigma: { 0.4 * $0 + 0.6 },
            fromSigma: { sigma in (sigma - 0.6) / 0.4 },
            kernel: { r in try gaussianKernel(sigma: 0.4 * r + 0.6) }),
        exact(
            "flutter-image-filter", "ImageFilter.blur(sigmaX:)", "σ = sigmaX",
            "Flutter dart:ui ImageFilter.blur: sigmaX, sigmaY are standard deviations "
                + "(api.flutter.dev/flutter/dart-ui/ImageFilter/ImageFilter.blur.html)"),
        skia(
            "flutter-box-shadow", "BoxShadow.blurRadius r",
            "Flutter dart:ui Shadow.convertRadiusToSigma: radius > 0 ? radius * 0.57735 + 0.5 : 0, after Skia's "
                + "SkBlurMask::ConvertRadiusToSigma (api.flutter.dev/flutter/dart-ui/Shadow/convertRadiusToSigma.html); "
                + "the same page's blurRadius calls it a standard deviation"),
        BlurSizeConvention(
            name: "opencv-ksize", quantity: "GaussianBlur ksize k, sigma ≤ 0",
            rule: "σ = 0.3·((k − 1)/2 − 1) + 0.8, k odd ≥ 1",
            source: "OpenCV getGaussianKernel: \"If it is non-positive, it is computed from ksize as sigma = "
                + "0.3*((ksize-1)*0.5 - 1) + 0.8\" (docs.opencv.org, imgproc filters); for k ≤ 7 its source uses fixed binomial tables",
            isDiscrete: true,
            refusal: { k in
                k >= 1 && k == k.rounded() && Int(k) % 2 == 1
                    ? nil : "opencv-ksize takes an odd whole kernel size of at least 1; \(text(k)) is not one"
            },
            toSigma: { k in 0.3 * ((k - 1) / 2 - 1) + 0.8 },
            fromSigma: { sigma in
                let ideal = 2 * ((sigma - 0.8) / 0.3 + 1) + 1
                return max(1, 2 * ((ideal - 1) / 2).rounded() + 1)
            },
            kernel: { k in try openCVKernel(size: Int(k)) }),
        BlurSizeConvention(
            name: "figma", quantity: "layer blur v", rule: "σ = v/2",
            source:
                "Figma publishes no formula; measured in Bjango's \"Blur radius comparison\" (bjango.com/articles/blurradiuscomparison): "
                + "Figma's blurs match CSS box-shadow, σ = v/2, twice CSS blur()'s number for the same blur",
            isDiscrete: false, refusal: { _ in nil }, toSigma: { $0 / 2 }, fromSigma: { 2 * $0 },
            kernel: { v in try gaussianKernel(sigma: v / 2) }),
        BlurSizeConvention(
            name: "image-effects", quantity: "UIImage+ImageEffects blurRadius r (points × scale 1)",
            rule: "three boxes of d = ⌊r·1.88 + ½⌋ (made odd): σ = √((d² − 1)/4)",
            source: "Apple WWDC 2013 sample UIImage+ImageEffects.m, applyBlurWithRadius: (BoxWidths.appleBoxWidth)",
            isDiscrete: true,
            refusal: { _ in nil },
            toSigma: { r in BoxWidths.achievedSigma(imageEffectsWidths(r)) },
            fromSigma: { sigma in
                // The odd width whose three boxes come nearest σ, then the middle of the radii
                // that give it: ⌊r·c + ½⌋ ∈ {d − 1, d} for r ∈ [(d − 1.5)/c, (d + 0.5)/c).
                let ideal = (4 * sigma * sigma + 1).squareRoot()
                var lower = Int(ideal.rounded(.down))
                if lower % 2 == 0 { lower -= 1 }
                let widths = [lower, lower + 2]
                let d = widths.min {
                    abs(BoxWidths.achievedSigma([$0, $0, $0]) - sigma)
                        < abs(BoxWidths.achievedSigma([$1, $1, $1]) - sigma)
                }!
                return d == 1 ? 0 : (Double(d) - 0.5) / boxWidthPerSigma
            },
            kernel: { r in try BoxWidths.impulseResponse(imageEffectsWidths(r)) })
    ]

    /// A number as a person writes it in a message: `4`, `25.5`.
    static func text(_ x: Double) -> String {
        x.isFinite && x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// The convention called `name` (kebab case), or nil.
    public static func named(_ name: String) -> BlurSizeConvention? {
        all.first { $0.name == name }
    }

    // MARK: - The rules' shapes

    static func exact(
        _ name: String, _ quantity: String, _ rule: String, _ source: String,
        kernel: @escaping @Sendable (Double) throws -> [Double] = gaussianKernel
    ) -> BlurSizeConvention {
        BlurSizeConvention(
            name: name, quantity: quantity, rule: rule, source: source, isDiscrete: false,
            refusal: { _ in nil }, toSigma: { $0 }, fromSigma: { $0 }, kernel: kernel)
    }

    static func half(_ name: String, _ quantity: String, _ rule: String, _ source: String) -> BlurSizeConvention {
        BlurSizeConvention(
            name: name, quantity: quantity, rule: rule, source: source, isDiscrete: false,
            refusal: { _ in nil }, toSigma: { $0 / 2 }, fromSigma: { 2 * $0 },
            kernel: { try gaussianKernel(sigma: $0 / 2) })
    }

    /// Skia's legacy radius: σ = 0.57735·r + 0.5 for r > 0 (1/√3, "high quality" box blurs'
    /// scale), no blur for r = 0; so no r gives 0 < σ ≤ ½.
    static func skia(_ name: String, _ quantity: String, _ source: String) -> BlurSizeConvention {
        BlurSizeConvention(
            name: name, quantity: quantity, rule: "σ = 0.57735·r + 0.5 (r = 0: no blur)", source: source,
            isDiscrete: false, refusal: { _ in nil },
            toSigma: skiaSigma,
            fromSigma: { sigma in sigma == 0 ? 0 : sigma > 0.5 ? (sigma - 0.5) / 0.57735 : nil },
            kernel: { try gaussianKernel(sigma: skiaSigma($0)) })
    }

    @Sendable static func skiaSigma(_ r: Double) -> Double { r > 0 ? 0.57735 * r + 0.5 : 0 }

    // MARK: - The kernels

    /// A point-sampled Gaussian cut at 6σ (its σ within 1e-6 of the asked one for σ ≥ 1),
    /// normalised; [1] for σ = 0.
    @Sendable static func gaussianKernel(sigma: Double) throws -> [Double] {
        guard sigma > 0 else { return [1] }
        return try GaussianKernel1D(sigma: sigma, truncate: 6).weights
    }

    /// feGaussianBlur's three-box approximation for s ≥ 2, a Gaussian below: d = ⌊s·c + ½⌋; odd d
    /// gives three centred boxes of d, even d two boxes of d offset by ∓½ (together a centred
    /// kernel of 2d − 1 taps) and one centred box of d + 1.
    @Sendable static func svgKernel(sigma: Double) throws -> [Double] {
        guard sigma >= 2 else { return try gaussianKernel(sigma: sigma) }
        let d = Int((sigma * boxWidthPerSigma + 0.5).rounded(.down))
        if d % 2 == 1 { return try BoxWidths.impulseResponse([d, d, d]) }
        let box = [Double](repeating: 1 / Double(d), count: d)
        return convolve(convolve(box, box), try BoxWidths.impulseResponse([d + 1]))
    }

    /// libvips' `gaussblur` with its defaults (min_ampl 0.2, integer precision), as
    /// `vips_gaussmat` builds the mask: x counts up from 0 while exp(−x²/2σ²) ≥ 0.2 (at most
    /// ⌊8σ⌋), the mask is 2·max(x − 1, 0) + 1 wide, each weight rint(20·exp(−x²/2σ²)), divided by
    /// their sum; σ < 0.2 is a copy. The cut at a fifth of the peak (about 1.8σ) makes the
    /// kernel's own σ about 0.8 of the one asked for.
    @Sendable static func libvipsKernel(sigma: Double) -> [Double] {
        guard sigma >= 0.2 else { return [1] }
        let twiceVariance = 2 * sigma * sigma
        let limit = Int(min(8 * sigma, 5000))
        var x = 0
        while x < limit, exp(-Double(x * x) / twiceVariance) >= 0.2 { x += 1 }
        let width = 2 * max(x - 1, 0) + 1
        let weights = (0..<width).map { i -> Double in
            let offset = Double(i - width / 2)
            return (20 * exp(-offset * offset / twiceVariance)).rounded(.toNearestOrEven)
        }
        let sum = weights.reduce(0, +)
        return weights.map { $0 / (sum == 0 ? 1 : sum) }
    }

    /// Pillow's three extended boxes for σ (Gwosdek et al. 2011), Float64.
    static func extendedBoxKernel(sigma: Double) throws -> [Double] {
        guard sigma > 0 else { return [1] }
        let boxes = try ExtendedBox(sigma: sigma, passes: 3)
        let reach = boxes.reach
        var line = [Double](repeating: 0, count: 2 * reach + 1)
        line[reach] = 1
        return ExtendedBox.reference(line, radius: boxes.radius, alpha: boxes.alpha, passes: 3, edges: .zero)
    }

    /// OpenCV's getGaussianKernel for size k and σ ≤ 0: its binomial tables for k = 1, 3, 5, 7,
    /// else exp(−x²/2σ²) at x = −(k−1)/2 … (k−1)/2 with σ from k, normalised.
    static func openCVKernel(size k: Int) throws -> [Double] {
        switch k {
        case 1: return [1]
        case 3: return [0.25, 0.5, 0.25]
        case 5: return [0.0625, 0.25, 0.375, 0.25, 0.0625]
        case 7: return [0.03125, 0.109375, 0.21875, 0.28125, 0.21875, 0.109375, 0.03125]
        default:
            let sigma = 0.3 * (Double(k - 1) / 2 - 1) + 0.8
            return try GaussianKernel1D(sigma: sigma, radius: (k - 1) / 2).weights
        }
    }

    /// ImageEffects' three box widths for a blur radius at scale 1.
    @Sendable static func imageEffectsWidths(_ r: Double) -> [Int] {
        let d = (try? BoxWidths.appleBoxWidth(blurRadius: r)) ?? BoxWidths.maxWidth
        return [d, d, d]
    }

    /// The full discrete convolution of two kernels.
    static func convolve(_ a: [Double], _ b: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: a.count + b.count - 1)
        for (i, x) in a.enumerated() { for (j, y) in b.enumerated() { out[i + j] += x * y } }
        return out
    }
}
