/// How much light an image emits, and how dark and how grey it is, computed from stored values.
///
/// Luminance is the Rec. 709 / sRGB weighting of linear light, Y = 0.2126 R + 0.7152 G +
/// 0.0722 B (IEC 61966-2-1, the WCAG relative luminance), each channel decoded from sRGB; a
/// pixel counts as Y·α, the light it adds over black. A blur in linear light is a weighted mean
/// of linear values whose weights sum to 1, so with edges that neither add nor lose pixels
/// (clamp on a flat border, wrap) it keeps the mean Y; a blur of encoded values does not.
package struct LightStatistics: Sendable, Equatable {
    /// The mean of Y·α over all pixels, 0…1.
    package var meanLuminance: Double
    /// The darkest pixel's Y·α, encoded back to sRGB and given in 8-bit units: the grey level
    /// that looks as light as the darkest pixel.
    package var darkestLevel: Double
    /// The mean stored value of R, G and B over all pixels, in 8-bit units: a grey image's level.
    package var meanStoredLevel: Double

    /// Measures `image` in Float64.
    package static func measure(_ image: RGBAImage) -> LightStatistics {
        let count = max(image.pixelCount, 1)
        var sum = 0.0, darkest = Double.infinity, stored = 0.0
        for i in 0..<image.pixelCount {
            let p = (0..<4).map { Double(image.pixels[4 * i + $0]) }
            let y = (0.2126 * ColourSpace.linearLight(fromSRGB: p[0]) + 0.7152 * ColourSpace.linearLight(fromSRGB: p[1])
                + 0.0722 * ColourSpace.linearLight(fromSRGB: p[2])) * p[3]
            sum += y
            darkest = min(darkest, y)
            stored += p[0] + p[1] + p[2]
        }
        let level = Double(ColourSpace.sRGB(fromLinear: Float(darkest.isFinite ? darkest : 0))) * 255
        return LightStatistics(meanLuminance: sum / Double(count), darkestLevel: level,
                               meanStoredLevel: stored / Double(3 * count) * 255)
    }
}

extension LightStatistics {
    /// The lightness along a horizontal span: for each column x in `x..<x + width`, the mean
    /// linear luminance Y·α of rows `y..<y + height`, encoded back to sRGB, in 8-bit units — the
    /// grey level that looks as light as that column. The span is clipped to the image.
    package static func lightnessProfile(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> [(x: Int, level: Double)] {
        let x0 = max(0, x), x1 = min(image.width, x + width), y0 = max(0, y), y1 = min(image.height, y + height)
        guard x0 < x1, y0 < y1 else { return [] }
        return (x0..<x1).map { column in
            var sum = 0.0
            for row in y0..<y1 {
                let p = image[column, row]
                sum += (0.2126 * ColourSpace.linearLight(fromSRGB: Double(p.x)) + 0.7152 * ColourSpace.linearLight(fromSRGB: Double(p.y))
                    + 0.0722 * ColourSpace.linearLight(fromSRGB: Double(p.z))) * Double(p.w)
            }
            return (column, Double(ColourSpace.sRGB(fromLinear: Float(sum / Double(y1 - y0)))) * 255)
        }
    }
}
