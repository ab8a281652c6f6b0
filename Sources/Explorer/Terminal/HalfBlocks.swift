import BlurKit

/// Pictures drawn with Unicode upper half blocks (`▀`, U+2580): each character cell shows two
/// pixels, the upper one in the foreground colour and the lower one in the background colour.
///
/// Colours use the ECMA-48 SGR sequences that xterm introduced: 24-bit `ESC[38;2;R;G;Bm` /
/// `ESC[48;2;R;G;Bm`, or the 256-colour palette `ESC[38;5;Nm` / `ESC[48;5;Nm` (the 6×6×6 cube at
/// 16–231 and the grey ramp at 232–255). A colour is sent only when it changes along a row, and
/// each row ends with `ESC[0m`, so the picture never colours the text after it.
enum HalfBlocks {
    /// The image scaled to `columns` × `2·rows` pixels (each the mean of the pixels it covers,
    /// over a black background where transparent) and drawn in `rows` lines of `columns` cells.
    static func render(_ image: RGBAImage, columns: Int, rows: Int, trueColour: Bool) -> String {
        let pixels = scaled(image, width: columns, height: 2 * rows)
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            var foreground: SIMD3<UInt8>?, background: SIMD3<UInt8>?
            for x in 0..<columns {
                let top = pixels[(2 * row) * columns + x], bottom = pixels[(2 * row + 1) * columns + x]
                if top != foreground { line += colour(top, background: false, trueColour: trueColour); foreground = top }
                if bottom != background { line += colour(bottom, background: true, trueColour: trueColour); background = bottom }
                line += "▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines.joined(separator: "\n")
    }

    /// The SGR sequence that sets a foreground or background colour.
    static func colour(_ c: SIMD3<UInt8>, background: Bool, trueColour: Bool) -> String {
        let layer = background ? 48 : 38
        if trueColour { return "\u{1B}[\(layer);2;\(c.x);\(c.y);\(c.z)m" }
        return "\u{1B}[\(layer);5;\(palette256(c))m"
    }

    /// The nearest colour of xterm's 256-colour palette among the 6×6×6 cube (levels 0, 95, 135,
    /// 175, 215, 255) and the 24 greys (8, 18, …, 238), by squared distance in RGB.
    static func palette256(_ c: SIMD3<UInt8>) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(v)) < abs(levels[$1] - Int(v)) }!
        }
        let r = nearestLevel(c.x), g = nearestLevel(c.y), b = nearestLevel(c.z)
        func distance(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - Int(c.x), dg = a.1 - Int(c.y), db = a.2 - Int(c.z)
            return dr * dr + dg * dg + db * db
        }
        let cube = (levels[r], levels[g], levels[b])
        let mean = (Int(c.x) + Int(c.y) + Int(c.z)) / 3
        let grey = max(0, min(23, (mean - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        return distance((greyValue, greyValue, greyValue)) < distance(cube) ? 232 + grey : 16 + 36 * r + 6 * g + b
    }

    /// The image resampled to `width` × `height`, composited over black, in 8 bits: each output
    /// pixel is the mean of every input pixel in its area (a box prefilter, so fine detail such as
    /// the zone plate's outer rings averages to grey instead of aliasing into coarse moiré), or
    /// the nearest input pixel when the picture is enlarged.
    ///
    /// Areas are whole input pixels, x·W/w ..< max(x·W/w + 1, (x + 1)·W/w); the means are taken
    /// in two passes (columns within each row, then rows), so the cost is one read of each input
    /// pixel whatever the scale.
    static func scaled(_ image: RGBAImage, width: Int, height: Int) -> [SIMD3<UInt8>] {
        func areas(_ count: Int, _ source: Int) -> [Range<Int>] {
            (0..<count).map { i in
                let start = min(source - 1, i * source / count)
                return start..<max(start + 1, min(source, (i + 1) * source / count))
            }
        }
        let columns = areas(width, image.width), rows = areas(height, image.height)
        // Pass 1: each input row reduced to `width` means of premultiplied colour.
        var narrow = [SIMD3<Float>](repeating: .zero, count: width * image.height)
        for y in 0..<image.height {
            for (x, span) in columns.enumerated() {
                var sum = SIMD3<Float>()
                for sx in span {
                    let p = image[sx, y]
                    sum += SIMD3(p.x, p.y, p.z) * max(0, min(1, p.w))
                }
                narrow[y * width + x] = sum / Float(span.count)
            }
        }
        // Pass 2: the rows of each output pixel's area averaged.
        var result: [SIMD3<UInt8>] = []
        result.reserveCapacity(width * height)
        for span in rows {
            for x in 0..<width {
                var sum = SIMD3<Float>()
                for sy in span { sum += narrow[sy * width + x] }
                let mean = sum / Float(span.count)
                result.append(SIMD3(RGBAImage.quantize(mean.x), RGBAImage.quantize(mean.y), RGBAImage.quantize(mean.z)))
            }
        }
        return result
    }
}
