#if arch(x86_64) && os(Linux)
import _Builtin_intrinsics.intel
import Synchronization
#endif

/// The inner loops of every blur method, layered as Pillow's `BoxBlur.c` is: a line kernel
/// here, a pass built on it in the method's file, the public call on top.
///
/// They live in one file on purpose: BlurKit's debug build optimises each file separately, and
/// a small helper such as `load16` is only inlined into loops of its own file. Images are
/// interleaved RGBA Float32, one pixel = 4 floats = 16 bytes; scratch buffers are laid out
/// `[position][lane]`, `lanes` lines side by side, so that one SIMD load reads the same position
/// of several lines and every lane runs the same arithmetic independently (a result never
/// depends on which lane or block computed it, which keeps multi-threaded output bit-identical).
/// Loops run taps outer and pixels inner with several independent accumulators, because Swift
/// never reorders floating-point additions: a loop summing taps innermost does not vectorise.
///
/// Only `gather`, the resampling and the per-pixel steps read the image itself; every other
/// kernel reads scratch from `PixelMemory.scratch`, whose pixels are 16-byte aligned, with
/// aligned loads that SSE can fold into its arithmetic (BlurKit targets baseline x86-64: no
/// AVX, no FMA, so instruction count is what limits these loops).
enum LineKernels {
    // MARK: - Copying lines into padded scratch

    /// Copies lines into a padded `[position][lane]` scratch buffer.
    ///
    /// Position `p` of lane `l` becomes pixel `map[p]` of line `l`, read at
    /// `source + map[p] * positionStride + l * laneStride` (strides in floats), or zero where
    /// `map[p] < 0` (see `EdgeMode.paddedSourceIndices`); positions `before..<before + count`
    /// must map to `0..<count`. Lanes `validLanes..<lanes` are zeroed.
    static func gather(
        from source: UnsafePointer<Float>, positionStride: Int, laneStride: Int, validLanes: Int,
        map: [Int], before: Int, count: Int, into buffer: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        let rowFloats = lanes * 4
        map.withUnsafeBufferPointer { map in
            for p in paddingPositions(before: before, count: count, total: map.count) {
                let out = buffer + p * rowFloats
                let s = map[p]
                if s < 0 {
                    out.update(repeating: 0, count: rowFloats)
                    continue
                }
                var input = source + s * positionStride
                for l in 0..<validLanes {
                    store4(load4(input), out + 4 * l)
                    input += laneStride
                }
                if validLanes < lanes {
                    (out + 4 * validLanes).update(repeating: 0, count: 4 * (lanes - validLanes))
                }
            }
        }
        let interior = buffer + before * rowFloats
        if laneStride == 4 {
            // Lanes side by side in the source (a block of columns): copy each row segment.
            for i in 0..<count {
                let input = source + i * positionStride, out = interior + i * rowFloats
                var l = 0
                while l + 4 <= validLanes {
                    store16(load16(input + 4 * l), out + 4 * l)
                    l += 4
                }
                while l < validLanes {
                    store4(load4(input + 4 * l), out + 4 * l)
                    l += 1
                }
            }
        } else {
            // Lines far apart (rows): read each line in order.
            for l in 0..<validLanes {
                var input = source + l * laneStride, out = interior + 4 * l
                for _ in 0..<count {
                    store4(load4(input), out)
                    input += positionStride
                    out += rowFloats
                }
            }
        }
        if validLanes < lanes {
            for i in 0..<count {
                (interior + i * rowFloats + 4 * validLanes).update(repeating: 0, count: 4 * (lanes - validLanes))
            }
        }
    }

    /// The padding positions of a padded line, `0..<before` then `before + count..<total`,
    /// without visiting the interior.
    @inline(__always)
    private static func paddingPositions(before: Int, count: Int, total: Int) -> some Sequence<Int> {
        (0..<(total - count)).lazy.map { $0 < before ? $0 : $0 + count }
    }

    /// Fills the padding of a `[position][lane]` buffer whose interior
    /// (positions `before..<before + count`) already holds a line: padding position `p` copies
    /// interior position `before + map[p]`, or becomes zero where `map[p] < 0`.
    static func fillPadding(_ buffer: UnsafeMutablePointer<Float>, lanes: Int, before: Int, count: Int, map: [Int]) {
        let rowFloats = lanes * 4
        map.withUnsafeBufferPointer { map in
            for p in paddingPositions(before: before, count: count, total: map.count) {
                let out = buffer + p * rowFloats
                let s = map[p]
                if s < 0 {
                    out.update(repeating: 0, count: rowFloats)
                } else {
                    out.update(from: buffer + (before + s) * rowFloats, count: rowFloats)
                }
            }
        }
    }

    // MARK: - Weighted sums (separable passes)

    /// One row of a 1-D convolution: `out[x] = Σₖ weights[k] · padded[x + k]` for x in
    /// `0..<count`, where `padded` (16-byte aligned) holds `count + taps − 1` pixels. `symmetric`
    /// says that `weights[k] == weights[taps − 1 − k]`, which halves the multiplications. Every
    /// pixel gets the same additions in the same order whether it falls in a group of eight or
    /// in the remainder, so a row may be split into pieces without changing a pixel.
    static func convolveRow(
        _ padded: UnsafePointer<Float>, weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, count: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        var x = 0
        if symmetric {
            while x + 8 <= count {
                let (a, b) = weighted8Symmetric(padded + 4 * x, tapStride: 4, weights: weights, taps: taps)
                store16(a, out + 4 * x)
                store16(b, out + 4 * x + 16)
                x += 8
            }
        }
        while x + 8 <= count {
            let (a, b) = weighted8(padded + 4 * x, tapStride: 4, weights: weights, taps: taps)
            store16(a, out + 4 * x)
            store16(b, out + 4 * x + 16)
            x += 8
        }
        while x < count {
            let pixel = symmetric
                ? weighted1Symmetric(padded + 4 * x, tapStride: 4, weights: weights, taps: taps)
                : weighted1(padded + 4 * x, tapStride: 4, weights: weights, taps: taps)
            store4(pixel, out + 4 * x)
            x += 1
        }
    }

    /// One output row of a 1-D convolution down rows: `out[x] = Σₖ weights[k] · rows[k][x]` for
    /// x in `0..<count`, where `rows` holds `taps` row pointers (scratch). Eight pixels at a time,
    /// with the additions of `convolveLanes` in the same order (mirrored pairs first when
    /// `symmetric`), so both give identical pixels.
    static func convolveRows(
        _ rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, taps: Int, symmetric: Bool,
        count: Int, into out: UnsafeMutablePointer<Float>
    ) {
        let pairs = symmetric ? taps / 2 : 0
        var x = 0
        while x + 8 <= count {
            var a = SIMD16<Float>(), b = SIMD16<Float>()
            let o = 4 * x
            for k in 0..<pairs {
                let w = weights[k], low = rows[k] + o, high = rows[taps - 1 - k] + o
                a += (loadScratch16(low) + loadScratch16(high)) * w
                b += (loadScratch16(low + 16) + loadScratch16(high + 16)) * w
            }
            for k in pairs..<(taps - pairs) {
                let w = weights[k], q = rows[k] + o
                a += loadScratch16(q) * w
                b += loadScratch16(q + 16) * w
            }
            store16(a, out + o)
            store16(b, out + o + 16)
            x += 8
        }
        while x < count {
            var a = SIMD4<Float>()
            let o = 4 * x
            for k in 0..<pairs {
                a += (loadScratch4(rows[k] + o) + loadScratch4(rows[taps - 1 - k] + o)) * weights[k]
            }
            for k in pairs..<(taps - pairs) { a += loadScratch4(rows[k] + o) * weights[k] }
            store4(a, out + o)
            x += 1
        }
    }

    /// Eight lanes of a 1-D convolution down a `[position][lane]` block (scratch):
    /// output position `p` is `Σₖ weights[k] · block[p + k]`, stored at
    /// `out + p * outPositionStride` with the lanes side by side (only lanes `0..<validLanes`).
    /// `block` points at the first of the eight lanes and holds `count + taps − 1` positions,
    /// `positionStride` floats apart. `symmetric` says that `weights[k] == weights[taps − 1 − k]`.
    static func convolveLanes(
        _ block: UnsafePointer<Float>, positionStride: Int, weights: UnsafePointer<Float>, taps: Int, symmetric: Bool,
        count: Int, into out: UnsafeMutablePointer<Float>, outPositionStride: Int, validLanes: Int
    ) {
        for p in 0..<count {
            let q = block + p * positionStride, o = out + p * outPositionStride
            let (a, b) = symmetric
                ? weighted8Symmetric(q, tapStride: positionStride, weights: weights, taps: taps)
                : weighted8(q, tapStride: positionStride, weights: weights, taps: taps)
            if validLanes == 8 {
                store16(a, o)
                store16(b, o + 16)
            } else {
                for l in 0..<validLanes {
                    let v = l < 4 ? a : b, i = 4 * (l % 4)
                    store4(SIMD4(v[i], v[i + 1], v[i + 2], v[i + 3]), o + 4 * l)
                }
            }
        }
    }

    /// The weighted sum of `taps` groups of eight pixels: group `k` starts at `p + k * tapStride`
    /// (floats) and is weighed by `weights[k]`. Returns pixels 0–3 and 4–7.
    @inline(__always)
    private static func weighted8(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int)
        -> (SIMD16<Float>, SIMD16<Float>) {
        // lesson-code: separable
        var a = SIMD16<Float>(), b = SIMD16<Float>()
        var q = p
        for k in 0..<taps {
            let w = weights[k]
            a += loadScratch16(q) * w
            b += loadScratch16(q + 16) * w
            q += tapStride
        }
        // end lesson-code
        return (a, b)
    }

    /// `weighted8` for symmetric weights (`weights[k] == weights[taps − 1 − k]`, `taps` odd):
    /// the two pixels of each mirrored pair of taps are added before one multiplication.
    @inline(__always)
    private static func weighted8Symmetric(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int)
        -> (SIMD16<Float>, SIMD16<Float>) {
        var a = SIMD16<Float>(), b = SIMD16<Float>()
        var low = p, high = p + (taps - 1) * tapStride
        for k in 0..<(taps / 2) {
            let w = weights[k]
            a += (loadScratch16(low) + loadScratch16(high)) * w
            b += (loadScratch16(low + 16) + loadScratch16(high + 16)) * w
            low += tapStride
            high -= tapStride
        }
        let w = weights[taps / 2]
        a += loadScratch16(low) * w
        b += loadScratch16(low + 16) * w
        return (a, b)
    }

    /// `weighted1` for symmetric weights, with the additions of `weighted8Symmetric`.
    @inline(__always)
    private static func weighted1Symmetric(
        _ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int
    ) -> SIMD4<Float> {
        var a = SIMD4<Float>()
        var low = p, high = p + (taps - 1) * tapStride
        for k in 0..<(taps / 2) {
            a += (loadScratch4(low) + loadScratch4(high)) * weights[k]
            low += tapStride
            high -= tapStride
        }
        a += loadScratch4(low) * weights[taps / 2]
        return a
    }

    /// The weighted sum of `taps` pixels starting at `p`, `tapStride` floats apart.
    @inline(__always)
    private static func weighted1(
        _ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int
    ) -> SIMD4<Float> {
        var a = SIMD4<Float>()
        var q = p
        for k in 0..<taps {
            a += loadScratch4(q) * weights[k]
            q += tapStride
        }
        return a
    }

    // MARK: - Running sums (box passes)

    /// One box pass over eight lines side by side: `source` holds `count + 2·radius` padded
    /// positions, `positionStride` floats apart, eight pixels each; output position `p` is
    /// `scale` times the sum of source positions `p … p + 2·radius`, kept as a running sum
    /// `S(p+1) = S(p) + in(p + 2r + 1) − in(p)`. With `scale` 1 the sum is stored as it is.
    /// Lane `l` of output position `p` is stored at `out + p * outPositionStride + l * outLaneStride`.
    static func boxPass(
        _ source: UnsafePointer<Float>, positionStride: Int, radius: Int, count: Int, scale: Float,
        into out: UnsafeMutablePointer<Float>, outPositionStride: Int, outLaneStride: Int
    ) {
        var a = SIMD16<Float>(), b = SIMD16<Float>()
        var head = source
        for _ in 0...(2 * radius) {
            a += loadScratch16(head)
            b += loadScratch16(head + 16)
            head += positionStride
        }
        var tail = source
        var o = out
        if scale == 1 && outLaneStride == 4 {
            for _ in 1..<count {
                store16(a, o)
                store16(b, o + 16)
                a += loadScratch16(head) - loadScratch16(tail)
                b += loadScratch16(head + 16) - loadScratch16(tail + 16)
                head += positionStride
                tail += positionStride
                o += outPositionStride
            }
            store16(a, o)
            store16(b, o + 16)
        } else if outLaneStride == 4 {
            for _ in 1..<count {
                store16(a * scale, o)
                store16(b * scale, o + 16)
                a += loadScratch16(head) - loadScratch16(tail)
                b += loadScratch16(head + 16) - loadScratch16(tail + 16)
                head += positionStride
                tail += positionStride
                o += outPositionStride
            }
            store16(a * scale, o)
            store16(b * scale, o + 16)
        } else {
            let s = outLaneStride
            for _ in 1..<count {
                storeLanes8(a * scale, b * scale, o, laneStride: s)
                a += loadScratch16(head) - loadScratch16(tail)
                b += loadScratch16(head + 16) - loadScratch16(tail + 16)
                head += positionStride
                tail += positionStride
                o += outPositionStride
            }
            storeLanes8(a * scale, b * scale, o, laneStride: s)
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
        var a = SIMD4<Float>(), b = SIMD4<Float>()
        for k in 0...(2 * radius) {
            a += loadScratch4(first + 4 * k)
            b += loadScratch4(second + 4 * k)
        }
        // Pixel x of the output is followed by head x + 2r + 1 and tail x of the lines.
        let headA = first + 4 * (2 * radius + 1), headB = second + 4 * (2 * radius + 1)
        let floats = 4 * count - 4
        var x = 0
        if scale == 1 {
            // lesson-code: iterated-box
            while x < floats {
                store4(a, firstOut + x)
                store4(b, secondOut + x)
                a += loadScratch4(headA + x) - loadScratch4(first + x)
                b += loadScratch4(headB + x) - loadScratch4(second + x)
                x += 4
            }
            // end lesson-code
            store4(a, firstOut + x)
            store4(b, secondOut + x)
        } else {
            while x < floats {
                store4(a * scale, firstOut + x)
                store4(b * scale, secondOut + x)
                a += loadScratch4(headA + x) - loadScratch4(first + x)
                b += loadScratch4(headB + x) - loadScratch4(second + x)
                x += 4
            }
            store4(a * scale, firstOut + x)
            store4(b * scale, secondOut + x)
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
        var a = SIMD4<Float>(), b = SIMD4<Float>()
        for k in 0..<r {
            a += load4(left.0 + 4 * k)
            b += load4(left.1 + 4 * k)
        }
        for k in 0...r {
            a += load4(rows.0 + 4 * k)
            b += load4(rows.1 + 4 * k)
        }
        // Output x's head is joined-line pixel x + 2r + 1 and its tail pixel x: the head leaves
        // the row at x = n − r − 1, the tail enters it at x = r.
        slidePair(&a, &b, heads: (rows.0 + 4 * (r + 1), rows.1 + 4 * (r + 1)), tails: left, count: r,
                  scale: scale, into: out)
        slidePair(&a, &b, heads: (rows.0 + 8 * r + 4, rows.1 + 8 * r + 4), tails: rows, count: n - 2 * r - 1,
                  scale: scale, into: (out.0 + 4 * r, out.1 + 4 * r))
        slidePair(&a, &b, heads: right, tails: (rows.0 + 4 * (n - 2 * r - 1), rows.1 + 4 * (n - 2 * r - 1)),
                  count: r, scale: scale, into: (out.0 + 4 * (n - r - 1), out.1 + 4 * (n - r - 1)))
        store4(a * scale, out.0 + 4 * (n - 1))
        store4(b * scale, out.1 + 4 * (n - 1))
    }

    /// `count` steps of two running sums: store `a · scale` and `b · scale`, then add the heads
    /// and take away the tails, one pixel further each step (any alignment).
    @inline(__always)
    private static func slidePair(
        _ a: inout SIMD4<Float>, _ b: inout SIMD4<Float>, heads: (UnsafePointer<Float>, UnsafePointer<Float>),
        tails: (UnsafePointer<Float>, UnsafePointer<Float>), count: Int, scale: Float,
        into out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    ) {
        var x = 0
        while x < 4 * count {
            store4(scale == 1 ? a : a * scale, out.0 + x)
            store4(scale == 1 ? b : b * scale, out.1 + x)
            a += load4(heads.0 + x) - load4(tails.0 + x)
            b += load4(heads.1 + x) - load4(tails.1 + x)
            x += 4
        }
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
                let a = loadScratch16(acc + 4 * x) + (loadScratch16(head + 4 * x) - loadScratch16(tail + 4 * x))
                store16(a, acc + 4 * x)
                storeStreaming(a * scale, out + 4 * x)
                x += 4
            }
        }
        if scale == 1 {
            while x + 4 <= count {
                let a = loadScratch16(acc + 4 * x) + (loadScratch16(head + 4 * x) - loadScratch16(tail + 4 * x))
                store16(a, acc + 4 * x)
                store16(a, out + 4 * x)
                x += 4
            }
        }
        while x + 4 <= count {
            let a = loadScratch16(acc + 4 * x) + (loadScratch16(head + 4 * x) - loadScratch16(tail + 4 * x))
            store16(a, acc + 4 * x)
            store16(a * scale, out + 4 * x)
            x += 4
        }
        while x < count {
            let a = loadScratch4(acc + 4 * x) + (loadScratch4(head + 4 * x) - loadScratch4(tail + 4 * x))
            store4(a, acc + 4 * x)
            store4(a * scale, out + 4 * x)
            x += 1
        }
    }

    /// Three cascaded running sums down `rowCount` rows, all in registers: the steps three
    /// `slideRow` calls make for passes 0, 1 and 2, in the order a row-by-row stream makes them,
    /// with identical arithmetic, over `count` pixels.
    ///
    /// `rows` holds eight pointers a row, in this order: the input row; ring 0's slot for it,
    /// which gets a copy of it when `copying` (else the input row is that slot); ring 0's tail
    /// row; ring 1's slot that pass 0 writes; ring 1's tail row; ring 2's slot that pass 1
    /// writes; ring 2's tail row; the output row, which gets pass 2's sum times `scale` (with
    /// non-temporal stores when `streaming`; it must then be 16-byte aligned). `sums` holds the
    /// three running sums (scratch), read before the first row and written back after the last.
    ///
    /// Four pixels at a time (twelve SSE registers of sums), all rows before the next four: a
    /// pixel costs six additions, one multiplication, four loads and four stores (one load and
    /// one store less without `copying`), where three `slideRow` calls also load and store each
    /// sum and load the rows the previous pass just wrote.
    static func cascadeRows(
        _ rows: UnsafePointer<UnsafeMutablePointer<Float>>, rowCount: Int, sums: [UnsafeMutablePointer<Float>],
        scale: Float, count: Int, copying: Bool, streaming: Bool
    ) {
        let floats = 4 * count
        if rowCount == 1 {
            // One row: its pointers once, the sums through memory.
            let row = CascadeRow(rows)
            var x = 0
            while x + 16 <= floats {
                cascadeColumn(row, sums: sums, scale: scale, at: x, as: SIMD16<Float>.self, copying: copying,
                              streaming: streaming)
                x += 16
            }
            while x < floats {
                cascadeColumn(row, sums: sums, scale: scale, at: x, as: SIMD4<Float>.self, copying: copying,
                              streaming: streaming)
                x += 4
            }
            return
        }
        var x = 0
        while x + 16 <= floats {
            cascadeColumn(rows, rowCount: rowCount, sums: sums, scale: scale, at: x, as: SIMD16<Float>.self,
                          copying: copying, streaming: streaming)
            x += 16
        }
        while x < floats {
            cascadeColumn(rows, rowCount: rowCount, sums: sums, scale: scale, at: x, as: SIMD4<Float>.self,
                          copying: copying, streaming: streaming)
            x += 4
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
    private static func cascadeColumn<V: SIMD>(
        _ rows: UnsafePointer<UnsafeMutablePointer<Float>>, rowCount: Int, sums: [UnsafeMutablePointer<Float>],
        scale: Float, at x: Int, as _: V.Type, copying: Bool, streaming: Bool
    ) where V.Scalar == Float {
        let s0 = sums[0] + x, s1 = sums[1] + x, s2 = sums[2] + x
        var a: V = loadAligned(s0), b: V = loadAligned(s1), c: V = loadAligned(s2)
        var row = rows
        for _ in 0..<rowCount {
            cascadeStep(CascadeRow(row), at: x, &a, &b, &c, scale: scale, copying: copying, streaming: streaming)
            row += 8
        }
        storeVector(a, s0)
        storeVector(b, s1)
        storeVector(c, s2)
    }

    /// `cascadeColumn` for a single row whose pointers are already at hand.
    @inline(__always)
    private static func cascadeColumn<V: SIMD>(
        _ row: CascadeRow, sums: [UnsafeMutablePointer<Float>], scale: Float, at x: Int, as _: V.Type,
        copying: Bool, streaming: Bool
    ) where V.Scalar == Float {
        let s0 = sums[0] + x, s1 = sums[1] + x, s2 = sums[2] + x
        var a: V = loadAligned(s0), b: V = loadAligned(s1), c: V = loadAligned(s2)
        cascadeStep(row, at: x, &a, &b, &c, scale: scale, copying: copying, streaming: streaming)
        storeVector(a, s0)
        storeVector(b, s1)
        storeVector(c, s2)
    }

    /// One row of the three running sums `a`, `b`, `c` at float `x` (see `cascadeRows`).
    @inline(__always)
    private static func cascadeStep<V: SIMD>(
        _ row: CascadeRow, at x: Int, _ a: inout V, _ b: inout V, _ c: inout V, scale: Float, copying: Bool,
        streaming: Bool
    ) where V.Scalar == Float {
        // Scratch (sums, rings) is 16-byte aligned; the image rows need not be.
        let input: V = UnsafeRawPointer(row.input + x).loadUnaligned(as: V.self)
        if copying { storeVector(input, row.copy + x) }
        a += input - loadAligned(row.tail0 + x)
        storeVector(a, row.slot1 + x)
        b += a - loadAligned(row.tail1 + x)
        storeVector(b, row.slot2 + x)
        c += b - loadAligned(row.tail2 + x)
        if streaming { storeStreaming(c * scale, row.out + x) } else { storeVector(c * scale, row.out + x) }
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

    // MARK: - Direct 2-D windows

    /// `count` output rows of a 2-D convolution from padded window rows:
    /// `out[j][x] = Σₘ Σᵢ weights[m · taps + i] · rows[j + m][x + i]`, output row j at
    /// `out + j * outStride`. Eight columns at a time, all rows before the next columns.
    static func convolveWindow(
        _ rows: UnsafePointer<UnsafePointer<Float>>, count: Int, weights: UnsafePointer<Float>, taps: Int,
        width: Int, into out: UnsafeMutablePointer<Float>, outStride: Int
    ) {
        var x = 0
        // lesson-code: gaussian2d
        while x + 8 <= width {
            for j in 0..<count {
                var a = SIMD16<Float>(), b = SIMD16<Float>()
                for m in 0..<taps {
                    let (c, d) = weighted8(rows[j + m] + 4 * x, tapStride: 4, weights: weights + m * taps, taps: taps)
                    a += c
                    b += d
                }
                store16(a, out + j * outStride + 4 * x)
                store16(b, out + j * outStride + 4 * x + 16)
            }
            x += 8
        }
        // end lesson-code
        while x < width {
            for j in 0..<count {
                var a = SIMD4<Float>()
                for m in 0..<taps {
                    a += weighted1(rows[j + m] + 4 * x, tapStride: 4, weights: weights + m * taps, taps: taps)
                }
                store4(a, out + j * outStride + 4 * x)
            }
            x += 1
        }
    }

    /// `count` output rows of the box average from padded window rows: the plain sum of the
    /// `taps × taps` pixels, times `scale`; output row j at `out + j * outStride`.
    static func averageWindow(
        _ rows: UnsafePointer<UnsafePointer<Float>>, count: Int, taps: Int, scale: Float, width: Int,
        into out: UnsafeMutablePointer<Float>, outStride: Int
    ) {
        var x = 0
        // lesson-code: box
        while x + 8 <= width {
            for j in 0..<count {
                var a = SIMD16<Float>(), b = SIMD16<Float>()
                for m in 0..<taps {
                    var q = rows[j + m] + 4 * x
                    for _ in 0..<taps {
                        a += loadScratch16(q)
                        b += loadScratch16(q + 16)
                        q += 4
                    }
                }
                store16(a * scale, out + j * outStride + 4 * x)
                store16(b * scale, out + j * outStride + 4 * x + 16)
            }
            x += 8
        }
        // end lesson-code
        while x < width {
            for j in 0..<count {
                var a = SIMD4<Float>()
                for m in 0..<taps {
                    let q = rows[j + m] + 4 * x
                    for i in 0..<taps { a += loadScratch4(q + 4 * i) }
                }
                store4(a * scale, out + j * outStride + 4 * x)
            }
            x += 1
        }
    }

    // MARK: - Resampling

    /// Small rows `rows`: each pixel the mean of its K×K block (or the part inside the image).
    static func shrink(
        _ pixels: UnsafePointer<Float>, width: Int, height: Int, factor k: Int, rows: Range<Int>,
        into small: UnsafeMutablePointer<Float>, smallWidth: Int
    ) {
        for j in rows {
            let y0 = j * k, y1 = min(y0 + k, height)
            for i in 0..<smallWidth {
                let x0 = i * k, x1 = min(x0 + k, width)
                var sum = SIMD4<Float>()
                for y in y0..<y1 {
                    var p = pixels + 4 * (y * width + x0)
                    for _ in x0..<x1 {
                        sum += load4(p)
                        p += 4
                    }
                }
                store4(sum / Float((y1 - y0) * (x1 - x0)), small + 4 * (j * smallWidth + i))
            }
        }
    }

    /// One full-resolution row interpolated between two small rows: with `f = fraction[x]`,
    /// `row(x) = r(lower[x]) + (r(upper[x]) − r(lower[x])) · f` on each small row, then the same
    /// between the two rows with `rowFraction`.
    static func interpolateRow(
        top: UnsafePointer<Float>, bottom: UnsafePointer<Float>, rowFraction fy: Float,
        lower: UnsafePointer<Int>, upper: UnsafePointer<Int>, fraction: UnsafePointer<Float>,
        width: Int, into out: UnsafeMutablePointer<Float>
    ) {
        for x in 0..<width {
            let l = 4 * lower[x], u = 4 * upper[x], fx = fraction[x]
            let upperRow = load4(top + l) + (load4(top + u) - load4(top + l)) * fx
            let lowerRow = load4(bottom + l) + (load4(bottom + u) - load4(bottom + l)) * fx
            store4(upperRow + (lowerRow - upperRow) * fy, out + 4 * x)
        }
    }

    // MARK: - Per-pixel steps

    /// Pixels `range` from `source` to `out`: decode RGB to linear light when a table is given,
    /// then multiply RGB by alpha unless `straight`.
    static func premultiply(
        _ source: UnsafePointer<Float>, range: Range<Int>, decode table: UnsafePointer<Float>?,
        straight: Bool = false, into out: UnsafeMutablePointer<Float>
    ) {
        for i in range {
            var v = load4(source + 4 * i)
            if let table {
                v.x = ColourSpace.fastLinear(fromSRGB: v.x, table: table)
                v.y = ColourSpace.fastLinear(fromSRGB: v.y, table: table)
                v.z = ColourSpace.fastLinear(fromSRGB: v.z, table: table)
            }
            store4(straight ? v : v * SIMD4(v.w, v.w, v.w, 1), out + 4 * i)
        }
    }

    /// Pixels `range`: divide RGB by alpha (RGB = 0 where alpha ≤ 0), then encode to sRGB if asked.
    /// With `straight` the RGB was never multiplied: it is only encoded.
    static func unpremultiply(_ pixels: UnsafeMutablePointer<Float>, range: Range<Int>, encode: Bool,
                              straight: Bool = false) {
        for i in range {
            let p = pixels + 4 * i
            var v = load4(p)
            if straight {
                if encode {
                    v.x = ColourSpace.sRGB(fromLinear: v.x)
                    v.y = ColourSpace.sRGB(fromLinear: v.y)
                    v.z = ColourSpace.sRGB(fromLinear: v.z)
                }
            } else if v.w > 0 {
                v *= SIMD4(1 / v.w, 1 / v.w, 1 / v.w, 1)
                if encode {
                    v.x = ColourSpace.sRGB(fromLinear: v.x)
                    v.y = ColourSpace.sRGB(fromLinear: v.y)
                    v.z = ColourSpace.sRGB(fromLinear: v.z)
                }
            } else {
                v = SIMD4(0, 0, 0, v.w)
            }
            store4(v, p)
        }
    }
}

// MARK: - SIMD access

/// Loads 4 floats (one pixel) from any float address (an image pixel).
@inline(__always)
private func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Loads 16 floats (four pixels) from any float address (image pixels).
@inline(__always)
private func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
}

/// Loads 16 floats (four pixels) from a 16-byte-aligned address: a pixel in scratch memory
/// (`PixelMemory.scratch`). Aligned loads can be folded into the SSE arithmetic that uses them.
@inline(__always)
private func loadScratch16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).load(as: SIMD16<Float>.self)
}

/// Loads 4 floats (one pixel) from a 16-byte-aligned address (see `loadScratch16`).
@inline(__always)
private func loadScratch4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).load(as: SIMD4<Float>.self)
}

/// Stores 4 floats (one pixel) at any float address.
@inline(__always)
private func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
}

/// Stores 16 floats (four pixels) at any float address.
@inline(__always)
private func store16(_ v: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<Float>.self)
}

/// Stores a vector of whole pixels at a 16-byte-aligned address without first reading its
/// cache lines (non-temporal `movntps`, on x86-64 Linux; a plain store elsewhere): for output
/// rows whose lines have left the caches since they were read, where a plain store would read
/// each line from memory again before writing it. Follow a run of them with `streamingFence`.
@inline(__always)
private func storeStreaming<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<Float>) where V.Scalar == Float {
    #if arch(x86_64) && os(Linux)
    withUnsafeBytes(of: v) { bytes in
        for i in stride(from: 0, to: V.scalarCount, by: 4) {
            _mm_stream_ps(p + i, bytes.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self))
        }
    }
    #else
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
    #endif
}

/// Stores the eight pixels held in `a` (lanes 0–3) and `b` (lanes 4–7): lane `l` goes to
/// `p + l * laneStride`.
@inline(__always)
private func storeLanes8(_ a: SIMD16<Float>, _ b: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>, laneStride s: Int) {
    store4(a.lowHalf.lowHalf, p)
    store4(a.lowHalf.highHalf, p + s)
    store4(a.highHalf.lowHalf, p + (s &* 2))
    store4(a.highHalf.highHalf, p + (s &* 3))
    store4(b.lowHalf.lowHalf, p + (s &* 4))
    store4(b.lowHalf.highHalf, p + (s &* 5))
    store4(b.highHalf.lowHalf, p + (s &* 6))
    store4(b.highHalf.highHalf, p + (s &* 7))
}

/// Loads a vector of whole pixels from a 16-byte-aligned address (scratch; see `loadScratch16`).
@inline(__always)
private func loadAligned<V: SIMD>(_ p: UnsafePointer<Float>) -> V where V.Scalar == Float {
    UnsafeRawPointer(p).load(as: V.self)
}

/// Stores a vector of whole pixels at any float address.
@inline(__always)
private func storeVector<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<Float>) where V.Scalar == Float {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
}
