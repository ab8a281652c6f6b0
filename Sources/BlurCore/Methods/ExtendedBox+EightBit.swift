/// Pillow's 8-bit extended boxes (`src/libImaging/BoxBlur.c`, `ImagingLineBoxBlur32`): every
/// pass is computed in fixed point and stored as 8-bit levels again.
///
/// Pillow turns the box of radius r + α into two integer weights on a scale of 2²⁴:
///
///     ww = ⌊2²⁴ / (2(r + α) + 1)⌋        the 2r + 1 pixels of the box   (Float32 division)
///     fw = ⌊(2²⁴ − (2r + 1)·ww) / 2⌋     each of the two end pixels
///
/// and each output level is (ww·Σ box + fw·(two ends) + 2²³) >> 24: the weighted sum rounded to
/// the nearest level (halves up). It runs all N passes along the rows, then transposes and runs
/// all N down the columns, reading beyond the ends as clamped edges. Here the same arithmetic
/// runs on levels in `UInt32`, in any edge mode; with clamped edges it is Pillow's.
extension ExtendedBox {
    /// The integer weights of one 8-bit pass on a scale of 2²⁴ (Pillow's `ww` and `fw`).
    package struct FixedPointWeights: Sendable, Equatable {
        /// The weight of each of the 2r + 1 pixels of the box.
        package let whole: UInt32
        /// The weight of each of the two pixels just outside it.
        package let end: UInt32

        /// The weights, as Pillow computes them.
        package init(whole: UInt32, end: UInt32) {
            self.whole = whole
            self.end = end
        }

        /// Pillow's weights for a box of radius r + α given as one Float32, as
        /// `ImagingHorizontalBoxBlur` computes them: r = ⌊r + α⌋, ww from a Float32 division
        /// truncated to an integer, fw from what is left of 2²⁴ after the box's 2r + 1 pixels.
        package init(floatRadius: Float) {
            let radius = UInt32(floatRadius)
            let whole = UInt32(Float(1 << 24) / (floatRadius * 2 + 1))
            self.init(whole: whole, end: ((1 << 24) - (radius * 2 + 1) * whole) / 2)
        }

        /// Pillow's `_gaussian_blur_radius`: r + α for N passes of σ, in Pillow's own mix of
        /// Float32 and Float64 (σ arrives as a C `float`; √ and ⌊⌋ in double, stored to float),
        /// so the weights derived from it are bit for bit Pillow's. Gwosdek et al. (2011),
        /// equations [7], [11] and [14], as in `ExtendedBox.init(sigma:passes:)`.
        package static func pillowRadius(sigma: Double, passes: Int) -> Float {
            let radius = Float(sigma)
            let sigma2 = radius * radius / Float(passes)
            let length = Float((12.0 * Double(sigma2) + 1.0).squareRoot())          // [7]
            let l = Float(((Double(length) - 1.0) / 2.0).rounded(.down))            // [11]
            var a = (2 * l + 1) * (l * (l + 1) - 3 * sigma2)                        // [14]
            a /= 6 * (sigma2 - (l + 1) * (l + 1))
            return l + a
        }
    }

    /// The plain loop of the 8-bit passes: N passes over one line of levels, each in Pillow's
    /// fixed point, rounded to a level, and read by the next pass through the edge mode.
    package static func eightBitReference(
        _ line: [UInt8], radius r: Int, weights: FixedPointWeights, passes: Int, edges: EdgeMode
    ) -> [UInt8] {
        var line = line
        let n = line.count
        // lesson-code: extended-box-8bit-reference
        for _ in 0..<passes {
            let input = line
            func level(_ i: Int) -> UInt32 {
                edges.sourceIndex(i, count: n).map { UInt32(input[$0]) } ?? 0
            }
            for x in 0..<n {
                var box: UInt32 = 0
                for k in -r...r { box += level(x + k) }         // the ordinary box
                let ends = level(x - r - 1) + level(x + r + 1)  // its fractional ends
                // Fixed point, 2²⁴ = one level; stored as a level, rounded.
                let sum = box * weights.whole + ends * weights.end
                line[x] = UInt8((sum + (1 << 23)) >> 24)
            }
        }
        // end lesson-code
        return line
    }

    /// The fast 8-bit passes: the lane scratch holds levels (`LaneLines+Levels`), each pass a
    /// running sum in `UInt32` for eight lines × four channels at once.
    func blurEightBit(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let r = radius, passes = passes, weights = fixedPoint
        LaneLines.blur(&image, edges: edges, threads: threads, before: r + 1, after: r + 1) { lines in
            lines.toLevels(lines.a)
            var source = lines.a, target = lines.b
            for pass in 0..<passes {
                extendedBoxPassEightBit(LaneLines.levels(source), into: LaneLines.levels(target), radius: r,
                                        weights: weights, from: lines.before, count: lines.count)
                if pass < passes - 1 { lines.refillPadding(target) }
                swap(&source, &target)
            }
            lines.fromLevels(source)
            return source
        }
    }
}

/// One 8-bit extended-box pass over eight padded lines of levels: a running sum of the 2r + 1
/// box levels, then Pillow's fixed point and rounding. Reads positions `from − r − 1 … from + count + r`.
/// The sums stay below 2³² (255 · 2²⁴ at most), so wrapping arithmetic never wraps.
private func extendedBoxPassEightBit(
    _ source: UnsafeMutablePointer<SIMD16<UInt32>>, into target: UnsafeMutablePointer<SIMD16<UInt32>>,
    radius r: Int, weights: ExtendedBox.FixedPointWeights, from first: Int, count: Int
) {
    let whole = SIMD16<UInt32>(repeating: weights.whole), end = SIMD16<UInt32>(repeating: weights.end)
    let half = SIMD16<UInt32>(repeating: 1 << 23)
    func level(_ sum: SIMD16<UInt32>, _ ends: SIMD16<UInt32>) -> SIMD16<UInt32> { (sum &* whole &+ ends &* end &+ half) &>> 24 }
    source.withMemoryRebound(to: LanePair<SIMD16<UInt32>>.self, capacity: first + count + r + 1) { source in
        target.withMemoryRebound(to: LanePair<SIMD16<UInt32>>.self, capacity: first + count) { target in
            // lesson-code: extended-box-8bit
            RunningSum.run(width: 2 * r + 1, from: first, count: count, load: { source[$0 - r] }) { p, s in
                let outside = source[p - r - 1], head = source[p + r + 1]
                target[p] = LanePair(level(s.low, outside.low &+ head.low), level(s.high, outside.high &+ head.high))
            }
            // end lesson-code
        }
    }
}
