import CSeparableKernels

/// Eight lines of an image side by side in padded scratch: the frame the one-dimensional
/// methods (Deriche, Young–van Vliet, linear taps; the extended box and stack blur on 8-bit
/// levels, and in Float32 where their columns cannot be streamed) run their line filters in,
/// rows first, then columns.
///
/// Position `p` of the scratch holds pixel `p − before` of eight lines (eight rows, or eight
/// columns), RGBA each: 32 floats, two `SIMD16<Float>` (lanes 0–3, then 4–7), so one line
/// filter step advances eight independent lines at once. Positions outside
/// `before..<before + count` are the padding the edge mode gives (`EdgeMode.sourceIndex`), so a
/// filter's inner loop never tests the border. Lanes past the image's last row or column hold
/// zeros and are not written back. Every lane runs the same arithmetic, so the result does not
/// depend on which group or thread computed a line.
struct LaneLines {
    /// Lines per group.
    static let lanes = 8

    /// How many positions ahead the copies of a full block of columns (`gather`, `scatter`) ask
    /// for the lines they will read or write (docs/performance.md, "Issue 38: the eight-line
    /// frame (laneframe)").
    static let prefetchDistance = 8

    /// Asks the cache for the lines of the 128 bytes from `p`: two or three lines, since the
    /// image's pixels are 16-byte aligned. Before a write too: the line is then in the cache
    /// when the store comes.
    @inline(__always)
    static func prefetch(_ p: UnsafeRawPointer) {
        blur_prefetch_line(p)
        blur_prefetch_line(p + 64)
        blur_prefetch_line(p + 127)
    }

    /// Two scratch lines the passes ping-pong between, `paddedCount` positions of two vectors.
    let a: UnsafeMutablePointer<SIMD16<Float>>
    let b: UnsafeMutablePointer<SIMD16<Float>>
    /// Padding positions before the first pixel and after the last.
    let before: Int
    let after: Int
    /// Pixels in each line.
    let count: Int
    /// Whether the lines are columns (the second direction) rather than rows.
    let alongColumns: Bool
    /// The source index of every padded position, or −1 for a zero (`EdgeMode.paddedSourceIndices`).
    let map: [Int]

    /// Positions in each scratch line.
    var paddedCount: Int { before + count + after }

    init(count: Int, before: Int, after: Int, edges: EdgeMode, alongColumns: Bool = false) {
        self.count = count
        self.alongColumns = alongColumns
        self.before = before
        self.after = after
        map = edges.paddedSourceIndices(count: count, before: before, after: after)
        let n = 2 * (before + count + after)
        a = .allocate(capacity: n)
        a.initialize(repeating: SIMD16(), count: n)
        b = .allocate(capacity: n)
        b.initialize(repeating: SIMD16(), count: n)
    }

    func deallocate() {
        a.deallocate()
        b.deallocate()
    }

    /// Rewrites the padding of `line` from its own pixels, as the edge mode reads them: what a
    /// pass that applies the edge mode to its own input needs after the previous pass, and what
    /// `gather` does once the pixels are in. Each padding position is one 128-byte copy of the
    /// position it mirrors (or zeros).
    func refillPadding(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        map.withUnsafeBufferPointer { map in
            func fill(_ p: Int) {
                let s = map[p]
                if s < 0 {
                    line[2 * p] = SIMD16()
                    line[2 * p + 1] = SIMD16()
                } else {
                    line[2 * p] = line[2 * (s + before)]
                    line[2 * p + 1] = line[2 * (s + before) + 1]
                }
            }
            for p in 0..<before { fill(p) }
            for p in (before + count)..<paddedCount { fill(p) }
        }
    }

    /// Runs a line filter over every row, then every column, of `image`, in place.
    ///
    /// - Parameters:
    ///   - before, after: the padding each line gets on either side.
    ///   - filter: filters the eight padded lines in `a` (padding filled) and returns the
    ///     buffer (`a` or `b`) that holds the result at positions `before..<before + count`.
    ///   - inPlace: when given and there is no padding, filters eight whole lines of the image
    ///     where they lie, with `lines` as scratch: a group is then read and written once,
    ///     without the copies in and out. Its arguments: the first pixel of the first line, the
    ///     bytes from one position to the next, and from one line to the next.
    static func blur(
        _ image: inout RGBAImage, edges: EdgeMode, threads: Int, before: Int, after: Int,
        filter: @Sendable @escaping (LaneLines) -> UnsafeMutablePointer<SIMD16<Float>>,
        inPlace: (@Sendable (UnsafeMutableRawPointer, Int, Int, LaneLines) -> Void)? = nil
    ) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        PixelMemory.withPixels(of: &image) { pixels in
            nonisolated(unsafe) let pixels = pixels
            let rowGroups = (height + lanes - 1) / lanes
            Parallel.forSlices(of: rowGroups, threads: threads) { groups in
                let lines = LaneLines(count: width, before: before, after: after, edges: edges)
                defer { lines.deallocate() }
                for g in groups {
                    let y0 = g * lanes
                    let valid = min(lanes, height - y0)
                    if let inPlace, valid == lanes, before == 0, after == 0 {
                        inPlace(UnsafeMutableRawPointer(pixels + 4 * y0 * width), 16, 16 * width, lines)
                        continue
                    }
                    lines.gather(pixels + 4 * y0 * width, positionStride: 4, laneStride: 4 * width, valid: valid)
                    lines.scatter(
                        filter(lines), into: pixels + 4 * y0 * width, positionStride: 4, laneStride: 4 * width,
                        valid: valid)
                }
            }
            columns(
                pixels, width: width, height: height, edges: edges, threads: threads, before: before,
                after: after, filter: filter, inPlace: inPlace)
        }
    }

    /// The columns' half of `blur`: blocks of eight columns, each read into a frame, filtered and
    /// written back. Two frames take turns: a full block's result is written back in the sweep
    /// down the rows that reads the next block (the 128 bytes after it in each row) into the
    /// other frame, so each row is visited once a block, not twice.
    private static func columns(
        _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, edges: EdgeMode, threads: Int, before: Int,
        after: Int, filter: @Sendable @escaping (LaneLines) -> UnsafeMutablePointer<SIMD16<Float>>,
        inPlace: (@Sendable (UnsafeMutableRawPointer, Int, Int, LaneLines) -> Void)?
    ) {
        nonisolated(unsafe) let pixels = pixels
        let columnGroups = (width + lanes - 1) / lanes
        Parallel.forSlices(of: columnGroups, threads: threads) { groups in
            let frames = (0..<2).map { _ in
                LaneLines(count: height, before: before, after: after, edges: edges, alongColumns: true)
            }
            defer { for frame in frames { frame.deallocate() } }
            var pending: (result: UnsafeMutablePointer<SIMD16<Float>>, x0: Int, valid: Int)?
            var turn = 0
            for g in groups {
                let x0 = g * lanes
                let valid = min(lanes, width - x0)
                let lines = frames[turn]
                if let inPlace, valid == lanes, before == 0, after == 0 {
                    if let done = pending {
                        lines.scatter(
                            done.result, into: pixels + 4 * done.x0, positionStride: 4 * width, laneStride: 4,
                            valid: done.valid)
                        pending = nil
                    }
                    inPlace(UnsafeMutableRawPointer(pixels + 4 * x0), 16 * width, 16, lines)
                    continue
                }
                if let done = pending, done.valid == lanes, valid == lanes, done.x0 + lanes == x0 {
                    lines.gather(pixels + 4 * x0, rowFloats: 4 * width, writingBack: done.result)
                } else {
                    if let done = pending {
                        lines.scatter(
                            done.result, into: pixels + 4 * done.x0, positionStride: 4 * width, laneStride: 4,
                            valid: done.valid)
                    }
                    lines.gather(pixels + 4 * x0, positionStride: 4 * width, laneStride: 4, valid: valid)
                }
                pending = (filter(lines), x0, valid)
                turn ^= 1
            }
            if let done = pending {
                frames[0].scatter(
                    done.result, into: pixels + 4 * done.x0, positionStride: 4 * width, laneStride: 4,
                    valid: done.valid)
            }
        }
    }

    /// Writes `result` (another frame's positions `before..<before + count`) back to the block of
    /// eight columns just before `source`, and gathers the block of eight columns at `source`
    /// (rows `rowFloats` apart) into `a`, in one sweep down the rows: each row's 256 bytes are
    /// written, then read, together.
    func gather(
        _ source: UnsafeMutablePointer<Float>, rowFloats: Int, writingBack result: UnsafeMutablePointer<SIMD16<Float>>
    ) {
        var done = UnsafeRawPointer(result + 2 * before), to = UnsafeMutableRawPointer(a + 2 * before)
        var at = UnsafeMutableRawPointer(source)
        let step = 4 * rowFloats, ahead = LaneLines.prefetchDistance, reach = ahead &* step
        for i in 0..<count {
            if i &+ ahead < count {
                LaneLines.prefetch(at + reach - 128)
                LaneLines.prefetch(at + reach)
            }
            for l in 0..<LaneLines.lanes {
                at.storeBytes(
                    of: done.load(fromByteOffset: 16 * l, as: SIMD4<Float>.self), toByteOffset: 16 * l - 128,
                    as: SIMD4<Float>.self)
            }
            for l in 0..<LaneLines.lanes {
                to.storeBytes(
                    of: at.loadUnaligned(fromByteOffset: 16 * l, as: SIMD4<Float>.self), toByteOffset: 16 * l,
                    as: SIMD4<Float>.self)
            }
            done += 128
            to += 128
            at += step
        }
        refillPadding(a)
    }

    /// Copies `valid` lines (pixel `i` of line `l` at `source + i·positionStride + l·laneStride`
    /// floats) into `a`, padding included; lanes from `valid` on hold zeros.
    ///
    /// The pixels are copied a position at a time: the eight lines' pixel `i`, then the whole
    /// 128-byte position `before + i` of `a`. Rows are then eight streams read in order side by
    /// side, and a block of columns 128 contiguous bytes a position. A block of columns' positions
    /// lie a row apart, where the hardware's prefetchers do not follow, so its copy asks for the
    /// lines `prefetchDistance` positions ahead. The padding is then copied from the pixels now
    /// in `a` (`refillPadding`).
    func gather(_ source: UnsafePointer<Float>, positionStride: Int, laneStride: Int, valid: Int) {
        var from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(a + 2 * before)
        let step = 4 * positionStride, lane = 4 * laneStride
        if valid == LaneLines.lanes {
            // Rows ask for nothing (`ahead` is their length): they are read in order.
            let ahead = laneStride == 4 ? LaneLines.prefetchDistance : count, reach = ahead &* step
            for i in 0..<count {
                if i &+ ahead < count { LaneLines.prefetch(from + reach) }
                for l in 0..<LaneLines.lanes {
                    to.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: l &* lane, as: SIMD4<Float>.self),
                        toByteOffset: 16 * l, as: SIMD4<Float>.self)
                }
                from += step
                to += 128
            }
        } else {
            for _ in 0..<count {
                for l in 0..<LaneLines.lanes {
                    let value =
                        l < valid ? from.loadUnaligned(fromByteOffset: l &* lane, as: SIMD4<Float>.self) : SIMD4()
                    to.storeBytes(of: value, toByteOffset: 16 * l, as: SIMD4<Float>.self)
                }
                from += step
                to += 128
            }
        }
        refillPadding(a)
    }

    /// Writes positions `before..<before + count` of `line` back to the `valid` lines, a
    /// position at a time, as `gather` reads them; a block of columns asks for the lines it will
    /// write `prefetchDistance` positions ahead.
    func scatter(
        _ line: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<Float>,
        positionStride: Int, laneStride: Int, valid: Int
    ) {
        var from = UnsafeRawPointer(line + 2 * before), to = UnsafeMutableRawPointer(target)
        let step = 4 * positionStride, lane = 4 * laneStride
        if valid == LaneLines.lanes {
            // Rows ask for nothing (`ahead` is their length): they are written in order.
            let ahead = laneStride == 4 ? LaneLines.prefetchDistance : count, reach = ahead &* step
            for i in 0..<count {
                if i &+ ahead < count { LaneLines.prefetch(to + reach) }
                for l in 0..<LaneLines.lanes {
                    to.storeBytes(
                        of: from.load(fromByteOffset: 16 * l, as: SIMD4<Float>.self),
                        toByteOffset: l &* lane, as: SIMD4<Float>.self)
                }
                from += 128
                to += step
            }
        } else {
            for _ in 0..<count {
                for l in 0..<valid {
                    to.storeBytes(
                        of: from.load(fromByteOffset: 16 * l, as: SIMD4<Float>.self),
                        toByteOffset: l &* lane, as: SIMD4<Float>.self)
                }
                from += 128
                to += step
            }
        }
    }
}
