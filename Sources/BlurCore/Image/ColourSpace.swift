import Foundation

/// The sRGB transfer functions: encoded values (as stored in PNG files) to linear light and back.
///
/// IEC 61966-2-1:1999 §5.2 (and §5.3 for the inverse):
/// - decode: `v ≤ 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055)^2.4`
/// - encode: `l ≤ 0.0031308 ? 12.92 · l : 1.055 · l^(1/2.4) − 0.055`
/// Both are computed in Float64 and rounded to Float32. Blurring in linear light averages light
/// as it mixes physically; blurring encoded values (the default, as most software does) darkens
/// bright-against-dark edges.
public enum ColourSpace {
    /// The linear-light value of an sRGB-encoded value, in Float64 (also WCAG's linearisation).
    package static func linearLight(fromSRGB e: Double) -> Double {
        e <= 0.04045 ? e / 12.92 : pow((e + 0.055) / 1.055, 2.4)
    }

    /// The linear-light value of an sRGB-encoded value, computed in Float64 and rounded.
    public static func linear(fromSRGB v: Float) -> Float {
        Float(linearLight(fromSRGB: Double(v)))
    }

    /// The sRGB-encoded value of a linear-light value (negative values encode linearly).
    public static func sRGB(fromLinear l: Float) -> Float {
        let x = Double(l)
        return Float(x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055)
    }

    /// `linear(fromSRGB: k / 255)` for every 8-bit value k.
    package static let decodeTable: [Float] = (0...255).map { linear(fromSRGB: Float($0) / 255) }

    /// `linear(fromSRGB:)`, through `decodeTable` when `v` is exactly an 8-bit value k/255 (as
    /// every value read from an 8-bit PNG is), computed otherwise.
    @inline(__always)
    static func fastLinear(fromSRGB v: Float, table: UnsafePointer<Float>) -> Float {
        let k = (v * 255).rounded()
        if k >= 0, k <= 255 {
            let i = Int(k)
            if Float(i) / 255 == v { return table[i] }
        }
        return linear(fromSRGB: v)
    }
}
