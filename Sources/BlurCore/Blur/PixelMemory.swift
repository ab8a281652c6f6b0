#if os(Linux)
    import Glibc
#endif

/// Raw memory for the blur passes.
enum PixelMemory {
    /// A pixel array of `count` floats that `initialize` fills (and sets `initialized`, as
    /// `Array(unsafeUninitializedCapacity:initializingWith:)` asks), on huge pages where the
    /// system gives them (`preferHugePages`).
    static func array(
        count: Int, _ initialize: (inout UnsafeMutableBufferPointer<Float>, inout Int) throws -> Void
    ) rethrows -> [Float] {
        try [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { preferHugePages(base, bytes: 4 * count) }
            try initialize(&buffer, &initialized)
        }
    }

    /// Asks Linux to back the whole 2 MiB pages inside a buffer not yet written with huge pages
    /// as they are first touched (`madvise(MADV_HUGEPAGE)`, which a system whose transparent huge
    /// pages are `madvise` or `always` honours; elsewhere nothing happens), for buffers of 4 MiB
    /// or more, as NumPy does for its arrays. A sweep over a large image then walks one
    /// translation entry every 2 MiB instead of every 4 KiB, and the prefetchers, which stop at
    /// a page's end, run on (docs/performance.md, "Huge pages for the images"). Returns whether
    /// the system took the advice.
    @discardableResult
    static func preferHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) -> Bool {
        #if os(Linux)
            guard let span = hugePageSpan(start: Int(bitPattern: start), bytes: bytes),
                let page = UnsafeMutableRawPointer(bitPattern: span.lowerBound)
            else { return false }
            return madvise(page, span.count, MADV_HUGEPAGE) == 0
        #else
            return false
        #endif
    }

    /// The whole 2 MiB pages within `bytes` bytes from address `start`, for `bytes` of 4 MiB or
    /// more; nil for smaller buffers.
    static func hugePageSpan(start: Int, bytes: Int) -> Range<Int>? {
        let huge = 2 << 20
        guard bytes >= 4 << 20 else { return nil }
        let first = (start + huge - 1) / huge * huge, end = (start + bytes) / huge * huge
        return end > first ? first..<end : nil
    }

    /// Runs `body` on the pixel storage of `image`; methods blur through it in place.
    static func withPixels(of image: inout RGBAImage, _ body: (UnsafeMutablePointer<Float>) -> Void) {
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { body(base) }
        }
    }

    /// A fresh scratch buffer of `count` floats, all zero and aligned to a 64-byte cache line (so
    /// every pixel in it is 16-byte aligned, which the line kernels' aligned loads rely on, and a
    /// vector of a line's width never spans two lines); the caller deallocates it.
    static func scratch(_ count: Int) -> UnsafeMutablePointer<Float> {
        let n = max(count, 1)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 4 * n, alignment: 64)
        return raw.initializeMemory(as: Float.self, repeating: 0, count: n)
    }

    /// Scratch like `scratch`, not zeroed, for buffers every float of which is written before it
    /// is read (the box passes' rings): zeroing them would write every byte once more per blur,
    /// 5 MiB at σ = 25 on a 2048-pixel row. With `poisonsFreshScratch` (for tests) it is filled
    /// with NaN, so that a float read before it is written shows in the result.
    static func unzeroedScratch(_ count: Int) -> UnsafeMutablePointer<Float> {
        let n = max(count, 1)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 4 * n, alignment: 64)
        guard poisonsFreshScratch else { return raw.bindMemory(to: Float.self, capacity: n) }
        return raw.initializeMemory(as: Float.self, repeating: .nan, count: n)
    }

    /// Whether `unzeroedScratch` fills its buffers with NaN; set only by tests.
    nonisolated(unsafe) package static var poisonsFreshScratch = false

    /// The width of the column strips a row-streaming pass works on: as wide as keeps
    /// `rowsInCache` rows of it within half of a 1 MiB L2 cache, a multiple of 8 pixels, at
    /// least 64 pixels, and narrow enough to give every thread a strip.
    static func stripWidth(width: Int, rowsInCache: Int, threads: Int) -> Int {
        let budget = 512 * 1024 / (16 * max(rowsInCache, 1))
        let perThread = (width + max(threads, 1) - 1) / max(threads, 1)
        let strip = min(max(budget / 8 * 8, 64), (perThread + 7) / 8 * 8)
        return max(1, min(strip, width))
    }
}
