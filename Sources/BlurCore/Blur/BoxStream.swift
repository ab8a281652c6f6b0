/// The vertical box passes of a plan, streamed down a strip of columns with every pass
/// pipelined (see `IteratedBox`).
///
/// Why this path is kept beside blocked columns: it measured faster on large images
/// (docs/performance.md, "Iterated box: streamed against blocked columns"); it is the vertical
/// half of every multi-threaded run and of one-thread runs whose full-width rings would not fit
/// `boxFusedCacheBytes`. Blocked columns remain for wrap and for columns shorter than 2rᵢ+2,
/// which cannot stream.
///
/// Pass i keeps its input rows in a ring of at least 2eᵢ+2 rows (eᵢ below), and a running-sum
/// row. When it has received input row t it can emit output row t − eᵢ, which goes straight into the ring of
/// pass i+1 (or, for the last pass, into the image). Padding rows are read from the ring:
/// for zero, clamp, reflect and mirror, and 2eᵢ+2 ≤ height (eᵢ = `BoxPlan.reach`: rᵢ, or rᵢ + 1
/// for an extended box), the rows they map to are the first eᵢ+1 or the last eᵢ+1 rows, still
/// in the ring when needed. The sums are added in the same
/// order as `boxLines`, so both give identical results.
///
/// Where the plan has a `seam`, each pass's sums start afresh at its `BoxPlan.restart` row, as
/// at row 0; a stream `startingAtSeam` begins there (its first input row is the first pass's
/// restart row less its reach) and gives the same rows from the seam on as a whole column.
struct BoxStream {
    let plan: BoxPlan
    let capacity: Int
    let rings: [UnsafeMutablePointer<Float>]
    /// Rows in the ring of each pass.
    let ringRows: [Int]
    let sums: [UnsafeMutablePointer<Float>]
    /// A triangle's pass keeps its last r + 2 rows of P in a ring of its own (`partialRow`).
    let partialRings: [UnsafeMutablePointer<Float>]
    let zero: UnsafeMutablePointer<Float>
    let window: UnsafeMutablePointer<UnsafePointer<Float>>
    /// Floats from one ring row to the next: a strip of `capacity` pixels and one more cache
    /// line, so that the rows a column walks down do not all fall in one set of the L1 cache.
    let rowFloats: Int
    /// The first input row from which every pass slides (none starts its sums), where `cascade`
    /// takes over from the row-by-row steps (three passes of a box or an extended box only), else
    /// `Int.max`.
    let steadyRow: Int
    /// Eight row pointers for each row of a `cascade` block.
    let table: UnsafeMutablePointer<UnsafeMutablePointer<Float>>

    /// Whether the last pass writes its rows with non-temporal stores (`LineKernels.slideRow`).
    let streamsOutput: Bool
    /// Whether the passes begin at their restart rows (the lower band of `boxFused`), not at row 0.
    let startsAtSeam: Bool
    /// The input rows at which the passes start their sums afresh (`BoxPlan.restartInput`), if any.
    let restartInputs: [Int]
    /// Input rows of the first pass kept outside ring 0, each in a row of its own from `base`
    /// on (`rowFloats` apart): the rows on both sides of the seam, which both bands of
    /// `boxFused` read.
    let sharedRows: (rows: Range<Int>, base: UnsafeMutablePointer<Float>)?

    /// Scratch for strips of up to `capacity` columns, where up to `lookahead` input rows may be
    /// written (`inputRow`) before the first of them is `received`. With `streamsOutput` the
    /// image rows the last pass writes must be 16-byte aligned, and the caller ends with
    /// `LineKernels.streamingFence()`.
    init(
        plan: BoxPlan, capacity: Int, lookahead: Int = 1, streamsOutput: Bool = false, startingAtSeam: Bool = false,
        sharedRows: (rows: Range<Int>, base: UnsafeMutablePointer<Float>)? = nil
    ) {
        precondition(!startingAtSeam || plan.seam != nil, "a stream can start at the seam only of a plan with one")
        self.plan = plan
        self.capacity = capacity
        self.streamsOutput = streamsOutput
        startsAtSeam = startingAtSeam
        self.sharedRows = sharedRows
        restartInputs = plan.seam == nil ? [] : plan.radii.indices.map { plan.restartInput($0)! }
        let slots = plan.radii.indices.map { BoxStream.slots(plan.reach($0), lookahead: $0 == 0 ? lookahead : 1) }
        let rowFloats = BoxStream.ringRowFloats(capacity: capacity)
        self.rowFloats = rowFloats
        rings = slots.map { PixelMemory.unzeroedScratch($0 * rowFloats) }
        ringRows = slots
        // A triangle's pass keeps two running sums: T, then (after every pass's T) P.
        sums = (0..<(plan.shape == .triangle ? 2 : 1) * plan.radii.count).map { _ in PixelMemory.scratch(4 * capacity) }
        partialRings =
            plan.shape == .triangle ? plan.radii.map { PixelMemory.scratch(($0 + 2) * rowFloats) } : []
        zero = PixelMemory.scratch(4 * capacity)
        window = .allocate(capacity: 2 * (plan.radii.max() ?? 0) + 2)
        let r = plan.radii
        steadyRow = r.count == 3 && plan.shape != .triangle ? plan.totalReach + 1 : Int.max
        table = .allocate(capacity: 8 * BoxStream.blockRows)
    }

    func deallocate() {
        for p in rings + sums + partialRings { p.deallocate() }
        zero.deallocate()
        window.deallocate()
        table.deallocate()
    }

    /// Rows per `cascade` block: the sums are loaded and stored once a block.
    static let blockRows = 16

    /// Runs all passes down `columns` of the image, in place.
    func run(_ pixels: UnsafeMutablePointer<Float>, width: Int, columns: Range<Int>) {
        let strip = Strip(pixels: pixels, width: width, columns: columns)
        var t = 0
        while t < plan.count {
            if steady(t) {
                var rows = 1
                while rows < BoxStream.blockRows && t + rows < plan.count && steady(t + rows) { rows += 1 }
                cascade(t, rows: rows, strip, copying: true)
                t += rows
            } else {
                inputRow(t, strip).update(from: strip.row(t), count: strip.floats)
                received(t, strip)
                t += 1
            }
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
    func inputRow(_ t: Int, _ strip: Strip) -> UnsafeMutablePointer<Float> { slot(0, t) }

    /// The first pass has its input row `t`.
    func received(_ t: Int, _ strip: Strip) { receive(0, t, strip) }

    /// The first pass has its input row `t` (written with `inputRow`) of a full-width strip: from
    /// `steadyRow` on, through `cascade`, one row at a time — over a full-width row, blocks of
    /// rows would walk each column chunk through rows 32 KiB apart, while one row keeps every
    /// stream sequential and still saves `slideRow`'s reloading of the rows each pass just wrote
    /// (docs/performance.md, "Iterated box: full-width rows").
    func receivedFullWidth(_ t: Int, _ strip: Strip) {
        if steady(t) {
            cascade(t, rows: 1, strip, copying: false)
        } else {
            receive(0, t, strip)
        }
    }

    /// Whether every pass slides at input row `t` (from `steadyRow` on), none starting its sums.
    private func steady(_ t: Int) -> Bool {
        guard t >= steadyRow, let last = restartInputs.last else { return t >= steadyRow }
        return startsAtSeam ? t > last : !restartInputs.contains(t)
    }

    /// The first output row of pass `pass`: 0, or its restart row in a stream `startsAtSeam`.
    private func firstRow(_ pass: Int) -> Int { startsAtSeam ? plan.restart(pass)! : 0 }

    /// Whether output row `y` of pass `pass` starts its sums afresh: row 0 or its restart row.
    private func starts(_ pass: Int, _ y: Int) -> Bool { y == 0 || y == plan.restart(pass) }

    /// Input rows `first ..< first + rows` (at most `blockRows`, from `steadyRow` on) through all
    /// three passes at once (`LineKernels.cascadeRows`): the same steps as `receive`, in the
    /// same order for each pixel, the rows before the first and after the last through the edge
    /// mode (`row`), as `emit` reads them. With `copying` the rows are read from the image into
    /// ring 0; else they are there already, or (from `plan.count` on, in `finish`) padding.
    private func cascade(_ first: Int, rows: Int, _ strip: Strip, copying: Bool) {
        let e0 = plan.reach(0), e1 = plan.reach(1), e2 = plan.reach(2)
        let w0 = windowRows(0), w1 = windowRows(1), w2 = windowRows(2)
        func row(_ pass: Int, _ j: Int) -> UnsafeMutablePointer<Float> { .init(mutating: self.row(pass, j)) }
        var p = table
        for u in first..<(first + rows) {
            p[0] = copying ? strip.row(u) : row(0, u)
            p[1] = copying ? slot(0, u) : p[0]
            p[2] = row(0, u - w0)
            p[3] = slot(1, u - e0)
            p[4] = row(1, u - e0 - w1)
            p[5] = slot(2, u - e0 - e1)
            p[6] = row(2, u - e0 - e1 - w2)
            p[7] = strip.row(u - e0 - e1 - e2)
            p += 8
        }
        LineKernels.cascadeRows(
            table, rowCount: rows, sums: sums,
            previous: (self.row(1, first - e0 - 1), self.row(2, first - e0 - e1 - 1)),
            alpha: plan.alpha, scale: plan.finalScale, count: strip.columns.count, copying: copying,
            streaming: streamsOutput)
    }

    /// A box's passes 0 and 1's running sums after input row `u`, which `cascade` made and may
    /// have left only in rings 1 and 2 (`LineKernels.cascadeRows`): copied back into `sums`
    /// before the passes slide row by row again.
    private func takeSums(after u: Int, _ strip: Strip) {
        guard plan.shape == .box, steady(u) else { return }
        let e0 = plan.reach(0), e1 = plan.reach(1)
        sums[0].update(from: slot(1, u - e0), count: strip.floats)
        sums[1].update(from: slot(2, u - e0 - e1), count: strip.floats)
    }

    /// Emits the last rows of every pass, once all input rows are received: while every pass
    /// still slides, the first pass's last rows through all three at once (`cascade`, one row at
    /// a time over a full-width strip, as `receivedFullWidth`), then pass by pass.
    func finish(_ strip: Strip) {
        var firstPass = 0
        let end = plan.count + plan.reach(0)
        if steadyRow != Int.max && (plan.count..<end).allSatisfy(steady) {
            let block = strip.columns.count == strip.width ? 1 : BoxStream.blockRows
            for u in stride(from: plan.count, to: end, by: block) {
                cascade(u, rows: min(block, end - u), strip, copying: false)
            }
            firstPass = 1
        }
        takeSums(after: firstPass == 1 ? end - 1 : plan.count - 1, strip)
        for pass in firstPass..<plan.radii.count {
            for y in (plan.count - plan.reach(pass))..<plan.count {
                emit(pass, y, strip)
                receive(pass + 1, y, strip)
            }
        }
    }

    /// Rows in the ring of a pass of reach r (`BoxPlan.reach`) whose input rows may be written
    /// `lookahead` rows ahead: exactly 2r + 1 + lookahead, the rows one step reads plus those
    /// written ahead (an extended box's step reads one row fewer than that: 2r).
    /// Not rounded up to a power of two: a bit mask instead of a remainder saves little, and
    /// larger rings sit further out of the caches (docs/performance.md).
    static func slots(_ r: Int, lookahead: Int = 1) -> Int {
        2 * r + 1 + lookahead
    }

    /// The width of the strips `IteratedBox` streams its columns in. For three passes
    /// (`cascade`), 64 pixels: a block of rows then reads each image row as a run of 1 KiB, and
    /// the rings take 20–200 KiB (σ = 2–25), the fastest of the widths tried
    /// (docs/performance.md, "Iterated box: strip width"). Other pass counts keep the rings in
    /// half the L2 cache (`PixelMemory.stripWidth`).
    static func stripWidth(_ plan: BoxPlan, width: Int, threads: Int) -> Int {
        guard plan.radii.count == 3 else {
            return PixelMemory.stripWidth(width: width, rowsInCache: rowsInCache(plan), threads: threads)
        }
        let perThread = (width + max(threads, 1) - 1) / max(threads, 1)
        return max(1, min(64, (perThread + 3) / 4 * 4, width))
    }

    /// Rows kept in cache by the passes of `plan`, for choosing the strip width.
    static func rowsInCache(_ plan: BoxPlan, lookahead: Int = 1) -> Int {
        plan.radii.indices.reduce(1) {
            $0 + slots(plan.reach($1), lookahead: $1 == 0 ? lookahead : 1) + 1
                + (plan.shape == .triangle ? plan.radii[$1] + 3 : 0)
        }
    }

    /// Rows in the running sum of pass `pass` down the columns: 2r + 1, or for an extended box
    /// 2r + 2, from the row after its tail to the newest (`LineKernels.extendedRow`).
    private func windowRows(_ pass: Int) -> Int { 2 * plan.radii[pass] + (plan.alpha == nil ? 1 : 2) }

    /// Ring slot of input row `t` (0 ≤ t < height) of pass `pass` (or its row in `sharedRows`).
    private func slot(_ pass: Int, _ t: Int) -> UnsafeMutablePointer<Float> {
        if pass == 0, let shared = sharedRows, shared.rows.contains(t) {
            return shared.base + (t - shared.rows.lowerBound) * rowFloats
        }
        return rings[pass] + (t % ringRows[pass]) * rowFloats
    }

    /// Floats from one ring row to the next (`rowFloats`), and from one of `sharedRows`' rows to
    /// the next, for a strip of `capacity` pixels.
    static func ringRowFloats(capacity: Int) -> Int { 4 * capacity + 16 }

    /// Row P(j) (j ≥ −r − 1) of triangle pass `pass`, in its ring of r + 2 rows.
    private func partialRow(_ pass: Int, _ j: Int) -> UnsafeMutablePointer<Float> {
        let r = plan.radii[pass]
        return partialRings[pass] + ((j + r + 1) % (r + 2)) * rowFloats
    }

    /// Input row `j` (within the pass's reach of the image) of pass `pass`, through the edge mode.
    private func row(_ pass: Int, _ j: Int) -> UnsafePointer<Float> {
        if j >= 0 && j < plan.count { return UnsafePointer(slot(pass, j)) }
        let source = plan.maps[pass][j + plan.reach(pass)]
        return UnsafePointer(source < 0 ? zero : slot(pass, source))
    }

    /// Pass `pass` has just received input row `t`: from row `reach` on (from its restart row's in a
    /// stream `startsAtSeam`), it emits a row, which the next pass receives in turn — a loop down
    /// the passes (at most N steps), not a recursion.
    private func receive(_ firstPass: Int, _ inputRow: Int, _ strip: Strip) {
        if firstPass == 0 { takeSums(after: inputRow - 1, strip) }
        var pass = firstPass, t = inputRow
        while pass < plan.radii.count {
            let r = plan.radii[pass], reach = plan.reach(pass)
            if t - reach < firstRow(pass) { return }
            if starts(pass, t - reach) && plan.shape != .triangle {
                for k in 0..<windowRows(pass) { window[k] = row(pass, t - reach + k - r) }
                LineKernels.sumRows(window, rowCount: windowRows(pass), into: sums[pass], count: strip.columns.count)
            }
            emit(pass, t - reach, strip)
            t -= reach
            pass += 1
        }
    }

    /// Advances the running sum of pass `pass` to output row `y` (row 0 is the initial sum)
    /// and writes the row: into the ring of the next pass, or into the image after the last.
    private func emit(_ pass: Int, _ y: Int, _ strip: Strip) {
        let r = plan.radii[pass], last = pass == plan.radii.count - 1
        let out = last ? strip.row(y) : slot(pass + 1, y)
        if plan.shape == .triangle {
            let count = strip.columns.count, t = sums[pass], p = sums[plan.radii.count + pass]
            if starts(pass, y) {
                for k in 0...(2 * r + 1) { window[k] = row(pass, y + k - r - 1) }
                withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>.self, capacity: r + 2) { partials in
                    for j in -(r + 1)...0 { partials[j + r + 1] = partialRow(pass, y + j) }
                    LineKernels.triangleStart(
                        window, partials: partials.baseAddress!, radius: r, p: p, t: t,
                        scale: plan.scale(pass), into: out, count: count)
                }
            } else {
                LineKernels.triangleRow(
                    p: p, t: t, entering: row(pass, y + r), leaving: row(pass, y - 1), partial: partialRow(pass, y),
                    oldPartial: partialRow(pass, y - r - 1), scale: plan.scale(pass), into: out, count: count,
                    streaming: last && streamsOutput)
            }
            return
        }
        if let alpha = plan.alpha {
            LineKernels.extendedRow(
                sums[pass], adding: row(pass, y + r + 1), removing: row(pass, y - r - 1), first: starts(pass, y),
                alpha: alpha, scale: plan.scale(pass), into: out, count: strip.columns.count,
                streaming: last && streamsOutput)
            return
        }
        if starts(pass, y) {
            LineKernels.scaleRow(sums[pass], scale: plan.scale(pass), into: out, count: strip.columns.count)
        } else {
            let head = row(pass, y + r), tail = row(pass, y - r - 1)
            LineKernels.slideRow(
                sums[pass], adding: head, removing: tail, scale: plan.scale(pass),
                into: out, count: strip.columns.count, streaming: last && streamsOutput)
        }
    }
}
