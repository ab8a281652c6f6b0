import BlurCanvas
import BlurCore
import Foundation

/// The pixels of difference panels and reduced panels.
extension Strip {
    /// `|image − reference| × amplification` through `map`, per pixel.
    ///
    /// The difference of a pixel is the largest over R, G, B of |Δ(c·α)| and |Δα|, on
    /// premultiplied values — what differs in what is seen; colour under fully transparent pixels
    /// does not count. A difference d (0...1) is drawn as `map.colour(at: d × amplification)`, so
    /// the top of the colour scale is `255 / amplification` in 8-bit units and anything larger
    /// saturates.
    package static func differenceMap(
        _ image: RGBAImage, reference: RGBAImage, amplification: Float,
        map: ColourMap = .inferno
    ) -> RGBAImage {
        let d = difference(image, reference: reference)
        return PanelPixels.colourised(
            d, width: image.width, height: image.height, scale: amplification, table: map.table)
    }

    /// The per-pixel difference `differenceMap` draws, 0...1 (multiply by 255 for 8-bit units):
    /// `ErrorMetrics.pixelDifferences`, what the error tables measure.
    package static func difference(_ image: RGBAImage, reference: RGBAImage) -> [Float] {
        precondition(
            image.width == reference.width && image.height == reference.height,
            "image \(image.width)×\(image.height) and reference \(reference.width)×\(reference.height) must have one size"
        )
        return ErrorMetrics.pixelDifferences(image, reference)
    }

    /// A number as short text: `16`, `2.5`.
    package static func number(_ x: Float) -> String {
        x == x.rounded() && abs(x) < 1e7 ? String(Int(x)) : String(format: "%g", Double(x))
    }
}
