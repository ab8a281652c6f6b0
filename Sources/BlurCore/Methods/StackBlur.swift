import Foundation

/// Mario Klingemann's stack blur (2004; Android's `RenderScript`-free blurs, OpenCV's
/// `cv::stackBlur` since 4.7): a triangle of weights, computed with running sums.
///
/// Radius r weighs offset k by r + 1 − |k| and divides by (r + 1)²: the pixels are "stacked"
/// into a pyramid. Klingemann keeps the pyramid with two running sums (pixels entering and
/// leaving the stack); the same triangle is two boxes of width r + 1, one leading and one
/// trailing, so this implementation runs two running sums: P(j) = Σ in[j … j + r], then
/// out(x) = Σ P[x − r … x] / (r + 1)² (`LineKernels.trianglePassPair`; in the eight-line frame
/// the trailing box comes first). O(1) per pixel, whatever r.
///
/// The triangle's variance is r(r + 2)/6 (two boxes of r + 1: 2·((r + 1)² − 1)/12), so a σ maps
/// to the radius r = round(√(6σ² + 1) − 1), at least 1. OpenCV's `stackBlur(src, ksize)` with
/// `ksize = 2r + 1` is the same kernel (radius `ksize / 2`), computed in integers.
/// Reach: r pixels. Impulse response against the Gaussian's pixel weights: largest difference
/// ≤ 0.04/σ (tested at σ = 2 and 6).
///
/// With `PassStorage.eightBit` the rows, then the columns, are each stored as 8-bit levels the
/// way OpenCV's 8-bit `stackBlur` stores them (`StackBlur+EightBit.swift`).
public struct StackBlur: BlurMethod {
    /// The radius r of the triangle (2r + 1 taps).
    package let radius: Int
    /// How the two directions store the image: Float32, or 8-bit levels as OpenCV does.
    package let storage: PassStorage

    /// The triangle of radius r (r ≥ 0), stored as `storage` between directions.
    public init(radius: Int, storage: PassStorage = .float32) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        self.radius = radius
        self.storage = storage
    }

    /// The radius whose triangle has the variance r(r + 2)/6 nearest σ².
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive.
    public init(sigma: Double, storage: PassStorage = .float32) throws {
        guard sigma.isFinite && sigma > 0 else { throw BlurKitError("sigma (\(sigma)) must be a finite number > 0") }
        let ideal = (6 * sigma * sigma + 1).squareRoot() - 1
        let lower = max(1, Int(ideal.rounded(.down))), upper = lower + 1
        func miss(_ r: Int) -> Double { abs(Double(r * (r + 2)) / 6 - sigma * sigma) }
        self.init(radius: miss(upper) < miss(lower) ? upper : lower, storage: storage)
    }

    /// √(r(r + 2)/6): the σ of the triangle.
    package var achievedSigma: Double { (Double(radius * (radius + 2)) / 6).squareRoot() }

    /// "stack", as the command line names the method.
    public var name: String { "stack" }
    /// The radius and OpenCV's equivalent size: "r=R, OpenCV ksize 2R+1", followed by
    /// ", 8-bit passes as OpenCV" when the directions are stored as 8-bit levels.
    public var parameters: String {
        "r=\(radius), OpenCV ksize \(2 * radius + 1)" + (storage == .eightBit ? ", 8-bit passes as OpenCV" : "")
    }
    /// r: the triangle reaches r pixels along either axis.
    public var reach: Int { radius }

    /// Two running sums per line (a trailing box into the sums, a leading box over them), each
    /// reading the value entering and the value leaving: four reads per position, along the
    /// rows and down the columns, in two passes.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        .lines(readsPerPosition: 4, width: width, height: height, padding: 0)
    }

    /// Runs the triangle (two running sums) along the rows, then down the columns, reading beyond
    /// the ends through `edges`, in place; with `PassStorage.eightBit` each direction is stored
    /// as 8-bit levels, as OpenCV does. Radius 0 changes nothing.
    ///
    /// In Float32, where the columns can be streamed (every edge mode but wrap, columns of at
    /// least 2(r + 1) + 2 rows), the triangle runs in the iterated box's schedules (`boxStreamed`:
    /// rows two at a time, columns streamed through rings, both in one sweep on one thread while
    /// the rings fit the cache) as three running sums (`LineKernels.trianglePassPair`); elsewhere
    /// as two boxes in the eight-line frame (`LaneLines`). The two agree within Float32 rounding.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let r = radius
        guard r > 0 else { return }
        if storage == .eightBit {
            blurEightBit(&image, edges: edges, threads: threads)
            return
        }
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let columnPlan = BoxPlan(radii: [r], count: height, edges: edges, shape: .triangle)
        if BoxPlan.streams(columnPlan, edges: edges) {
            let rowPlan = BoxPlan(radii: [r], count: width, edges: edges, shape: .triangle)
            PixelMemory.withPixels(of: &image) { pixels in
                boxStreamed(pixels, width: width, rowPlan: rowPlan, columnPlan: columnPlan, threads: threads)
            }
            return
        }
        let scale = Float(1 / Double((r + 1) * (r + 1)))
        LaneLines.blur(&image, edges: edges, threads: threads, before: r, after: r) { lines in
            stackPass(lines.a, sums: lines.b, radius: r, scale: scale, count: lines.count)
            return lines.a
        }
    }

    /// The plain loop the fast one is checked against: the triangle of weights over one line,
    /// reading beyond its ends through the edge mode.
    package static func reference(_ line: [Double], radius r: Int, edges: EdgeMode) -> [Double] {
        let n = line.count
        func pixel(_ i: Int) -> Double { edges.sourceIndex(i, count: n).map { line[$0] } ?? 0 }
        var out = [Double](repeating: 0, count: n)
        // lesson-code: stack-reference
        for x in 0..<n {
            var sum = 0.0
            for k in -r...r {
                sum += Double(r + 1 - abs(k)) * pixel(x + k)  // weights 1, 2, …, r + 1, …, 2, 1
            }
            out[x] = sum / Double((r + 1) * (r + 1))  // the weights add up to (r + 1)²
        }
        // end lesson-code
        return out
    }
}

/// The triangle over eight padded lines in `line` (r positions of padding each side), in place,
/// with `sums` as scratch: a trailing box of r + 1 into `sums`, then a leading box of r + 1 back.
private func stackPass(
    _ line: UnsafeMutablePointer<SIMD16<Float>>, sums: UnsafeMutablePointer<SIMD16<Float>>,
    radius r: Int, scale: Float, count: Int
) {
    line.withMemoryRebound(to: LanePair<SIMD16<Float>>.self, capacity: count + 2 * r) { line in
        sums.withMemoryRebound(to: LanePair<SIMD16<Float>>.self, capacity: count + 2 * r) { sums in
            // T(j) = in[j − r] + … + in[j] for padded positions j = r … count + 2r − 1.
            RunningSum.run(width: r + 1, count: count + r, load: { line[$0] }) { j, t in sums[j + r] = t }
            // out(x) = (T(x + r) + … + T(x + 2r)) / (r + 1)², x at padded position x + r.
            RunningSum.run(width: r + 1, from: r, count: count, load: { sums[$0] }) { p, u in
                line[p] = LanePair(u.low * scale, u.high * scale)
            }
        }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `StackBlur` in the catalog: O(1), reads `eightBitPasses`; r from `radius`, or from
    /// `sigma` as the triangle of nearest variance r(r + 2)/6.
    public static let stack = MethodEntry(
        name: "stack", summary: "Klingemann's triangle (OpenCV's stackBlur)", parameters: [.eightBitPasses],
        cost: .constant
    ) { settings in
        // radius R, or sigma: the triangle of nearest variance r(r + 2)/6.
        if let radius = settings.radius { return StackBlur(radius: radius, storage: settings.storage) }
        guard let sigma = settings.sigma else {
            throw BlurKitError("method stack needs sigma or radius", naming: ["method", "sigma", "radius"])
        }
        return try StackBlur(sigma: sigma, storage: settings.storage)
    }
}
