import Foundation

/// An axis-aligned rectangle of whole pixels: the panel, the region a blur reads, a label's box.
///
/// Covers the pixels `x ..< x + width` by `y ..< y + height`; pixel (i, j) has its centre at
/// (i + ½, j + ½). An empty rectangle has `width` or `height` zero.
public struct EffectRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "size \(width)×\(height) must not be negative")
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Parses `X,Y,W,H` (four integers, W and H positive), as the `--panel` option takes it.
    ///
    /// - Throws: `BlurKitError` naming the text when it is not four integers or W or H ≤ 0.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw BlurKitError("rectangle \"\(text)\" must be four integers X,Y,W,H, e.g. 40,60,200,120")
        }
        guard w > 0, h > 0 else {
            throw BlurKitError("rectangle \"\(text)\" must have a positive width and height (got \(w)×\(h))")
        }
        self.init(x: x, y: y, width: w, height: h)
    }

    /// The rectangle of a whole image.
    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }
    public var description: String { "\(x),\(y),\(width),\(height)" }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// True when every pixel of `other` lies inside this rectangle.
    public func contains(_ other: EffectRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle grown by `margin` pixels on every side (shrunk when negative, never below empty).
    public func expanded(by margin: Int) -> EffectRect {
        let w = max(0, width + 2 * margin), h = max(0, height + 2 * margin)
        return EffectRect(x: x - margin, y: y - margin, width: w, height: h)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Int, dy: Int) -> EffectRect {
        EffectRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The pixels the two rectangles share (empty, at this rectangle's origin, when none).
    public func intersection(_ other: EffectRect) -> EffectRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return EffectRect(x: x, y: y, width: 0, height: 0) }
        return EffectRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rectangle of `width`×`height` centred in this one (clipped to it when larger); when the
    /// leftover is odd, the extra pixel goes right and below.
    public func centred(width w: Int, height h: Int) -> EffectRect {
        let cw = min(max(w, 0), width), ch = min(max(h, 0), height)
        return EffectRect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}

extension RGBAImage {
    /// The rectangle of the whole image.
    var effectBounds: EffectRect { EffectRect(width: width, height: height) }
}

/// Copies the pixels of `rect` (which must lie inside the image) into a new image.
func cropPixels(_ image: RGBAImage, to rect: EffectRect) -> RGBAImage {
    precondition(image.effectBounds.contains(rect), "rectangle \(rect) must lie inside the \(image.width)×\(image.height) image")
    var out = [Float](repeating: 0, count: 4 * rect.area)
    image.pixels.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
            for row in 0..<rect.height {
                let from = 4 * ((rect.y + row) * image.width + rect.x)
                let to = 4 * row * rect.width
                for i in 0..<(4 * rect.width) { dst[to + i] = src[from + i] }
            }
        }
    }
    return RGBAImage(width: rect.width, height: rect.height, pixels: out)
}
