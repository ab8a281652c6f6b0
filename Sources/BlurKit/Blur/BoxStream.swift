/// The vertical box passes of a plan, streamed down a strip of columns with every pass
/// pipelined (see `IteratedBox`).
///
/// Why this path is kept beside blocked columns (issue 15): `bench/box_schedules.py`, one
/// thread, four interleaved rounds on a loaded 2-core machine — streamed took 0.67–0.79 of the
/// blocked time at σ = 2 and 5 on 1024² and 2048² (21–33 % less), about the same at σ = 10–25.
/// Blocked columns remain for wrap and for columns shorter than 2rᵢ+2, which cannot stream.
///
/// Pass i keeps its input rows in a ring of at least 2rᵢ+2 rows, and a running-sum row. When it
/// has received input row t it can emit output row t − rᵢ, which goes straight into the ring of
/// pass i+1 (or, for the last pass, into the image). Padding rows are read from the ring:
/// for zero, clamp, reflect and mirror, and 2rᵢ+2 ≤ height, the rows they map to are the first
/// rᵢ+1 or the last rᵢ+1 rows, still in the ring when needed. The sums are added in the same
/// order as `boxLines`, so both give identical results.
struct BoxStream {
    let plan: BoxPlan
    let capacity: Int
    let rings: [UnsafeMutablePointer<Float>]
    /// Ring size − 1 of each pass.
    let masks: [Int]
    let sums: [UnsafeMutablePointer<Float>]
    let zero: UnsafeMutablePointer<Float>
    let window: UnsafeMutablePointer<UnsafePointer<Float>>

    /// Scratch for strips of up to `capacity` columns, where up to `lookahead` input rows may be
    /// written (`inputRow`) before the first of them is `received`.
    init(plan: BoxPlan, capacity: Int, lookahead: Int = 1) {
        self.plan = plan
        self.capacity = capacity
        let slots = plan.radii.indices.map { BoxStream.slots(plan.radii[$0], lookahead: $0 == 0 ? lookahead : 1) }
        rings = slots.map { PixelMemory.scratch($0 * 4 * capacity) }
        masks = slots.map { $0 - 1 }
        sums = plan.radii.map { _ in PixelMemory.scratch(4 * capacity) }
        zero = PixelMemory.scratch(4 * capacity)
        window = .allocate(capacity: 2 * (plan.radii.max() ?? 0) + 1)
    }

    func deallocate() {
        for p in rings + sums { p.deallocate() }
        zero.deallocate()
        window.deallocate()
    }

    /// Runs all passes down `columns` of the image, in place.
    func run(_ pixels: UnsafeMutablePointer<Float>, width: Int, columns: Range<Int>) {
        let strip = Strip(pixels: pixels, width: width, columns: columns)
        for t in 0..<plan.count {
            inputRow(t, strip).update(from: strip.row(t), count: strip.floats)
            received(t, strip)
        }
        finish(strip)
    }

    /// The image and the columns a run works on; the last pass writes its rows there.
    struct Strip {
        let pixels: UnsafeMutablePointer<Float>
        let width: Int
        let columns: Range<Int>

        /// Floats in one row of the strip.
        var floats: Int { 4 * columns.count }

        /// Row `y` of the strip in the image.
        func row(_ y: Int) -> UnsafeMutablePointer<Float> { pixels + 4 * (y * width + columns.lowerBound) }
    }

    /// Where input row `t` of the first pass goes; rows arrive in order, and each is
    /// `received` at most `lookahead` rows after it was written.
    func inputRow(_ t: Int, _ strip: Strip) -> UnsafeMutablePointer<Float> { slot(0, t, strip.floats) }

    /// The first pass has its input row `t`.
    func received(_ t: Int, _ strip: Strip) { receive(0, t, strip) }

    /// Emits the last rows of every pass, once all input rows are received.
    func finish(_ strip: Strip) {
        for pass in plan.radii.indices {
            for y in (plan.count - plan.radii[pass])..<plan.count {
                emit(pass, y, strip)
                receive(pass + 1, y, strip)
            }
        }
    }

    /// Rows in the ring of a pass of radius r whose input rows may be written `lookahead` rows
    /// ahead: a power of two (so a slot is a bit mask away) of at least 2r + 1 + lookahead.
    static func slots(_ r: Int, lookahead: Int = 1) -> Int {
        var n = 1
        while n < 2 * r + 1 + lookahead { n *= 2 }
        return n
    }

    /// Rows kept in cache by the passes of `plan`, for choosing the strip width.
    static func rowsInCache(_ plan: BoxPlan, lookahead: Int = 1) -> Int {
        plan.radii.indices.reduce(1) { $0 + slots(plan.radii[$1], lookahead: $1 == 0 ? lookahead : 1) + 1 }
    }

    /// Ring slot of input row `t` (0 ≤ t < height) of pass `pass`.
    private func slot(_ pass: Int, _ t: Int, _ floats: Int) -> UnsafeMutablePointer<Float> {
        rings[pass] + (t & masks[pass]) * floats
    }

    /// Input row `j` (−r ≤ j < height + r) of pass `pass`, through the edge mode.
    private func row(_ pass: Int, _ j: Int, _ floats: Int) -> UnsafePointer<Float> {
        if j >= 0 && j < plan.count { return UnsafePointer(slot(pass, j, floats)) }
        let source = plan.maps[pass][j + plan.radii[pass]]
        return UnsafePointer(source < 0 ? zero : slot(pass, source, floats))
    }

    /// Pass `pass` has just received input row `t`: from row r on, it emits a row, which the
    /// next pass receives in turn — a loop down the passes (at most N steps), not a recursion.
    private func receive(_ firstPass: Int, _ firstRow: Int, _ strip: Strip) {
        var pass = firstPass, t = firstRow
        while pass < plan.radii.count {
            let r = plan.radii[pass]
            if t < r { return }
            if t == r {
                for k in 0...(2 * r) { window[k] = row(pass, k - r, strip.floats) }
                LineKernels.sumRows(window, rowCount: 2 * r + 1, into: sums[pass], count: strip.columns.count)
            }
            emit(pass, t - r, strip)
            t -= r
            pass += 1
        }
    }

    /// Advances the running sum of pass `pass` to output row `y` (row 0 is the initial sum)
    /// and writes the row: into the ring of the next pass, or into the image after the last.
    private func emit(_ pass: Int, _ y: Int, _ strip: Strip) {
        let r = plan.radii[pass], last = pass == plan.radii.count - 1
        let out = last ? strip.row(y) : slot(pass + 1, y, strip.floats)
        if y == 0 {
            LineKernels.scaleRow(sums[pass], scale: plan.scale(pass), into: out, count: strip.columns.count)
        } else {
            let head = row(pass, y + r, strip.floats), tail = row(pass, y - r - 1, strip.floats)
            LineKernels.slideRow(sums[pass], adding: head, removing: tail, scale: plan.scale(pass),
                                 into: out, count: strip.columns.count)
        }
    }
}
