import BlurCore

/// The per-pixel loops of a strip's panels, here so that a debug build runs them optimised (see
/// BlurCanvas in Package.swift): whether a picture has transparency, its reduced copy, a
/// difference drawn through a colour table, and the detail an automatic close-up looks for.
package enum PanelPixels {
    /// Whether any pixel of `image` is less than opaque.
    package static func hasTransparency(_ image: RGBAImage) -> Bool {
        stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 1 }
    }

    /// Each n×n block (cut at the borders) becomes its premultiplied average, or its maximum.
    package static func reduce(_ image: RGBAImage, by n: Int, keepingMaximum: Bool) -> RGBAImage {
        let w = (image.width + n - 1) / n, h = (image.height + n - 1) / n
        var out = RGBAImage(width: w, height: h)
        for by in 0..<h {
            for bx in 0..<w {
                var sum = SIMD4<Float>.zero, count: Float = 0
                for y in (by * n)..<min(image.height, by * n + n) {
                    for x in (bx * n)..<min(image.width, bx * n + n) {
                        let p = image[x, y]
                        if keepingMaximum {
                            sum = pointwiseMax(sum, p)
                        } else {
                            sum += SIMD4(p.x * p.w, p.y * p.w, p.z * p.w, p.w)
                        }
                        count += 1
                    }
                }
                if keepingMaximum {
                    out[bx, by] = sum
                } else {
                    let a = sum.w / count
                    out[bx, by] = a > 0 ? SIMD4(sum.x / sum.w, sum.y / sum.w, sum.z / sum.w, a) : .zero
                }
            }
        }
        return out
    }

    /// `values` (one per pixel, row by row) times `scale`, drawn through `table` (n × (R, G, B),
    /// sRGB, 0...1) by `ColourTable.entry`: opaque pixels.
    package static func colourised(_ values: [Float], width: Int, height: Int, scale: Float, table: [Float])
        -> RGBAImage
    {
        precondition(values.count == width * height, "\(values.count) values for \(width)×\(height) pixels")
        var out = RGBAImage(width: width, height: height)
        let count = table.count / 3
        for i in 0..<values.count {
            let k = 3 * ColourTable.entry(at: values[i] * scale, count: count)
            out[i % width, i / width] = SIMD4(table[k], table[k + 1], table[k + 2], 1)
        }
        return out
    }

    /// The summed-area table, `(width + 1) × (height + 1)`, of the detail of `image`'s top-left
    /// `width × height` pixels: luma times alpha averaged over 2×2 pixels, and per pixel the
    /// squares of its steps two pixels right and down (what `Strip.automaticInset` ranks).
    package static func detailSums(_ image: RGBAImage, width: Int, height: Int) -> [Double] {
        var score = [Double](repeating: 0, count: width * height)
        // Luma (times alpha) averaged over 2×2 pixels, so a pattern that alternates from pixel to
        // pixel (dithering, film grain, a JPEG's blocks) counts for nothing; its steps two pixels
        // apart, squared, so strong edges count more than texture.
        let pixels = image.pixels
        var luma = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = 4 * (y * image.width + x)
                let r = Double(pixels[i]), g = Double(pixels[i + 1]), b = Double(pixels[i + 2])
                luma[y * width + x] = (0.2126 * r + 0.7152 * g + 0.0722 * b) * Double(pixels[i + 3])
            }
        }
        func smooth(_ x: Int, _ y: Int) -> Double {
            let x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
            return (luma[y * width + x] + luma[y * width + x1] + luma[y1 * width + x] + luma[y1 * width + x1]) / 4
        }
        for y in 0..<height {
            for x in 0..<width {
                let here = smooth(x, y)
                let right = x + 2 < width ? smooth(x + 2, y) - here : 0
                let below = y + 2 < height ? smooth(x, y + 2) - here : 0
                score[y * width + x] = right * right + below * below
            }
        }
        // Sums over any rectangle from a summed-area table.
        var table = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0.0
            for x in 0..<width {
                row += score[y * width + x]
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row
            }
        }
        return table
    }
}

/// The rule that picks a colour table's entry for a value.
package enum ColourTable {
    /// Entry `⌊count · t⌋` for `t` in 0...1, with t = 1 giving the last entry and values outside
    /// 0...1 clamped — the rule matplotlib's `Colormap.__call__` applies to floats. NaN gives the
    /// first entry.
    package static func entry(at t: Float, count: Int) -> Int {
        guard t > 0 else { return 0 }
        return min(count - 1, Int(t * Float(count)))
    }
}
