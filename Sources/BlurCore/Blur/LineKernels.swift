/// The inner loops of every blur method, layered as Pillow's `BoxBlur.c` is: a line kernel, a
/// pass built on it in the method's file, the public call on top.
///
/// This file holds what every pass shares: copying lines into padded scratch. Each method's own
/// line kernels are extensions in the method's file (`Separable.swift`, `Gaussian2D.swift`,
/// `BoxAverage.swift`, `Downsampled.swift`), the one running-sum loop of the box family in
/// `RunningSum.swift` and the box passes built on it in `LineKernels+BoxPasses.swift`, the
/// per-pixel steps in `RGBAImage+Blur.swift` and the SIMD loads and stores in `SIMDAccess.swift`. Those helpers are `@inline(__always)`, which inlines them into loops in
/// any file of the module, in the per-file debug build too.
///
/// Images are interleaved RGBA Float32, one pixel = 4 floats = 16 bytes; scratch buffers are laid
/// out `[position][lane]`, `lanes` lines side by side, so that one SIMD load reads the same
/// position of several lines and every lane runs the same arithmetic independently (a result
/// never depends on which lane or block computed it, which keeps multi-threaded output
/// bit-identical). Loops run taps outer and pixels inner with several independent accumulators,
/// because Swift never reorders floating-point additions: a loop summing taps innermost does
/// not vectorise.
///
/// Only `gather`, the resampling and the per-pixel steps read the image itself; every other
/// kernel reads scratch from `PixelMemory.scratch`, whose pixels are 16-byte aligned, with
/// aligned loads that SSE can fold into its arithmetic (the library targets baseline x86-64: no
/// AVX, no FMA, so instruction count is what limits these loops).
enum LineKernels {
    // MARK: - Copying lines into padded scratch

    /// Copies lines into a padded `[position][lane]` scratch buffer.
    ///
    /// Position `p` of lane `l` becomes pixel `map[p]` of line `l`, read at
    /// `source + map[p] * positionStride + l * laneStride` (strides in floats), or zero where
    /// `map[p] < 0` (see `EdgeMode.paddedSourceIndices`); positions `before..<before + count`
    /// must map to `0..<count`. Lanes `validLanes..<lanes` are zeroed.
    static func gather(
        from source: UnsafePointer<Float>, positionStride: Int, laneStride: Int, validLanes: Int,
        map: [Int], before: Int, count: Int, into buffer: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        let rowFloats = lanes * 4
        map.withUnsafeBufferPointer { map in
            for p in paddingPositions(before: before, count: count, total: map.count) {
                let out = buffer + p * rowFloats
                let s = map[p]
                if s < 0 {
                    out.update(repeating: 0, count: rowFloats)
                    continue
                }
                var input = source + s * positionStride
                for l in 0..<validLanes {
                    store4(load4(input), out + 4 * l)
                    input += laneStride
                }
                if validLanes < lanes {
                    (out + 4 * validLanes).update(repeating: 0, count: 4 * (lanes - validLanes))
                }
            }
        }
        let interior = buffer + before * rowFloats
        if laneStride == 4 {
            // Lanes side by side in the source (a block of columns): copy each row segment.
            for i in 0..<count {
                let input = source + i * positionStride, out = interior + i * rowFloats
                var l = 0
                while l + 4 <= validLanes {
                    store16(load16(input + 4 * l), out + 4 * l)
                    l += 4
                }
                while l < validLanes {
                    store4(load4(input + 4 * l), out + 4 * l)
                    l += 1
                }
            }
        } else {
            // Lines far apart (rows): read each line in order.
            for l in 0..<validLanes {
                var input = source + l * laneStride, out = interior + 4 * l
                for _ in 0..<count {
                    store4(load4(input), out)
                    input += positionStride
                    out += rowFloats
                }
            }
        }
        if validLanes < lanes {
            for i in 0..<count {
                (interior + i * rowFloats + 4 * validLanes).update(repeating: 0, count: 4 * (lanes - validLanes))
            }
        }
    }

    /// The padding positions of a padded line, `0..<before` then `before + count..<total`,
    /// without visiting the interior.
    @inline(__always)
    private static func paddingPositions(before: Int, count: Int, total: Int) -> some Sequence<Int> {
        (0..<(total - count)).lazy.map { $0 < before ? $0 : $0 + count }
    }

    /// Fills the padding of a `[position][lane]` buffer whose interior
    /// (positions `before..<before + count`) already holds a line: padding position `p` copies
    /// interior position `before + map[p]`, or becomes zero where `map[p] < 0`.
    static func fillPadding(_ buffer: UnsafeMutablePointer<Float>, lanes: Int, before: Int, count: Int, map: [Int]) {
        let rowFloats = lanes * 4
        map.withUnsafeBufferPointer { map in
            for p in paddingPositions(before: before, count: count, total: map.count) {
                let out = buffer + p * rowFloats
                let s = map[p]
                if s < 0 {
                    out.update(repeating: 0, count: rowFloats)
                } else {
                    out.update(from: buffer + (before + s) * rowFloats, count: rowFloats)
                }
            }
        }
    }
}
