import BlurCanvas
import BlurCore
import Foundation

/// A small image (an impulse response, a kernel) enlarged so a projector shows it: each pixel a
/// square cell of its own colour with its 8-bit value printed in it, cells parted by thin grey
/// lines. A 9×9 response whose brightest pixel is 28 of 255 is invisible at its own size; here
/// every value reads from the back of a room.
///
/// The printed value is one channel's stored level, 0…255 (red by default: for a grey image
/// every channel holds the same level). The text is white on dark cells and black on light ones.
package enum ValueGrid {
    /// The largest side drawn: beyond 32 pixels the numbers no longer fit a page.
    package static let maximumSide = 32
    /// The cell size, at least the width of "255" in the 30-px font with a margin.
    package static let cellSize = 72

    /// Which stored level each cell prints.
    package enum Channel: String, CaseIterable, Sendable {
        /// The channel's level: red, green, blue or alpha, in RGBA order.
        case red, green, blue, alpha
        var index: Int { Channel.allCases.firstIndex(of: self)! }
    }

    /// The enlarged picture with its values, and a title above it.
    ///
    /// - Throws: `BlurKitError` for an empty image or one wider or taller than `maximumSide`.
    package static func render(_ image: RGBAImage, channel: Channel = .red, title: String) throws -> RGBAImage {
        guard image.width > 0, image.height > 0, image.width <= maximumSide, image.height <= maximumSide else {
            throw BlurKitError(
                "a value grid shows images up to \(maximumSide)×\(maximumSide) pixels, not \(image.width)×\(image.height); crop it first"
            )
        }
        let margin = 24, gap = 16, cell = cellSize
        let font = BitmapFont.caption, titleFont = BitmapFont.title
        let gridWidth = image.width * cell + 1, gridHeight = image.height * cell + 1
        let titleLines = titleFont.wrapped(title, width: max(gridWidth, 600), maxLines: 3)
        let titleHeight = titleLines.count * titleFont.lineHeight
        let width = 2 * margin + max(gridWidth, titleLines.map { titleFont.measure($0).width }.max() ?? 0)
        var canvas = Canvas(
            width: width, height: 2 * margin + titleHeight + gap + gridHeight, background: FigureColour.hex(0xFFFFFF))
        for (n, line) in titleLines.enumerated() {
            canvas.draw(
                text: line, x: width / 2, y: margin + n * titleFont.lineHeight, font: titleFont,
                colour: FigureColour.text, alignment: .centre)
        }
        let left = (width - gridWidth) / 2, top = margin + titleHeight + gap
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                // The cell's colour as it would show over white (`Tint.over`, the one source-over).
                let shown = Tint.over(pixel, on: SIMD4(1, 1, 1, 1))
                let frame = PixelRect(x: left + x * cell + 1, y: top + y * cell + 1, width: cell - 1, height: cell - 1)
                canvas.fill(frame, colour: shown)
                let lightness = 0.2126 * shown.x + 0.7152 * shown.y + 0.0722 * shown.z
                let level = Int(RGBAImage.quantize(pixel[channel.index]))
                canvas.draw(
                    text: "\(level)", x: frame.x + frame.width / 2, y: frame.y + (frame.height - font.lineHeight) / 2,
                    font: font, colour: lightness > 0.45 ? FigureColour.text : FigureColour.hex(0xFFFFFF),
                    alignment: .centre)
            }
        }
        for i in 0...image.width {
            canvas.fill(PixelRect(x: left + i * cell, y: top, width: 1, height: gridHeight), colour: FigureColour.grid)
        }
        for j in 0...image.height {
            canvas.fill(PixelRect(x: left, y: top + j * cell, width: gridWidth, height: 1), colour: FigureColour.grid)
        }
        return canvas.image
    }
}
