/// 8-bit levels in the lane scratch: the frame of the methods' `PassStorage.eightBit` passes.
///
/// A scratch line holds Float32 values in 0…1; `toLevels` turns every position, padding
/// included, into the 8-bit level `RGBAImage.quantize` gives it (clamp, × 255, round half away
/// from zero), stored as `UInt32` in the same memory, and `fromLevels` turns levels back into
/// level / 255, the value an 8-bit PNG reads as. In between a filter reads and writes the
/// buffers as `SIMD16<UInt32>`; `refillPadding` copies bit patterns, so it works on levels too.
///
/// The conversions use the Float32 whose exponent makes one unit of its last place worth 1:
/// for 0 ≤ x < 2²², x + 2²³ is x rounded to a whole number (ties to even), and its bit pattern
/// minus that of 2²³ is the whole number; the other way, the pattern of 2²³ plus a level n is
/// the Float32 2²³ + n. So every lane converts with vector adds and bit casts, never a call
/// per value.
extension LaneLines {
    /// The buffer `line` seen as levels: two `SIMD16<UInt32>` per position.
    static func levels(_ line: UnsafeMutablePointer<SIMD16<Float>>) -> UnsafeMutablePointer<SIMD16<UInt32>> {
        UnsafeMutableRawPointer(line).assumingMemoryBound(to: SIMD16<UInt32>.self)
    }

    /// 2²³: adding it rounds a Float32 in [0, 2²²) to a whole number.
    static let wholeNumberMagic = SIMD16<Float>(repeating: 8_388_608)
    /// The bit pattern of 2²³.
    static let wholeNumberBits = SIMD16<UInt32>(repeating: 0x4B00_0000)

    /// One value in 0…1 to its 8-bit level, as `RGBAImage.quantize` rounds it: NaN and values
    /// ≤ 0 become 0, values ≥ 1 become 255, halves round up. Written as plain scalar code so
    /// that the loops calling it vectorise.
    @inline(__always)
    static func level(_ value: Float) -> UInt32 {
        let scaled = (value > 0 ? min(value, 1) : 0) * 255
        let shifted = scaled + 8_388_608
        let whole = shifted.bitPattern &- 0x4B00_0000
        // Ties went to even; a half that went down goes up instead (away from zero).
        return scaled - (shifted - 8_388_608) == 0.5 ? whole &+ 1 : whole
    }

    /// Whole numbers below 2²³ (levels, or halves of a 32-bit sum) to Float32, exactly.
    @inline(__always)
    static func value(_ levels: SIMD16<UInt32>) -> SIMD16<Float> {
        unsafeBitCast(levels | wholeNumberBits, to: SIMD16<Float>.self) - wholeNumberMagic
    }

    /// Converts every position of `line` from values in 0…1 to 8-bit levels, in place.
    func toLevels(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        let values = UnsafeMutableRawPointer(line).assumingMemoryBound(to: Float.self)
        let levels = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt32.self)
        for i in 0..<(32 * paddedCount) {
            levels[i] = Self.level(values[i])
        }
    }

    /// Converts positions `before..<before + count` of `line` from levels to level / 255, in place.
    func fromLevels(_ line: UnsafeMutablePointer<SIMD16<Float>>) {
        let values = UnsafeMutableRawPointer(line).assumingMemoryBound(to: Float.self)
        let levels = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt32.self)
        for i in (32 * before)..<(32 * (before + count)) {
            values[i] = (Float(bitPattern: levels[i] | 0x4B00_0000) - 8_388_608) / 255
        }
    }
}
