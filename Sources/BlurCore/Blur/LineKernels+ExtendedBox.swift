/// The extended box's passes in the box schedules (`BoxPlan.Shape.extended`): the box's running sum
/// plus α times the two pixels just outside it, along two rows at once (`extendedPassPair`)
/// and down rows a step at a time (`extendedRow`, or three passes at once in `cascadeRows`):
///
///     S(x) = S(x − 1) + (in(x + r) − in(x − r − 1))          S(0) = in(−r) + … + in(r)
///     out(x) = (S(x) + α · (in(x − r − 1) + in(x + r + 1))) · scale
///
/// Down rows the sum holds one row more, so that a step reads only the rows entering and
/// leaving it (`extendedRow`). Every schedule down the columns takes the same steps, so a pixel is
/// the same whichever computed it.
extension LineKernels {
    /// One extended-box pass along two padded lines at once (scratch, `count + 2(r + 1)` pixels
    /// each, pixel x at position x + r + 1): output pixel x of each as above, stored as it is
    /// when `scale` is 1. The outputs may be image rows (any alignment).
    static func extendedPassPair(
        _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>, radius r: Int, alpha: Float, count: Int,
        scale: Float, into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>
    ) {
        @inline(__always) func load(_ p: Int) -> LanePair<SIMD4<Float>> {
            LanePair(loadScratch4(first + 4 * p), loadScratch4(second + 4 * p))
        }
        // Position p = x + 1 holds the box's first pixel in(x − r); its ends are p − 1 and p + 2r + 1.
        // lesson-code: extended-box
        RunningSum.run(width: 2 * r + 1, from: 1, count: count, load: load) { p, sum in  // the box's running sum
            let left = load(p - 1), right = load(p + 2 * r + 1)  // its two end pixels
            var low = sum.low + alpha * (left.low + right.low)
            var high = sum.high + alpha * (left.high + right.high)
            if scale != 1 {  // only the last pass divides, by L to the power N
                low *= scale
                high *= scale
            }
            store4(low, firstOut + 4 * (p - 1))
            store4(high, secondOut + 4 * (p - 1))
        }
        // end lesson-code
    }

    /// One step of an extended-box pass down rows, over `count` pixels, with the running sum T of
    /// the 2r + 2 rows from the tail's next to the newest (T(y) = S(y) + in(y + r + 1)): `acc =
    /// acc + (newest − tail)` (none with `first`, where `acc` already holds T(0)), then `out =
    /// (acc + α · tail − (1 − α) · newest) · scale`, stored as it is when `scale` is 1; `tail` is
    /// in(y − r − 1) and `newest` in(y + r + 1), the row just received. So a step reads two rows,
    /// not three, as the box's does, and `cascadeRows` (its `CascadeEnds`) makes the same step. All
    /// but `out` are scratch (16-byte aligned); with `streaming`, `out` (then 16-byte aligned too)
    /// is written with non-temporal stores.
    static func extendedRow(
        _ acc: UnsafeMutablePointer<Float>, adding newest: UnsafePointer<Float>, removing tail: UnsafePointer<Float>,
        first: Bool, alpha: Float, scale: Float, into out: UnsafeMutablePointer<Float>, count: Int, streaming: Bool
    ) {
        let ends = CascadeEnds(alpha: alpha), floats = 4 * count
        var x = 0
        while x + 16 <= floats {
            extendedStep(
                acc, newest, tail, at: x, as: SIMD16<Float>.self, first: first, ends: ends, scale: scale, out: out,
                streaming: streaming)
            x += 16
        }
        while x < floats {
            extendedStep(
                acc, newest, tail, at: x, as: SIMD4<Float>.self, first: first, ends: ends, scale: scale, out: out,
                streaming: streaming)
            x += 4
        }
    }

    /// `extendedRow` for the pixels of one vector from float `x` on.
    @inline(__always)
    private static func extendedStep<V: SIMD>(
        _ acc: UnsafeMutablePointer<Float>, _ newest: UnsafePointer<Float>, _ tail: UnsafePointer<Float>,
        at x: Int, as _: V.Type, first: Bool, ends: CascadeEnds, scale: Float, out: UnsafeMutablePointer<Float>,
        streaming: Bool
    ) where V.Scalar == Float, V: RunningSumValue {
        var a: V = loadAligned(acc + x)
        let t: V = loadAligned(tail + x), n: V = loadAligned(newest + x)
        if !first {
            a = V.slid(a, adding: n, removing: t)
            storeVector(a, acc + x)
        }
        let v = ends.output(a, tail: t, newest: n) * scale
        if streaming { storeStreaming(v, out + x) } else { storeVector(v, out + x) }
    }
}
