import Foundation

/// Extended boxes: N passes of a box whose width is not an integer, so that N of them hit σ²
/// exactly (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical foundations of Gaussian
/// convolution by extended box filtering", SSVM 2011). Pillow's `GaussianBlur` is three of
/// them (`src/libImaging/BoxBlur.c`).
///
/// An extended box of radius r and fraction α weighs the 2r + 1 pixels of an ordinary box by 1
/// and the two pixels just outside by α, all divided by L = 2r + 1 + 2α. For a variance
/// s² = σ²/N per pass (variances add), Gwosdek et al. give, as Pillow computes them:
///
///     L = √(12 s² + 1)                                    [7]  box length
///     r = ⌊(L − 1)/2⌋                                     [11] integer radius
///     α = (2r + 1)(r(r + 1) − 3s²) / (6(s² − (r + 1)²))   [14] fractional part
///
/// Where Kovesi's odd widths (`IteratedBox`) miss σ by up to a width step, these land on it for
/// every σ, at the same O(1) running-sum cost per pixel plus one multiply-add for the two end
/// pixels. Each pass applies the edge mode to its own input, as Pillow's passes do (clamp).
/// Reach: N(r + 1) pixels. Impulse response against the Gaussian's pixel weights (three passes):
/// largest difference ≤ 0.025/σ (tested at σ = 2 and 6).
///
/// With `PassStorage.eightBit` every pass is stored as 8-bit levels with Pillow's fixed-point
/// arithmetic (`ExtendedBox+EightBit.swift`), all passes along the rows, then all down the
/// columns, as Pillow runs them.
public struct ExtendedBox: BlurMethod {
    /// The integer radius r of each pass.
    package let radius: Int
    /// The weight α ∈ [0, 1) of the two pixels just outside the box.
    package let alpha: Double
    /// The number of passes N (each horizontal and vertical).
    package let passes: Int
    /// How the passes store the image: Float32, or 8-bit levels with Pillow's fixed point.
    package let storage: PassStorage
    /// Pillow's fixed-point weights, used when `storage` is `eightBit`.
    package let fixedPoint: FixedPointWeights

    /// The extended box of radius r and fraction α, applied `passes` times; with 8-bit passes
    /// its weights are Pillow's fixed point for the radius r + α.
    public init(radius: Int, alpha: Double, passes: Int, storage: PassStorage = .float32) {
        self.init(
            radius: radius, alpha: alpha, passes: passes, storage: storage,
            fixedPoint: FixedPointWeights(floatRadius: Float(Double(radius) + alpha)))
    }

    private init(radius: Int, alpha: Double, passes: Int, storage: PassStorage, fixedPoint: FixedPointWeights) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        precondition(alpha >= 0 && alpha < 1, "alpha (\(alpha)) must be in [0, 1)")
        precondition(passes >= 1, "passes (\(passes)) must be at least 1")
        self.radius = radius
        self.alpha = alpha
        self.passes = passes
        self.storage = storage
        self.fixedPoint = fixedPoint
    }

    /// The N extended boxes whose variances add up to σ² (Gwosdek et al. 2011, Pillow's
    /// `_gaussian_blur_radius`). With 8-bit passes, r and the fixed-point weights come from
    /// Pillow's own Float32 arithmetic (`FixedPointWeights.pillowRadius`), so they are Pillow's.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive, or passes < 1.
    public init(sigma: Double, passes: Int, storage: PassStorage = .float32) throws {
        guard sigma.isFinite && sigma > 0 else { throw BlurKitError("sigma (\(sigma)) must be a finite number > 0") }
        guard passes >= 1 else { throw BlurKitError("passes (\(passes)) must be at least 1") }
        let s2 = sigma * sigma / Double(passes)
        let length = (12 * s2 + 1).squareRoot()
        let r = ((length - 1) / 2).rounded(.down)
        let alpha = (2 * r + 1) * (r * (r + 1) - 3 * s2) / (6 * (s2 - (r + 1) * (r + 1)))
        let clamped = min(max(alpha, 0), 0.999_999)
        guard storage == .eightBit else {
            self.init(radius: Int(r), alpha: clamped, passes: passes)
            return
        }
        let pillow = FixedPointWeights.pillowRadius(sigma: sigma, passes: passes)
        self.init(
            radius: Int(pillow), alpha: clamped, passes: passes, storage: storage,
            fixedPoint: FixedPointWeights(floatRadius: pillow))
    }

    /// The variance of one pass: (2·Σₖ₌₁ʳ k² + 2α(r + 1)²) / L.
    package var passVariance: Double {
        let r = Double(radius)
        return (r * (r + 1) * (2 * r + 1) / 3 + 2 * alpha * (r + 1) * (r + 1)) / (2 * r + 1 + 2 * alpha)
    }

    /// √(N × the variance of one pass): the σ the passes achieve.
    package var achievedSigma: Double { (Double(passes) * passVariance).squareRoot() }

    /// "extended-box", as the command line names the method.
    public var name: String { "extended-box" }
    /// The passes, radius and fraction: "N × r=R, α=A" (α to three decimals), followed by
    /// ", 8-bit passes as Pillow" when the passes are stored as 8-bit levels.
    public var parameters: String {
        "\(passes) × r=\(radius), α=\(String(format: "%.3f", alpha))"
            + (storage == .eightBit ? ", 8-bit passes as Pillow" : "")
    }
    /// N(r + 1): each pass reaches r + 1 pixels, counting the fractional end pixels.
    public var reach: Int { passes * (radius + 1) }

    /// Each pass reads three pixels per position (the one entering the running sum, the one
    /// leaving it, and the far outside one weighed by α), along the rows and down the columns;
    /// all passes of a direction run in one sweep: two passes over memory (one when the
    /// iterated box's fused sweep runs both directions at once).
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        .lines(readsPerPosition: 3 * Double(passes), width: width, height: height, padding: 0)
    }

    /// Runs the N extended boxes along the rows, then down the columns, each pass reading its own
    /// input through `edges`, in place; with `PassStorage.eightBit`, as Pillow does, in 8-bit
    /// fixed point.
    ///
    /// In Float32, where the columns can be streamed (every edge mode but wrap, columns of at
    /// least 2(r + 1) + 2 rows), the passes run in the iterated box's schedules (`boxStreamed`:
    /// rows two at a time, columns streamed through rings, both in one sweep on one thread while
    /// the rings fit the cache), with the end pixels added in (`BoxPlan.Shape.extended`) and one division
    /// by Lᴺ at the end; elsewhere in the eight-line frame (`LaneLines`), dividing each pass by L.
    /// The two agree within Float32 rounding.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        if storage == .eightBit {
            blurEightBit(&image, edges: edges, threads: threads)
            return
        }
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let radii = Array(repeating: radius, count: passes)
        // With α = 0 the passes are plain boxes, and run as such.
        let shape: BoxPlan.Shape = alpha > 0 ? .extended(alpha: alpha) : .box
        let columnPlan = BoxPlan(radii: radii, count: height, edges: edges, shape: shape)
        if BoxPlan.streams(columnPlan, edges: edges) {
            let rowPlan = BoxPlan(radii: radii, count: width, edges: edges, shape: shape)
            PixelMemory.withPixels(of: &image) { pixels in
                boxStreamed(pixels, width: width, rowPlan: rowPlan, columnPlan: columnPlan, threads: threads)
            }
            return
        }
        let r = radius, passes = passes
        let alpha = Float(alpha), scale = Float(1 / (2 * Double(radius) + 1 + 2 * self.alpha))
        LaneLines.blur(&image, edges: edges, threads: threads, before: r + 1, after: r + 1) { lines in
            var source = lines.a, target = lines.b
            for pass in 0..<passes {
                extendedBoxPass(
                    source, into: target, radius: r, alpha: alpha, scale: scale,
                    from: lines.before, count: lines.count)
                if pass < passes - 1 { lines.refillPadding(target) }
                swap(&source, &target)
            }
            return source
        }
    }

    /// The plain loop the fast one is checked against: N passes of the extended box over one
    /// line of values, reading beyond its ends through the edge mode.
    package static func reference(_ line: [Double], radius r: Int, alpha: Double, passes: Int, edges: EdgeMode)
        -> [Double]
    {
        var line = line
        let n = line.count
        // lesson-code: extended-box-reference
        for _ in 0..<passes {
            let input = line
            func pixel(_ i: Int) -> Double { edges.sourceIndex(i, count: n).map { input[$0] } ?? 0 }
            for x in 0..<n {
                var sum = 0.0
                for k in -r...r { sum += pixel(x + k) }  // the ordinary box
                sum += alpha * (pixel(x - r - 1) + pixel(x + r + 1))  // its two fractional ends
                line[x] = sum / (2 * Double(r) + 1 + 2 * alpha)  // divided by the length L
            }
        }
        // end lesson-code
        return line
    }
}

/// One extended-box pass over eight padded lines: a running sum of the 2r + 1 box pixels, plus
/// α times the two pixels just outside, times 1/L. Reads positions `from − r − 1 … from + count + r`.
private func extendedBoxPass(
    _ source: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<SIMD16<Float>>,
    radius r: Int, alpha: Float, scale: Float, from first: Int, count: Int
) {
    // The running sum's loop written out for this schedule: `RunningSum.run` measured slower here
    // (docs/performance.md, "The running-sum loop"); the step is the same `slid`.
    var s0 = SIMD16<Float>(), s1 = SIMD16<Float>()
    for p in (first - r)...(first + r) {
        s0 += source[2 * p]
        s1 += source[2 * p + 1]
    }
    for p in first..<(first + count) {
        let head = 2 * (p + r + 1), tail = 2 * (p - r), outside = 2 * (p - r - 1)
        target[2 * p] = (s0 + alpha * (source[outside] + source[head])) * scale
        target[2 * p + 1] = (s1 + alpha * (source[outside + 1] + source[head + 1])) * scale
        s0 = .slid(s0, adding: source[head], removing: source[tail])
        s1 = .slid(s1, adding: source[head + 1], removing: source[tail + 1])
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `ExtendedBox` in the catalog: O(1), reads `iterations` N and `eightBitPasses`; σ from
    /// `sigma`, or `radius` / T.
    public static let extendedBox = MethodEntry(
        name: "extended-box", summary: "N fractional-width boxes, σ exact (Pillow's GaussianBlur)",
        parameters: [.iterations, .eightBitPasses], cost: .constant
    ) { settings in
        try ExtendedBox(
            sigma: try settings.gaussianSigma(for: "extended-box"), passes: settings.integer(.iterations),
            storage: settings.storage)
    }
}
