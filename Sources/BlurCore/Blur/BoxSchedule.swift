/// The schedules the box family shares (`IteratedBox`, and `ExtendedBox` where its columns can be
/// streamed): the passes of a row plan along the rows, those of a column plan down the columns.
extension BoxPlan {
    /// Whether the passes of `plan` (down the columns) can be streamed (`BoxStream`): every edge
    /// mode but wrap, on columns at least 2·reach + 2 rows long.
    static func streams(_ plan: BoxPlan, edges: EdgeMode) -> Bool {
        edges != .wrap && plan.count >= 2 * plan.maxReach + 2
    }
}

/// The passes of `plan` along every row of an image of `height` rows (`plan.count` pixels
/// each), two rows at a time (`BoxRows`), in place.
func boxRows(_ pixels: UnsafeMutablePointer<Float>, height: Int, plan: BoxPlan, threads: Int) {
    nonisolated(unsafe) let pixels = pixels
    let width = plan.count
    Parallel.forSlices(of: (height + 1) / 2, threads: threads) { pairs in
        let rows = BoxRows(plan: plan)
        defer { rows.deallocate() }
        for pair in pairs {
            let y = 2 * pair, first = pixels + 4 * y * width
            let second: UnsafeMutablePointer<Float>? = y + 1 < height ? first + 4 * width : nil
            rows.run(first, second.map { UnsafePointer($0) }, into: first, second)
        }
    }
}

/// Both directions where the columns stream (`BoxPlan.streams`): in one sweep (`boxFused`) on one
/// thread, or on two in bands where the plan has a seam, while their full-width rings fit
/// `boxFusedCacheBytes` (or when `schedule` asks for it), else the rows (`boxRows`) and then the
/// columns streamed in strips (`BoxStream`).
func boxStreamed(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, rowPlan: BoxPlan, columnPlan: BoxPlan, threads: Int,
    schedule: IteratedBox.Schedule = .automatic
) {
    let height = columnPlan.count
    let fused =
        (threads == 1 || threads == 2 && columnPlan.seam != nil)
        && (schedule == .fused
            || schedule == .automatic
                && threads * 16 * width * BoxStream.rowsInCache(columnPlan, lookahead: boxFusedLookahead)
                    <= boxFusedCacheBytes)
    if fused {
        boxFused(pixels, width: width, height: height, rowPlan: rowPlan, columnPlan: columnPlan, threads: threads)
        return
    }
    boxRows(pixels, height: height, plan: rowPlan, threads: threads)
    nonisolated(unsafe) let pixels = pixels
    let strip = BoxStream.stripWidth(columnPlan, width: width, threads: threads)
    Parallel.forSlices(of: (width + strip - 1) / strip, threads: threads) { strips in
        let stream = BoxStream(plan: columnPlan, capacity: strip)
        defer { stream.deallocate() }
        for s in strips {
            stream.run(pixels, width: width, columns: s * strip..<min(width, (s + 1) * strip))
        }
    }
}
