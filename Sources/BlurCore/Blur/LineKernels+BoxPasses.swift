import CSeparableKernels

#if arch(x86_64) && os(Linux)
    import Synchronization
#endif

/// The box passes of the iterated box's schedules (`BoxLines`, `BoxRows`, `BoxStream`,
/// `BoxFused`), each a choice of the one running-sum loop (`RunningSum`): along lines in a
/// `[position][lane]` scratch (`boxPass`), along two rows at once (`boxPassPair`), and down rows
/// a step at a time (`sumRows`, `slideRow`, `cascadeRows`).
extension LineKernels {
    /// One box pass over eight lines side by side: `source` holds `count + 2·radius` padded
    /// positions, `positionStride` floats apart, eight pixels each; output position `p` is
    /// `scale` times the sum of source positions `p … p + 2·radius`, kept as a running sum
    /// `S(p+1) = S(p) + in(p + 2r + 1) − in(p)`. With `scale` 1 the sum is stored as it is.
    /// Lane `l` of output position `p` is stored at `out + p * outPositionStride + l * outLaneStride`.
    /// At position `restart` (`BoxPlan.restart`) the sum starts afresh.
    static func boxPass(
        _ source: UnsafePointer<Float>, positionStride: Int, radius: Int, count: Int, restart: Int? = nil,
        scale: Float, into out: UnsafeMutablePointer<Float>, outPositionStride: Int, outLaneStride: Int
    ) {
        @inline(__always) func load(_ p: Int) -> LanePair<SIMD16<Float>> {
            let at = source + p * positionStride
            return LanePair(loadScratch16(at), loadScratch16(at + 16))
        }
        let width = 2 * radius + 1
        if scale == 1 && outLaneStride == 4 {
            RunningSum.run(width: width, count: count, restart: restart, load: load) { p, sum in
                store16(sum.low, out + p * outPositionStride)
                store16(sum.high, out + p * outPositionStride + 16)
            }
        } else if outLaneStride == 4 {
            RunningSum.run(width: width, count: count, restart: restart, load: load) { p, sum in
                store16(sum.low * scale, out + p * outPositionStride)
                store16(sum.high * scale, out + p * outPositionStride + 16)
            }
        } else {
            RunningSum.run(width: width, count: count, restart: restart, load: load) { p, sum in
                storeLanes8(sum.low * scale, sum.high * scale, out + p * outPositionStride, laneStride: outLaneStride)
            }
        }
    }

    /// One box pass along two padded lines at once (scratch, `count + 2·radius` pixels each):
    /// output pixel `p` of each is `scale` times the sum of its pixels `p … p + 2·radius`, as
    /// `boxPass` computes it (the same additions in the same order); with `scale` 1 the sum is
    /// stored as it is. The two running sums are independent chains, so each hides the other's
    /// addition latency. The outputs may be image rows (any alignment).
    static func boxPassPair(
        _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>, radius: Int, count: Int, scale: Float,
        into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>
    ) {
        @inline(__always) func load(_ x: Int) -> LanePair<SIMD4<Float>> {
            LanePair(loadScratch4(first + 4 * x), loadScratch4(second + 4 * x))
        }
        if scale == 1 {
            RunningSum.run(width: 2 * radius + 1, count: count, load: load) { x, sum in
                store4(sum.low, firstOut + 4 * x)
                store4(sum.high, secondOut + 4 * x)
            }
        } else {
            RunningSum.run(width: 2 * radius + 1, count: count, load: load) { x, sum in
                store4(sum.low * scale, firstOut + 4 * x)
                store4(sum.high * scale, secondOut + 4 * x)
            }
        }
    }

    /// `boxPassPair` over lines that are not copied whole: line i is `left.i` (`radius` pixels,
    /// its padding before), then the image row `rows.i` (`count` pixels, any alignment), then
    /// `right.i` (`radius` pixels); `count` ≥ 2·radius + 2. The same additions in the same order
    /// as `boxPassPair` over the joined line, so the same pixels, without the copy of the row.
    static func boxPassPair(
        rows: (UnsafePointer<Float>, UnsafePointer<Float>), left: (UnsafePointer<Float>, UnsafePointer<Float>),
        right: (UnsafePointer<Float>, UnsafePointer<Float>), radius r: Int, count n: Int, scale: Float,
        into out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    ) {
        // Positions of the joined line: 0 ..< r in `left`, r ..< n + r in `rows`, then `right`.
        @inline(__always) func pixel(_ lines: (UnsafePointer<Float>, UnsafePointer<Float>), _ i: Int) -> LanePair<
            SIMD4<Float>
        > {
            LanePair(load4(lines.0 + 4 * i), load4(lines.1 + 4 * i))
        }
        @inline(__always) func emit(_ x: Int, _ sum: LanePair<SIMD4<Float>>) {
            store4(scale == 1 ? sum.low : sum.low * scale, out.0 + 4 * x)
            store4(scale == 1 ? sum.high : sum.high * scale, out.1 + 4 * x)
        }
        var sum = RunningSum.start(width: 2 * r + 1) { i in i < r ? pixel(left, i) : pixel(rows, i - r) }
        // Output x's head is joined-line pixel x + 2r + 1 and its tail pixel x: the head leaves
        // the row at x = n − r − 1, the tail enters it at x = r. Three loops, none of which branches.
        RunningSum.slide(&sum, over: 0..<r, head: { pixel(rows, $0 + r + 1) }, tail: { pixel(left, $0) }, emit: emit)
        RunningSum.slide(
            &sum, over: r..<(n - r - 1), head: { pixel(rows, $0 + r + 1) }, tail: { pixel(rows, $0 - r) }, emit: emit)
        RunningSum.slide(
            &sum, over: (n - r - 1)..<(n - 1), head: { pixel(right, $0 + r + 1 - n) }, tail: { pixel(rows, $0 - r) },
            emit: emit)
        emit(n - 1, sum)
    }

    /// Copies lanes `0..<validLanes` of `count` positions of a `[position][lane]` buffer to
    /// `out + p * outPositionStride + l * outLaneStride`.
    static func scatter(
        _ buffer: UnsafePointer<Float>, lanes: Int, validLanes: Int, count: Int,
        into out: UnsafeMutablePointer<Float>, outPositionStride: Int, outLaneStride: Int
    ) {
        for l in 0..<validLanes {
            var input = buffer + 4 * l, output = out + l * outLaneStride
            for _ in 0..<count {
                store4(loadScratch4(input), output)
                input += 4 * lanes
                output += outPositionStride
            }
        }
    }

    // MARK: - Row streams (vertical box passes, rows inner)

    /// `acc = Σₖ rows[k]` over `rowCount` rows of `count` pixels, added in order of k.
    static func sumRows(
        _ rows: UnsafePointer<UnsafePointer<Float>>, rowCount: Int, into acc: UnsafeMutablePointer<Float>, count: Int
    ) {
        var x = 0
        while x + 4 <= count {
            var a = SIMD16<Float>()
            for k in 0..<rowCount { a += loadScratch16(rows[k] + 4 * x) }
            store16(a, acc + 4 * x)
            x += 4
        }
        while x < count {
            var a = SIMD4<Float>()
            for k in 0..<rowCount { a += loadScratch4(rows[k] + 4 * x) }
            store4(a, acc + 4 * x)
            x += 1
        }
    }

    /// One step of a running sum down rows: `acc += head − tail`, then `out = acc · scale`
    /// (`out = acc` when `scale` is 1), over `count` pixels. With `streaming` (and a 16-byte
    /// aligned `out`), a scaled `out` is written with non-temporal stores (`storeStreaming`).
    static func slideRow(
        _ acc: UnsafeMutablePointer<Float>, adding head: UnsafePointer<Float>, removing tail: UnsafePointer<Float>,
        scale: Float, into out: UnsafeMutablePointer<Float>, count: Int, streaming: Bool = false
    ) {
        var x = 0
        if streaming && scale != 1 {
            while x + 4 <= count {
                let a = SIMD16.slid(
                    loadScratch16(acc + 4 * x), adding: loadScratch16(head + 4 * x),
                    removing: loadScratch16(tail + 4 * x))
                store16(a, acc + 4 * x)
                storeStreaming(a * scale, out + 4 * x)
                x += 4
            }
        }
        if scale == 1 {
            while x + 4 <= count {
                let a = SIMD16.slid(
                    loadScratch16(acc + 4 * x), adding: loadScratch16(head + 4 * x),
                    removing: loadScratch16(tail + 4 * x))
                store16(a, acc + 4 * x)
                store16(a, out + 4 * x)
                x += 4
            }
        }
        while x + 4 <= count {
            let a = SIMD16.slid(
                loadScratch16(acc + 4 * x), adding: loadScratch16(head + 4 * x), removing: loadScratch16(tail + 4 * x))
            store16(a, acc + 4 * x)
            store16(a * scale, out + 4 * x)
            x += 4
        }
        while x < count {
            let a = SIMD4.slid(
                loadScratch4(acc + 4 * x), adding: loadScratch4(head + 4 * x), removing: loadScratch4(tail + 4 * x))
            store4(a, acc + 4 * x)
            store4(a * scale, out + 4 * x)
            x += 1
        }
    }

    /// Three cascaded running sums down `rowCount` rows, all in registers: the steps three
    /// `slideRow` calls make for passes 0, 1 and 2 (or, with `alpha`, three `extendedRow` calls),
    /// in the order a row-by-row stream makes them, with identical arithmetic, over `count` pixels.
    ///
    /// `rows` holds eight pointers a row, in this order: the input row; ring 0's slot for it,
    /// which gets a copy of it when `copying` (else the input row is that slot); ring 0's tail
    /// row; ring 1's slot that pass 0 writes; ring 1's tail row; ring 2's slot that pass 1
    /// writes; ring 2's tail row; the output row, which gets pass 2's output times `scale` (with
    /// non-temporal stores when `streaming`; it must then be 16-byte aligned). `sums` holds the
    /// three running sums (scratch), read before the first row and written back after the last.
    /// A pass's output is its sum, or with `alpha` the extended box's `sum + α · tail − (1 − α) ·
    /// input` (`extendedRow`).
    ///
    /// A box's passes 0 and 1 output their sums, so their sums before the first row are also
    /// `previous`, the two rows they wrote last (in rings 1 and 2). The AVX2 loop reads those
    /// instead and leaves `sums[0]` and `sums[1]` stale: two stores a step fewer, 0.95–0.98× the
    /// time of the whole blur (docs/performance.md). The caller copies them from the rings before
    /// it slides those sums row by row again (`BoxStream.takeSums`).
    ///
    /// Four pixels at a time (twelve SSE registers of sums; two pixels for the extended box, whose
    /// step needs more registers), all rows before the next four: a box's pixel costs six additions,
    /// one multiplication, four loads and four stores (one load and one store less without
    /// `copying`), where three `slideRow` calls also load and store each sum and load the rows
    /// the previous pass just wrote. Where the CPU has AVX2 (`KernelVariant.usesAVX2`),
    /// `blur_avx2_cascade` makes the same steps, four pixels in two AVX2 registers (a cache
    /// line of each row a step; two pixels a step measured slower than the Swift loop), and the
    /// whole blur took 0.94–0.96× the time for the box and 0.67–0.76× for the extended box, whose
    /// steps down the columns were three `extendedRow` calls a row before (docs/performance.md,
    /// "The box family's passes down the columns in AVX2").
    static func cascadeRows(
        _ rows: UnsafePointer<UnsafeMutablePointer<Float>>, rowCount: Int, sums: [UnsafeMutablePointer<Float>],
        previous: (UnsafePointer<Float>, UnsafePointer<Float>), alpha: Float? = nil, scale: Float, count: Int,
        copying: Bool, streaming: Bool
    ) {
        if KernelVariant.usesAVX2 {
            let ends = alpha.map(CascadeEnds.init)
            var c = BlurCascade(
                rows: UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafeMutablePointer<Float>?.self),
                sums: (sums[0], sums[1], sums[2]), previous: previous, floats: 4 * count,
                row_count: Int32(rowCount), copying: copying ? 1 : 0, streaming: streaming ? 1 : 0,
                extended: ends == nil ? 0 : 1, alpha: ends?.alpha ?? 0, beta: ends?.beta ?? 0, scale: scale)
            blur_avx2_cascade(&c)
        } else if let alpha {
            cascadeRows(
                rows, rowCount: rowCount, sums: sums, ends: CascadeEnds(alpha: alpha), scale: scale, count: count,
                copying: copying, streaming: streaming)
        } else {
            cascadeRows(
                rows, rowCount: rowCount, sums: sums, ends: BoxEnds(), scale: scale, count: count, copying: copying,
                streaming: streaming)
        }
    }

    /// `cascadeRows` for the passes' shape: specialised for each.
    private static func cascadeRows<Ends: PassEnds>(
        _ rows: UnsafePointer<UnsafeMutablePointer<Float>>, rowCount: Int, sums: [UnsafeMutablePointer<Float>],
        ends: Ends, scale: Float, count: Int, copying: Bool, streaming: Bool
    ) {
        let floats = 4 * count
        if rowCount == 1 {
            // One row: its pointers once, the sums through memory.
            let row = CascadeRow(rows)
            var x = 0
            while x + Ends.Vector.scalarCount <= floats {
                cascadeColumn(
                    row, sums: sums, ends: ends, scale: scale, at: x, as: Ends.Vector.self, copying: copying,
                    streaming: streaming)
                x += Ends.Vector.scalarCount
            }
            while x < floats {
                cascadeColumn(
                    row, sums: sums, ends: ends, scale: scale, at: x, as: SIMD4<Float>.self, copying: copying,
                    streaming: streaming)
                x += 4
            }
            return
        }
        var x = 0
        while x + Ends.Vector.scalarCount <= floats {
            cascadeColumn(
                rows, rowCount: rowCount, sums: sums, ends: ends, scale: scale, at: x, as: Ends.Vector.self,
                copying: copying, streaming: streaming)
            x += Ends.Vector.scalarCount
        }
        while x < floats {
            cascadeColumn(
                rows, rowCount: rowCount, sums: sums, ends: ends, scale: scale, at: x, as: SIMD4<Float>.self,
                copying: copying, streaming: streaming)
            x += 4
        }
    }

    /// A pass's output from its running sum down rows and the rows leaving and entering it.
    protocol PassEnds {
        /// The registers `cascadeRows` steps the three passes in: as many pixels as keep its
        /// sums and the step's values in the 16 SSE registers of the baseline build.
        associatedtype Vector: SIMD, RunningSumValue where Vector.Scalar == Float
        func output<V: SIMD>(_ sum: V, tail: V, newest: V) -> V where V.Scalar == Float
    }

    /// A box's output: its sum.
    struct BoxEnds: PassEnds {
        typealias Vector = SIMD16<Float>
        @inline(__always)
        func output<V: SIMD>(_ sum: V, tail: V, newest: V) -> V where V.Scalar == Float { sum }
    }

    /// The extended box's weights of a pass's two end rows (`extendedRow`): α for the tail,
    /// 1 − α taken off the newest row, which the running sum holds whole.
    struct CascadeEnds: PassEnds {
        typealias Vector = SIMD8<Float>
        let alpha: Float
        let beta: Float

        init(alpha: Float) {
            self.alpha = alpha
            beta = 1 - alpha
        }

        /// A pass's output from its sum and its two end rows.
        @inline(__always)
        func output<V: SIMD>(_ sum: V, tail: V, newest: V) -> V where V.Scalar == Float {
            sum + alpha * tail - beta * newest
        }
    }

    /// The eight row pointers of one row of a `cascadeRows` block, in its order.
    private struct CascadeRow {
        let input, copy, tail0, slot1, tail1, slot2, tail2, out: UnsafeMutablePointer<Float>

        @inline(__always)
        init(_ p: UnsafePointer<UnsafeMutablePointer<Float>>) {
            (input, copy, tail0, slot1, tail1, slot2, tail2, out) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
        }
    }

    /// `cascadeRows` for the `V.scalarCount / 4` pixels from float `x` on, in registers of type `V`.
    @inline(__always)
    private static func cascadeColumn<V: SIMD, Ends: PassEnds>(
        _ rows: UnsafePointer<UnsafeMutablePointer<Float>>, rowCount: Int, sums: [UnsafeMutablePointer<Float>],
        ends: Ends, scale: Float, at x: Int, as _: V.Type, copying: Bool, streaming: Bool
    ) where V.Scalar == Float, V: RunningSumValue {
        let s0 = sums[0] + x, s1 = sums[1] + x, s2 = sums[2] + x
        var a: V = loadAligned(s0), b: V = loadAligned(s1), c: V = loadAligned(s2)
        var row = rows
        for _ in 0..<rowCount {
            cascadeStep(
                CascadeRow(row), at: x, &a, &b, &c, ends: ends, scale: scale, copying: copying, streaming: streaming)
            row += 8
        }
        storeVector(a, s0)
        storeVector(b, s1)
        storeVector(c, s2)
    }

    /// `cascadeColumn` for a single row whose pointers are already at hand.
    @inline(__always)
    private static func cascadeColumn<V: SIMD, Ends: PassEnds>(
        _ row: CascadeRow, sums: [UnsafeMutablePointer<Float>], ends: Ends, scale: Float, at x: Int,
        as _: V.Type, copying: Bool, streaming: Bool
    ) where V.Scalar == Float, V: RunningSumValue {
        let s0 = sums[0] + x, s1 = sums[1] + x, s2 = sums[2] + x
        var a: V = loadAligned(s0), b: V = loadAligned(s1), c: V = loadAligned(s2)
        cascadeStep(row, at: x, &a, &b, &c, ends: ends, scale: scale, copying: copying, streaming: streaming)
        storeVector(a, s0)
        storeVector(b, s1)
        storeVector(c, s2)
    }

    /// One row of the three running sums `a`, `b`, `c` at float `x` (see `cascadeRows`).
    @inline(__always)
    private static func cascadeStep<V: SIMD, Ends: PassEnds>(
        _ row: CascadeRow, at x: Int, _ a: inout V, _ b: inout V, _ c: inout V, ends: Ends, scale: Float,
        copying: Bool, streaming: Bool
    ) where V.Scalar == Float, V: RunningSumValue {
        // Scratch (sums, rings) is 16-byte aligned; the image rows need not be.
        let input: V = UnsafeRawPointer(row.input + x).loadUnaligned(as: V.self)
        if copying { storeVector(input, row.copy + x) }
        let tail0: V = loadAligned(row.tail0 + x)
        a = V.slid(a, adding: input, removing: tail0)
        let out0 = ends.output(a, tail: tail0, newest: input)
        storeVector(out0, row.slot1 + x)
        let tail1: V = loadAligned(row.tail1 + x)
        b = V.slid(b, adding: out0, removing: tail1)
        let out1 = ends.output(b, tail: tail1, newest: out0)
        storeVector(out1, row.slot2 + x)
        let tail2: V = loadAligned(row.tail2 + x)
        c = V.slid(c, adding: out1, removing: tail2)
        let out2 = ends.output(c, tail: tail2, newest: out1) * scale
        if streaming { storeStreaming(out2, row.out + x) } else { storeVector(out2, row.out + x) }
    }

    /// Orders the non-temporal stores made so far (`storeStreaming`) before any later store,
    /// so that whoever reads the image next sees them.
    static func streamingFence() {
        #if arch(x86_64) && os(Linux)
            atomicMemoryFence(ordering: .sequentiallyConsistent)
        #endif
    }

    /// `out = acc · scale` over `count` pixels.
    static func scaleRow(_ acc: UnsafePointer<Float>, scale: Float, into out: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<(4 * count) { out[i] = acc[i] * scale }
    }
}
