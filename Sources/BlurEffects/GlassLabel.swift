import BlurCore
import BlurFigures

/// What is drawn on a glass panel — a line of text, optionally led by the built-in music-notes
/// icon — as a coverage mask: white pixels whose alpha is the fraction the glyphs and the icon
/// cover.
///
/// The same mask is drawn in one colour (a plain label, `draw(in:at:on:)`) or through `Vibrancy`,
/// which takes the colour from the glass behind it; both therefore cover exactly the same pixels,
/// and their contrasts compare like with like.
public struct GlassLabel: Sendable {
    /// The line of text; may be empty when the icon stands alone.
    public var text: String
    /// The bitmap font the text is drawn in; its line height also sets the icon's size.
    public var font: BitmapFont
    /// Whether the icon leads the text.
    public var hasIcon: Bool

    /// The space between the icon and the text, in pixels.
    public var gap: Int { max(4, font.pixelSize / 4) }

    /// A label of `text` in `font`, led by the music-notes icon when `hasIcon`.
    public init(text: String, font: BitmapFont, hasIcon: Bool) {
        self.text = text
        self.font = font
        self.hasIcon = hasIcon
    }

    /// The icon's side: the height of a line of text.
    public var iconSize: Int { font.lineHeight }

    /// Width and height of the whole label.
    public var size: (width: Int, height: Int) {
        let words = font.measure(text)
        guard hasIcon else { return words }
        return (iconSize + (text.isEmpty ? 0 : gap + words.width), max(words.height, iconSize))
    }

    /// The coverage mask, `size` large.
    public func mask() -> RGBAImage {
        let (width, height) = size
        var canvas = Canvas(width: max(1, width), height: max(1, height))
        var x = 0
        if hasIcon {
            canvas.draw(Icon.musicNotes(size: iconSize), x: 0, y: (height - iconSize) / 2)
            x = iconSize + gap
        }
        canvas.draw(text: text, x: x, y: (height - font.lineHeight) / 2, font: font, colour: SIMD4(1, 1, 1, 1))
        return canvas.image
    }

    /// Draws `mask` in `colour` with its top-left corner at (x, y) of `image`: each pixel is
    /// `Tint.over` with the mask's coverage as weight.
    public static func draw(_ mask: RGBAImage, in colour: SIMD4<Float>, x: Int, y: Int, on image: inout RGBAImage) {
        for j in 0..<mask.height where y + j >= 0 && y + j < image.height {
            for i in 0..<mask.width where x + i >= 0 && x + i < image.width {
                let a = mask[i, j].w
                if a > 0 { image[x + i, y + j] = Tint.over(colour, weight: a, on: image[x + i, y + j]) }
            }
        }
    }
}
