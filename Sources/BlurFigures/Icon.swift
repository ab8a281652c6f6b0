import BlurCanvas
import BlurCore

/// Small built-in icons drawn as coverage masks: white, with each pixel's alpha the fraction the
/// shape covers. A mask can be composited in a colour (`Canvas.draw`) or through an effect that
/// takes its colour from what is behind (`Vibrancy.apply`).
package enum Icon {
    /// Two beamed eighth notes (♫) filling a `size` × `size` square: two round heads, two stems
    /// and the beam, anti-aliased. Sizes below 8 px are drawn at 8.
    package static func musicNotes(size: Int) -> RGBAImage {
        let s = Double(max(size, 8))
        var canvas = Canvas(width: Int(s), height: Int(s))
        let white = SIMD4<Float>(1, 1, 1, 1)
        let head = 0.16 * s, stem = max(1.5, 0.09 * s)
        let left = SIMD2(0.26 * s, 0.80 * s), right = SIMD2(0.74 * s, 0.70 * s)
        canvas.fillCircle(centre: left, radius: head, colour: white)
        canvas.fillCircle(centre: right, radius: head, colour: white)
        let leftStemX = left.x + head - stem, rightStemX = right.x + head - stem
        let top = 0.10 * s, beam = max(2, 0.16 * s)
        canvas.fillRoundedRect(
            x: leftStemX, y: top + 0.05 * s, width: stem, height: left.y - top - 0.05 * s, radius: 0, colour: white)
        canvas.fillRoundedRect(x: rightStemX, y: top, width: stem, height: right.y - top, radius: 0, colour: white)
        canvas.strokeLine(
            from: SIMD2(leftStemX, top + 0.05 * s + beam / 2), to: SIMD2(rightStemX + stem, top + beam / 2),
            colour: white, lineWidth: beam)
        return canvas.image
    }
}
