import Foundation

/// An axis-aligned rectangle of whole pixels: a glass panel, the region a blur reads, a label's
/// box, a strip's inset, a frame on a figure's canvas.
///
/// Covers the pixels `x ..< x + width` by `y ..< y + height`; pixel (i, j) has its centre at
/// (i + ½, j + ½). An empty rectangle has `width` or `height` zero (or below). `description` is `X,Y,W,H`,
/// the form `--panel`, `--region` and `--inset` take (`RectangleSpec`).
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns covered (none when zero or below).
    public var width: Int
    /// Rows covered (none when zero or below).
    public var height: Int

    /// A rectangle at (x, y); a negative `width` or `height` (a figure's frame squeezed to
    /// nothing) makes an empty rectangle, which draws and covers nothing.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The rectangle of a whole image.
    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    /// The first column to the right of the rectangle, `x + width`.
    package var maxX: Int { x + width }
    /// The first row below the rectangle, `y + height`.
    package var maxY: Int { y + height }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered; 0 when empty.
    package var area: Int { isEmpty ? 0 : width * height }
    /// `X,Y,W,H`, as the command line takes it.
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// Whether pixel (px, py) is inside the rectangle.
    package func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// True when every pixel of `other` lies inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle grown by `margin` pixels on every side (shrunk when negative, never below empty).
    package func expanded(by margin: Int) -> PixelRect {
        let w = max(0, width + 2 * margin), h = max(0, height + 2 * margin)
        return PixelRect(x: x - margin, y: y - margin, width: w, height: h)
    }

    /// The rectangle moved by (dx, dy).
    package func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The pixels the two rectangles share (empty, at this rectangle's origin, when none).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rectangle of `width`×`height` centred in this one (clipped to it when larger); when the
    /// leftover is odd, the extra pixel goes right and below.
    package func centred(width w: Int, height h: Int) -> PixelRect {
        let cw = min(max(w, 0), width), ch = min(max(h, 0), height)
        return PixelRect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}

extension RGBAImage {
    /// The rectangle of the whole image.
    public var bounds: PixelRect { PixelRect(width: width, height: height) }
}
