import CSeparableKernels

/// An extended box's horizontal passes in one AVX2 sweep along two rows
/// (`blur_avx2_extended_rows` in `CSeparableKernels`), where `BoxRows.run` would make the passes
/// one after the other: each pass is one chain of dependent additions, and in one sweep the
/// passes' chains overlap, as `BoxRowSweep` does for the iterated box. Every value is
/// `LineKernels.extendedPassPair`'s, in the same order, so the pixels are bit for bit those of
/// `BLURKIT_KERNELS=baseline` (`BoxFamilyScheduleTests`). Where the AVX-512 loops are active,
/// `run4` makes the same steps for four rows at once (`blur_avx512_extended_rows4`), which
/// `boxFused` calls (docs/performance.md, "The box family's passes down the columns in AVX2").
///
/// Serves extended-box plans with equal radii whose padding before the line copies only
/// pixels within the reach (every edge mode but wrap).
struct ExtendedRowSweep {
    let plan: BoxPlan
    let alpha: Float
    let lines: UnsafeMutablePointer<Float>
    /// The four-row sweep's lines (`run4`), where the AVX-512 loops are active.
    let lines4: UnsafeMutablePointer<Float>?
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
        lines = PixelMemory.scratch(8 * r.count * (plan.count + 2 * reach))
        lines4 = KernelVariant.usesAVX512 ? PixelMemory.scratch(16 * r.count * (plan.count + 2 * reach)) : nil
    }

    func deallocate() {
        lines.deallocate()
        lines4?.deallocate()
    }

    /// All passes over four rows at once (`blur_avx512_extended_rows4`), where `lines4` is.
    func run4(
        rows: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>),
        into out: (
            UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
            UnsafeMutablePointer<Float>
        )
    ) {
        map.withUnsafeBufferPointer { map in
            var sweep = BlurExtendedRows4(
                row: rows, out: out, lines: lines4, map: map.baseAddress, n: Int32(plan.count),
                r: Int32(plan.radii[0]), passes: Int32(plan.radii.count), alpha: alpha, scale: plan.finalScale)
            blur_avx512_extended_rows4(&sweep)
        }
    }

    /// All passes over `rows` (the same row twice for one), written to `out` (which may be `rows`).
    func run(
        rows: (UnsafePointer<Float>, UnsafePointer<Float>),
        into out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    ) {
        map.withUnsafeBufferPointer { map in
            var sweep = BlurExtendedRows(
                row: rows, out: out, lines: lines, map: map.baseAddress, n: Int32(plan.count), r: Int32(plan.radii[0]),
                passes: Int32(plan.radii.count), alpha: alpha, scale: plan.finalScale)
            blur_avx2_extended_rows(&sweep)
        }
    }
}
