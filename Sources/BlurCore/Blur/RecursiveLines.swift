// The passes and line kernels of the recursive filters (Deriche, Young–van Vliet order 3) and
// the lane loads they share, in one file: BlurKit's debug build optimises each file on its own
// and inlines only what the file itself holds (see `LineKernels`), so the lane loads and the
// padded kernels' constant strides must sit beside the loops that use them. The coefficients
// are computed in the methods' files.

/// Both Deriche sections along rows and then columns (`LaneLines.blur`), `pad` positions of
/// padding on each side of a line.
func derichePass(_ image: inout RGBAImage, edges: EdgeMode, threads: Int, pad: Int,
                 _ first: DericheCoefficients, _ second: DericheCoefficients) {
    LaneLines.blur(&image, edges: edges, threads: threads, before: pad, after: pad, filter: { lines in
        dericheLine(UnsafeMutableRawPointer(lines.a), stride: 128, pitch: 16, sums: UnsafeMutableRawPointer(lines.b),
                    count: lines.paddedCount, first, second)
        return lines.a
    }, inPlace: { start, stride, pitch, lines in
        dericheLine(start, stride: stride, pitch: pitch, sums: UnsafeMutableRawPointer(lines.b), count: lines.count, first, second)
    })
}

/// Young–van Vliet order 3 along rows and then columns (`LaneLines.blur`), `pad` positions of
/// padding on each side of a line.
func vyvPass3(_ image: inout RGBAImage, edges: EdgeMode, threads: Int, pad: Int, _ coefficients: VYVCoefficients) {
    LaneLines.blur(&image, edges: edges, threads: threads, before: pad, after: pad, filter: { lines in
        vyvLine3(UnsafeMutableRawPointer(lines.a), stride: 128, pitch: 16, causal: UnsafeMutableRawPointer(lines.b),
                 count: lines.paddedCount, coefficients)
        return lines.a
    }, inPlace: { start, stride, pitch, lines in
        vyvLine3(start, stride: stride, pitch: pitch, causal: UnsafeMutableRawPointer(lines.b), count: lines.count, coefficients)
    })
}

/// Both Deriche sections over eight lines of `count` positions, in place, four lines at a time:
/// position i of line l at byte i·stride + l·pitch of `x`; `sums` (128 bytes a position) holds
/// the causal sums. Each input is read before its output is written.
///
/// The causal pass starts in the steady state of the first position's value and the
/// anticausal pass in that of the last (exact for clamped edges; inside padding otherwise).
/// The feedback term of the previous output is added last, so the recursion's critical path
/// is one multiply and one subtraction.
private func dericheLine(
    _ x: UnsafeMutableRawPointer, stride: Int, pitch: Int, sums: UnsafeMutableRawPointer,
    count: Int, _ s: DericheCoefficients, _ t: DericheCoefficients
) {
    for half in 0..<2 {
        let x = x + 4 * pitch * half, sums = sums + 64 * half
        func input(_ i: Int) -> SIMD16<Float> { laneLoad(x + i * stride, pitch) }
        // lesson-code: deriche
        // Causal: both sections left to right, starting at rest on the first value.
        var xp = input(0)
        var sy1 = xp * s.causalGain, sy2 = sy1, ty1 = xp * t.causalGain, ty2 = ty1
        for i in 0..<count {
            let xi = input(i)
            let sy = (s.b0 * xi + s.b1 * xp - s.a2 * sy2) - s.a1 * sy1
            let ty = (t.b0 * xi + t.b1 * xp - t.a2 * ty2) - t.a1 * ty1
            sums.storeBytes(of: sy + ty, toByteOffset: 128 * i, as: SIMD16<Float>.self)
            (sy2, sy1, ty2, ty1, xp) = (sy1, sy, ty1, ty, xi)
        }
        // Anticausal: right to left, starting at rest on the last value; adds to the causal sums.
        var xn1 = input(count - 1), xn2 = xn1
        var sz1 = xn1 * s.anticausalGain, sz2 = sz1, tz1 = xn1 * t.anticausalGain, tz2 = tz1
        var i = count - 1
        while i >= 0 {
            let xi = input(i)
            let sz = (s.c1 * xn1 + s.c2 * xn2 - s.a2 * sz2) - s.a1 * sz1
            let tz = (t.c1 * xn1 + t.c2 * xn2 - t.a2 * tz2) - t.a1 * tz1
            let causal = sums.load(fromByteOffset: 128 * i, as: SIMD16<Float>.self)
            laneStore(causal + sz + tz, x + i * stride, pitch)
            (sz2, sz1, tz2, tz1, xn2, xn1) = (sz1, sz, tz1, tz, xn1, xi)
            i -= 1
        }
        // end lesson-code
    }
}

/// Order 3 over eight lines of `count` positions, in place, four lines at a time: position i
/// of line l at byte i·stride + l·pitch of `x`; `causal` (128 bytes a position) holds the
/// causal pass's output.
private func vyvLine3(
    _ x: UnsafeMutableRawPointer, stride: Int, pitch: Int, causal: UnsafeMutableRawPointer,
    count: Int, _ c: VYVCoefficients
) {
    let b0 = c.b0, a1 = c.a1, a2 = c.a2, a3 = c.a3
    for half in 0..<2 {
        let x = x + 4 * pitch * half, w = causal + 64 * half
        func input(_ i: Int) -> SIMD16<Float> { laneLoad(x + i * stride, pitch) }
        // lesson-code: young-van-vliet
        // Causal, starting at rest on the first value.
        var w1 = input(0), w2 = w1, w3 = w1
        for i in 0..<count {
            let value = (b0 * input(i) - a3 * w3 - a2 * w2) - a1 * w1
            w.storeBytes(of: value, toByteOffset: 128 * i, as: SIMD16<Float>.self)
            (w3, w2, w1) = (w2, w1, value)
        }
        // Triggs–Sdika: the anticausal start from the last three causal outputs.
        let u = input(count - 1)
        let d0 = w1 - u, d1 = w2 - u, d2 = w3 - u
        var v1 = u + c.m[0] * d0 + c.m[1] * d1 + c.m[2] * d2
        var v2 = u + c.m[3] * d0 + c.m[4] * d1 + c.m[5] * d2
        var v3 = u + c.m[6] * d0 + c.m[7] * d1 + c.m[8] * d2
        // Anticausal, right to left, on the causal output.
        var i = count - 1
        while i >= 0 {
            let value = (b0 * w.load(fromByteOffset: 128 * i, as: SIMD16<Float>.self) - a3 * v3 - a2 * v2) - a1 * v1
            laneStore(value, x + i * stride, pitch)
            (v3, v2, v1) = (v2, v1, value)
            i -= 1
        }
        // end lesson-code
    }
}

/// Four lanes `pitch` bytes apart at `p`, as one vector.
private func laneLoad(_ p: UnsafeRawPointer, _ pitch: Int) -> SIMD16<Float> {
    SIMD16(lowHalf: SIMD8(lowHalf: p.load(as: SIMD4<Float>.self), highHalf: p.load(fromByteOffset: pitch, as: SIMD4<Float>.self)),
           highHalf: SIMD8(lowHalf: p.load(fromByteOffset: 2 * pitch, as: SIMD4<Float>.self),
                           highHalf: p.load(fromByteOffset: 3 * pitch, as: SIMD4<Float>.self)))
}

/// Stores a vector as four lanes `pitch` bytes apart at `p`.
private func laneStore(_ v: SIMD16<Float>, _ p: UnsafeMutableRawPointer, _ pitch: Int) {
    p.storeBytes(of: v.lowHalf.lowHalf, as: SIMD4<Float>.self)
    p.storeBytes(of: v.lowHalf.highHalf, toByteOffset: pitch, as: SIMD4<Float>.self)
    p.storeBytes(of: v.highHalf.lowHalf, toByteOffset: 2 * pitch, as: SIMD4<Float>.self)
    p.storeBytes(of: v.highHalf.highHalf, toByteOffset: 3 * pitch, as: SIMD4<Float>.self)
}
