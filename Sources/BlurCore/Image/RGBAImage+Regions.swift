/// Cutting, pasting and padding rectangles of an image.
extension RGBAImage {
    /// The pixels of `rect`.
    ///
    /// - Precondition: the rectangle lies inside the image.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        let (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height)
        precondition(x >= 0 && y >= 0 && w >= 0 && h >= 0 && x + w <= width && y + h <= height,
                     "rectangle \(x),\(y),\(w),\(h) must lie inside the \(width)×\(height) image")
        var out = [Float]()
        out.reserveCapacity(4 * w * h)
        for row in y..<(y + h) {
            let start = 4 * (row * width + x)
            out.append(contentsOf: pixels[start..<(start + 4 * w)])
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// Copies `other` into this image with its top-left corner at (x, y), clipped to this image.
    public mutating func paste(_ other: RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + other.width), y1 = min(height, y + other.height)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            let source = 4 * ((row - y) * other.width + (x0 - x))
            let target = 4 * (row * width + x0)
            pixels.replaceSubrange(target..<(target + 4 * (x1 - x0)), with: other.pixels[source..<(source + 4 * (x1 - x0))])
        }
    }

    /// The image inside a border of `margin` pixels of `fill` (transparent black by default).
    public func padded(by margin: Int, fill: SIMD4<Float> = .zero) -> RGBAImage {
        precondition(margin >= 0, "margin (\(margin)) must not be negative")
        var out = RGBAImage(width: width + 2 * margin, height: height + 2 * margin, fill: fill)
        out.paste(self, x: margin, y: margin)
        return out
    }
}
