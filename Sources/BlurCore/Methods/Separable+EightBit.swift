import CSeparableKernels

/// The separable Gaussian with 8-bit levels in and out, correctly rounded: every output level is
/// the Float32 two-pass sum rounded to the nearest level (`RGBA8Image.blurred(sigma:edges:truncate:threads:)`).
///
/// The levels are converted to Float32 as each row is read into the horizontal pass's padded
/// line, and the vertical pass rounds its sums to levels as it stores them; between the passes
/// the rows stay Float32, never levels, so the only rounding to a level is the last one.
///
/// The image is blurred one strip of `levelStrip` columns at a time. The horizontal pass writes
/// the strip's rows straight into column blocks of `levelBlock` pixels, laid out
/// `[block][row][column]` with R padding rows above and below; the vertical pass then reads each
/// block front to back as one stream, which the hardware prefetches, with no copy; each block's
/// padding rows are filled from its own rows through the edge mode just before. A strip's blocks
/// (2 MiB for 2048 rows) are reused by the next strip, so memory holds no Float32 image, and
/// nothing is mapped afresh for each. (Blocks of 16 pixels read eight columns at a time, as
/// `Separable`'s scratch is, took twice the time here: the half-rows are not a stream.) The sums
/// are those of `Separable`'s Float32 passes (`LineKernels.convolveRow`, `weighted8Symmetric`).
///
/// Kernels of at most `separableRingTaps` taps (not with wrap) take one sweep down the rows
/// instead (`levelRing`), as the Float32 blur does: the same sums, so the same levels, and on
/// two threads 1.9–2.2× one thread's speed where the strips gave 1.1–1.6× (docs/performance.md,
/// "8-bit path: the ring sweep for small kernels").
///
/// Memory: a thread's strip, 16 bytes a pixel for `levelStrip` columns and `height + 2R` rows,
/// and its padded line; for the ring, 2R + 1 Float32 rows a thread.
extension Separable {
    /// Blurs `width × height` RGBA pixels of levels at `source` into `out` (both `4 · width ·
    /// height` bytes; they may not overlap), reading beyond the border through `edges`.
    func blurLevels(
        _ source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
        edges: EdgeMode, threads: Int
    ) {
        guard width > 0, height > 0 else { return }
        precondition(
            weights.allSatisfy { $0 >= 0 } && weights.reduce(0, +) <= 1.001,
            "the 8-bit path's weights must be non-negative and sum to 1")
        let r = radius, taps = weights.count
        let symmetric = weights.elementsEqual(weights.reversed())
        let rowMap = edges.paddedSourceIndices(count: width, before: r, after: r)
        let columnMap = edges.paddedSourceIndices(count: height, before: r, after: r)
        let strips = (width + levelStrip - 1) / levelStrip
        weights.withUnsafeBufferPointer { weights in
            nonisolated(unsafe) let weights = weights.baseAddress!, source = source, out = out
            if edges != .wrap && taps <= separableRingTaps && !levelStripsOnly {
                // Both passes in one sweep down the rows, as the Float32 blur does for such kernels;
                // on several threads each sweeps its own band of output rows. The input is not
                // overwritten, so a band reads the rows beyond it from the image itself.
                let slices = max(1, min(threads, height))
                let bands = (0..<slices).map { height * $0 / slices..<height * ($0 + 1) / slices }
                Parallel.forSlices(of: slices, threads: slices) { indices in
                    for i in indices {
                        levelRing(
                            source, into: out, width: width, height: height, band: bands[i], weights: weights,
                            taps: taps, symmetric: symmetric, rowMap: rowMap, columnMap: columnMap)
                    }
                }
                return
            }
            Parallel.forSlices(of: strips, threads: threads) { strips in
                let blockFloats = (height + 2 * r) * 4 * levelBlock
                let blocks = levelStrip / levelBlock
                // Uninitialised: every position a pass reads is written first (spare lanes with zeros).
                let storage = UnsafeMutableRawPointer.allocate(byteCount: 4 * blocks * blockFloats, alignment: 64)
                    .bindMemory(to: Float.self, capacity: blocks * blockFloats)
                let padded = PixelMemory.scratch((levelStrip + 2 * r) * 4)
                defer {
                    storage.deallocate()
                    padded.deallocate()
                }
                for strip in strips {
                    let layout = LevelBlocks(
                        storage: storage, width: width, height: height, radius: r,
                        x0: strip * levelStrip, blockFloats: blockFloats)
                    levelRows(
                        source, layout: layout, padded: padded, weights: weights, taps: taps,
                        symmetric: symmetric, map: rowMap)
                    levelColumns(
                        out, layout: layout, weights: weights, taps: taps, symmetric: symmetric,
                        map: columnMap)
                }
            }
        }
    }
}

/// For tests: the column strips even for kernels the ring sweep (`levelRing`) would take.
nonisolated(unsafe) package var levelStripsOnly = false

/// The output rows `band` of the 8-bit blur in one sweep down the image, as `separableRing` does
/// for Float32: each input row's horizontal pass goes into a ring of the last 2R+1 rows, and as
/// soon as the ring holds rows y−R … y+R the vertical pass sums output row y from them
/// (`LineKernels.convolveRows`) and rounds it to levels. Each level is read once and written once,
/// and no column strip is gathered. Every sum is the column strips' (the same loops, in the same
/// order for each pixel), so the levels are theirs bit for bit. Not for wrap (its first rows
/// need the last); padding rows come from the ring as in `separableRing`.
private func levelRing(
    _ source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int, band: Range<Int>,
    weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, rowMap: [Int], columnMap: [Int]
) {
    let r = taps / 2
    let padded = PixelMemory.scratch(rowMap.count * 4)
    let sums = PixelMemory.scratch(4 * width)
    defer {
        padded.deallocate()
        sums.deallocate()
    }
    ringSweep(width: width, height: height, band: band, taps: taps, columnMap: columnMap) { t, ringRow in
        LineKernels.gatherLevels(
            source + 4 * t * width, map: rowMap, before: r, count: width, positions: 0..<(width + 2 * r),
            into: padded)
        LineKernels.convolveRow(padded, weights: weights, taps: taps, symmetric: symmetric, count: width, into: ringRow)
    } vertical: { y, window in
        LineKernels.convolveRows(window, weights: weights, taps: taps, symmetric: symmetric, count: width, into: sums)
        (KernelVariant.usesAVX2 ? blur_avx2_floats_to_levels : blur_floats_to_levels)(
            sums, out + 4 * y * width, 4 * width)
    }
}

/// Columns per block of the 8-bit path: eight pixels, one `weighted8` group, 128 bytes a row.
private let levelBlock = 8

/// Columns per strip of the 8-bit path: a multiple of `levelBlock`.
private let levelStrip = 64

/// How many rows ahead the 8-bit path's horizontal pass asks for the strip's source row.
private let levelPrefetchRows = 4

/// Where the rows of one strip's column blocks lie.
private struct LevelBlocks {
    let storage: UnsafeMutablePointer<Float>
    let width: Int, height: Int, radius: Int
    /// The strip's first column.
    let x0: Int
    /// Floats per block: `height + 2R` rows of `levelBlock` pixels.
    let blockFloats: Int

    /// The strip's columns in the image.
    var columns: Int { min(levelStrip, width - x0) }

    /// Row `position` (0 is the first padding row, R the image's first row) of block `block`.
    func row(_ position: Int, of block: Int) -> UnsafeMutablePointer<Float> {
        storage + block * blockFloats + position * 4 * levelBlock
    }
}

/// The strip's horizontal pass: each row's levels from R columns left of the strip to R right of
/// it become Float32 in `padded`, and the blurred pixels go to the blocks' rows, eight at a time.
private func levelRows(
    _ source: UnsafePointer<UInt8>, layout: LevelBlocks, padded: UnsafeMutablePointer<Float>,
    weights: UnsafePointer<Float>, taps: Int, symmetric: Bool, map: [Int]
) {
    let width = layout.width, r = layout.radius, lanes = levelBlock, columns = layout.columns
    // The rows a strip reads lie a page or more apart, which the hardware prefetchers do not
    // follow: row y + levelPrefetchRows is asked for while row y is blurred (docs/performance.md,
    // "8-bit path: prefetching the strip's rows").
    let first = max(0, layout.x0 - r), last = min(width, layout.x0 + columns + r)
    for y in 0..<layout.height {
        if y + levelPrefetchRows < layout.height {
            blur_prefetch(source + 4 * ((y + levelPrefetchRows) * width + first), 4 * (last - first))
        }
        LineKernels.gatherLevels(
            source + 4 * y * width, map: map, before: r, count: width,
            positions: layout.x0..<(layout.x0 + columns + 2 * r), into: padded)
        // The AVX2 loop takes the full blocks in one call (one call per block cost a tenth more).
        let full = KernelVariant.usesAVX2 ? columns / lanes : 0
        if full > 0 {
            blur_avx2_convolve_row_blocks(
                padded, weights, Int32(taps), symmetric ? 1 : 0, Int32(full), layout.row(r + y, of: 0),
                layout.blockFloats)
        }
        for b in full..<((columns + lanes - 1) / lanes) {
            let valid = min(lanes, columns - b * lanes), row = layout.row(r + y, of: b)
            LineKernels.convolveRow(
                padded + 4 * lanes * b, weights: weights, taps: taps, symmetric: symmetric,
                count: valid, into: row)
            // The lanes beyond the image's last column are summed by the vertical pass, never stored.
            if valid < lanes { (row + 4 * valid).initialize(repeating: 0, count: 4 * (lanes - valid)) }
        }
    }
}

/// The strip's vertical pass, block by block: padding rows from the edge mode, then down the
/// block, each sum rounded to a level as it is stored.
private func levelColumns(
    _ out: UnsafeMutablePointer<UInt8>, layout: LevelBlocks, weights: UnsafePointer<Float>,
    taps: Int, symmetric: Bool, map: [Int]
) {
    let width = layout.width, height = layout.height, r = layout.radius, lanes = levelBlock
    let rowFloats = 4 * lanes
    for b in 0..<((layout.columns + lanes - 1) / lanes) {
        for p in 0..<(2 * r + height) where p < r || p >= r + height {
            let target = layout.row(p, of: b)
            if map[p] < 0 {
                target.initialize(repeating: 0, count: rowFloats)
            } else {
                target.update(from: layout.row(r + map[p], of: b), count: rowFloats)
            }
        }
        let x0 = layout.x0 + b * lanes, valid = min(lanes, width - x0), first = layout.row(0, of: b)
        if KernelVariant.usesAVX2 {
            blur_avx2_level_columns(
                first, rowFloats, weights, Int32(taps), symmetric ? 1 : 0, Int32(height),
                out + 4 * x0, 4 * width, Int32(valid))
            continue
        }
        for y in 0..<height {
            let (a, c) =
                symmetric
                ? LineKernels.weighted8Symmetric(
                    first + y * rowFloats, tapStride: rowFloats, weights: weights, taps: taps)
                : LineKernels.weighted8(first + y * rowFloats, tapStride: rowFloats, weights: weights, taps: taps)
            LineKernels.storeLevels(a, c, out + 4 * (y * width + x0), validLanes: valid)
        }
    }
}

// MARK: - Line kernels: levels in, levels out

extension LineKernels {
    /// Positions `positions` of one row of `count` RGBA pixels of levels, padded by `before`
    /// positions, into `padded` as Float32 (position `positions.lowerBound` first): position `p`
    /// gets the pixel `map[p]` names, or zero for −1.
    static func gatherLevels(
        _ row: UnsafePointer<UInt8>, map: [Int], before: Int, count: Int, positions: Range<Int>,
        into padded: UnsafeMutablePointer<Float>
    ) {
        let start = positions.lowerBound
        // Inside the image the map is the identity: sixteen bytes, four pixels, at a time.
        let inside = positions.clamped(to: before..<(before + count))
        map.withUnsafeBufferPointer { map in
            for p in positions where !inside.contains(p) {
                store4(map[p] < 0 ? .zero : pixelValues(row + 4 * map[p]), padded + 4 * (p - start))
            }
        }
        (KernelVariant.usesAVX2 ? blur_avx2_levels_to_floats : blur_levels_to_floats)(
            row + 4 * (inside.lowerBound - before), padded + 4 * (inside.lowerBound - start), 4 * inside.count)
    }
    /// Four levels as Float32, exactly.
    @inline(__always)
    static func pixelValues(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)
        let bits = SIMD4<UInt32>(truncatingIfNeeded: bytes) | 0x4B00_0000
        return unsafeBitCast(bits, to: SIMD4<Float>.self) - 8_388_608
    }

    /// Sums to levels, rounded to the nearest whole number, ties to even (adding 2²³ leaves the
    /// whole number in the low bits of the Float32's pattern). The sums of non-negative weights
    /// times levels lie in 0 … 255 · Σw, and Σw of the Float32 weights is 1 to a few ulps, so
    /// every sum rounds to 0…255 and needs no clamp.
    @inline(__always)
    static func levels16(_ v: SIMD16<Float>) -> SIMD16<UInt8> {
        SIMD16<UInt8>(truncatingIfNeeded: unsafeBitCast(v + LaneLines.wholeNumberMagic, to: SIMD16<UInt32>.self))
    }

    /// Stores the eight pixels of sums `a` (pixels 0–3) and `b` (4–7) as levels at `p`, only
    /// the first `validLanes` of them.
    @inline(__always)
    static func storeLevels(_ a: SIMD16<Float>, _ b: SIMD16<Float>, _ p: UnsafeMutablePointer<UInt8>, validLanes: Int) {
        let low = levels16(a), high = levels16(b)
        if validLanes == 8 {
            UnsafeMutableRawPointer(p).storeBytes(of: low, as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(p + 16).storeBytes(of: high, as: SIMD16<UInt8>.self)
        } else {
            for i in 0..<(4 * validLanes) { p[i] = i < 16 ? low[i] : high[i - 16] }
        }
    }
}
