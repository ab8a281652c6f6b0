import Foundation
import BlurCore

/// The pixels of difference panels and reduced panels.
extension Strip {
    /// `|image − reference| × amplification` through `map`, per pixel.
    ///
    /// The difference of a pixel is the largest over R, G, B of |Δ(c·α)| and |Δα|, on
    /// premultiplied values — what differs in what is seen; colour under fully transparent pixels
    /// does not count. A difference d (0...1) is drawn as `map.colour(at: d × amplification)`, so
    /// the top of the colour scale is `255 / amplification` in 8-bit units and anything larger
    /// saturates.
    package static func differenceMap(_ image: RGBAImage, reference: RGBAImage, amplification: Float,
                                     map: ColourMap = .inferno) -> RGBAImage {
        let d = difference(image, reference: reference)
        var out = RGBAImage(width: image.width, height: image.height)
        for i in 0..<d.count { out[i % image.width, i / image.width] = map.colour(at: d[i] * amplification) }
        return out
    }

    /// The per-pixel difference `differenceMap` draws, 0...1 (multiply by 255 for 8-bit units):
    /// `ErrorMetrics.pixelDifferences`, what the error tables measure.
    package static func difference(_ image: RGBAImage, reference: RGBAImage) -> [Float] {
        precondition(image.width == reference.width && image.height == reference.height,
                     "image \(image.width)×\(image.height) and reference \(reference.width)×\(reference.height) must have one size")
        return ErrorMetrics.pixelDifferences(image, reference)
    }

    static func hasTransparency(_ image: RGBAImage) -> Bool {
        stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 1 }
    }

    /// Each n×n block (cut at the borders) becomes its premultiplied average, or its maximum.
    static func reduce(_ image: RGBAImage, by n: Int, keepingMaximum: Bool) -> RGBAImage {
        let w = (image.width + n - 1) / n, h = (image.height + n - 1) / n
        var out = RGBAImage(width: w, height: h)
        for by in 0..<h { for bx in 0..<w {
            var sum = SIMD4<Float>.zero, count: Float = 0
            for y in (by * n)..<min(image.height, by * n + n) { for x in (bx * n)..<min(image.width, bx * n + n) {
                let p = image[x, y]
                if keepingMaximum {
                    sum = pointwiseMax(sum, p)
                } else {
                    sum += SIMD4(p.x * p.w, p.y * p.w, p.z * p.w, p.w)
                }
                count += 1
            } }
            if keepingMaximum {
                out[bx, by] = sum
            } else {
                let a = sum.w / count
                out[bx, by] = a > 0 ? SIMD4(sum.x / sum.w, sum.y / sum.w, sum.z / sum.w, a) : .zero
            }
        } }
        return out
    }

    /// A number as short text: `16`, `2.5`.
    package static func number(_ x: Float) -> String {
        x == x.rounded() && abs(x) < 1e7 ? String(Int(x)) : String(format: "%g", Double(x))
    }
}
