/// The plain scalar loops behind each blur method: the *algorithm*, written once, before any
/// schedule (Halide's lessons keep the two apart).
///
/// Each function reads one pixel, one channel at a time, through the edge mode, and sums in
/// Float32 as the fast methods do, so a method and its reference agree to Float32 rounding
/// (about 1e-6 relative; the tests check every method, edge mode and odd size). They are
/// written to be read — O(R²) or O(R) per pixel, no pointers, SIMD, running sums or threads —
/// and are much slower than the methods they describe (`explorer source NAME` and the tests
/// use them; nothing times them). Channels are blurred as given: callers that
/// want premultiplied alpha premultiply first, as `RGBAImage.blurred(by:)` does for the fast methods.
///
/// Every function is marked `// lesson-code: NAME-reference`, so `explorer source NAME` shows
/// it before the fast loop.
package enum ReferenceBlur {
    /// Channel `c` of the pixel that (x, y) reads through `edges`: the pixel itself inside the
    /// image, a padding pixel outside it, or 0 where the edge mode reads zero.
    package static func sample(_ image: RGBAImage, _ x: Int, _ y: Int, _ c: Int, _ edges: EdgeMode) -> Float {
        guard let sx = edges.sourceIndex(x, count: image.width),
              let sy = edges.sourceIndex(y, count: image.height) else { return 0 }
        return image.pixels[4 * (sy * image.width + sx) + c]
    }

    /// The box average: each output value is the mean of the (2R+1)×(2R+1) window around it.
    // lesson-code: box-reference
    package static func box(
        _ image: RGBAImage, radius r: Int, edges: EdgeMode
    ) -> RGBAImage {
        let w = image.width, h = image.height
        let count = Float((2 * r + 1) * (2 * r + 1))
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum: Float = 0
                    for j in -r...r {
                        for i in -r...r {
                            sum += sample(image, x + i, y + j, c, edges)
                        }
                    }
                    out.pixels[4 * (y * w + x) + c] = sum / count
                }
            }
        }
        return out
    }
    // end lesson-code

    /// Direct 2-D convolution: `weights[(j + R)·(2R+1) + (i + R)]` weighs the pixel at (x+i, y+j).
    // lesson-code: gaussian2d-reference
    package static func gaussian2D(
        _ image: RGBAImage, weights: [Float], radius r: Int, edges: EdgeMode
    ) -> RGBAImage {
        let w = image.width, h = image.height, taps = 2 * r + 1
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum: Float = 0
                    for j in -r...r {
                        for i in -r...r {
                            let weight = weights[(j + r) * taps + (i + r)]
                            sum += weight * sample(image, x + i, y + j, c, edges)
                        }
                    }
                    out.pixels[4 * (y * w + x) + c] = sum
                }
            }
        }
        return out
    }
    // end lesson-code

    /// Two 1-D passes with the same `2R+1` weights: along each row, then down each column of
    /// the result. `weights[k + R]` weighs the pixel `k` away.
    // lesson-code: separable-reference
    package static func separable(
        _ image: RGBAImage, weights: [Float], edges: EdgeMode
    ) -> RGBAImage {
        let w = image.width, h = image.height, r = weights.count / 2
        var across = image, out = image
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum: Float = 0
                    for k in -r...r {
                        sum += weights[k + r] * sample(image, x + k, y, c, edges)
                    }
                    across.pixels[4 * (y * w + x) + c] = sum
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum: Float = 0
                    for k in -r...r {
                        sum += weights[k + r] * sample(across, x, y + k, c, edges)
                    }
                    out.pixels[4 * (y * w + x) + c] = sum
                }
            }
        }
        return out
    }
    // end lesson-code

    /// Box passes of odd widths `widths`: each width along the rows, then each down the columns;
    /// every pass reads its own input through the edge mode.
    // lesson-code: iterated-box-reference
    package static func iteratedBox(
        _ image: RGBAImage, widths: [Int], edges: EdgeMode
    ) -> RGBAImage {
        let w = image.width, h = image.height
        var out = image
        for alongRows in [true, false] {
            for width in widths {
                let r = (width - 1) / 2, input = out
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<4 {
                            var sum: Float = 0
                            for k in -r...r {
                                sum += alongRows
                                    ? sample(input, x + k, y, c, edges)
                                    : sample(input, x, y + k, c, edges)
                            }
                            out.pixels[4 * (y * w + x) + c] = sum / Float(width)
                        }
                    }
                }
            }
        }
        return out
    }
    // end lesson-code

    /// Shrink by `factor` K (each small pixel the mean of its K×K block, fewer at the right and
    /// bottom border), blur the small image with `inner`, enlarge bilinearly with pixel
    /// centres aligned and clamped at the border.
    // lesson-code: downsampled-reference
    package static func downsampled(
        _ image: RGBAImage, factor k: Int, edges: EdgeMode,
        inner: (RGBAImage, EdgeMode) -> RGBAImage
    ) -> RGBAImage {
        let w = image.width, h = image.height
        // 1. Shrink: each small pixel is the mean of its k×k block.
        var small = RGBAImage(width: (w + k - 1) / k, height: (h + k - 1) / k)
        let sw = small.width, sh = small.height
        for j in 0..<sh {
            for i in 0..<sw {
                for c in 0..<4 {
                    var sum: Float = 0, n: Float = 0
                    for y in (j * k)..<min(j * k + k, h) {
                        for x in (i * k)..<min(i * k + k, w) {
                            sum += image.pixels[4 * (y * w + x) + c]
                            n += 1
                        }
                    }
                    small.pixels[4 * (j * sw + i) + c] = sum / n
                }
            }
        }
        // 2. Blur the small image (with σ/k).
        small = inner(small, edges)
        // 3. Enlarge: mix the four nearest small pixels, centres aligned.
        func at(_ i: Int, _ j: Int, _ c: Int) -> Float {
            small.pixels[4 * (j * sw + i) + c]
        }
        func position(_ x: Int, _ count: Int) -> Float {
            min(max((Float(x) + 0.5) / Float(k) - 0.5, 0), Float(count - 1))
        }
        var out = image
        for y in 0..<h {
            let sy = position(y, sh)
            let j0 = Int(sy), j1 = min(j0 + 1, sh - 1), fy = sy - Float(j0)
            for x in 0..<w {
                let sx = position(x, sw)
                let i0 = Int(sx), i1 = min(i0 + 1, sw - 1), fx = sx - Float(i0)
                for c in 0..<4 {
                    let top = at(i0, j0, c) + (at(i1, j0, c) - at(i0, j0, c)) * fx
                    let low = at(i0, j1, c) + (at(i1, j1, c) - at(i0, j1, c)) * fx
                    out.pixels[4 * (y * w + x) + c] = top + (low - top) * fy
                }
            }
        }
        return out
    }
    // end lesson-code
}
