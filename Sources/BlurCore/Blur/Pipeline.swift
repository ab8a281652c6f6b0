/// Blurring an image as a whole: colour space, premultiplied alpha, then the method.
public enum Blur {
    /// Blurs a copy of `image` with `method` and returns it with straight alpha.
    ///
    /// Steps: (1) with `linear`, decode RGB from sRGB to linear light (`ColourSpace`);
    /// (2) premultiply RGB by alpha, so a transparent pixel carries no colour into its
    /// neighbours; (3) blur all four channels; (4) divide RGB by the blurred alpha again — RGB
    /// becomes 0 where alpha is 0 (or below); (5) with `linear`, encode back to sRGB. Alpha is
    /// never decoded. With `alpha: .straight` steps (2) and (4) are skipped: each colour counts
    /// fully whatever its alpha, so the colour stored under transparent pixels leaks into the
    /// visible edge — the mistake `AlphaMode.straight` exists to show. Memory: the returned
    /// image plus the method's scratch.
    ///
    /// - Parameters:
    ///   - method: how to blur.
    ///   - image: the image, straight alpha, values as stored (sRGB-encoded).
    ///   - edges: how pixels beyond the border are read.
    ///   - linear: blur in linear light instead of on the encoded values.
    ///   - alpha: weigh colour by alpha (premultiplied, the default) or not (straight).
    ///   - threads: threads for the method and the per-pixel steps; the result is the same
    ///     for every value.
    public static func apply(
        _ method: any BlurMethod, to image: RGBAImage, edges: EdgeMode = .clamp,
        linear: Bool = false, alpha: AlphaMode = .premultiplied, threads: Int = 1
    ) -> RGBAImage {
        let straight = alpha == .straight
        let count = image.pixelCount
        // The copy and the premultiplication are one pass over memory.
        let premultiplied = [Float](unsafeUninitializedCapacity: 4 * count) { buffer, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                ColourSpace.decodeTable.withUnsafeBufferPointer { table in
                    guard count > 0 else { return }
                    nonisolated(unsafe) let source = source.baseAddress!, out = buffer.baseAddress!
                    nonisolated(unsafe) let table = table.baseAddress!
                    Parallel.forSlices(of: count, threads: threads) { range in
                        LineKernels.premultiply(source, range: range, decode: linear ? table : nil,
                                                straight: straight, into: out)
                    }
                }
            }
            initialized = 4 * count
        }
        var out = RGBAImage(width: image.width, height: image.height, pixels: premultiplied)
        blurPremultiplied(method, &out, edges: edges, linear: linear, straight: straight, threads: threads)
        return out
    }

    /// Blurs `image` in place, as `apply(_:to:edges:linear:threads:)` does, without a second
    /// copy of the image: for callers that do not need the original, this halves the memory a
    /// blur takes (one Float32 image plus the method's scratch). The result is identical.
    public static func apply(
        _ method: any BlurMethod, inPlace image: inout RGBAImage, edges: EdgeMode = .clamp,
        linear: Bool = false, alpha: AlphaMode = .premultiplied, threads: Int = 1
    ) {
        let count = image.pixelCount
        let straight = alpha == .straight
        ColourSpace.decodeTable.withUnsafeBufferPointer { table in
            PixelMemory.withPixels(of: &image) { pixels in
                nonisolated(unsafe) let pixels = pixels, table = table.baseAddress!
                Parallel.forSlices(of: count, threads: threads) { range in
                    LineKernels.premultiply(pixels, range: range, decode: linear ? table : nil,
                                            straight: straight, into: pixels)
                }
            }
        }
        blurPremultiplied(method, &image, edges: edges, linear: linear, straight: straight, threads: threads)
    }

    /// Steps (3)–(5): blur the premultiplied image, then straight alpha and sRGB again
    /// (`straight`: blur the straight image, then only sRGB again).
    private static func blurPremultiplied(
        _ method: any BlurMethod, _ image: inout RGBAImage, edges: EdgeMode, linear: Bool, straight: Bool,
        threads: Int
    ) {
        let count = image.pixelCount
        method.blur(&image, edges: edges, threads: threads)
        PixelMemory.withPixels(of: &image) { pixels in
            nonisolated(unsafe) let pixels = pixels
            Parallel.forSlices(of: count, threads: threads) { range in
                LineKernels.unpremultiply(pixels, range: range, encode: linear, straight: straight)
            }
        }
    }
}
