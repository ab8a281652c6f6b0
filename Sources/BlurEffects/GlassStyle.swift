import Foundation
import BlurCore

/// The frosted-glass styles of Apple's UIImage+ImageEffects sample: light, extra light, dark and
/// tint.
///
/// The presets, verified against the sample's source — Apple, UIImage+ImageEffects.m, WWDC 2013
/// sample code, version 1.0, as copied unmodified in github.com/scotteg/TreasureHunt,
/// `UIImage+ImageEffects.m` (commit df163c5b9dfc52fa030232beec09a2ed8392aa9c):
///
/// | style | method | blur radius (pt) | tint colour | saturation factor |
/// |---|---|---:|---|---:|
/// | light | `applyLightEffect` | 30 | `colorWithWhite:1.0 alpha:0.3` | 1.8 |
/// | extra light | `applyExtraLightEffect` | 20 | `colorWithWhite:0.97 alpha:0.82` | 1.8 |
/// | dark | `applyDarkEffect` | 20 | `colorWithWhite:0.11 alpha:0.73` | 1.8 |
/// | tint | `applyTintEffectWithColor:` | 10 | the given colour with alpha 0.6 (`EffectColorAlpha`) | −1.0 |
///
/// A white level w is the sRGB colour (w, w, w).
public enum GlassStyle: String, CaseIterable, Sendable {
    /// `applyLightEffect`: radius 30, white at alpha 0.3, saturation 1.8.
    case light
    /// `applyExtraLightEffect`: radius 20, white level 0.97 at alpha 0.82, saturation 1.8.
    case extraLight = "extra-light"
    /// `applyDarkEffect`: radius 20, white level 0.11 at alpha 0.73, saturation 1.8.
    case dark
    /// `applyTintEffectWithColor:`: radius 10, the given colour at alpha 0.6, saturation −1.
    case tint

    /// The colour `.tint` uses when the caller gives none: (0, 122, 255), iOS 7's default system
    /// tint. This default is ours; ImageEffects always takes the colour from its caller.
    public static let defaultTintColour = SIMD4<Float>(0, 122 / 255, 1, 1)

    /// The style's ImageEffects preset. For `.tint`, `tintColour` supplies R, G, B and the preset
    /// replaces its alpha by 0.6, as `applyTintEffectWithColor:` does; the other styles ignore it.
    public func preset(tintColour: SIMD4<Float> = GlassStyle.defaultTintColour) -> GlassPreset {
        switch self {
        case .light:
            GlassPreset(blurRadius: 30, tint: SIMD4(1, 1, 1, 0.3), saturation: 1.8)
        case .extraLight:
            GlassPreset(blurRadius: 20, tint: SIMD4(0.97, 0.97, 0.97, 0.82), saturation: 1.8)
        case .dark:
            GlassPreset(blurRadius: 20, tint: SIMD4(0.11, 0.11, 0.11, 0.73), saturation: 1.8)
        case .tint:
            GlassPreset(blurRadius: 10, tint: SIMD4(tintColour.x, tintColour.y, tintColour.z, 0.6), saturation: -1)
        }
    }
}

/// The parameters of one glass look: blur radius, tint and saturation, and what follows from them
/// (box widths, label colour, the Reduce Transparency fill).
public struct GlassPreset: Sendable, Equatable {
    /// ImageEffects' `blurRadius`, in points: the Gaussian standard deviation that its three box
    /// passes approximate (see `boxWidth(scale:)`).
    public var blurRadius: Double
    /// Laid over the blurred, saturated panel with the normal blend (straight RGBA).
    public var tint: SIMD4<Float>
    /// The saturation factor s of `SaturationMatrix`.
    public var saturation: Float

    /// A preset with these values, as `GlassStyle.preset(tintColour:)` builds them.
    ///
    /// - Parameters:
    ///   - blurRadius: the ImageEffects blur radius, in points.
    ///   - tint: the straight-alpha sRGB colour laid over the panel.
    ///   - saturation: the factor s of `SaturationMatrix` (1 leaves colours as they are).
    public init(blurRadius: Double, tint: SIMD4<Float>, saturation: Float) {
        self.blurRadius = blurRadius; self.tint = tint; self.saturation = saturation
    }

    // MARK: - Blur radius → box widths

    /// 3·√(2π)/4 ≈ 1.8800, the box width per unit of standard deviation.
    package static let boxWidthPerSigma = 3 * (2 * Double.pi).squareRoot() / 4

    /// The width d of each of ImageEffects' three box passes for this preset's blur radius:
    /// d = ⌊r·scale·3·√(2π)/4 + ½⌋, made odd (`BoxWidths.appleBoxWidth`, which cites the source).
    /// ImageEffects runs `vImageBoxConvolve_ARGB8888` three times with width d and
    /// `kvImageEdgeExtend` (clamped edges). At scale 1: r = 30 → 57, r = 20 → 39, r = 10 → 19.
    ///
    /// - Throws: `BlurKitError` for a scale that is not positive and finite.
    package func boxWidth(scale: Double = 1) throws -> Int {
        try BoxWidths.appleBoxWidth(blurRadius: blurRadius, scale: scale)
    }

    /// How far `passes` centred boxes of odd width d read: passes·(d − 1)/2 pixels.
    package static func reach(ofBoxWidth d: Int, passes: Int = 3) -> Int {
        passes * (d - 1) / 2
    }

    /// The standard deviation of `passes` boxes of width d: √(passes·(d² − 1)/12), since one
    /// discrete box of d equal taps has variance (d² − 1)/12 and variances add under convolution.
    ///
    /// The SVG rule d = 3·√(2π)/4 · r makes the peak of three continuous boxes, 3/(4d), equal the
    /// Gaussian's peak 1/(r·√(2π)); it does not match the variance. With d ≈ 1.88 r the boxes'
    /// σ is ≈ 0.94 r, and after rounding d up to odd: 28.50 for r = 30 (d = 57), 19.49 for r = 20
    /// (d = 39), 9.49 for r = 10 (d = 19).
    package static func sigma(ofBoxWidth d: Int, passes: Int = 3) -> Double {
        BoxWidths.achievedSigma(Array(repeating: d, count: passes))
    }

    // MARK: - Label and Reduce Transparency

    /// The mid background a tint is judged against when no picture is known: grey 0.5, opaque.
    package static let midBackground = SIMD4<Float>(0.5, 0.5, 0.5, 1)

    /// The tint laid over the mid background: what the panel looks like on an average picture.
    package var tintOverMid: SIMD4<Float> { Tint.over(tint, on: Self.midBackground) }

    /// Black or white, whichever contrasts more with `tintOverMid`: dark text on the light and
    /// extra-light styles, white text on dark ones.
    package var labelColour: SIMD4<Float> {
        let black = SIMD4<Float>(0, 0, 0, 1), white = SIMD4<Float>(1, 1, 1, 1)
        return Contrast.ratio(black, tintOverMid) >= Contrast.ratio(white, tintOverMid) ? black : white
    }

    /// The opaque colour of the Reduce Transparency panel, chosen so `labelColour` on it reaches
    /// at least 4.5:1.
    ///
    /// Starts from `tintOverMid`; if the label already reaches `minimum` there, that colour is
    /// used. Otherwise the colour is mixed towards black (when the label is the lighter of the two)
    /// or white (when it is the darker) by the smallest fraction t that reaches `minimum`, found by
    /// bisection. Each candidate is quantised to 8 bits before it is judged, so the colour written
    /// to a PNG meets the ratio too. Mixing moves every channel monotonically, so the contrast is
    /// monotone in t and the bisection is sound; at t = 1 (black or white) a black or white label
    /// has 21:1.
    ///
    /// With the preset's own `labelColour` no adjustment is ever needed: black's and white's ratios
    /// against any colour multiply to 21, so the better one is at least √21 ≈ 4.58. The adjustment
    /// matters when the label colour is fixed otherwise — white text on mid grey becomes #767676,
    /// the lightest grey that carries white text at 4.5:1.
    package func fallbackColour(minimum: Double = Contrast.bodyText) -> SIMD4<Float> {
        Self.fallbackColour(base: tintOverMid, label: labelColour, minimum: minimum)
    }

    /// The Reduce Transparency rule for any base colour and label colour (see `fallbackColour`).
    package static func fallbackColour(base: SIMD4<Float>, label: SIMD4<Float>, minimum: Double = Contrast.bodyText) -> SIMD4<Float> {
        let darken = Contrast.relativeLuminance(label) >= Contrast.relativeLuminance(base)
        let target: SIMD4<Float> = darken ? SIMD4(0, 0, 0, 1) : SIMD4(1, 1, 1, 1)
        let opaqueBase = SIMD4(base.x, base.y, base.z, 1)
        func candidate(_ t: Float) -> SIMD4<Float> {
            let mixed = opaqueBase + (target - opaqueBase) * t
            return SIMD4((0..<3).map { Float(RGBAImage.quantize(mixed[$0])) / 255 } + [1])
        }
        if Contrast.ratio(candidate(0), label) >= minimum { return candidate(0) }
        var low: Float = 0, high: Float = 1
        for _ in 0..<24 {
            let mid = (low + high) / 2
            if Contrast.ratio(candidate(mid), label) >= minimum { high = mid } else { low = mid }
        }
        return candidate(high)
    }
}
