import CSeparableKernels

/// The stack blur's triangle along two rows in AVX2 (`blur_avx2_triangle_rows` in
/// `CSeparableKernels`), reading the rows where they lie, where `BoxRows.run` would copy them
/// into padded lines for `LineKernels.trianglePassPair`. Every value is that loop's, in the same
/// order, so the pixels are bit for bit those of `BLURKIT_KERNELS=baseline`
/// (`BoxFamilyScheduleTests`).
///
/// Serves single-pass triangle plans, every edge mode.
struct TriangleRowSweep {
    let plan: BoxPlan
    let scratch: UnsafeMutablePointer<Float>
    let map: [Int32]

    /// The sweep's scratch for `plan`, or nil where it does not serve it.
    init?(plan: BoxPlan) {
        guard plan.shape == .triangle, plan.radii.count == 1 else { return nil }
        self.plan = plan
        map = plan.maps[0].map(Int32.init)
        scratch = PixelMemory.scratch(8 * (plan.count + 3 * plan.reach(0)))
    }

    func deallocate() { scratch.deallocate() }

    /// The triangle over `rows` (the same row twice for one), written to `out` (which may be `rows`).
    func run(
        rows: (UnsafePointer<Float>, UnsafePointer<Float>),
        into out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    ) {
        map.withUnsafeBufferPointer { map in
            var sweep = BlurTriangleRows(
                row: rows, out: out, scratch: scratch, map: map.baseAddress, n: Int32(plan.count),
                r: Int32(plan.radii[0]), scale: plan.finalScale)
            blur_avx2_triangle_rows(&sweep)
        }
    }
}
