/// What a method's plan costs in memory traffic, counted from the plan (its radii, passes,
/// levels, padding), not timed: the two numbers `compare` and `bench` print beside the time.
///
/// - `reads`: pixels read per output pixel, summed over every step of the plan. A pixel is one
///   RGBA value of the image or of an intermediate image (a padded line, a smaller level, a
///   spectrum). Each tap of a direct kernel is a read; a running sum reads the pixel entering and
///   the one leaving its window; a recursive filter reads its input once (its state stays in
///   registers); a bilinear fetch reads the texels it interpolates. A step over an image of a
///   pixels counts a/(W·H) times its reads per pixel of that image.
/// - `passes`: passes over memory, how many times the plan reads and writes a whole image. A step
///   that reads an image of a pixels and writes one of b counts (a + b)/(2·W·H); steps run on a
///   line while it stays in cache (N box passes on a padded copy of a row) are one pass.
///
/// Each method counts its own plan (`BlurMethod.counters`); the counts hold for any number of
/// threads unless the method's documentation says a one-thread sweep merges passes.
public struct CostCounters: Sendable, Equatable {
    /// Pixels read per output pixel.
    public var reads: Double
    /// Whole-image reads and writes.
    public var passes: Double

    /// The counts of a plan: `reads` pixels read per output pixel over `passes` passes over memory.
    public init(reads: Double, passes: Double) {
        self.reads = reads
        self.passes = passes
    }

    /// `reads` reads per pixel of each line, rows then columns (one pass each), where each line
    /// of n pixels is padded by `padding` on both sides: the frame of `LaneLines.blur`.
    static func lines(readsPerPosition reads: Double, width: Int, height: Int, padding: Int) -> CostCounters {
        let rows = Double(width + 2 * padding) / Double(max(width, 1))
        let columns = Double(height + 2 * padding) / Double(max(height, 1))
        return CostCounters(reads: reads * (rows + columns), passes: 2)
    }
}
