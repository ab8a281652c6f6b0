/// Repeated box filters: N horizontal and N vertical passes of box averages of odd widths
/// `w₁ … w_N`, each computed as a running sum in O(1) per pixel whatever its width.
///
/// A box of width w has variance (w² − 1)/12, and variances add under convolution, so N boxes
/// approach a Gaussian of σ² = Σ(wᵢ² − 1)/12 (central limit theorem; Wells 1986, "Efficient
/// synthesis of Gaussian filters by cascaded uniform filters", IEEE PAMI 8(2)). Choosing the
/// widths for a σ is Kovesi 2010 ("Fast almost-Gaussian filtering", DICTA); this type takes the
/// widths as given. Each pass applies the edge mode to its own input, exactly as N separate box
/// blurs would.
///
/// The running sum (Pillow's `BoxBlur.c`, Getreuer 2013 IPOL survey §2.2):
/// `S(x+1) = S(x) + in(x + r + 1) − in(x − r)`, `out(x) = S(x) / (2r + 1)`; the divisions of all
/// N passes are done at once, by `Π 1/(2rᵢ + 1)` in the last pass. Instead of Pillow's
/// separate left-edge, interior and right-edge loops, lines are read through the edge mode's
/// padding, which serves all five edge modes and lines shorter than the box; the loops that
/// remain never branch.
/// - Horizontal passes: rows go two at a time, each copied into its own padded line
///   (`BoxRows`); each pass runs both lines' running sums side by side, two independent chains
///   of additions, and fills the next pass's padding; the last pass writes the rows back.
/// - Vertical passes: strips of columns are streamed down row by row, all N passes pipelined:
///   pass i keeps a ring of its last 2rᵢ+2 (or more) input rows and hands each output row to
///   pass i+1, so each image row is read once and written back shortly after, while still in
///   cache. The padding of pass i+1 comes from the first and last rows pass i produced; wrap
///   (which needs the last rows first) and columns shorter than 2rᵢ+2 instead copy blocks of
///   16 columns into a padded scratch (`boxLines`). With three passes, once no pass reads
///   padding any more, blocks of 16 rows go through all three running sums at once in
///   registers, four pixels at a time, in strips of 64 columns (`BoxStream.cascade`).
/// - On one thread, while the rings of full-width rows stay in cache, both directions run in
///   one sweep (`boxFused`): each pair of rows' horizontal passes feed the vertical stream. On
///   two threads each sweeps its own band of rows with its own rings, the two meeting at the
///   column plan's seam (`BoxPlan.seam`), where every schedule starts its sums afresh, so the
///   pixels are those of one thread.
///
/// Files by role: this one and `BoxSchedule` choose the schedule (`ExtendedBox` runs there too,
/// and `StackBlur`, with their `BoxPlan.Shape`); `BoxPlan` (radii, padded maps, lane counts),
/// `BoxRows` (horizontal passes), `BoxScratch` and `BoxLines` (all passes over a block of
/// columns), `BoxStream` (streamed columns) and `BoxFused` (one sweep). Each of the three
/// paths is kept because `bench/box_schedules.py` measured it ≥ 10 % faster than the plainer
/// one somewhere (numbers beside `BoxStream` and `boxFusedCacheBytes`).
///
/// Cost, three passes, fused, per pixel: the horizontal passes run 3 running sums
/// (2 loads, 1 addition, 1 subtraction, 1 store each; the first reads the image row in place);
/// the vertical passes run 3 more in one step per row (the input row, 3 tails and 3 sums loaded,
/// 3 sums, 2 ring rows and the output stored); each direction's last pass multiplies once — 12
/// additions, 2 multiplications, 13 loads and 9 stores on one 4-float SSE register per pixel:
/// about what reading and writing every pixel once costs, so the limit of the fused sweep is
/// about twice that memory floor (docs/performance.md, "Iterated box: cost", has the figures and
/// the measurement). What stands between: the first pass reads the image from memory with little else to overlap, and the
/// vertical passes read each ring row again 2rᵢ+1 rows after writing it — from L2 at σ = 2
/// (0.6 MiB of full-width rings), from L3 at σ = 25 (5 MiB). The fused
/// sweep's output rows are written with non-temporal stores (their lines have left the caches by
/// then at large σ).
///
/// Float32 running sums drift by about √n rounding steps along a line of n pixels: the result
/// matches the directly summed box within ≈ 1e-6 relative on lines of a few thousand pixels,
/// and leaves a residue of ≈ 1e-8 of the signal where the exact result is 0.
public struct IteratedBox: BlurMethod {
    /// The odd box widths, one per pass (each applied horizontally and vertically).
    package let widths: [Int]
    /// How the passes are scheduled; every schedule gives identical results. Only benchmarks
    /// choose one (`explorer bench --box-schedule`), to measure what each path gains.
    package var schedule: Schedule = .automatic

    /// The order in which the passes visit memory.
    package enum Schedule: String, CaseIterable, Sendable {
        /// Fused on one thread, or in two bands on two, while their rings fit `boxFusedCacheBytes`,
        /// else streamed columns.
        case automatic
        /// Both directions in one sweep (`boxFused`), where columns can be streamed.
        case fused
        /// Horizontal passes, then columns streamed in strips (`BoxStream`), where they can be.
        case streamed
        /// Horizontal passes, then columns in blocks of 16 through a padded scratch.
        case blocked
    }

    /// Creates N passes of the given odd widths (`widths.count` = N ≥ 0; width 1 is identity).
    public init(widths: [Int]) {
        for w in widths { precondition(w >= 1 && w % 2 == 1, "box width (\(w)) must be odd and at least 1") }
        self.widths = widths
    }

    /// `iterations` passes of one box of width 2R+1, as FXBlurView's `iterations` setting does.
    public init(radius: Int, iterations: Int) {
        precondition(radius >= 0, "radius (\(radius)) must not be negative")
        precondition(iterations >= 0, "iterations (\(iterations)) must not be negative")
        self.init(widths: Array(repeating: 2 * radius + 1, count: iterations))
    }

    /// "iterated-box", as the command line names the method.
    public var name: String { "iterated-box" }
    /// The widths of the passes: "widths 5, 5, 7".
    public var parameters: String { "widths " + widths.map(String.init).joined(separator: ", ") }
    /// The sum of the box radii: each pass reaches `(wᵢ − 1)/2` further.
    public var reach: Int { widths.reduce(0) { $0 + ($1 - 1) / 2 } }

    /// Each box pass reads two pixels (the one entering its running sum and the one leaving),
    /// along the rows and down the columns: 2 · 2 · N. All N passes of a direction run in one
    /// sweep (rows on padded copies, columns streamed), so two passes over memory (one when
    /// `boxFused` sweeps both directions on one thread). Boxes of width 1 are skipped.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let boxes = Double(widths.filter { $0 > 1 }.count)
        return CostCounters(reads: 4 * boxes, passes: boxes > 0 ? 2 : 0)
    }

    /// Runs every box along the rows, then every box down the columns, each pass reading its own
    /// input through `edges`, in place, in the order `schedule` chooses (the result is the same for
    /// every schedule). Widths of 1, and images without pixels, change nothing.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        let radii = widths.map { ($0 - 1) / 2 }.filter { $0 > 0 }
        guard width > 0, height > 0, !radii.isEmpty else { return }
        let rowPlan = BoxPlan(radii: radii, count: width, edges: edges)
        let columnPlan = BoxPlan(radii: radii, count: height, edges: edges)
        let streamed = BoxPlan.streams(columnPlan, edges: edges) && schedule != .blocked
        PixelMemory.withPixels(of: &image) { pixels in
            if streamed {
                boxStreamed(
                    pixels, width: width, rowPlan: rowPlan, columnPlan: columnPlan, threads: threads,
                    schedule: schedule)
                return
            }
            boxRows(pixels, height: height, plan: rowPlan, threads: threads)
            nonisolated(unsafe) let pixels = pixels
            let blocks = (width + boxColumnLanes - 1) / boxColumnLanes
            Parallel.forSlices(of: blocks, threads: threads) { blocks in
                let scratch = BoxScratch(plan: columnPlan, lanes: boxColumnLanes)
                defer { scratch.deallocate() }
                for b in blocks {
                    let x0 = b * boxColumnLanes
                    boxLines(
                        pixels + 4 * x0, positionStride: 4 * width, laneStride: 4,
                        validLanes: min(boxColumnLanes, width - x0), plan: columnPlan, scratch: scratch)
                }
            }
        }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `IteratedBox` in the catalog: O(1), taught, reads `iterations` N; from `sigma`, N widths chosen
    /// by Kovesi's rule (`BoxWidths.forSigma`); from `radius` R, N boxes of width 2R + 1.
    public static let iteratedBox = MethodEntry(
        name: "iterated-box", summary: "N running-sum box passes (Kovesi's widths)", parameters: [.iterations],
        cost: .constant, taught: true,
        scheduleNote:
            "The fast loop keeps a running sum — add the pixel entering the window, subtract the one leaving — so a pass costs two additions per pixel whatever its width; it slides along two rows at once, whose sums hide each other's latency, and divides once by the product of the widths at the end."
    ) { settings in
        // sigma: N Kovesi widths; radius R: N boxes of width 2R+1.
        let passes = settings.integer(.iterations)
        if let radius = settings.radius { return IteratedBox(radius: radius, iterations: passes) }
        guard let sigma = settings.sigma else {
            throw BlurKitError("method iterated-box needs sigma or radius", naming: ["method", "sigma", "radius"])
        }
        return IteratedBox(widths: try BoxWidths.forSigma(sigma, passes: passes))
    }
}
