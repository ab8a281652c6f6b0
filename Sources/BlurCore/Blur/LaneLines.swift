/// Eight lines of an image side by side in padded scratch: the frame the one-dimensional
/// methods (extended box, stack blur, Deriche, Young–van Vliet, linear taps) run their line
/// filters in, rows first, then columns.
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
    /// pass that applies the edge mode to its own input needs after the previous pass.
    func refillPadding(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        for p in 0..<paddedCount where p < before || p >= before + count {
            let s = map[p]
            if s < 0 {
                line[2 * p] = SIMD16()
                line[2 * p + 1] = SIMD16()
            } else {
                line[2 * p] = line[2 * (s + before)]
                line[2 * p + 1] = line[2 * (s + before) + 1]
            }
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
                    lines.scatter(filter(lines), into: pixels + 4 * y0 * width, positionStride: 4, laneStride: 4 * width, valid: valid)
                }
            }
            let columnGroups = (width + lanes - 1) / lanes
            Parallel.forSlices(of: columnGroups, threads: threads) { groups in
                let lines = LaneLines(count: height, before: before, after: after, edges: edges, alongColumns: true)
                defer { lines.deallocate() }
                for g in groups {
                    let x0 = g * lanes
                    let valid = min(lanes, width - x0)
                    if let inPlace, valid == lanes, before == 0, after == 0 {
                        inPlace(UnsafeMutableRawPointer(pixels + 4 * x0), 16 * width, 16, lines)
                        continue
                    }
                    lines.gather(pixels + 4 * x0, positionStride: 4 * width, laneStride: 4, valid: valid)
                    lines.scatter(filter(lines), into: pixels + 4 * x0, positionStride: 4 * width, laneStride: 4, valid: valid)
                }
            }
        }
    }

    /// Copies `valid` lines (pixel `i` of line `l` at `source + i·positionStride + l·laneStride`
    /// floats) into `a`, padding included.
    ///
    /// Lines side by side in memory (a block of columns, `laneStride` 4) are copied a position
    /// at a time, 128 contiguous bytes; lines far apart (rows) a line at a time, so that each
    /// row is read in order.
    func gather(_ source: UnsafePointer<Float>, positionStride: Int, laneStride: Int, valid: Int) {
        let out = UnsafeMutableRawPointer(a)
        let input = UnsafeRawPointer(source)
        map.withUnsafeBufferPointer { map in
            if laneStride == 4 && valid == LaneLines.lanes {
                for p in 0..<paddedCount {
                    let s = map[p]
                    if s < 0 {
                        a[2 * p] = SIMD16()
                        a[2 * p + 1] = SIMD16()
                    } else {
                        let line = input + 4 * s * positionStride
                        a[2 * p] = line.loadUnaligned(as: SIMD16<Float>.self)
                        a[2 * p + 1] = line.loadUnaligned(fromByteOffset: 64, as: SIMD16<Float>.self)
                    }
                }
                return
            }
            for l in 0..<LaneLines.lanes {
                let line = input + 4 * l * laneStride, lane = out + 16 * l
                if l >= valid {
                    for p in 0..<paddedCount { lane.storeBytes(of: SIMD4<Float>(), toByteOffset: 128 * p, as: SIMD4<Float>.self) }
                    continue
                }
                for p in 0..<paddedCount where p < before || p >= before + count {
                    let s = map[p]
                    let value = s < 0 ? SIMD4<Float>() : line.loadUnaligned(fromByteOffset: 4 * s * positionStride, as: SIMD4<Float>.self)
                    lane.storeBytes(of: value, toByteOffset: 128 * p, as: SIMD4<Float>.self)
                }
                var from = line, to = lane + 128 * before
                for _ in 0..<count {
                    to.storeBytes(of: from.loadUnaligned(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
                    from += 4 * positionStride
                    to += 128
                }
            }
        }
    }

    /// Writes positions `before..<before + count` of `line` back to the `valid` lines.
    func scatter(
        _ line: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<Float>,
        positionStride: Int, laneStride: Int, valid: Int
    ) {
        let input = UnsafeRawPointer(line)
        let out = UnsafeMutableRawPointer(target)
        if laneStride == 4 && valid == LaneLines.lanes {
            for i in 0..<count {
                let to = out + 4 * i * positionStride
                to.storeBytes(of: line[2 * (i + before)], as: SIMD16<Float>.self)
                to.storeBytes(of: line[2 * (i + before) + 1], toByteOffset: 64, as: SIMD16<Float>.self)
            }
            return
        }
        for l in 0..<valid {
            var from = input + 128 * before + 16 * l, to = out + 4 * l * laneStride
            for _ in 0..<count {
                to.storeBytes(of: from.load(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
                from += 128
                to += 4 * positionStride
            }
        }
    }
}
