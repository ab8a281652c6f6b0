#if arch(x86_64) && os(Linux)
import _Builtin_intrinsics.intel
#endif

// The loads and stores the line kernels use. Each is `@inline(__always)`, so it inlines into
// the loops of any file of the module, in debug builds (compiled file by file) too.


/// Loads 4 floats (one pixel) from any float address (an image pixel).
@inline(__always)
func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Loads 16 floats (four pixels) from any float address (image pixels).
@inline(__always)
func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
}

/// Loads 16 floats (four pixels) from a 16-byte-aligned address: a pixel in scratch memory
/// (`PixelMemory.scratch`). Aligned loads can be folded into the SSE arithmetic that uses them.
@inline(__always)
func loadScratch16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(p).load(as: SIMD16<Float>.self)
}

/// Loads 4 floats (one pixel) from a 16-byte-aligned address (see `loadScratch16`).
@inline(__always)
func loadScratch4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).load(as: SIMD4<Float>.self)
}

/// Stores 4 floats (one pixel) at any float address.
@inline(__always)
func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
}

/// Stores 16 floats (four pixels) at any float address.
@inline(__always)
func store16(_ v: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<Float>.self)
}

/// Stores a vector of whole pixels at a 16-byte-aligned address without first reading its
/// cache lines (non-temporal `movntps`, on x86-64 Linux; a plain store elsewhere): for output
/// rows whose lines have left the caches since they were read, where a plain store would read
/// each line from memory again before writing it. Follow a run of them with `streamingFence`.
@inline(__always)
func storeStreaming<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<Float>) where V.Scalar == Float {
    #if arch(x86_64) && os(Linux)
    withUnsafeBytes(of: v) { bytes in
        for i in stride(from: 0, to: V.scalarCount, by: 4) {
            _mm_stream_ps(p + i, bytes.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self))
        }
    }
    #else
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
    #endif
}

/// Stores the eight pixels held in `a` (lanes 0–3) and `b` (lanes 4–7): lane `l` goes to
/// `p + l * laneStride`.
@inline(__always)
func storeLanes8(_ a: SIMD16<Float>, _ b: SIMD16<Float>, _ p: UnsafeMutablePointer<Float>, laneStride s: Int) {
    store4(a.lowHalf.lowHalf, p)
    store4(a.lowHalf.highHalf, p + s)
    store4(a.highHalf.lowHalf, p + (s &* 2))
    store4(a.highHalf.highHalf, p + (s &* 3))
    store4(b.lowHalf.lowHalf, p + (s &* 4))
    store4(b.lowHalf.highHalf, p + (s &* 5))
    store4(b.highHalf.lowHalf, p + (s &* 6))
    store4(b.highHalf.highHalf, p + (s &* 7))
}

/// Loads a vector of whole pixels from a 16-byte-aligned address (scratch; see `loadScratch16`).
@inline(__always)
func loadAligned<V: SIMD>(_ p: UnsafePointer<Float>) -> V where V.Scalar == Float {
    UnsafeRawPointer(p).load(as: V.self)
}

/// Stores a vector of whole pixels at any float address.
@inline(__always)
func storeVector<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<Float>) where V.Scalar == Float {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
}
