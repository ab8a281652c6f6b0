/// An RGBA image of Float64 values: what the reference blur produces.
///
/// Same layout as `RGBAImage`: interleaved R, G, B, A, row-major, pixel (x, y) at
/// `values[4·(y·width + x) ..< 4·(y·width + x) + 4]`, straight (not premultiplied) alpha,
/// values on the 0 … 1 scale.
public struct ReferenceImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `4 · width · height` Float64 values, row by row, R, G, B, A for each pixel.
    package var values: [Double]

    /// An image of `width`×`height` pixels holding `values` in the layout above.
    ///
    /// - Precondition: `width` and `height` are not negative, and
    ///   `values.count == 4 * width * height`.
    package init(width: Int, height: Int, values: [Double]) {
        precondition(width >= 0 && height >= 0, "size \(width)×\(height) must not be negative")
        precondition(values.count == 4 * width * height,
                     "values.count (\(values.count)) must equal 4 * width * height (\(4 * width * height))")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The pixel at (x, y) as (R, G, B, A).
    package subscript(x: Int, y: Int) -> SIMD4<Double> {
        let i = 4 * (y * width + x)
        return SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
    }

    /// The image rounded to Float32, e.g. to write it as a PNG.
    public func rgbaImage() -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: values.map { Float($0) })
    }
}

/// The exact Gaussian blur every method is measured against: Float64 throughout, separable,
/// with point-sampled normalised weights reaching ⌈8σ⌉ pixels.
///
/// Steps, all in Float64:
/// 1. premultiply: (r, g, b, a) → (r·a, g·a, b·a, a), so transparent pixels carry no colour;
/// 2. blur rows, then columns, with the weights of `GaussianKernel1D(sigma:, radius: ⌈8σ⌉,
///    sampling: .point)`, reading beyond the border as `EdgeMode.sourceIndex` says (a `zero`
///    neighbour contributes nothing, so alpha falls towards the border);
/// 3. un-premultiply: RGB ÷ A where A > 0; a pixel whose blurred alpha is exactly 0 gets
///    colour 0.
///
/// Truncating at 8σ drops a mass of erfc(8/√2) ≈ 1.2e-15 of the Gaussian, and normalising
/// redistributes it: far below 8-bit resolution (0.004) and below Float32 rounding (6e-8).
/// Point sampling is chosen because it is what the methods under test approximate; for σ
/// below about 0.8 it is not the continuous Gaussian (see `Sampling`).
///
/// Typical use, as `explorer compare` would do it:
///
///     let reference = try ReferenceGaussianBlur(sigma: 12, edges: .clamp).apply(input)
///     let metrics = try ErrorMetrics(comparing: methodOutput, with: reference, reach: methodRadius)
///
/// Cost: 2·(2R + 1) multiply-adds per value, as axpy loops over whole rows.
public struct ReferenceGaussianBlur: Sendable {
    /// The reference's radius for `sigma`: ⌈8σ⌉, at least 1.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive or ⌈8σ⌉ exceeds
    ///   `GaussianKernel1D.maxRadius` (σ > 512).
    package static func radius(sigma: Double) throws -> Int {
        try GaussianKernel1D.validate(sigma: sigma)
        let r = (8 * sigma).rounded(.up)
        guard r <= Double(GaussianKernel1D.maxRadius) else {
            throw BlurKitError("kernel wider than the limit: the reference for sigma \(sigma) needs radius \(r), above \(GaussianKernel1D.maxRadius)")
        }
        return max(1, Int(r))
    }

    /// The Gaussian's σ.
    public let sigma: Double
    /// How pixels beyond the border are read.
    public let edges: EdgeMode
    /// The point-sampled kernel of radius ⌈8σ⌉ whose `weights` the blur applies.
    package let kernel: GaussianKernel1D

    /// The exact blur of standard deviation `sigma`, reading beyond the border as `edges` says.
    ///
    /// - Throws: `BlurKitError` for σ not finite and positive, or σ > 512.
    public init(sigma: Double, edges: EdgeMode) throws {
        self.sigma = sigma
        self.edges = edges
        kernel = try GaussianKernel1D(sigma: sigma, radius: Self.radius(sigma: sigma), sampling: .point)
    }

    /// Blurs a straight-alpha image and returns straight alpha in Float64.
    public func apply(_ image: RGBAImage) -> ReferenceImage {
        let w = image.width, h = image.height
        guard w > 0 && h > 0 else { return ReferenceImage(width: w, height: h, values: []) }
        let premultiplied = premultiply(image)
        let rows = horizontalPass(premultiplied, width: w, height: h)
        var out = verticalPass(rows, width: w, height: h)
        unpremultiply(&out)
        return ReferenceImage(width: w, height: h, values: out)
    }

    // MARK: - Steps

    func premultiply(_ image: RGBAImage) -> [Double] {
        var out = [Double](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { src in
            for p in 0..<image.pixelCount {
                let a = Double(src[4 * p + 3])
                out[4 * p] = Double(src[4 * p]) * a
                out[4 * p + 1] = Double(src[4 * p + 1]) * a
                out[4 * p + 2] = Double(src[4 * p + 2]) * a
                out[4 * p + 3] = a
            }
        }
        return out
    }

    /// Each row is copied once into a padded line (edge mode applied), then every tap adds
    /// weight × the line shifted by the tap's offset: an axpy over 4·width contiguous values.
    func horizontalPass(_ src: [Double], width w: Int, height h: Int) -> [Double] {
        let r = kernel.radius, taps = kernel.weights
        let rowLength = 4 * w
        let sourceColumn = (0..<(w + 2 * r)).map { edges.sourceIndex($0 - r, count: w) }
        var padded = [Double](repeating: 0, count: 4 * (w + 2 * r))
        var out = [Double](repeating: 0, count: src.count)
        src.withUnsafeBufferPointer { s in
            padded.withUnsafeMutableBufferPointer { line in
                out.withUnsafeMutableBufferPointer { o in
                    let linePtr = line.baseAddress!, sPtr = s.baseAddress!, oBase = o.baseAddress!
                    for y in 0..<h {
                        let row = sPtr + y * rowLength
                        // Slots a `zero` edge leaves unread keep the 0 the line starts with.
                        for (i, sx) in sourceColumn.enumerated() {
                            guard let sx else { continue }
                            for c in 0..<4 { linePtr[4 * i + c] = row[4 * sx + c] }
                        }
                        let dst = oBase + y * rowLength
                        for (k, weight) in taps.enumerated() {
                            let shifted = linePtr + 4 * k
                            for i in 0..<rowLength { dst[i] += weight * shifted[i] }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Each output row adds weight × source row for every tap whose row exists (a `zero` edge
    /// skips the missing ones): axpy over whole rows.
    func verticalPass(_ src: [Double], width w: Int, height h: Int) -> [Double] {
        let r = kernel.radius, taps = kernel.weights
        let rowLength = 4 * w
        let sourceRow = (0..<(h + 2 * r)).map { edges.sourceIndex($0 - r, count: h) }
        var out = [Double](repeating: 0, count: src.count)
        src.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                let sBase = s.baseAddress!, oBase = o.baseAddress!
                for y in 0..<h {
                    let dst = oBase + y * rowLength
                    for (k, weight) in taps.enumerated() {
                        guard let sy = sourceRow[y + k] else { continue }
                        let row = sBase + sy * rowLength
                        for i in 0..<rowLength { dst[i] += weight * row[i] }
                    }
                }
            }
        }
        return out
    }

    func unpremultiply(_ values: inout [Double]) {
        for p in 0..<(values.count / 4) {
            let a = values[4 * p + 3]
            for c in 0..<3 { values[4 * p + c] = a > 0 ? values[4 * p + c] / a : 0 }
        }
    }
}
