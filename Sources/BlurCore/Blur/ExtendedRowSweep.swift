import CSeparableKernels

/// An extended box's horizontal passes in one AVX2 sweep along two rows
/// (`blur_avx2_extended_rows` in `CSeparableKernels`), where `BoxRows.run` would make the passes
/// one after the other: each pass is one chain of dependent additions, and in one sweep the
/// passes' chains overlap, as `BoxRowSweep` does for the iterated box. Every value is
/// `LineKernels.extendedPassPair`'s, in the same order, so the pixels are bit for bit those of
/// `BLURKIT_KERNELS=baseline` (`BoxFamilyScheduleTests`). Where the AVX-512 loops are active, it
/// takes four rows at once (`blur_avx512_extended_rows`) where `boxFused` gives it four
/// (docs/performance.md, "The box family's passes down the columns in AVX2").
///
/// Serves extended-box plans with equal radii whose padding before the line copies only
/// pixels within the reach (every edge mode but wrap).
struct ExtendedRowSweep {
    let plan: BoxPlan
    let alpha: Float
    /// Rows a sweep takes at once: four where the AVX-512 loops are active, else two.
    let rowsAtOnce: Int
    /// One interleaved line per pass, 4 · `rowsAtOnce` floats a position.
    let lines: UnsafeMutablePointer<Float>
    let map: [Int32]

    /// The sweep's scratch for `plan`, or nil where it does not serve it (see above).
    init?(plan: BoxPlan) {
        let r = plan.radii, reach = plan.reach(0)
        guard let alpha = plan.alpha, let first = r.first, r.allSatisfy({ $0 == first }),
            plan.maps[0][0..<reach].allSatisfy({ $0 <= reach })
        else { return nil }
        self.plan = plan
        self.alpha = alpha
        map = plan.maps[0].map(Int32.init)
        rowsAtOnce = KernelVariant.usesAVX512 ? 4 : 2
        lines = PixelMemory.scratch(4 * rowsAtOnce * r.count * (plan.count + 2 * reach))
    }

    func deallocate() { lines.deallocate() }

    /// All passes over the first `count` of `rows` (two, or four where `rowsAtOnce` is:
    /// `blur_avx2_extended_rows`, `blur_avx512_extended_rows`), written to `out` (which may be
    /// `rows`).
    func run(_ count: Int, rows: RowGroup<UnsafePointer<Float>>, into out: RowGroup<UnsafeMutablePointer<Float>>) {
        precondition(count == 2 || count == rowsAtOnce, "two rows, or four with AVX-512")
        map.withUnsafeBufferPointer { map in
            var sweep = BlurExtendedRows(
                row: rows, out: out, lines: lines, map: map.baseAddress, n: Int32(plan.count), r: Int32(plan.radii[0]),
                passes: Int32(plan.radii.count), alpha: alpha, scale: plan.finalScale)
            if count == 4 { blur_avx512_extended_rows(&sweep) } else { blur_avx2_extended_rows(&sweep) }
        }
    }
}
