/// The stack blur's triangle in the box schedules (`BoxPlan.Shape.triangle`): one pass whose weights
/// r + 1 − |k| are two boxes of r + 1 pixels, a leading one kept as a running sum P and a
/// trailing one over P, kept as a running sum T over the last r + 1 values of P. Along two rows
/// at once (`trianglePassPair`) and down rows a step at a time (`triangleStart`, `triangleRow`),
/// in the same order, so a pixel is the same whichever schedule computed it:
///
///     P(j) = in(j) + … + in(j + r)          P(j) = P(j − 1) + (in(j + r) − in(j − 1))
///     T(x) = P(x − r) + … + P(x)            T(x) = T(x − 1) + (P(x) − P(x − r − 1))
///          = Σₖ (r + 1 − |k|) in(x + k)
///
/// P(−r − 1) is summed directly, T(0) = P(−r) + … + P(0) added in that order, and out(x) =
/// T(x) · scale. The pass reads r + 1 pixels before its output pixel and r after. Each value of
/// P enters T and leaves it r + 1 steps later, so T's error stays that of a running sum (as in
/// `StackBlur`'s two boxes), where a running sum of P − Q, Q a second running sum, would let P's
/// and Q's drift add up along the line.
extension LineKernels {
    /// The triangle of radius r along two padded lines at once (scratch, `count + 2(r + 1)`
    /// pixels each, pixel x at position x + r + 1), times `scale`, with `partials` (two lines of
    /// `count + r + 1` pixels) for the values of P. The outputs may be image rows.
    static func trianglePassPair(
        _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>, radius r: Int, count: Int, scale: Float,
        partials: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>),
        into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>
    ) {
        // Pixel x (from −r − 1 on) of the two lines, and P(j) (from −r − 1 on).
        @inline(__always) func pixel(_ x: Int) -> LanePair<SIMD4<Float>> {
            LanePair(loadScratch4(first + 4 * (x + r + 1)), loadScratch4(second + 4 * (x + r + 1)))
        }
        @inline(__always) func partial(_ j: Int) -> LanePair<SIMD4<Float>> {
            LanePair(loadScratch4(partials.0 + 4 * (j + r + 1)), loadScratch4(partials.1 + 4 * (j + r + 1)))
        }
        @inline(__always) func keep(_ j: Int, _ p: LanePair<SIMD4<Float>>) {
            store4(p.low, partials.0 + 4 * (j + r + 1))
            store4(p.high, partials.1 + 4 * (j + r + 1))
        }
        @inline(__always) func emit(_ x: Int, _ t: LanePair<SIMD4<Float>>) {
            store4(t.low * scale, firstOut + 4 * x)
            store4(t.high * scale, secondOut + 4 * x)
        }
        // lesson-code: stack
        var p = RunningSum.start(width: r + 1, from: -r - 1, load: pixel)  // P(−r − 1)
        keep(-r - 1, p)
        var t = p
        for j in -r...0 {  // P(−r) … P(0), and their sum T(0)
            p = .slid(p, adding: pixel(j + r), removing: pixel(j - 1))
            keep(j, p)
            t = j == -r ? p : .added(t, p)
        }
        emit(0, t)
        for x in 1..<max(count, 1) {
            p = .slid(p, adding: pixel(x + r), removing: pixel(x - 1))  // the leading box P(x)
            keep(x, p)
            t = .slid(t, adding: p, removing: partial(x - r - 1))  // T: the last r + 1 values of P
            emit(x, t)  // T(x) / (r + 1)²
        }
        // end lesson-code
    }

    /// The sums of output row 0 down rows: `window` holds rows −r − 1 … r (2r + 2 pointers) and
    /// `partials` the rows P(−r − 1) … P(0) are written to (r + 2 pointers); P(0) and T(0) go to
    /// `p` and `t`, and T(0) · scale to `out`. All but `out` are scratch.
    static func triangleStart(
        _ window: UnsafePointer<UnsafePointer<Float>>, partials: UnsafePointer<UnsafeMutablePointer<Float>>,
        radius r: Int, p: UnsafeMutablePointer<Float>, t: UnsafeMutablePointer<Float>, scale: Float,
        into out: UnsafeMutablePointer<Float>, count: Int
    ) {
        for x in stride(from: 0, to: 4 * count, by: 4) {
            // Row i (−r − 1 ≤ i ≤ r) is window[i + r + 1]; P(j) goes to partials[j + r + 1].
            @inline(__always) func pixel(_ i: Int) -> SIMD4<Float> { loadScratch4(window[i + r + 1] + x) }
            var pSum = RunningSum.start(width: r + 1, from: -r - 1, load: pixel)
            store4(pSum, partials[0] + x)
            var tSum = pSum
            for j in -r...0 {
                pSum = .slid(pSum, adding: pixel(j + r), removing: pixel(j - 1))
                store4(pSum, partials[j + r + 1] + x)
                tSum = j == -r ? pSum : .added(tSum, pSum)
            }
            store4(pSum, p + x)
            store4(tSum, t + x)
            store4(tSum * scale, out + x)
        }
    }

    /// One step of the triangle down rows, over `count` pixels: P (scratch) slides to row y,
    /// reading `entering` in(y + r) and `leaving` in(y − 1), and is written to `partial` too; T
    /// (scratch) slides by P(y) − `oldPartial` P(y − r − 1); `out` = T · scale, with non-temporal
    /// stores when `streaming` (`out` then 16-byte aligned). All but `out` are scratch.
    static func triangleRow(
        p: UnsafeMutablePointer<Float>, t: UnsafeMutablePointer<Float>, entering: UnsafePointer<Float>,
        leaving: UnsafePointer<Float>, partial: UnsafeMutablePointer<Float>, oldPartial: UnsafePointer<Float>,
        scale: Float, into out: UnsafeMutablePointer<Float>, count: Int, streaming: Bool
    ) {
        // A pixel a step (SIMD4): measured as fast here as four at a time (SIMD16), whose generic
        // specialisation adds to the first build.
        let floats = 4 * count
        var x = 0
        while x < floats {
            triangleStep(
                p, t, entering, leaving, partial, oldPartial, at: x, as: SIMD4<Float>.self, scale: scale,
                out: out, streaming: streaming)
            x += 4
        }
    }

    /// `triangleRow` for the pixels of one vector from float `x` on.
    @inline(__always)
    private static func triangleStep<V: SIMD>(
        _ p: UnsafeMutablePointer<Float>, _ t: UnsafeMutablePointer<Float>, _ entering: UnsafePointer<Float>,
        _ leaving: UnsafePointer<Float>, _ partial: UnsafeMutablePointer<Float>, _ oldPartial: UnsafePointer<Float>,
        at x: Int, as _: V.Type, scale: Float, out: UnsafeMutablePointer<Float>, streaming: Bool
    ) where V.Scalar == Float, V: RunningSumValue {
        let pSum = V.slid(loadAligned(p + x), adding: loadAligned(entering + x), removing: loadAligned(leaving + x))
        let tSum = V.slid(loadAligned(t + x), adding: pSum, removing: loadAligned(oldPartial + x))
        storeVector(pSum, p + x)
        storeVector(pSum, partial + x)
        storeVector(tSum, t + x)
        if streaming { storeStreaming(tSum * scale, out + x) } else { storeVector(tSum * scale, out + x) }
    }
}
