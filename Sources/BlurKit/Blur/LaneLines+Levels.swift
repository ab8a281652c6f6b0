/// 8-bit levels in the lane scratch: the frame of the methods' `PassStorage.eightBit` passes.
///
/// A scratch line holds Float32 values in 0…1; `toLevels` turns every position, padding
/// included, into the 8-bit level `RGBAImage.quantize` gives it (clamp, × 255, round half away
/// from zero), stored as `UInt32` in the same memory, and `fromLevels` turns levels back into
/// level / 255, the value an 8-bit PNG reads as. In between a filter reads and writes the
/// buffers as `SIMD16<UInt32>`; `refillPadding` copies bit patterns, so it works on levels too.
extension LaneLines {
    /// The buffer `line` seen as levels: two `SIMD16<UInt32>` per position.
    static func levels(_ line: UnsafeMutablePointer<SIMD16<Float>>) -> UnsafeMutablePointer<SIMD16<UInt32>> {
        UnsafeMutableRawPointer(line).assumingMemoryBound(to: SIMD16<UInt32>.self)
    }

    /// Converts every position of `line` from values in 0…1 to 8-bit levels, in place.
    func toLevels(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        let out = Self.levels(line)
        for i in 0..<(2 * paddedCount) {
            // NaN and values ≤ 0 become 0, values ≥ 1 become 1, as `RGBAImage.quantize` does.
            let value = SIMD16<Float>(repeating: 0).replacing(with: pointwiseMin(line[i], SIMD16(repeating: 1)), where: line[i] .> 0)
            let scaled = (value * 255).rounded(.toNearestOrAwayFromZero)
            out[i] = SIMD16<UInt32>(scaled, rounding: .towardZero)
        }
    }

    /// Converts positions `before..<before + count` of `line` from levels to level / 255, in place.
    func fromLevels(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        let levels = Self.levels(line)
        for i in (2 * before)..<(2 * (before + count)) {
            line[i] = SIMD16<Float>(levels[i]) / 255
        }
    }
}
