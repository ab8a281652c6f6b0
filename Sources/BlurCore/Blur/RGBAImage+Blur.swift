/// Blurring an image as a whole: the one call over the catalog, and the pipeline every method
/// runs in (colour space, premultiplied alpha, then the method).
extension RGBAImage {
    /// A copy of the image blurred by a Gaussian of standard deviation `sigma`, computed by one of
    /// the catalog's methods.
    ///
    /// ```swift
    /// let out = try image.blurred(sigma: 4, method: .separable, edges: .reflect)
    /// ```
    ///
    /// The method is built from `sigma` and `parameters` as the catalog declares it
    /// (``MethodEntry``), then run by ``blurred(by:edges:linear:alpha:threads:)``. Each method
    /// approximates the Gaussian its own way: `.separable` and `.gaussian2D` sample it, the box
    /// family matches its variance, the recursive filters fit it; ``MethodCatalog/all`` lists them.
    ///
    /// - Parameters:
    ///   - sigma: the Gaussian's standard deviation in pixels: above 0, at most the method's
    ///     limit (``MethodEntry/limits``; 1000 for most).
    ///   - method: which method computes the blur; `.separable` (the sampled Gaussian cut at
    ///     ⌊3σ + ½⌋, in two 1-D passes) by default.
    ///   - edges: how pixels beyond the border are read; `.clamp` (the edge pixel repeated) by
    ///     default.
    ///   - parameters: values of the parameters the method reads (``MethodEntry/parameters``),
    ///     for example `[.iterations: 5]` for `.iteratedBox`. A parameter not given takes its
    ///     default; every value must lie in its parameter's range, and a flag the method does
    ///     not read is refused.
    ///   - linear: blur in linear light instead of on the sRGB-encoded values.
    ///   - alpha: weigh colour by alpha (`.premultiplied`, the default) or not (`.straight`).
    ///   - threads: threads to split the work over; the result is the same for every value.
    /// - Throws: ``BlurKitError`` naming the parameter whose value the method does not accept:
    ///   `sigma` out of its range, a parameter out of its declared range, or a flag the method
    ///   does not read.
    public func blurred(
        sigma: Double, method: MethodEntry = .separable, edges: EdgeMode = .clamp,
        parameters: [MethodParameter: Double] = [:], linear: Bool = false, alpha: AlphaMode = .premultiplied,
        threads: Int = 1
    ) throws -> RGBAImage {
        let method = try method.method(MethodSettings(sigma: sigma, values: Self.values(parameters)))
        return blurred(by: method, edges: edges, linear: linear, alpha: alpha, threads: threads)
    }

    /// A copy of the image blurred with a kernel of radius `radius` (a window of 2R + 1 pixels),
    /// as ``blurred(sigma:method:edges:parameters:linear:alpha:threads:)`` does for σ.
    ///
    /// `.box` and `.stack` take R as their window's radius and `.iteratedBox` as the radius of
    /// each of its boxes; the Gaussian methods take σ = R / T, where T (`truncate`, 3 by
    /// default) is where their kernels are cut.
    ///
    /// - Parameters:
    ///   - radius: the radius in pixels, from 0 (the image unchanged) to the method's limit
    ///     (``MethodLimits/maximumRadius``).
    ///   - method: which method computes the blur; `.separable` by default.
    ///   - edges: how pixels beyond the border are read; `.clamp` by default.
    ///   - parameters: values of the parameters the method reads, as for σ.
    ///   - linear: blur in linear light instead of on the sRGB-encoded values.
    ///   - alpha: weigh colour by alpha (`.premultiplied`, the default) or not (`.straight`).
    ///   - threads: threads to split the work over; the result is the same for every value.
    /// - Throws: ``BlurKitError`` naming the parameter whose value the method does not accept.
    public func blurred(
        radius: Int, method: MethodEntry = .separable, edges: EdgeMode = .clamp,
        parameters: [MethodParameter: Double] = [:], linear: Bool = false, alpha: AlphaMode = .premultiplied,
        threads: Int = 1
    ) throws -> RGBAImage {
        let method = try method.method(MethodSettings(radius: radius, values: Self.values(parameters)))
        return blurred(by: method, edges: edges, linear: linear, alpha: alpha, threads: threads)
    }

    /// Parameter values by parameter name, as `MethodSettings` keeps them.
    private static func values(_ parameters: [MethodParameter: Double]) -> [String: Double] {
        Dictionary(parameters.map { ($0.key.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A copy of the image blurred by `method`, with straight alpha.
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
    ///   - edges: how pixels beyond the border are read; `.clamp` by default.
    ///   - linear: blur in linear light instead of on the encoded values.
    ///   - alpha: weigh colour by alpha (premultiplied, the default) or not (straight).
    ///   - threads: threads for the method and the per-pixel steps; the result is the same
    ///     for every value.
    public func blurred(
        by method: any BlurMethod, edges: EdgeMode = .clamp,
        linear: Bool = false, alpha: AlphaMode = .premultiplied, threads: Int = 1
    ) -> RGBAImage {
        let image = self
        let straight = alpha == .straight
        let count = image.pixelCount
        // The copy and the premultiplication are one pass over memory.
        let premultiplied = PixelMemory.array(count: 4 * count) { buffer, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                ColourSpace.decodeTable.withUnsafeBufferPointer { table in
                    guard count > 0 else { return }
                    nonisolated(unsafe) let source = source.baseAddress!, out = buffer.baseAddress!
                    nonisolated(unsafe) let table = table.baseAddress!
                    Parallel.forSlices(of: count, threads: threads) { range in
                        LineKernels.premultiply(
                            source, range: range, decode: linear ? table : nil,
                            straight: straight, into: out)
                    }
                }
            }
            initialized = 4 * count
        }
        var out = RGBAImage(width: image.width, height: image.height, pixels: premultiplied)
        Self.blurPremultiplied(method, &out, edges: edges, linear: linear, straight: straight, threads: threads)
        return out
    }

    /// Blurs the image in place, as `blurred(by:edges:linear:alpha:threads:)` does, without a
    /// second copy of the image: for callers that do not need the original, this halves the
    /// memory a blur takes (one Float32 image plus the method's scratch). The result is identical.
    ///
    /// - Parameters:
    ///   - method: how to blur.
    ///   - edges: how pixels beyond the border are read; `.clamp` by default.
    ///   - linear: blur in linear light instead of on the encoded values.
    ///   - alpha: weigh colour by alpha (premultiplied, the default) or not (straight).
    ///   - threads: threads for the method and the per-pixel steps.
    public mutating func blur(
        by method: any BlurMethod, edges: EdgeMode = .clamp,
        linear: Bool = false, alpha: AlphaMode = .premultiplied, threads: Int = 1
    ) {
        let count = pixelCount
        let straight = alpha == .straight
        ColourSpace.decodeTable.withUnsafeBufferPointer { table in
            PixelMemory.withPixels(of: &self) { pixels in
                nonisolated(unsafe) let pixels = pixels, table = table.baseAddress!
                Parallel.forSlices(of: count, threads: threads) { range in
                    LineKernels.premultiply(
                        pixels, range: range, decode: linear ? table : nil,
                        straight: straight, into: pixels)
                }
            }
        }
        Self.blurPremultiplied(method, &self, edges: edges, linear: linear, straight: straight, threads: threads)
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

// MARK: - Line kernels: per-pixel steps

extension LineKernels {
    /// Pixels `range` from `source` to `out`: decode RGB to linear light when a table is given,
    /// then multiply RGB by alpha unless `straight`.
    static func premultiply(
        _ source: UnsafePointer<Float>, range: Range<Int>, decode table: UnsafePointer<Float>?,
        straight: Bool = false, into out: UnsafeMutablePointer<Float>
    ) {
        for i in range {
            var v = load4(source + 4 * i)
            if let table {
                v.x = ColourSpace.fastLinear(fromSRGB: v.x, table: table)
                v.y = ColourSpace.fastLinear(fromSRGB: v.y, table: table)
                v.z = ColourSpace.fastLinear(fromSRGB: v.z, table: table)
            }
            store4(straight ? v : v * SIMD4(v.w, v.w, v.w, 1), out + 4 * i)
        }
    }

    /// Pixels `range`: divide RGB by alpha (RGB = 0 where alpha ≤ 0), then encode to sRGB if asked.
    /// With `straight` the RGB was never multiplied: it is only encoded.
    static func unpremultiply(
        _ pixels: UnsafeMutablePointer<Float>, range: Range<Int>, encode: Bool,
        straight: Bool = false
    ) {
        for i in range {
            let p = pixels + 4 * i
            var v = load4(p)
            if straight {
                if encode {
                    v.x = ColourSpace.sRGB(fromLinear: v.x)
                    v.y = ColourSpace.sRGB(fromLinear: v.y)
                    v.z = ColourSpace.sRGB(fromLinear: v.z)
                }
            } else if v.w > 0 {
                v *= SIMD4(1 / v.w, 1 / v.w, 1 / v.w, 1)
                if encode {
                    v.x = ColourSpace.sRGB(fromLinear: v.x)
                    v.y = ColourSpace.sRGB(fromLinear: v.y)
                    v.z = ColourSpace.sRGB(fromLinear: v.z)
                }
            } else {
                v = SIMD4(0, 0, 0, v.w)
            }
            store4(v, p)
        }
    }
}
