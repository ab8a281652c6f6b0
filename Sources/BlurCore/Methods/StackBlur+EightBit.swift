/// OpenCV's 8-bit stack blur (`modules/imgproc/src/stackblur.cpp`, 4.7 and later): the rows,
/// then the columns, each stored as 8-bit levels.
///
/// Each direction sums the levels with the triangle's integer weights, exactly, and divides by
/// (r + 1)² to store a level; how it divides is what `LevelRule` names, and OpenCV does not
/// divide the same way in both directions:
///
/// - columns (r ≤ 254): Klingemann's multiply and shift (StackBlur 2004, the `stackblurMul` and
///   `stackblurShr` tables), (sum · m) >> s, truncated, with m = ⌈2ˢ / (r + 1)²⌉ and
///   s = ⌊log₂ (r + 1)²⌋ + 9, which is how every entry of those tables is made (the tests check
///   published entries). Beyond r = 254 OpenCV multiplies by the Float32 1/(r + 1)² and truncates.
/// - rows, r ≤ 4 (kernels up to 9 taps, when the row is longer than the kernel): the same
///   multiply and shift, truncated.
/// - rows, r > 4: the Float32 product sum · 1/(r + 1)², rounded to the nearest level
///   (`saturate_cast`, ties to even).
///
/// Where this differs from OpenCV 5.0.0 (measured by `bench/crosscheck_methods.py`):
/// - small kernels: OpenCV's first r and last few pixels of a row use the Float32 product,
///   truncated, not the table; a level at most.
/// - r > 4: OpenCV's rows depart from the clamped triangle in their last ≈ r/2 pixels, on
///   Float32 input too (up to 7 levels on a zone plate at r = 58); this computes the triangle.
/// - OpenCV's column product is an `int32`, which overflows for bright pixels from r = 181 (a
///   plain 250 becomes 255 with ksize 363); this computes it exactly.
/// - OpenCV shrinks a kernel longer than the picture's side to that side (or one less, to keep
///   it odd); this keeps r and reads beyond the edge through the edge mode.
extension StackBlur {
    /// How one direction turns a weighted sum of levels into a level.
    package enum LevelRule: String, Sendable, CaseIterable {
        /// (sum · m) >> s, Klingemann's multiply and shift: ⌊sum / (r + 1)²⌋ or one more.
        case klingemann
        /// The Float32 product sum · 1/(r + 1)², rounded to the nearest level, ties to even.
        case nearest
        /// The Float32 product sum · 1/(r + 1)², truncated.
        case truncated
    }

    /// Klingemann's multiplier m and shift s for radius r: m = ⌈2ˢ / (r + 1)²⌉ with
    /// s = ⌊log₂ (r + 1)²⌋ + 9, so m lies in (256, 512] and sum · m >> s ≈ sum / (r + 1)².
    package static func klingemannDivisor(radius r: Int) -> (multiplier: UInt32, shift: UInt32) {
        let d = (r + 1) * (r + 1)
        let shift = (Int.bitWidth - 1 - d.leadingZeroBitCount) + 9
        return (UInt32(((1 << shift) + d - 1) / d), UInt32(shift))
    }

    /// The rule OpenCV's 8-bit stackBlur applies to a direction: `count` pixels a line, along
    /// the rows or down the columns.
    package static func levelRule(radius r: Int, count: Int, alongColumns: Bool) -> LevelRule {
        if alongColumns { return r <= 254 ? .klingemann : .truncated }
        return r <= 4 && count > 2 * r + 1 ? .klingemann : .nearest
    }

    /// One weighted sum of levels (the triangle's weights add up to (r + 1)²) as a level.
    package static func level(_ sum: UInt32, radius r: Int, rule: LevelRule) -> UInt32 {
        switch rule {
        case .klingemann:
            let (m, s) = klingemannDivisor(radius: r)
            return UInt32((UInt64(sum) * UInt64(m)) >> UInt64(s))
        case .nearest:
            return UInt32((Float(sum) * (1 / Float((r + 1) * (r + 1)))).rounded(.toNearestOrEven))
        case .truncated:
            return UInt32(Float(sum) * (1 / Float((r + 1) * (r + 1))))
        }
    }

    /// The plain loop of one direction with 8-bit storage: the triangle of integer weights over
    /// one line of levels, read through the edge mode, each sum stored as a level by `rule`.
    package static func eightBitReference(_ line: [UInt8], radius r: Int, rule: LevelRule, edges: EdgeMode) -> [UInt8] {
        let n = line.count
        func level(_ i: Int) -> UInt32 { edges.sourceIndex(i, count: n).map { UInt32(line[$0]) } ?? 0 }
        var out = [UInt8](repeating: 0, count: n)
        // lesson-code: stack-8bit-reference
        for x in 0..<n {
            var sum: UInt32 = 0
            for k in -r...r {
                sum += UInt32(r + 1 - abs(k)) * level(x + k)  // 1, 2, …, r + 1, …, 1
            }
            // ÷ (r + 1)², stored as a level by OpenCV's rule for this direction.
            out[x] = UInt8(Self.level(sum, radius: r, rule: rule))
        }
        // end lesson-code
        return out
    }

    /// The fast 8-bit directions: the lane scratch holds levels (`LaneLines+Levels`), the
    /// triangle is two running sums in `UInt32`, and each direction divides by its own rule.
    func blurEightBit(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let r = radius
        LaneLines.blur(&image, edges: edges, threads: threads, before: r, after: r) { lines in
            let rule = StackBlur.levelRule(radius: r, count: lines.count, alongColumns: lines.alongColumns)
            lines.toLevels(lines.a)
            stackPassEightBit(LaneLines.levels(lines.a), sums: LaneLines.levels(lines.b), radius: r, rule: rule, count: lines.count)
            lines.fromLevels(lines.a)
            return lines.a
        }
    }
}

/// The triangle over eight padded lines of levels (r positions of padding each side), in place,
/// with `sums` as scratch: a trailing box of r + 1 into `sums`, then a leading box of r + 1
/// back, each sum stored as a level by `rule`. Sums stay below 255 · (r + 1)² < 2³².
private func stackPassEightBit(
    _ line: UnsafeMutablePointer<SIMD16<UInt32>>, sums: UnsafeMutablePointer<SIMD16<UInt32>>,
    radius r: Int, rule: StackBlur.LevelRule, count: Int
) {
    let (m, s) = StackBlur.klingemannDivisor(radius: r)
    // sum · m < 255 · (2ˢ + (r + 1)²) ≤ 4 294 771 455 < 2³² for every r ≤ 254 the table serves.
    let multiplier = SIMD16<UInt32>(repeating: m), inverse = SIMD16<Float>(repeating: 1 / Float((r + 1) * (r + 1)))
    let magic = LaneLines.wholeNumberMagic, magicBits = LaneLines.wholeNumberBits
    func level(_ sum: SIMD16<UInt32>) -> SIMD16<UInt32> {
        if rule == .klingemann { return (sum &* multiplier) &>> s }
        // Float32(sum), rounded once as a conversion rounds: the two exact halves added.
        let float = LaneLines.value(sum &>> 16) * 65536 + LaneLines.value(sum & 0xFFFF)
        let product = float * inverse                      // ≤ 255: whole numbers via 2²³
        let shifted = product + magic
        let nearest = unsafeBitCast(shifted, to: SIMD16<UInt32>.self) &- magicBits
        if rule == .nearest { return nearest }
        return nearest.replacing(with: nearest &- 1, where: shifted - magic .> product)
    }
    line.withMemoryRebound(to: LanePair<SIMD16<UInt32>>.self, capacity: count + 2 * r) { line in
        sums.withMemoryRebound(to: LanePair<SIMD16<UInt32>>.self, capacity: count + 2 * r) { sums in
            // lesson-code: stack-8bit
            // T(j) = in[j − r] + … + in[j], exact sums of levels.
            RunningSum.run(width: r + 1, count: count + r, load: { line[$0] }) { j, t in sums[j + r] = t }
            // out(x) = (T(x + r) + … + T(x + 2r)) ÷ (r + 1)², stored as a level.
            RunningSum.run(width: r + 1, from: r, count: count, load: { sums[$0] }) { p, u in
                line[p] = LanePair(level(u.low), level(u.high))
            }
            // end lesson-code
        }
    }
}
