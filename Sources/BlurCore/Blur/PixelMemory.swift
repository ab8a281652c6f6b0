/// Raw memory for the blur passes.
enum PixelMemory {
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
