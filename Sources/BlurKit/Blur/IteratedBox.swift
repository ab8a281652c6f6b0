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
/// - Horizontal passes: groups of 8 rows are copied, padded, into a `[position][row]` scratch,
///   so 8 independent running sums fill the SIMD registers and hide the addition latency; all
///   N passes of a group run in cache before the group is written back.
/// - Vertical passes: strips of columns are streamed down row by row, all N passes pipelined:
///   pass i keeps a ring of its last 2rᵢ+2 (or more) input rows and hands each output row to
///   pass i+1, so each image row is read once and written back shortly after, while still in
///   cache. The padding of pass i+1 comes from the first and last rows pass i produced; wrap
///   (which needs the last rows first) and columns shorter than 2rᵢ+2 instead copy blocks of
///   16 columns into a padded scratch, as the horizontal passes do.
/// - On one thread, while the rings of full-width rows stay in cache, both directions run in
///   one sweep (`boxFused`): each row group's horizontal passes feed the vertical stream.
///
/// Float32 running sums drift by about √n rounding steps along a line of n pixels: the result
/// matches the directly summed box within ≈ 1e-6 relative on lines of a few thousand pixels,
/// and leaves a residue of ≈ 1e-8 of the signal where the exact result is 0.
public struct IteratedBox: BlurMethod {
    /// The odd box widths, one per pass (each applied horizontally and vertically).
    public let widths: [Int]

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

    public var name: String { "iterated-box" }
    public var parameters: String { "widths " + widths.map(String.init).joined(separator: ", ") }
    /// The sum of the box radii: each pass reaches `(wᵢ − 1)/2` further.
    public var reach: Int { widths.reduce(0) { $0 + ($1 - 1) / 2 } }

    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        let radii = widths.map { ($0 - 1) / 2 }.filter { $0 > 0 }
        guard width > 0, height > 0, !radii.isEmpty else { return }
        let rowPlan = BoxPlan(radii: radii, count: width, edges: edges)
        let columnPlan = BoxPlan(radii: radii, count: height, edges: edges)
        let streamed = edges != .wrap && height >= 2 * radii.max()! + 2
        PixelMemory.withPixels(of: &image) { pixels in
            if streamed && threads <= 1
                && 16 * width * BoxStream.rowsInCache(columnPlan, lookahead: boxRowLanes) <= boxFusedCacheBytes {
                boxFused(pixels, width: width, height: height, rowPlan: rowPlan, columnPlan: columnPlan)
                return
            }
            nonisolated(unsafe) let pixels = pixels
            let groups = (height + boxRowLanes - 1) / boxRowLanes
            Parallel.forSlices(of: groups, threads: threads) { groups in
                let scratch = BoxScratch(plan: rowPlan, lanes: boxRowLanes)
                defer { scratch.deallocate() }
                for g in groups {
                    let y0 = g * boxRowLanes
                    boxLines(pixels + 4 * y0 * width, positionStride: 4, laneStride: 4 * width,
                             validLanes: min(boxRowLanes, height - y0), plan: rowPlan, scratch: scratch)
                }
            }
            if streamed {
                let strip = PixelMemory.stripWidth(width: width, rowsInCache: BoxStream.rowsInCache(columnPlan),
                                                   threads: threads)
                Parallel.forSlices(of: (width + strip - 1) / strip, threads: threads) { strips in
                    let stream = BoxStream(plan: columnPlan, capacity: strip)
                    defer { stream.deallocate() }
                    for s in strips {
                        stream.run(pixels, width: width, columns: s * strip ..< min(width, (s + 1) * strip))
                    }
                }
            } else {
                let blocks = (width + boxColumnLanes - 1) / boxColumnLanes
                Parallel.forSlices(of: blocks, threads: threads) { blocks in
                    let scratch = BoxScratch(plan: columnPlan, lanes: boxColumnLanes)
                    defer { scratch.deallocate() }
                    for b in blocks {
                        let x0 = b * boxColumnLanes
                        boxLines(pixels + 4 * x0, positionStride: 4 * width, laneStride: 4,
                                 validLanes: min(boxColumnLanes, width - x0), plan: columnPlan, scratch: scratch)
                    }
                }
            }
        }
    }
}

/// The bytes of full-width ring rows up to which one thread runs the horizontal and vertical
/// passes fused (`boxFused`). Measured on 2048² (2-core AMD EPYC, 1 MiB L2 a core): fused was
/// ≈ 20 % faster at σ = 2 (1 MiB of rings), a few % at σ = 5–10 (1.6–3.2 MiB), slower at σ = 25.
let boxFusedCacheBytes = 2 * 1024 * 1024

/// Both directions in one sweep down the image: each group of rows gets its horizontal passes
/// and goes straight into the rings of a full-width `BoxStream`, whose last pass writes the
/// finished rows back. Each image row is read once and written once (the separate directions
/// read and write it twice), which pays while the rings stay in cache. The arithmetic of every
/// pixel is the same as in the separate directions, so the results are identical.
private func boxFused(
    _ pixels: UnsafeMutablePointer<Float>, width: Int, height: Int, rowPlan: BoxPlan, columnPlan: BoxPlan
) {
    let scratch = BoxScratch(plan: rowPlan, lanes: boxRowLanes)
    let stream = BoxStream(plan: columnPlan, capacity: width, lookahead: boxRowLanes)
    defer {
        scratch.deallocate()
        stream.deallocate()
    }
    let strip = BoxStream.Strip(pixels: pixels, width: width, columns: 0..<width)
    for y0 in stride(from: 0, to: height, by: boxRowLanes) {
        // Groups start at multiples of 8 and the ring holds a power of two ≥ 8 rows, so the
        // group's rows are consecutive slots.
        let rows = min(boxRowLanes, height - y0)
        boxLines(from: pixels + 4 * y0 * width, laneStride: 4 * width, into: stream.inputRow(y0, strip),
                 outLaneStride: 4 * width, positionStride: 4, validLanes: rows, plan: rowPlan, scratch: scratch)
        for t in y0..<(y0 + rows) { stream.received(t, strip) }
    }
    stream.finish(strip)
}

/// Rows per group of the horizontal passes.
let boxRowLanes = 8
/// Columns per block of the vertical passes when they cannot be streamed (256 bytes a row).
let boxColumnLanes = 16

/// The box radii of the passes along one axis and the padded source map of each.
///
/// Passes before the last store plain running sums; the last multiplies by
/// `finalScale = Π 1/(2rᵢ + 1)`, which normalises all of them at once.
struct BoxPlan: Sendable {
    let radii: [Int]
    let count: Int
    let maps: [[Int]]
    let finalScale: Float

    init(radii: [Int], count: Int, edges: EdgeMode) {
        self.radii = radii
        self.count = count
        self.maps = radii.map { edges.paddedSourceIndices(count: count, before: $0, after: $0) }
        self.finalScale = Float(radii.reduce(1.0) { $0 / Double(2 * $1 + 1) })
    }

    /// The factor pass `pass` multiplies its sums by: 1, except for the last pass.
    func scale(_ pass: Int) -> Float { pass == radii.count - 1 ? finalScale : 1 }

    /// Positions in the largest padded line.
    var paddedCount: Int { count + 2 * (radii.max() ?? 0) }
}

/// Two `[position][lane]` buffers the passes ping-pong between.
struct BoxScratch {
    let a: UnsafeMutablePointer<Float>
    let b: UnsafeMutablePointer<Float>
    let lanes: Int

    init(plan: BoxPlan, lanes: Int) {
        self.lanes = lanes
        a = PixelMemory.scratch(plan.paddedCount * lanes * 4)
        b = PixelMemory.scratch(plan.paddedCount * lanes * 4)
    }

    func deallocate() {
        a.deallocate()
        b.deallocate()
    }
}

/// All passes of `plan` over `validLanes` lines starting at `lines`, in place: line `l`,
/// position `p` is the pixel at `lines + p * positionStride + l * laneStride` (floats).
func boxLines(
    _ lines: UnsafeMutablePointer<Float>, positionStride: Int, laneStride: Int, validLanes: Int,
    plan: BoxPlan, scratch: BoxScratch
) {
    boxLines(from: lines, laneStride: laneStride, into: lines, outLaneStride: laneStride,
             positionStride: positionStride, validLanes: validLanes, plan: plan, scratch: scratch)
}

/// All passes of `plan` over `validLanes` lines read from `source` and written to `out`, with
/// position stride `positionStride` and lane strides `laneStride` and `outLaneStride` (floats).
func boxLines(
    from lines: UnsafePointer<Float>, laneStride: Int, into outLines: UnsafeMutablePointer<Float>, outLaneStride: Int,
    positionStride: Int, validLanes: Int, plan: BoxPlan, scratch: BoxScratch
) {
    let lanes = scratch.lanes, rowFloats = 4 * scratch.lanes, n = plan.count
    LineKernels.gather(from: lines, positionStride: positionStride, laneStride: laneStride, validLanes: validLanes,
                       map: plan.maps[0], before: plan.radii[0], count: n, into: scratch.a, lanes: lanes)
    var source = scratch.a, target = scratch.b
    for pass in plan.radii.indices {
        let r = plan.radii[pass]
        let last = pass == plan.radii.count - 1
        let direct = last && validLanes == lanes
        let next = last ? 0 : plan.radii[pass + 1]
        var sub = 0
        while sub < validLanes {
            if direct {
                LineKernels.boxPass(source + 4 * sub, positionStride: rowFloats, radius: r, count: n,
                                    scale: plan.scale(pass), into: outLines + sub * outLaneStride,
                                    outPositionStride: positionStride, outLaneStride: outLaneStride)
            } else {
                LineKernels.boxPass(source + 4 * sub, positionStride: rowFloats, radius: r, count: n,
                                    scale: plan.scale(pass), into: target + next * rowFloats + 4 * sub,
                                    outPositionStride: rowFloats, outLaneStride: 4)
            }
            sub += 8
        }
        if last {
            if !direct {
                LineKernels.scatter(target, lanes: lanes, validLanes: validLanes, count: n, into: outLines,
                                    outPositionStride: positionStride, outLaneStride: outLaneStride)
            }
        } else {
            LineKernels.fillPadding(target, lanes: lanes, before: next, count: n, map: plan.maps[pass + 1])
            swap(&source, &target)
        }
    }
}

/// The vertical box passes of a plan, streamed down a strip of columns with every pass
/// pipelined (see `IteratedBox`).
///
/// Pass i keeps its input rows in a ring of at least 2rᵢ+2 rows, and a running-sum row. When it
/// has received input row t it can emit output row t − rᵢ, which goes straight into the ring of
/// pass i+1 (or, for the last pass, into the image). Padding rows are read from the ring:
/// for zero, clamp, reflect and mirror, and 2rᵢ+2 ≤ height, the rows they map to are the first
/// rᵢ+1 or the last rᵢ+1 rows, still in the ring when needed. The sums are added in the same
/// order as `boxLines`, so both give identical results.
struct BoxStream {
    let plan: BoxPlan
    let capacity: Int
    let rings: [UnsafeMutablePointer<Float>]
    /// Ring size − 1 of each pass.
    let masks: [Int]
    let sums: [UnsafeMutablePointer<Float>]
    let zero: UnsafeMutablePointer<Float>
    let window: UnsafeMutablePointer<UnsafePointer<Float>>

    /// Scratch for strips of up to `capacity` columns, where up to `lookahead` input rows may be
    /// written (`inputRow`) before the first of them is `received`.
    init(plan: BoxPlan, capacity: Int, lookahead: Int = 1) {
        self.plan = plan
        self.capacity = capacity
        let slots = plan.radii.indices.map { BoxStream.slots(plan.radii[$0], lookahead: $0 == 0 ? lookahead : 1) }
        rings = slots.map { PixelMemory.scratch($0 * 4 * capacity) }
        masks = slots.map { $0 - 1 }
        sums = plan.radii.map { _ in PixelMemory.scratch(4 * capacity) }
        zero = PixelMemory.scratch(4 * capacity)
        window = .allocate(capacity: 2 * (plan.radii.max() ?? 0) + 1)
    }

    func deallocate() {
        for p in rings + sums { p.deallocate() }
        zero.deallocate()
        window.deallocate()
    }

    /// Runs all passes down `columns` of the image, in place.
    func run(_ pixels: UnsafeMutablePointer<Float>, width: Int, columns: Range<Int>) {
        let strip = Strip(pixels: pixels, width: width, columns: columns)
        for t in 0..<plan.count {
            inputRow(t, strip).update(from: strip.row(t), count: strip.floats)
            received(t, strip)
        }
        finish(strip)
    }

    /// The image and the columns a run works on; the last pass writes its rows there.
    struct Strip {
        let pixels: UnsafeMutablePointer<Float>
        let width: Int
        let columns: Range<Int>

        /// Floats in one row of the strip.
        var floats: Int { 4 * columns.count }

        /// Row `y` of the strip in the image.
        func row(_ y: Int) -> UnsafeMutablePointer<Float> { pixels + 4 * (y * width + columns.lowerBound) }
    }

    /// Where input row `t` of the first pass goes; rows arrive in order, and each is
    /// `received` at most `lookahead` rows after it was written.
    func inputRow(_ t: Int, _ strip: Strip) -> UnsafeMutablePointer<Float> { slot(0, t, strip.floats) }

    /// The first pass has its input row `t`.
    func received(_ t: Int, _ strip: Strip) { receive(0, t, strip) }

    /// Emits the last rows of every pass, once all input rows are received.
    func finish(_ strip: Strip) {
        for pass in plan.radii.indices {
            for y in (plan.count - plan.radii[pass])..<plan.count { emit(pass, y, strip) }
        }
    }

    /// Rows in the ring of a pass of radius r whose input rows may be written `lookahead` rows
    /// ahead: a power of two (so a slot is a bit mask away) of at least 2r + 1 + lookahead.
    static func slots(_ r: Int, lookahead: Int = 1) -> Int {
        var n = 1
        while n < 2 * r + 1 + lookahead { n *= 2 }
        return n
    }

    /// Rows kept in cache by the passes of `plan`, for choosing the strip width.
    static func rowsInCache(_ plan: BoxPlan, lookahead: Int = 1) -> Int {
        plan.radii.indices.reduce(1) { $0 + slots(plan.radii[$1], lookahead: $1 == 0 ? lookahead : 1) + 1 }
    }

    /// Ring slot of input row `t` (0 ≤ t < height) of pass `pass`.
    private func slot(_ pass: Int, _ t: Int, _ floats: Int) -> UnsafeMutablePointer<Float> {
        rings[pass] + (t & masks[pass]) * floats
    }

    /// Input row `j` (−r ≤ j < height + r) of pass `pass`, through the edge mode.
    private func row(_ pass: Int, _ j: Int, _ floats: Int) -> UnsafePointer<Float> {
        if j >= 0 && j < plan.count { return UnsafePointer(slot(pass, j, floats)) }
        let source = plan.maps[pass][j + plan.radii[pass]]
        return UnsafePointer(source < 0 ? zero : slot(pass, source, floats))
    }

    /// Pass `pass` has just received input row `t`: from row r on, it emits a row.
    private func receive(_ pass: Int, _ t: Int, _ strip: Strip) {
        let r = plan.radii[pass]
        if t < r { return }
        if t == r {
            for k in 0...(2 * r) { window[k] = row(pass, k - r, strip.floats) }
            LineKernels.sumRows(window, rowCount: 2 * r + 1, into: sums[pass], count: strip.columns.count)
        }
        emit(pass, t - r, strip)
    }

    /// Advances the running sum of pass `pass` to output row `y` (row 0 is the initial sum)
    /// and hands the row on: to the ring of the next pass, or to the image after the last.
    private func emit(_ pass: Int, _ y: Int, _ strip: Strip) {
        let r = plan.radii[pass], last = pass == plan.radii.count - 1
        let out = last ? strip.row(y) : slot(pass + 1, y, strip.floats)
        if y == 0 {
            LineKernels.scaleRow(sums[pass], scale: plan.scale(pass), into: out, count: strip.columns.count)
        } else {
            let head = row(pass, y + r, strip.floats), tail = row(pass, y - r - 1, strip.floats)
            LineKernels.slideRow(sums[pass], adding: head, removing: tail, scale: plan.scale(pass),
                                 into: out, count: strip.columns.count)
        }
        if !last { receive(pass + 1, y, strip) }
    }
}
