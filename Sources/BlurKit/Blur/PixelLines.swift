import Dispatch

/// Low-level helpers shared by the blur methods.
///
/// Images are interleaved RGBA Float32, so one pixel is 4 floats (16 bytes). A *line* is a row
/// or a column; blur passes copy lines into small scratch buffers whose layout is
/// `[position][lane]`: `lanes` lines side by side, so that one SIMD load reads the same position
/// of several lines and every lane runs the same arithmetic independently (a result never
/// depends on which lane or block computed it, which keeps multi-threaded output bit-identical).
enum PixelLines {
    /// Floats in one pixel.
    static let channels = 4

    /// Copies lines into a padded `[position][lane]` scratch buffer.
    ///
    /// Position `p` of lane `l` becomes pixel `map[p]` of line `l`, read at
    /// `source + map[p] * positionStride + l * laneStride` (strides in floats), or zero where
    /// `map[p] < 0` (see `EdgeMode.paddedSourceIndices`). Lanes `validLanes..<lanes` are zeroed.
    static func gather(
        from source: UnsafePointer<Float>, positionStride: Int, laneStride: Int, validLanes: Int,
        map: [Int], into buffer: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        let rowFloats = lanes * channels
        map.withUnsafeBufferPointer { map in
            for p in 0..<map.count {
                let out = buffer + p * rowFloats
                let s = map[p]
                if s < 0 {
                    out.update(repeating: 0, count: rowFloats)
                    continue
                }
                var input = source + s * positionStride
                for l in 0..<validLanes {
                    store4(load4(input), out + l * channels)
                    input += laneStride
                }
                if validLanes < lanes {
                    (out + validLanes * channels).update(repeating: 0, count: (lanes - validLanes) * channels)
                }
            }
        }
    }

    /// Fills the padding of a `[position][lane]` buffer whose interior
    /// (positions `before..<before + count`) already holds a line: padding position `p` copies
    /// interior position `before + map[p]`, or becomes zero where `map[p] < 0`.
    static func fillPadding(
        _ buffer: UnsafeMutablePointer<Float>, lanes: Int, before: Int, count: Int, map: [Int]
    ) {
        let rowFloats = lanes * channels
        map.withUnsafeBufferPointer { map in
            for p in 0..<map.count where p < before || p >= before + count {
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

    /// Runs `body` on the pixel storage of `image`.
    ///
    /// The pointer is valid only inside `body`; methods blur through it in place.
    static func withPixels(of image: inout RGBAImage, _ body: (UnsafeMutablePointer<Float>) -> Void) {
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { body(base) }
        }
    }

    /// A fresh scratch buffer of `count` floats, all zero; the caller deallocates it.
    static func scratch(_ count: Int) -> UnsafeMutablePointer<Float> {
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: max(count, 1))
        buffer.initialize(repeating: 0, count: max(count, 1))
        return buffer
    }
}

// MARK: - SIMD access

/// Loads 4 floats (one pixel) from any float address.
@inlinable @inline(__always)
func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Loads 16 floats (four pixels) from any float address.
@inlinable @inline(__always)
func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
}

/// Stores 4 floats (one pixel) at any float address.
@inlinable @inline(__always)
func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
}

/// Stores 16 floats (four pixels) at any float address.
@inlinable @inline(__always)
func store16(_ v: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<Float>.self)
}

/// Stores the eight pixels held in `a` (lanes 0–3) and `b` (lanes 4–7): lane `l` goes to
/// `p + l * laneStride`, and only lanes `0..<validLanes` are written.
@inlinable @inline(__always)
func storeLanes8(_ a: SIMD16<Float>, _ b: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>, laneStride: Int, validLanes: Int) {
    if validLanes == 8 && laneStride == 4 {
        store16(a, p)
        store16(b, p + 16)
        return
    }
    if validLanes == 8 {
        store4(a.lowHalf.lowHalf, p)
        store4(a.lowHalf.highHalf, p + laneStride)
        store4(a.highHalf.lowHalf, p + 2 * laneStride)
        store4(a.highHalf.highHalf, p + 3 * laneStride)
        store4(b.lowHalf.lowHalf, p + 4 * laneStride)
        store4(b.lowHalf.highHalf, p + 5 * laneStride)
        store4(b.highHalf.lowHalf, p + 6 * laneStride)
        store4(b.highHalf.highHalf, p + 7 * laneStride)
        return
    }
    for l in 0..<validLanes {
        let v = l < 4 ? a : b, i = 4 * (l % 4)
        store4(SIMD4(v[i], v[i + 1], v[i + 2], v[i + 3]), p + l * laneStride)
    }
}

// MARK: - Threads

/// Splits work over threads with `DispatchQueue.concurrentPerform`.
enum Parallel {
    /// Calls `body` on contiguous, nearly equal slices of `0..<count`: one slice when
    /// `threads ≤ 1`, otherwise up to `threads` slices run concurrently.
    ///
    /// Each slice is a pure function of `count` and `threads`; the methods compute every pixel
    /// the same way whatever slice holds it, so the result does not depend on `threads`.
    static func forSlices(of count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let slices = max(1, min(threads, count))
        if slices == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: slices) { i in
            body(count * i / slices ..< count * (i + 1) / slices)
        }
    }
}
