/// The one running-sum loop of the box family (box passes of the iterated box, the extended
/// box's body, the stack blur's two boxes, in Float32 and in 8-bit levels).
///
/// A window of `width` positions is summed once, then moved one position a step:
///
///     S(p + 1) = S(p) + in(p + width) − in(p)
///
/// so a pass costs two additions per position whatever the width (Wells 1986; Pillow's
/// `BoxBlur.c` keeps one such loop). The schedules differ only in where the positions are
/// (eight lines side by side in a scratch, two image rows, rows of a ring down the image) and
/// in what is done with each sum (stored as it is, scaled, with the extended box's two end
/// pixels, rounded to a level): each passes its loads and its `emit` to `run` or `slide`, and
/// the schedules down rows take one step at a time with `RunningSumValue.slid`.
enum RunningSum {
    /// `load(first) + … + load(first + width − 1)`, added in that order.
    @inline(__always)
    static func start<V: RunningSumValue>(width: Int, from first: Int = 0, load: (Int) -> V) -> V {
        var sum = V.emptySum
        for i in first..<(first + width) { sum = V.added(sum, load(i)) }
        return sum
    }

    /// For each position `p` of `positions` in order: `emit(p, S(p))`, then `S(p + 1) = S(p) +
    /// head(p) − tail(p)`. `sum` holds S at the first position on entry, at the next one on exit.
    @inline(__always)
    static func slide<V: RunningSumValue>(
        _ sum: inout V, over positions: Range<Int>, head: (Int) -> V, tail: (Int) -> V, emit: (Int, V) -> Void
    ) {
        // lesson-code: iterated-box
        for p in positions {
            emit(p, sum)
            sum = V.slid(sum, adding: head(p), removing: tail(p))
        }
        // end lesson-code
    }

    /// The whole loop: `emit(p, load(p) + … + load(p + width − 1))` for `count` positions from
    /// `first`, reading `load` at `first … first + count + width − 2` (no position past the last window).
    /// At position `restart` (`BoxPlan.restart`), when it lies inside, the sum starts afresh.
    @inline(__always)
    static func run<V: RunningSumValue>(
        width: Int, from first: Int = 0, count: Int, restart: Int? = nil, load: (Int) -> V, emit: (Int, V) -> Void
    ) {
        let end = first + count
        var from = first
        while from < end {
            let to = restart.map { $0 > from && $0 < end ? $0 : end } ?? end
            var sum = start(width: width, from: from, load: load)
            slide(&sum, over: from..<(to - 1), head: { load($0 + width) }, tail: load, emit: emit)
            emit(to - 1, sum)
            from = to
        }
    }
}

/// A value a running sum adds and takes away: a SIMD vector of lanes, or two side by side.
protocol RunningSumValue {
    /// The sum of no positions.
    static var emptySum: Self { get }
    /// `a + b`.
    static func added(_ a: Self, _ b: Self) -> Self
    /// One step of the recurrence: `sum + (head − tail)`; wrapping for whole numbers, whose
    /// sums the callers keep below 2³².
    static func slid(_ sum: Self, adding head: Self, removing tail: Self) -> Self
}

extension SIMD4: RunningSumValue where Scalar == Float {
    static var emptySum: Self { Self() }
    @inline(__always) static func added(_ a: Self, _ b: Self) -> Self { a + b }
    @inline(__always) static func slid(_ sum: Self, adding head: Self, removing tail: Self) -> Self {
        sum + (head - tail)
    }
}

extension SIMD8: RunningSumValue where Scalar == Float {
    static var emptySum: Self { Self() }
    @inline(__always) static func added(_ a: Self, _ b: Self) -> Self { a + b }
    @inline(__always) static func slid(_ sum: Self, adding head: Self, removing tail: Self) -> Self {
        sum + (head - tail)
    }
}

extension SIMD16: RunningSumValue where Scalar: RunningSumScalar {
    static var emptySum: Self { Self() }
    @inline(__always) static func added(_ a: Self, _ b: Self) -> Self { Scalar.added(a, b) }
    @inline(__always) static func slid(_ sum: Self, adding head: Self, removing tail: Self) -> Self {
        Scalar.slid(sum, adding: head, removing: tail)
    }
}

/// The lane types of 16-lane running sums: Float32 (exact to rounding) and UInt32 levels (exact).
protocol RunningSumScalar: SIMDScalar, Codable, Hashable {
    static func added(_ a: SIMD16<Self>, _ b: SIMD16<Self>) -> SIMD16<Self>
    static func slid(_ sum: SIMD16<Self>, adding head: SIMD16<Self>, removing tail: SIMD16<Self>) -> SIMD16<Self>
}

extension Float: RunningSumScalar {
    @inline(__always) static func added(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> { a + b }
    @inline(__always) static func slid(_ sum: SIMD16<Float>, adding head: SIMD16<Float>, removing tail: SIMD16<Float>)
        -> SIMD16<Float>
    {
        sum + (head - tail)
    }
}

extension UInt32: RunningSumScalar {
    @inline(__always) static func added(_ a: SIMD16<UInt32>, _ b: SIMD16<UInt32>) -> SIMD16<UInt32> { a &+ b }
    @inline(__always) static func slid(
        _ sum: SIMD16<UInt32>, adding head: SIMD16<UInt32>, removing tail: SIMD16<UInt32>
    ) -> SIMD16<UInt32> {
        sum &+ (head &- tail)
    }
}

/// Two running sums side by side (eight lines × four channels as two 16-lane vectors, or two
/// image rows of one pixel each), whose independent additions hide each other's latency.
/// Laid out as `low` then `high`, so a buffer of `2n` vectors is a buffer of `n` pairs.
struct LanePair<V: RunningSumValue>: RunningSumValue {
    var low: V
    var high: V

    @inline(__always) init(_ low: V, _ high: V) { (self.low, self.high) = (low, high) }

    static var emptySum: Self { LanePair(V.emptySum, V.emptySum) }
    @inline(__always) static func added(_ a: Self, _ b: Self) -> Self {
        LanePair(V.added(a.low, b.low), V.added(a.high, b.high))
    }
    @inline(__always) static func slid(_ sum: Self, adding head: Self, removing tail: Self) -> Self {
        LanePair(
            V.slid(sum.low, adding: head.low, removing: tail.low),
            V.slid(sum.high, adding: head.high, removing: tail.high))
    }
}
