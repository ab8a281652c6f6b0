import Foundation

/// The dual Kawase blur (M. Bjørge, "Bandwidth-efficient rendering", SIGGRAPH 2015 course
/// "Moving mobile graphics"): N passes down to half size each, then N passes back up, each
/// pass a handful of bilinear fetches. Desktop compositors (KDE's KWin blur effect) and games
/// frost glass with it because each pass touches a quarter of the pixels of the one before.
///
/// In texel units of the image being read (texel centres at integers), with offset o:
/// - down, to a half-size image: output x is centred at u = 2x + ½ of its source, and
///   out = (4·s(u, v) + s(u ± o, v ± o) [four diagonal fetches]) / 8;
/// - up, to the double-size image: output x is centred at u = x/2 − ¼ of its source, h = o/4
///   (KWin's `halfpixel` is half a texel of the image drawn into), and
///   out = (s(u ± 2h, v) + s(u, v ± 2h) + 2·s(u ± h, v ± h) [four diagonals]) / 12,
/// where s is a bilinear fetch and the edge mode says which texel a fetch beyond the border
/// reads (GPU samplers have clamp, repeat and mirrored repeat — our clamp, wrap and reflect —
/// and clamp-to-border, our zero; whole-sample mirror has no sampler but is defined here too).
/// A level of odd size halves to ⌈size/2⌉.
///
/// σ: the filter is not a Gaussian and depends on where a pixel lies in the 2ᴺ grid, so the σ it
/// approximates is derived from the filter itself: the standard deviation of the 1-D marginal
/// of its impulse response (the same down and up passes on a line, fetches split by linear
/// interpolation), averaged over the 2ᴺ positions of the impulse (`sigma(passes:offset:)`).
/// With o = 1 this gives σ ≈ 1.29, 2.89, 5.92, 11.9, 23.8 for N = 1 … 5, about 0.74 × 2ᴺ (and
/// σ = √0.75 exactly for N = 1, o = 0: a pair average, then linear interpolation back).
/// For a σ asked for, N is the fewest passes that reach it with o ≤ `maximumOffset`, and o is
/// then solved by bisection; `explorer compare` prints the effective σ measured on the 2-D
/// impulse response beside it. Impulse response against the Gaussian's pixel weights: largest
/// difference ≤ 0.05/σ (tested at σ = 2 and 6).
public struct DualKawase: BlurMethod {
    /// Passes down (and as many up).
    package let passes: Int
    /// The offset o of the fetches, in texels.
    package let offset: Double

    /// The largest offset chosen for a σ: beyond about 2 the fetches leave gaps and the result
    /// shows a lattice.
    package static let maximumOffset = 2.0

    /// N passes down and N up, with fetch offset o (in texels; 0 … `maximumOffset`).
    public init(passes: Int, offset: Double) {
        precondition((1...10).contains(passes), "passes (\(passes)) must be 1…10")
        precondition(offset >= 0 && offset.isFinite, "offset (\(offset)) must be finite and ≥ 0")
        self.passes = passes
        self.offset = offset
        reach = Self.marginal(passes: passes, offset: offset).reach
    }

    /// The passes and offset whose filter has standard deviation σ (see the type's discussion).
    ///
    /// - Throws: `BlurKitError` when σ is not finite and in (0, 1000].
    public init(sigma: Double) throws {
        guard sigma.isFinite && sigma > 0 && sigma <= 1000 else {
            throw BlurKitError("sigma (\(sigma)) must be a finite number in (0, 1000]")
        }
        var n = 1
        while n < 10 && Self.sigma(passes: n, offset: Self.maximumOffset) < sigma { n += 1 }
        var low = 0.0, high = Self.maximumOffset
        if Self.sigma(passes: n, offset: low) >= sigma {
            high = low
        } else if Self.sigma(passes: n, offset: high) > sigma {
            // 24 halvings: the offset to 10⁻⁷ of a texel.
            for _ in 0..<24 {
                let mid = (low + high) / 2
                if Self.sigma(passes: n, offset: mid) < sigma { low = mid } else { high = mid }
            }
        }
        self.init(passes: n, offset: high)
    }

    /// The σ of N passes with offset o: the standard deviation of the 1-D marginal of the impulse
    /// response, averaged (as a variance) over the 2ᴺ positions of the impulse.
    public static func sigma(passes n: Int, offset o: Double) -> Double {
        marginal(passes: n, offset: o).sigma
    }

    /// The σ of the 1-D marginal (as `sigma(passes:offset:)`), and its reach: the largest, over
    /// the 2ᴺ positions of the impulse, of the radius beyond which less than
    /// `RecursiveTail.reachMass` of the response lies.
    ///
    /// Each position costs a line of 2ᴺ·(16 + 4⌈o⌉) samples, so beyond `measuredPositions`
    /// positions (N > 4) only that many, evenly spaced, are measured: the cost then grows as 2ᴺ,
    /// not 4ᴺ (at N = 10, σ ≈ 1000, set-up took over a minute before).
    static func marginal(passes n: Int, offset o: Double) -> (sigma: Double, reach: Int) {
        let period = 1 << n
        let length = period * (16 + 4 * Int(o.rounded(.up)))
        let step = max(1, period / measuredPositions)
        let phases = stride(from: 0, to: period, by: step)
        var variance = 0.0, reach = 0
        for phase in phases {
            var line = [Double](repeating: 0, count: length)
            let centre = length / 2 + phase
            line[centre] = 1
            var levels = [line]
            for _ in 0..<n { levels.append(downLine(levels.last!, offset: o)) }
            var up = levels.removeLast()
            for target in levels.reversed() { up = upLine(up, count: target.count, offset: o) }
            let mass = up.reduce(0, +)
            let mean = up.indices.reduce(0.0) { $0 + Double($1) * up[$1] } / mass
            variance += up.indices.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) * up[$1] } / mass
            var inside = up[centre], radius = 0
            while inside < (1 - RecursiveTail.reachMass) * mass && radius < length {
                radius += 1
                inside += (centre - radius >= 0 ? up[centre - radius] : 0) + (centre + radius < length ? up[centre + radius] : 0)
            }
            reach = max(reach, radius)
        }
        return ((variance / Double(period / step)).squareRoot(), reach)
    }

    /// How many positions of the impulse `marginal` measures at most.
    static let measuredPositions = 16

    /// The 1-D marginal of a down pass: fetches at u and u ± o weighted 4, 2, 2 (/8).
    static func downLine(_ s: [Double], offset o: Double) -> [Double] {
        (0..<((s.count + 1) / 2)).map { x in
            let u = 2 * Double(x) + 0.5
            return (4 * lerp(s, u) + 2 * lerp(s, u - o) + 2 * lerp(s, u + o)) / 8
        }
    }

    /// The 1-D marginal of an up pass: fetches at u ± 2h, u, u ± h weighted 1, 2, 4 (/12).
    static func upLine(_ s: [Double], count: Int, offset o: Double) -> [Double] {
        let h = o / 4
        return (0..<count).map { x in
            let u = Double(x) / 2 - 0.25
            return (lerp(s, u - 2 * h) + lerp(s, u + 2 * h) + 2 * lerp(s, u) + 4 * lerp(s, u - h) + 4 * lerp(s, u + h)) / 12
        }
    }

    /// Linear interpolation of `s` at u, zero beyond its ends.
    static func lerp(_ s: [Double], _ u: Double) -> Double {
        let i = Int(u.rounded(.down)), f = u - Double(i)
        func at(_ j: Int) -> Double { j >= 0 && j < s.count ? s[j] : 0 }
        return (1 - f) * at(i) + f * at(i + 1)
    }

    /// "dual-kawase", as the command line names the method.
    public var name: String { "dual-kawase" }
    /// The passes and the offset, to three decimals: "N passes, offset O".
    public var parameters: String { "\(passes) pass\(passes == 1 ? "" : "es"), offset \(String(format: "%.3f", offset))" }

    /// Where the mass of the response beyond ±reach falls below `RecursiveTail.reachMass`, as
    /// for the recursive filters (`marginal`); the farthest pixel read is `responseExtent` away.
    public let reach: Int

    /// Each down pass reads its stencil's texels (the bilinear fetches merged) per pixel of the
    /// half-size level it writes, each up pass its stencils' texels (the mean over the four
    /// parities) per pixel of the larger level; a pass between levels of a and b pixels counts
    /// (a + b)/2 of the image's size.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let down = Double(KawaseStencil(samples: Self.downSamples(offset)).weights.count)
        let up = Double((0..<4).map { KawaseStencil(samples: Self.upSamples(offset, parityX: $0 & 1, parityY: $0 >> 1)).weights.count }
            .reduce(0, +)) / 4
        var sizes = [(width, height)]
        for _ in 0..<passes { sizes.append(((sizes.last!.0 + 1) / 2, (sizes.last!.1 + 1) / 2)) }
        let area = sizes.map { Double($0.0 * $0.1) / Double(max(width * height, 1)) }
        var reads = 0.0, traffic = 0.0
        for level in 1..<sizes.count {
            reads += down * area[level] + up * area[level - 1]
            traffic += area[level - 1] + area[level]
        }
        return CostCounters(reads: reads, passes: traffic)
    }

    /// Runs N down passes to images of half the size (⌈size/2⌉), then N up passes back to the
    /// image's size, every fetch bilinear and read through `edges`. An image without pixels is left
    /// as it is.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        guard image.width > 0, image.height > 0 else { return }
        let down = [KawaseStencil(samples: Self.downSamples(offset))]
        let up = (0..<4).map { KawaseStencil(samples: Self.upSamples(offset, parityX: $0 & 1, parityY: $0 >> 1)) }
        var levels = [image]
        for _ in 0..<passes {
            let source = levels.last!
            var target = Self.blank(width: (source.width + 1) / 2, height: (source.height + 1) / 2)
            kawasePass(source, into: &target, stencils: down, halving: true, edges: edges, threads: threads)
            levels.append(target)
        }
        var current = levels.removeLast()
        while let next = levels.popLast() {
            var target = Self.blank(width: next.width, height: next.height)
            kawasePass(current, into: &target, stencils: up, halving: false, edges: edges, threads: threads)
            current = target
        }
        image = current
    }

    /// An image of zeros, allocated in one step.
    static func blank(width: Int, height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: [Float](repeating: 0, count: 4 * width * height))
    }

    /// A down pass's fetches relative to texel (2x, 2y): (u, v, weight).
    static func downSamples(_ o: Double) -> [(Double, Double, Double)] {
        [(0.5, 0.5, 4 / 8), (0.5 - o, 0.5 - o, 1 / 8), (0.5 + o, 0.5 - o, 1 / 8),
         (0.5 - o, 0.5 + o, 1 / 8), (0.5 + o, 0.5 + o, 1 / 8)]
    }

    /// An up pass's fetches relative to texel (⌊x/2⌋, ⌊y/2⌋) for an output of parities (px, py).
    static func upSamples(_ o: Double, parityX: Int, parityY: Int) -> [(Double, Double, Double)] {
        let h = o / 4, u = Double(parityX) / 2 - 0.25, v = Double(parityY) / 2 - 0.25
        return [(u - 2 * h, v, 1 / 12), (u + 2 * h, v, 1 / 12), (u, v - 2 * h, 1 / 12), (u, v + 2 * h, 1 / 12),
                (u - h, v - h, 2 / 12), (u + h, v - h, 2 / 12), (u - h, v + h, 2 / 12), (u + h, v + h, 2 / 12)]
    }

    /// The plain loop the fast one is checked against, on one channel: the passes exactly as a
    /// shader writes them, each fetch a bilinear interpolation.
    package func reference(_ image: KawaseGrid, edges: EdgeMode) -> KawaseGrid {
        let o = offset, h = offset / 4
        var levels = [image]
        // lesson-code: dual-kawase-reference
        for _ in 0..<passes {                                       // down: half the size each time
            let s = levels.last!
            levels.append(KawaseGrid(width: (s.width + 1) / 2, height: (s.height + 1) / 2) { x, y in
                let u = 2 * Double(x) + 0.5, v = 2 * Double(y) + 0.5
                return (4 * s.fetch(u, v, edges) + s.fetch(u - o, v - o, edges) + s.fetch(u + o, v - o, edges)
                        + s.fetch(u - o, v + o, edges) + s.fetch(u + o, v + o, edges)) / 8
            })
        }
        var s = levels.removeLast()
        while let target = levels.popLast() {                       // up: back to each size
            s = KawaseGrid(width: target.width, height: target.height) { [s] x, y in
                let u = Double(x) / 2 - 0.25, v = Double(y) / 2 - 0.25
                let edge = s.fetch(u - 2 * h, v, edges) + s.fetch(u + 2 * h, v, edges)
                    + s.fetch(u, v - 2 * h, edges) + s.fetch(u, v + 2 * h, edges)
                let diagonal = s.fetch(u - h, v - h, edges) + s.fetch(u + h, v - h, edges)
                    + s.fetch(u - h, v + h, edges) + s.fetch(u + h, v + h, edges)
                return (edge + 2 * diagonal) / 12
            }
        }
        // end lesson-code
        return s
    }
}

/// One channel of an image in Float64, for `DualKawase.reference`.
package struct KawaseGrid: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width · height` values, row by row.
    package var values: [Double]

    /// A grid of `values`, which must hold `width · height` of them.
    package init(width: Int, height: Int, values: [Double]) {
        precondition(values.count == width * height, "values.count (\(values.count)) must be width × height")
        self.width = width
        self.height = height
        self.values = values
    }

    /// A grid whose value at (x, y) is `value(x, y)`.
    package init(width: Int, height: Int, _ value: (Int, Int) -> Double) {
        var values: [Double] = []
        values.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { values.append(value(x, y)) } }
        self.init(width: width, height: height, values: values)
    }

    /// A bilinear fetch at (u, v) in texel units (texel centres at integers), each texel read
    /// through the edge mode.
    package func fetch(_ u: Double, _ v: Double, _ edges: EdgeMode) -> Double {
        let x = Int(u.rounded(.down)), y = Int(v.rounded(.down))
        let fx = u - Double(x), fy = v - Double(y)
        func texel(_ i: Int, _ j: Int) -> Double {
            guard let si = edges.sourceIndex(i, count: width), let sj = edges.sourceIndex(j, count: height) else { return 0 }
            return values[sj * width + si]
        }
        return (1 - fy) * ((1 - fx) * texel(x, y) + fx * texel(x + 1, y))
            + fy * ((1 - fx) * texel(x, y + 1) + fx * texel(x + 1, y + 1))
    }
}

/// A pass's bilinear fetches unrolled into texel taps relative to a base texel: each fetch at
/// (u, v) gives its four texels their bilinear weights, and taps on the same texel merge.
struct KawaseStencil: Sendable {
    let dx: [Int]
    let dy: [Int]
    let weights: [Float]

    init(samples: [(Double, Double, Double)]) {
        var merged: [Int: Double] = [:]
        func key(_ x: Int, _ y: Int) -> Int { (y + 64) * 256 + (x + 64) }
        for (u, v, w) in samples {
            let x = Int(u.rounded(.down)), y = Int(v.rounded(.down))
            let fx = u - Double(x), fy = v - Double(y)
            for (i, j, weight) in [(x, y, (1 - fx) * (1 - fy)), (x + 1, y, fx * (1 - fy)),
                                   (x, y + 1, (1 - fx) * fy), (x + 1, y + 1, fx * fy)] where weight > 0 {
                merged[key(i, j), default: 0] += w * weight
            }
        }
        let keys = merged.keys.sorted()
        dx = keys.map { $0 % 256 - 64 }
        dy = keys.map { $0 / 256 - 64 }
        weights = keys.map { Float(merged[$0]!) }
    }
}

/// One pass: each output pixel is the weighted sum of its stencil's taps around a base texel,
/// (2x, 2y) when halving, else (⌊x/2⌋, ⌊y/2⌋) with the stencil of its parities. Pixels whose
/// taps all lie inside the source read it directly; the others through the edge mode.
private func kawasePass(
    _ source: RGBAImage, into target: inout RGBAImage, stencils: [KawaseStencil], halving: Bool,
    edges: EdgeMode, threads: Int
) {
    let sw = source.width, sh = source.height, tw = target.width, th = target.height
    let minX = stencils.map { $0.dx.min()! }.min()!, maxX = stencils.map { $0.dx.max()! }.max()!
    let minY = stencils.map { $0.dy.min()! }.min()!, maxY = stencils.map { $0.dy.max()! }.max()!
    // Each stencil's taps as texel offsets from the base texel, all stencils in one flat table.
    let tapCount = stencils.map(\.weights.count).max()!
    var offsets = [Int](repeating: 0, count: stencils.count * tapCount)
    var weights = [Float](repeating: 0, count: stencils.count * tapCount)
    for (k, stencil) in stencils.enumerated() {
        for t in stencil.weights.indices {
            offsets[k * tapCount + t] = stencil.dy[t] * sw + stencil.dx[t]
            weights[k * tapCount + t] = stencil.weights[t]
        }
    }
    // Output columns whose taps all lie inside the source's columns.
    let firstInside = halving ? max(0, (-minX + 1) / 2) : max(0, 2 * (-minX))
    let span = sw - 1 - maxX
    let lastInside = halving ? (span >= 0 ? span / 2 : -1) : 2 * span + 1
    source.pixels.withUnsafeBufferPointer { input in
        offsets.withUnsafeBufferPointer { offsets in
            weights.withUnsafeBufferPointer { weights in
                nonisolated(unsafe) let input = UnsafeRawPointer(input.baseAddress!)
                nonisolated(unsafe) let offsets = offsets.baseAddress!, weights = weights.baseAddress!
                PixelMemory.withPixels(of: &target) { output in
                    nonisolated(unsafe) let output = UnsafeMutableRawPointer(output)
                    Parallel.forSlices(of: th, threads: threads) { rows in
                        for y in rows {
                            let by = halving ? 2 * y : y >> 1
                            let rowInside = by + minY >= 0 && by + maxY < sh
                            var x = 0
                            while x < tw {
                                let bx = halving ? 2 * x : x >> 1
                                let k = (halving ? 0 : (x & 1) + 2 * (y & 1)) * tapCount
                                var sum = SIMD4<Float>()
                                if rowInside && x >= firstInside && x <= lastInside {
                                    let base = by * sw + bx
                                    // lesson-code: dual-kawase
                                    for t in 0..<tapCount {
                                        sum += weights[k + t] * input.load(fromByteOffset: 16 * (base + offsets[k + t]), as: SIMD4<Float>.self)
                                    }
                                    // end lesson-code
                                } else {
                                    let stencil = stencils[k / tapCount]
                                    for t in stencil.weights.indices {
                                        guard let sx = edges.sourceIndex(bx + stencil.dx[t], count: sw),
                                              let sy = edges.sourceIndex(by + stencil.dy[t], count: sh) else { continue }
                                        sum += stencil.weights[t] * input.load(fromByteOffset: 16 * (sy * sw + sx), as: SIMD4<Float>.self)
                                    }
                                }
                                output.storeBytes(of: sum, toByteOffset: 16 * (y * tw + x), as: SIMD4<Float>.self)
                                x += 1
                            }
                        }
                    }
                }
            }
        }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `DualKawase` in the catalog: O(1) per pixel whatever σ; passes and offset solved from σ (`sigma`,
    /// or `radius` / T) by `init(sigma:)`.
    public static let dualKawase = MethodEntry(
        name: "dual-kawase", summary: "down and up passes of bilinear fetches (compositors)", cost: .constant
    ) { settings in
        try DualKawase(sigma: try settings.gaussianSigma(for: "dual-kawase"))
    }
}
