/// Naive box averaging: each output pixel is the mean of the (2R+1)×(2R+1) window around it,
/// summed directly — O(R²) per pixel, the teaching baseline that the running-sum box must match.
///
/// The window is summed row by row, column by column (no running sums, no separation), but
/// eight output pixels at a time in SIMD registers, from the padded window rows of `RowWindow`;
/// in `zero` mode the missing pixels count as zeros, so the divisor is always (2R+1)².
public struct BoxAverage: BlurMethod {
    /// The box's radius R: it averages (2R+1)×(2R+1) pixels.
    package let radius: Int

    /// The (2R+1)×(2R+1) box of radius R ≥ 0.
    public init(radius: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        self.radius = radius
    }

    /// "box", as the command line names the method.
    public var name: String { "box" }
    /// The radius: "R=3".
    public var parameters: String { "R=\(radius)" }
    /// R: the window reaches R pixels along either axis.
    public var reach: Int { radius }

    /// (2R+1)² reads, in one pass.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let taps = Double(2 * radius + 1)
        return CostCounters(reads: taps * taps, passes: 1)
    }

    /// Blurs interleaved RGBA values as they are (callers premultiply alpha first).
    package func apply(_ image: RGBAImage, edges: EdgeMode) -> RGBAImage {
        var out = image
        blur(&out, edges: edges, threads: 1)
        return out
    }

    /// Replaces each value by the mean of its (2R+1)×(2R+1) window, read through `edges`, in
    /// place; threads take bands of rows. An image without pixels is left as it is.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let taps = 2 * radius + 1
        let scale = 1 / Float(taps * taps)
        PixelMemory.withPixels(of: &image) { pixels in
            let window = RowWindow(width: width, height: height, radius: radius, edges: edges)
            window.forEachStep(pixels, bands: threads, threads: threads) { rows, count, output, stride in
                LineKernels.averageWindow(rows, count: count, taps: taps, scale: scale, width: width,
                                          into: output, outStride: stride)
            }
        }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `BoxAverage` in the catalog: O(R²), taught; R from `radius`, or from `sigma` as the odd width
    /// of nearest variance; in passes, the same box as one `IteratedBox` pass.
    public static let box = MethodEntry(
        name: "box", summary: "naive mean of the (2R+1)² window", cost: .quadratic, taught: true,
        scheduleNote: "The fast loop reads the window from padded rows (so no tap asks the edge mode), sums eight pixels × four channels at once in SIMD registers, and multiplies by 1/(2R+1)² instead of dividing.",
        inPasses: { settings in IteratedBox(widths: [2 * (try BoxAverage.radius(settings)) + 1]) }
    ) { settings in BoxAverage(radius: try BoxAverage.radius(settings)) }
}

extension BoxAverage {
    /// radius R, or sigma: the odd width whose variance (w² − 1)/12 is nearest σ².
    static func radius(_ settings: MethodSettings) throws -> Int {
        if let radius = settings.radius { return radius }
        guard let sigma = settings.sigma else { throw BlurKitError("method box needs radius or sigma", naming: ["method", "radius", "sigma"]) }
        return (try BoxWidths.equalVarianceWidth(sigma: sigma) - 1) / 2
    }
}

// MARK: - Line kernels: the direct box window

extension LineKernels {
    /// `count` output rows of the box average from padded window rows: the plain sum of the
    /// `taps × taps` pixels, times `scale`; output row j at `out + j * outStride`.
    static func averageWindow(
        _ rows: UnsafePointer<UnsafePointer<Float>>, count: Int, taps: Int, scale: Float, width: Int,
        into out: UnsafeMutablePointer<Float>, outStride: Int
    ) {
        var x = 0
        // lesson-code: box
        while x + 8 <= width {
            for j in 0..<count {
                var a = SIMD16<Float>(), b = SIMD16<Float>()
                for m in 0..<taps {
                    var q = rows[j + m] + 4 * x
                    for _ in 0..<taps {
                        a += loadScratch16(q)
                        b += loadScratch16(q + 16)
                        q += 4
                    }
                }
                store16(a * scale, out + j * outStride + 4 * x)
                store16(b * scale, out + j * outStride + 4 * x + 16)
            }
            x += 8
        }
        // end lesson-code
        while x < width {
            for j in 0..<count {
                var a = SIMD4<Float>()
                for m in 0..<taps {
                    let q = rows[j + m] + 4 * x
                    for i in 0..<taps { a += loadScratch4(q + 4 * i) }
                }
                store4(a * scale, out + j * outStride + 4 * x)
            }
            x += 1
        }
    }
}
