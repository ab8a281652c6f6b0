import BlurCanvas
import BlurCore

/// What is drawn on a glass panel — a line of text, optionally led by the built-in music-notes
/// icon — as a coverage mask: white pixels whose alpha is the fraction the glyphs and the icon
/// cover.
///
/// The same mask is drawn in one colour (a plain label, `draw(in:at:on:)`) or through `Vibrancy`,
/// which takes the colour from the glass behind it; both therefore cover exactly the same pixels,
/// and their contrasts compare like with like.
///
/// A label has a size in points; `scale` (pixels per point on the picture) turns it into pixels.
/// The mask is drawn in the bitmap face and, at any scale but 1, resampled to `scale` times the
/// face's size, so a label keeps its size relative to a picture of any resolution.
package struct GlassLabel: Sendable {
    /// The line of text; may be empty when the icon stands alone.
    package var text: String
    /// The bitmap font the text is drawn in; its line height also sets the icon's size.
    package var font: BitmapFont
    /// Whether the icon leads the text.
    package var hasIcon: Bool
    /// How many pixels each pixel of the face becomes: the picture's pixels per point when the
    /// face's pixel size is the label's size in points.
    package var scale: Double

    /// A label of `text` in `font`, led by the music-notes icon when `hasIcon`, drawn at `scale`
    /// picture pixels per pixel of the face.
    package init(text: String, font: BitmapFont, hasIcon: Bool, scale: Double = 1) {
        precondition(scale.isFinite && scale > 0, "scale (\(scale)) must be a positive number")
        self.text = text
        self.font = font
        self.hasIcon = hasIcon
        self.scale = scale
    }

    /// The label's em size in pixels as drawn: the face's, times `scale`.
    package var pixelSize: Double { Double(font.pixelSize) * scale }

    /// The space between the icon and the text, in pixels of the face.
    package var gap: Int { max(4, font.pixelSize / 4) }

    /// The icon's side in pixels of the face: the height of a line of text.
    package var iconSize: Int { font.lineHeight }

    /// Width and height of the whole label in the face, before scaling.
    var faceSize: (width: Int, height: Int) {
        let words = font.measure(text)
        guard hasIcon else { return words }
        return (iconSize + (text.isEmpty ? 0 : gap + words.width), max(words.height, iconSize))
    }

    /// Width and height of the whole label as drawn, in pixels.
    package var size: (width: Int, height: Int) {
        let face = faceSize
        guard scale != 1 else { return face }
        return (Self.scaled(face.width, scale), Self.scaled(face.height, scale))
    }

    static func scaled(_ n: Int, _ scale: Double) -> Int {
        n == 0 ? 0 : max(1, Int((Double(n) * scale).rounded()))
    }

    /// The coverage mask, `size` large.
    package func mask() -> RGBAImage {
        let (width, height) = faceSize
        var canvas = Canvas(width: max(1, width), height: max(1, height))
        var x = 0
        if hasIcon {
            canvas.draw(Icon.musicNotes(size: iconSize), x: 0, y: (height - iconSize) / 2)
            x = iconSize + gap
        }
        canvas.draw(text: text, x: x, y: (height - font.lineHeight) / 2, font: font, colour: SIMD4(1, 1, 1, 1))
        guard scale != 1 else { return canvas.image }
        let target = size
        return Self.resampled(canvas.image, width: max(1, target.width), height: max(1, target.height))
    }

    /// A coverage mask (white, coverage in alpha) resampled to `width`×`height`: each output pixel
    /// averages n×n bilinear samples of the input's coverage over its footprint, n = ⌈input/output⌉
    /// (1 when enlarging), so shrinking keeps thin strokes as partial coverage instead of dropping them.
    static func resampled(_ mask: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let sx = Double(mask.width) / Double(width), sy = Double(mask.height) / Double(height)
        let nx = max(1, Int(sx.rounded(.up))), ny = max(1, Int(sy.rounded(.up)))
        func coverage(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < mask.width, y < mask.height else { return 0 }
            return Double(mask[x, y].w)
        }
        func bilinear(_ u: Double, _ v: Double) -> Double {
            let x = u - 0.5, y = v - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            let top = coverage(x0, y0) * (1 - fx) + coverage(x0 + 1, y0) * fx
            let bottom = coverage(x0, y0 + 1) * (1 - fx) + coverage(x0 + 1, y0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
        for j in 0..<height {
            for i in 0..<width {
                var sum = 0.0
                for b in 0..<ny {
                    for a in 0..<nx {
                        sum += bilinear(
                            (Double(i) + (Double(a) + 0.5) / Double(nx)) * sx,
                            (Double(j) + (Double(b) + 0.5) / Double(ny)) * sy)
                    }
                }
                let alpha = Float(min(1, max(0, sum / Double(nx * ny))))
                out[i, j] = alpha > 0 ? SIMD4(1, 1, 1, alpha) : .zero
            }
        }
        return out
    }

    /// Draws `mask` in `colour` with its top-left corner at (x, y) of `image`: each pixel is
    /// `Tint.over` with the mask's coverage as weight.
    package static func draw(_ mask: RGBAImage, in colour: SIMD4<Float>, x: Int, y: Int, on image: inout RGBAImage) {
        for j in 0..<mask.height where y + j >= 0 && y + j < image.height {
            for i in 0..<mask.width where x + i >= 0 && x + i < image.width {
                let a = mask[i, j].w
                if a > 0 { image[x + i, y + j] = Tint.over(colour, weight: a, on: image[x + i, y + j]) }
            }
        }
    }
}
