import Foundation
import BlurCore

extension Strip {
    /// The largest automatic amplification: beyond it the colour scale would span less than
    /// 255 / 65536 ≈ 0.004 of an 8-bit step, below Float32 rounding of the blurs.
    package static let maximumAmplification: Float = 65536

    /// The amplification of difference panels when none is given: the largest power of two 2ᵏ
    /// (1 ≤ 2ᵏ ≤ 65536) with 2ᵏ · largest ≤ 255, so the largest difference lands in the top half
    /// of the colour scale without saturating; 1 when there is no difference at all.
    ///
    /// - Parameter largest: the largest difference in 8-bit units (0…255).
    package static func automaticAmplification(largest: Double) -> Float {
        guard largest > 0, largest.isFinite else { return 1 }
        var amplification: Float = 1
        while amplification < maximumAmplification, Double(amplification) * 2 * largest <= 255 { amplification *= 2 }
        return amplification
    }

    /// The largest per-pixel difference a difference panel of `image` against `reference` shows,
    /// in 8-bit units (`difference(_:reference:)`).
    package static func largestDifference(_ image: RGBAImage, reference: RGBAImage) -> Double {
        Double(difference(image, reference: reference).max() ?? 0) * 255
    }
}
