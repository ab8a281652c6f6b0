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

    /// The image resampled to `width` × `height`: each output pixel is the mean of the input
    /// pixels in its area (of an 8×8 grid of them when the area is larger; the nearest one when
    /// it holds none), composited over black, in 8 bits.
    static func scaled(_ image: RGBAImage, width: Int, height: Int) -> [SIMD3<UInt8>] {
        var result: [SIMD3<UInt8>] = []
        result.reserveCapacity(width * height)
        for y in 0..<height {
            let y0 = y * image.height / height
            let y1 = max(y0 + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let x0 = x * image.width / width
                let x1 = max(x0 + 1, (x + 1) * image.width / width)
                var sum = SIMD3<Float>()
                var count: Float = 0
                // At most 8×8 evenly spread samples per output pixel keeps a large figure quick.
                for sy in stride(from: y0, to: min(y1, image.height), by: max(1, (y1 - y0) / 8)) {
                    for sx in stride(from: x0, to: min(x1, image.width), by: max(1, (x1 - x0) / 8)) {
                        let p = image[sx, sy]
                        sum += SIMD3(p.x, p.y, p.z) * max(0, min(1, p.w))
                        count += 1
                    }
                }
                let mean = sum / count
                result.append(SIMD3(RGBAImage.quantize(mean.x), RGBAImage.quantize(mean.y), RGBAImage.quantize(mean.z)))
            }
        }
        return result
    }
}
