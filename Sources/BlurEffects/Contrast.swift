import Foundation
import BlurCore

/// WCAG 2.x contrast: relative luminance of sRGB colours and the contrast ratio of text on its
/// background.
///
/// Relative luminance (WCAG 2.2, "relative luminance"): each sRGB-encoded channel c in 0...1 is
/// linearised, c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4, then
/// L = 0.2126 R + 0.7152 G + 0.0722 B. (WCAG 2.0 printed the threshold as 0.03928, from an old
/// sRGB draft; the current text uses IEC 61966-2-1's 0.04045. For 8-bit colours the two agree:
/// no k/255 lies between them — 10/255 ≈ 0.0392 is below both, 11/255 ≈ 0.0431 above.)
/// Contrast ratio: (L_lighter + 0.05) / (L_darker + 0.05), from 1 (same colour) to 21 (black on
/// white). Success criterion 1.4.3 (AA) asks for at least 4.5:1 for body text and 3:1 for large
/// text (18 pt, or 14 pt bold); the ratio is compared unrounded (4.499 fails).
///
/// Colours are taken as opaque: alpha is ignored, so pass what is on screen (a glass panel over an
/// opaque background is opaque).
public enum Contrast {
    /// AA minimum for body text (WCAG 2.x SC 1.4.3).
    public static let bodyText = 4.5
    /// AA minimum for large text (WCAG 2.x SC 1.4.3).
    public static let largeText = 3.0

    /// One sRGB-encoded channel (0...1) to linear light, with the 0.04045 threshold (the sRGB
    /// decoding of `ColourSpace`).
    package static func linear(_ c: Double) -> Double {
        ColourSpace.linearLight(fromSRGB: c)
    }

    /// WCAG relative luminance of a colour (R, G, B sRGB-encoded in 0...1; alpha ignored).
    public static func relativeLuminance(_ colour: SIMD4<Float>) -> Double {
        0.2126 * linear(Double(colour.x)) + 0.7152 * linear(Double(colour.y)) + 0.0722 * linear(Double(colour.z))
    }

    /// Contrast ratio of two relative luminances, lighter over darker, in 1...21.
    package static func ratio(luminance a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Contrast ratio of two colours (order does not matter).
    public static func ratio(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Double {
        ratio(luminance: relativeLuminance(a), relativeLuminance(b))
    }

    /// The worst (lowest) contrast of `text` against the pixels of `image` inside `rect`: the ratio
    /// the least legible part of a label drawn there would have.
    ///
    /// All pixels of `rect` count, not only those under the glyphs, so this is a conservative
    /// bound for any text drawn inside `rect`. The lowest ratio belongs to the pixel whose
    /// luminance is closest to the text's.
    package static func worst(text: SIMD4<Float>, over image: RGBAImage, in rect: PixelRect) -> ContrastCheck {
        let area = rect.intersection(image.bounds)
        let textL = relativeLuminance(text)
        var best = ContrastCheck(ratio: .infinity, x: area.x, y: area.y)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let r = ratio(luminance: textL, relativeLuminance(image[x, y]))
                if r < best.ratio { best = ContrastCheck(ratio: r, x: x, y: y) }
            }
        }
        return best
    }
}

/// A contrast ratio and where it was found, with the WCAG AA verdicts.
package struct ContrastCheck: Sendable, Equatable {
    /// The contrast ratio (lighter + 0.05) / (darker + 0.05); `infinity` when no pixel was examined.
    package let ratio: Double
    /// The column of the pixel that gave `ratio` (the worst one, for a worst-case check).
    package let x: Int
    /// The row of that pixel.
    package let y: Int

    /// A ratio found at pixel (x, y).
    package init(ratio: Double, x: Int, y: Int) {
        self.ratio = ratio; self.x = x; self.y = y
    }

    /// At least 4.5:1, AA for body text.
    package var meetsBodyText: Bool { ratio >= Contrast.bodyText }
    /// At least 3:1, AA for large text.
    package var meetsLargeText: Bool { ratio >= Contrast.largeText }

    /// Whether text `pixelSize` px high counts as large under WCAG 2.x: at least 18 pt (24 CSS
    /// px), or 14 pt (18.66 px) when bold. Only large text may use the 3:1 threshold.
    package static func isLargeText(pixelSize: Int, bold: Bool) -> Bool {
        isLargeText(pixels: Double(pixelSize), bold: bold, scale: 1)
    }

    /// Whether text `pixels` high on a picture of `scale` pixels per point (a screen's scale:
    /// 2 at @2x) counts as large under WCAG 2.x: at least 24 × `scale` pixels, or 18.66 × `scale`
    /// bold, since WCAG's sizes are CSS pixels, one to a point.
    package static func isLargeText(pixels: Double, bold: Bool, scale: Double) -> Bool {
        // A hair of tolerance: 30 pt drawn at scale 0.8 is 24.000000000000004 points.
        pixels / scale >= (bold ? 18.66 : 24) - 1e-9
    }
}
