import CSeparableKernels

/// The three horizontal passes of an iterated box in one AVX2 sweep along two rows
/// (`blur_avx2_box_rows3` in `CSeparableKernels`), where `BoxRows.run` would make three passes.
///
/// Each of `BoxRows`' passes is one chain of dependent additions per row, so three passes one
/// after the other wait on addition latency three times over; in one sweep, pass 1 runs r₁
/// pixels behind pass 0 and pass 2 r₁ + r₂ behind, the two rows share a vector, and the three
/// chains overlap (docs/performance.md, "Iterated box: the horizontal passes in one sweep").
/// Every sum is the Swift passes', in the same order, so the pixels are bit for bit those of
/// `BLURKIT_KERNELS=baseline` (`BoxRowSweepTests`). Where the AVX-512 loops are active, it takes
/// four rows at once (`blur_avx512_box_rows3`) where `boxFused` gives it four.
///
/// Serves plans of three passes with r₁ + r₂ > r₀ (so a row can be its own output) whose later
/// passes' padding before the line copies only pixels the previous pass has already produced:
/// every edge mode but wrap.
struct BoxRowSweep {
    let plan: BoxPlan
    /// Rows a sweep takes at once: four where the AVX-512 loops are active, else two.
    let rowsAtOnce: Int
    /// Passes 1 and 2's interleaved lines, 4 · `rowsAtOnce` floats a position, each a ring of
    /// `blur_line_ring(r)` positions that stays in the L1 cache.
    let line1: UnsafeMutablePointer<Float>
    let line2: UnsafeMutablePointer<Float>
    /// Passes 1 and 2's padding maps before and after the line.
    let maps: [[Int32]]

    /// The sweep's scratch for `plan`, or nil where it does not serve it (see above).
    init?(plan: BoxPlan) {
        let r = plan.radii, n = plan.count
        guard r.count == 3, r[1] + r[2] > r[0] else { return nil }
        var maps: [[Int32]] = []
        for pass in 1...2 {
            let map = plan.maps[pass]
            let before = map[0..<r[pass]], after = map[(r[pass] + n)...]
            guard before.allSatisfy({ $0 <= r[pass] }) else { return nil }
            maps += [before.map(Int32.init), after.map(Int32.init)]
        }
        self.plan = plan
        self.maps = maps
        rowsAtOnce = KernelVariant.usesAVX512 ? 4 : 2
        line1 = PixelMemory.scratch(4 * rowsAtOnce * Int(blur_line_ring(Int32(r[1]))))
        line2 = PixelMemory.scratch(4 * rowsAtOnce * Int(blur_line_ring(Int32(r[2]))))
    }

    func deallocate() {
        line1.deallocate()
        line2.deallocate()
    }

    /// All three passes over the first `count` of `rows` (two, or four where `rowsAtOnce` is:
    /// `blur_avx2_box_rows3`, `blur_avx512_box_rows3`), with pass 0's padding in `left` and
    /// `right` (r₀ pixels each), written to `out` (which may be `rows`).
    func run(
        _ count: Int, rows: RowGroup<UnsafePointer<Float>>, left: RowGroup<UnsafePointer<Float>>,
        right: RowGroup<UnsafePointer<Float>>, into out: RowGroup<UnsafeMutablePointer<Float>>
    ) {
        precondition(count == 2 || count == rowsAtOnce, "two rows, or four with AVX-512")
        let r = plan.radii
        maps[0].withUnsafeBufferPointer { left1 in
            maps[1].withUnsafeBufferPointer { right1 in
                maps[2].withUnsafeBufferPointer { left2 in
                    maps[3].withUnsafeBufferPointer { right2 in
                        var sweep = BlurBoxRows3(
                            row: rows, left: left, right: right, out: out, line1: line1, line2: line2,
                            left_map1: left1.baseAddress, right_map1: right1.baseAddress,
                            left_map2: left2.baseAddress, right_map2: right2.baseAddress,
                            n: Int32(plan.count), r0: Int32(r[0]), r1: Int32(r[1]), r2: Int32(r[2]),
                            scale: plan.finalScale)
                        if count == 4 { blur_avx512_box_rows3(&sweep) } else { blur_avx2_box_rows3(&sweep) }
                    }
                }
            }
        }
    }
}

/// Up to four rows of a row sweep (`BoxRows.run4`), in the C structs' order.
typealias RowGroup<P> = (P, P, P, P)
