import CSeparableKernels

/// The separable Gaussian with 8-bit levels in and out, correctly rounded: every output level is
/// the Float32 two-pass sum rounded to the nearest level (`RGBA8Image.blurred(sigma:edges:truncate:threads:)`).
///
/// The levels are converted to Float32 as each row is read into the horizontal pass's padded
/// line, and the vertical pass rounds its sums to levels as it stores them; between the passes
/// the rows stay Float32, never levels, so the only rounding to a level is the last one. The
/// horizontal pass writes its rows straight into column blocks of `levelBlock` pixels, laid out
/// `[block][row][column]` with R padding rows above and below, so the vertical pass reads each
/// block front to back as one stream, which the hardware prefetches, with no copy; each block's
/// padding rows are filled from its own rows through the edge mode just before its vertical pass.
/// (Blocks of 16 pixels, read eight columns at a time as `Separable`'s scratch is, took twice the
/// time here: read from memory rather than from a just-written scratch, the half-rows are not a
/// stream.) The sums are those of
/// `Separable`'s Float32 passes (`LineKernels.convolveRow`, `weighted8Symmetric`).
///
/// Memory: the block storage, 16 bytes a pixel for `width` rounded up to 8 columns and
/// `height + 2R` rows, and one padded line a thread.
extension Separable {
    /// Blurs `width × height` RGBA pixels of levels at `source` into `out` (both `4 · width ·
    /// height` bytes; they may not overlap), reading beyond the border through `edges`.
    func blurLevels(
        _ source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
        edges: EdgeMode, threads: Int
    ) {
        guard width > 0, height > 0 else { return }
        precondition(weights.allSatisfy { $0 >= 0 } && weights.reduce(0, +) <= 1.001,
                     "the 8-bit path's weights must be non-negative and sum to 1")
        let r = radius, taps = weights.count
        let symmetric = weights.elementsEqual(weights.reversed())
        let rowMap = edges.paddedSourceIndices(count: width, before: r, after: r)
        let columnMap = edges.paddedSourceIndices(count: height, before: r, after: r)
        let blockCount = (width + levelBlock - 1) / levelBlock
        let blockFloats = (height + 2 * r) * 4 * levelBlock
        // Uninitialised: every position a pass reads is written first (padding lanes with zeros).
        let storage = UnsafeMutableRawPointer.allocate(byteCount: 4 * blockCount * blockFloats, alignment: 64)
            .bindMemory(to: Float.self, capacity: blockCount * blockFloats)
        defer { storage.deallocate() }
        weights.withUnsafeBufferPointer { weights in
            nonisolated(unsafe) let weights = weights.baseAddress!, storage = storage, source = source, out = out
            let layout = LevelBlocks(
                storage: storage, width: width, height: height, radius: r, blockFloats: blockFloats)
            Parallel.forSlices(of: height, threads: threads) { rows in
                levelRows(source, rows: rows, layout: layout, weights: weights, taps: taps, symmetric: symmetric,
                          map: rowMap)
            }
            Parallel.forSlices(of: blockCount, threads: threads) { blocks in
                levelColumns(out, blocks: blocks, layout: layout, weights: weights, taps: taps, symmetric: symmetric,
                             map: columnMap)
            }
        }
    }
}

/// Columns per block of the 8-bit path: eight pixels, one `weighted8` group, 128 bytes a row.
private let levelBlock = 8

/// Where the rows of the 8-bit path's column blocks lie.
private struct LevelBlocks: @unchecked Sendable {
    let storage: UnsafeMutablePointer<Float>
    let width: Int, height: Int, radius: Int
    /// Floats per block: `height + 2R` rows of `levelBlock` pixels.
    let blockFloats: Int

    /// Row `position` (0 is the first padding row, R the image's first row) of block `block`.
    func row(_ position: Int, of block: Int) -> UnsafeMutablePointer<Float> {
        storage + block * blockFloats + position * 4 * levelBlock
    }
}

/// The horizontal pass over `rows`: each row's levels become Float32 in a padded line, and its
/// blurred pixels go to the blocks' rows, eight at a time.
private func levelRows(
    _ source: UnsafePointer<UInt8>, rows: Range<Int>, layout: LevelBlocks, weights: UnsafePointer<Float>, taps: Int,
    symmetric: Bool, map: [Int]
) {
    let width = layout.width, r = layout.radius, lanes = levelBlock
    let padded = PixelMemory.scratch(map.count * 4)
    defer { padded.deallocate() }
    for y in rows {
        LineKernels.gatherLevels(source + 4 * y * width, map: map, before: r, count: width, into: padded)
        for b in 0..<((width + lanes - 1) / lanes) {
            let x0 = b * lanes, valid = min(lanes, width - x0), row = layout.row(r + y, of: b)
            LineKernels.convolveRow(padded + 4 * x0, weights: weights, taps: taps, symmetric: symmetric, count: valid,
                                    into: row)
            // The lanes beyond the image's last column are summed by the vertical pass, never stored.
            if valid < lanes { (row + 4 * valid).initialize(repeating: 0, count: 4 * (lanes - valid)) }
        }
    }
}

/// The vertical pass over column blocks `blocks`: padding rows from the edge mode, then down the
/// block, each sum rounded to a level as it is stored.
private func levelColumns(
    _ out: UnsafeMutablePointer<UInt8>, blocks: Range<Int>, layout: LevelBlocks, weights: UnsafePointer<Float>,
    taps: Int, symmetric: Bool, map: [Int]
) {
    let width = layout.width, height = layout.height, r = layout.radius, lanes = levelBlock
    let rowFloats = 4 * lanes
    for b in blocks {
        for p in 0..<(2 * r + height) where p < r || p >= r + height {
            let target = layout.row(p, of: b)
            if map[p] < 0 {
                target.initialize(repeating: 0, count: rowFloats)
            } else {
                target.update(from: layout.row(r + map[p], of: b), count: rowFloats)
            }
        }
        let x0 = b * lanes, valid = min(lanes, width - x0), first = layout.row(0, of: b)
        if KernelVariant.usesAVX2 {
            blur_avx2_level_columns(first, rowFloats, weights, Int32(taps), symmetric ? 1 : 0, Int32(height),
                                    out + 4 * x0, 4 * width, Int32(valid))
            continue
        }
        for y in 0..<height {
            let (a, c) = symmetric
                ? LineKernels.weighted8Symmetric(first + y * rowFloats, tapStride: rowFloats, weights: weights, taps: taps)
                : LineKernels.weighted8(first + y * rowFloats, tapStride: rowFloats, weights: weights, taps: taps)
            LineKernels.storeLevels(a, c, out + 4 * (y * width + x0), validLanes: valid)
        }
    }
}

// MARK: - Line kernels: levels in, levels out

extension LineKernels {
    /// One row of `count` RGBA pixels of levels into a padded Float32 line: position `p` of
    /// `map` (`before` positions of padding first) gets the pixel `map[p]` names, or zero for −1.
    static func gatherLevels(
        _ row: UnsafePointer<UInt8>, map: [Int], before: Int, count: Int, into padded: UnsafeMutablePointer<Float>
    ) {
        map.withUnsafeBufferPointer { map in
            for p in 0..<map.count where p < before || p >= before + count {
                store4(map[p] < 0 ? .zero : pixelValues(row + 4 * map[p]), padded + 4 * p)
            }
        }
        // Inside the image the map is the identity: sixteen bytes, four pixels, at a time.
        var x = 0
        let line = padded + 4 * before
        while x + 4 <= count {
            store16(values16(UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD16<UInt8>.self)), line + 4 * x)
            x += 4
        }
        while x < count {
            store4(pixelValues(row + 4 * x), line + 4 * x)
            x += 1
        }
    }

    /// Four levels as Float32, exactly.
    @inline(__always)
    static func pixelValues(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)
        let bits = SIMD4<UInt32>(truncatingIfNeeded: bytes) | 0x4B00_0000
        return unsafeBitCast(bits, to: SIMD4<Float>.self) - 8_388_608
    }

    /// Sixteen levels as Float32, exactly: the bit pattern of 2²³ + n, minus 2²³.
    @inline(__always)
    static func values16(_ bytes: SIMD16<UInt8>) -> SIMD16<Float> {
        LaneLines.value(SIMD16<UInt32>(truncatingIfNeeded: bytes))
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
