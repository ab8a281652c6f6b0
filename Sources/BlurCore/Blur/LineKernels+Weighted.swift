import CSeparableKernels

// The weighted sums of the separable passes (`Separable`, the 8-bit path, linear taps): the
// Swift loops every AVX2 loop in CSeparableKernels is tied to, bit for bit.

extension LineKernels {
    /// One row of a 1-D convolution: `out[x] = Σₖ weights[k] · padded[x + k]` for x in
    /// `0..<count`, where `padded` (16-byte aligned) holds `count + taps − 1` pixels. `symmetric`
    /// says that `weights[k] == weights[taps − 1 − k]`, which halves the multiplications. Every
    /// pixel gets the same additions in the same order whether it falls in a group of eight or
    /// in the remainder, so a row may be split into pieces without changing a pixel.
    static func convolveRow(
        _ padded: UnsafePointer<Float>, weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, count: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        if KernelVariant.usesAVX2 {
            let call = KernelVariant.usesAVX512 ? blur_avx512_convolve_row : blur_avx2_convolve_row
            return call(padded, weights, Int32(taps), symmetric ? 1 : 0, Int32(count), out)
        }
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
            let pixel =
                symmetric
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
        if KernelVariant.usesAVX2 {
            let rows = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            let call = KernelVariant.usesAVX512 ? blur_avx512_convolve_rows : blur_avx2_convolve_rows
            return call(rows, weights, Int32(taps), symmetric ? 1 : 0, Int32(count), out)
        }
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
        if KernelVariant.usesAVX2 {
            let call = KernelVariant.usesAVX512 ? blur_avx512_convolve_lanes : blur_avx2_convolve_lanes
            return call(
                block, positionStride, weights, Int32(taps), symmetric ? 1 : 0, Int32(count), out, outPositionStride,
                Int32(validLanes))
        }
        for p in 0..<count {
            let q = block + p * positionStride, o = out + p * outPositionStride
            let (a, b) =
                symmetric
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
    static func weighted8(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int)
        -> (SIMD16<Float>, SIMD16<Float>)
    {
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
    static func weighted8Symmetric(_ p: UnsafePointer<Float>, tapStride: Int, weights: UnsafePointer<Float>, taps: Int)
        -> (SIMD16<Float>, SIMD16<Float>)
    {
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
    static func weighted1Symmetric(
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
    static func weighted1(
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
}
