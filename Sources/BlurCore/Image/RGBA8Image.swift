/// An RGBA image of 8-bit levels, as a PNG, a frame buffer or a texture stores it.
///
/// Layout: `levels` is interleaved and row-major — pixel (x, y) occupies
/// `levels[4 * (y * width + x) ..< 4 * (y * width + x) + 4]` as R, G, B, A, each 0…255.
/// ``blurred(sigma:edges:truncate:threads:)`` blurs it without leaving 8 bits at either end.
public struct RGBA8Image: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `4 · width · height` levels, row by row, R, G, B, A for each pixel.
    public var levels: [UInt8]

    /// Creates an image from interleaved RGBA levels.
    ///
    /// - Precondition: `levels.count == 4 * width * height`.
    public init(width: Int, height: Int, levels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "size \(width)×\(height) must not be negative")
        precondition(levels.count == 4 * width * height,
                     "levels.count (\(levels.count)) must equal 4 * width * height (\(4 * width * height))")
        self.width = width
        self.height = height
        self.levels = levels
    }

    /// The levels of a Float32 image, each value rounded as ``RGBAImage/rgba8()`` rounds it.
    public init(_ image: RGBAImage) {
        self.init(width: image.width, height: image.height, levels: image.rgba8())
    }

    /// A copy blurred by the sampled Gaussian of standard deviation `sigma`, in two 1-D passes
    /// (`.separable`'s kernel), correctly rounded to levels.
    ///
    /// ```swift
    /// let out = try RGBA8Image(image).blurred(sigma: 8, edges: .reflect)
    /// ```
    ///
    /// The weights are the point-sampled Gaussian cut at R = ⌊T·σ + ½⌋ and normalised
    /// (``GaussianKernel1D``), stored as Float32. Each channel is blurred as stored, as Intel
    /// IPP's and OpenCV's 8-bit Gaussian blurs do: the colour is not weighed by alpha, so blur
    /// premultiplied levels, or opaque ones, for the right colour at transparent edges. The
    /// levels become Float32 as the rows are read, both passes sum in Float32, and each sum is
    /// rounded to the nearest level (ties to even) as it is stored. So each output level is within
    /// 0.5 level + e of the Float64 blur with the same kernel and edges, e the Float32 sums'
    /// error, and equals that blur rounded except where the Float64 value lies within e of a
    /// half; e grows with R, and stays below 0.001 in the tests, σ = 0.5 to 32
    /// (docs/performance.md, "8-bit exact path", counts those outputs). Memory: the result, and
    /// for each thread a strip of 64 columns by `height + 2R` rows at 16 bytes a pixel between
    /// the passes (2 MiB for 2048 rows), never a Float32 copy of the image.
    ///
    /// - Parameters:
    ///   - sigma: the Gaussian's standard deviation in pixels, above 0 and at most 1000.
    ///   - edges: how pixels beyond the border are read; `.clamp` by default.
    ///   - truncate: where the kernel is cut, T standard deviations (above 0, at most 20; 3 by
    ///     default); R = ⌊T·σ + ½⌋ is at most 4096.
    ///   - threads: threads to split the work over, 1…64; the result is the same for every value.
    /// - Throws: ``BlurKitError`` naming `sigma`, `truncate` or `threads` when one is out of range.
    public func blurred(
        sigma: Double, edges: EdgeMode = .clamp, truncate: Double = GaussianKernel1D.defaultTruncate,
        threads: Int = 1
    ) throws -> RGBA8Image {
        let method = try Self.separable(sigma: sigma, truncate: truncate, threads: threads)
        return blurred(by: method, edges: edges, threads: threads)
    }

    /// The `Separable` of σ and T, after checking them and `threads`.
    package static func separable(sigma: Double, truncate: Double, threads: Int) throws -> Separable {
        guard (1...64).contains(threads) else {
            throw BlurKitError("threads must be 1…64, got \(threads)", naming: ["threads"])
        }
        let settings = MethodSettings(sigma: sigma, values: [MethodParameter.truncate.name: truncate])
        // The catalog's `.separable` checks σ, T and R and builds exactly this kernel.
        guard let method = try MethodEntry.separable.method(settings) as? Separable else {
            preconditionFailure("the catalog's separable entry builds a Separable")
        }
        return method
    }

    /// A copy blurred by `method`'s weights in both directions, correctly rounded to levels
    /// (``blurred(sigma:edges:truncate:threads:)``); `method.directions` is not read.
    package func blurred(by method: Separable, edges: EdgeMode, threads: Int) -> RGBA8Image {
        let count = levels.count
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            levels.withUnsafeBufferPointer { source in
                if let base = source.baseAddress, let target = buffer.baseAddress {
                    method.blurLevels(base, into: target, width: width, height: height, edges: edges, threads: threads)
                }
            }
            initialised = count
        }
        return RGBA8Image(width: width, height: height, levels: out)
    }
}

extension RGBAImage {
    /// An image whose values are the 8-bit image's levels / 255, exactly as an 8-bit PNG reads.
    public init(_ image: RGBA8Image) {
        self.init(width: image.width, height: image.height, rgba8: image.levels)
    }
}
