/// The horizontal box passes of a plan over two rows at a time, each row in its own padded line.
///
/// The first pass reads the two rows where they lie in the image, with their padding (r₀ pixels
/// each side, through the edge mode) in small separate buffers; every pass runs the running sum
/// along both lines at once, so two independent chains of additions hide each other's latency,
/// writes the next pass's line and fills its padding (`LineKernels.fillPadding`, which serves
/// every edge mode, wrap included, and lines shorter than the box); the last pass writes the
/// rows out. A line of 2048 pixels is 32 KiB, so the lines a pass reads and writes stay in the
/// L1 and L2 caches. Rows narrower than 2r₀ + 2, and single passes (which would overwrite the
/// row they read), copy the row into a padded line first.
///
/// Why it replaced groups of eight rows in a `[position][row]` scratch (`boxLines`, which the
/// blocked columns still use): that scratch is 256 KiB a group, and gathering rows into it and
/// scattering them back costs as much as the passes; rows in place are faster still
/// (docs/performance.md, "Iterated box: horizontal passes"). The arithmetic of every pixel is
/// that of `boxLines`, in the same order, so both give identical results.
struct BoxRows {
    let plan: BoxPlan
    /// Two ping-pong lines for each of the two rows, `plan.paddedCount` pixels each (none when an
    /// AVX2 sweep serves the plan).
    let lines: [UnsafeMutablePointer<Float>]
    /// The first pass's padding before and after each of the two rows, r₀ pixels each (none when
    /// the extended box's or the triangle's sweep serves the plan).
    let edges: [UnsafeMutablePointer<Float>]
    /// The padded source maps of the first pass's padding before and after a row.
    let edgeMaps: [[Int]]
    /// Whether the first pass reads the rows where they are (`LineKernels.boxPassPair(rows:…)`)
    /// rather than a padded copy: rows of at least 2r₀ + 2 pixels, and a later pass to write
    /// the output, since the first pass would otherwise overwrite pixels it has still to read.
    let readsRows: Bool
    /// All passes in one AVX2 sweep, when the AVX2 loops are active and one serves `plan`.
    let sweep: RowSweep?
    /// A triangle's values of P along each of the two rows (`LineKernels.trianglePassPair`).
    let partials: [UnsafeMutablePointer<Float>]

    /// Scratch for the passes of `plan`; `readingRows: false` copies every row and makes the
    /// three passes one after the other (for tests).
    init(plan: BoxPlan, readingRows: Bool = true) {
        self.plan = plan
        sweep = readingRows && KernelVariant.usesAVX2 ? RowSweep.serving(plan) : nil
        // What the Swift passes use, unless an AVX2 sweep serves the plan: the extended box's and
        // the triangle's sweeps need none of it, the box's sweep only the edges.
        partials =
            plan.shape == .triangle && sweep == nil
            ? (0..<2).map { _ in PixelMemory.scratch(4 * plan.paddedCount) } : []
        lines = sweep != nil ? [] : (0..<4).map { _ in PixelMemory.scratch(4 * plan.paddedCount) }
        let r = plan.radii[0], n = plan.count
        // Two buffers a row, for up to four rows (`run4`).
        edges = sweep?.readsEdges == false ? [] : (0..<8).map { _ in PixelMemory.scratch(4 * r) }
        edgeMaps = [Array(plan.maps[0][0..<r]), Array(plan.maps[0][(r + n)...])]
        readsRows = readingRows && plan.shape == .box && plan.radii.count > 1 && n >= 2 * r + 2
    }

    func deallocate() {
        for line in lines + edges + partials { line.deallocate() }
        sweep?.deallocate()
    }

    /// All passes over row `first` and, when `second` is not nil, row `second` (`plan.count`
    /// pixels each, read from the image), written to `firstOut` and `secondOut`.
    func run(
        _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>?,
        into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>?
    ) {
        let n = plan.count
        // A single row runs as both lanes: the second lane repeats the first's sums exactly.
        let paired = second != nil
        let rows = (first, second ?? first), outputs = (firstOut, secondOut ?? firstOut)
        switch sweep {
        case .triangle(let sweep)?: return sweep.run(rows: rows, into: outputs)
        case .extended?, .boxes?:
            return sweep(2, (rows.0, rows.1, rows.1, rows.1), into: (outputs.0, outputs.1, outputs.1, outputs.1))
        case nil: break
        }
        var firstPass = 0
        if readsRows {
            let row1 = second ?? first
            BoxRows.pad(first, map: edgeMaps[0], into: edges[0])
            BoxRows.pad(first, map: edgeMaps[1], into: edges[1])
            BoxRows.pad(row1, map: edgeMaps[0], into: edges[2])
            BoxRows.pad(row1, map: edgeMaps[1], into: edges[3])
        }
        var sources = (lines[0], lines[1]), targets = (lines[2], lines[3])
        if readsRows {
            let r = plan.radii[0], next = plan.radii[1], row1 = second ?? first
            LineKernels.boxPassPair(
                rows: (first, row1), left: (UnsafePointer(edges[0]), UnsafePointer(edges[2])),
                right: (UnsafePointer(edges[1]), UnsafePointer(edges[3])), radius: r, count: n,
                scale: plan.scale(0), into: (targets.0 + 4 * next, targets.1 + 4 * next))
            LineKernels.fillPadding(targets.0, lanes: 1, before: next, count: n, map: plan.maps[1])
            LineKernels.fillPadding(targets.1, lanes: 1, before: next, count: n, map: plan.maps[1])
            swap(&sources, &targets)
            firstPass = 1
        } else {
            LineKernels.gather(
                from: first, positionStride: 4, laneStride: 0, validLanes: 1, map: plan.maps[0],
                before: plan.reach(0), count: n, into: sources.0, lanes: 1)
            if let second {
                LineKernels.gather(
                    from: second, positionStride: 4, laneStride: 0, validLanes: 1, map: plan.maps[0],
                    before: plan.reach(0), count: n, into: sources.1, lanes: 1)
            }
        }
        for pass in firstPass..<plan.radii.count {
            let last = pass == plan.radii.count - 1
            let next = last ? 0 : plan.reach(pass + 1)
            let source1 = paired ? sources.1 : sources.0
            if last {
                self.pass(pass, sources.0, source1, into: firstOut, secondOut ?? firstOut)
            } else {
                let target1 = paired ? targets.1 : targets.0
                self.pass(pass, sources.0, source1, into: targets.0 + 4 * next, target1 + 4 * next)
                LineKernels.fillPadding(targets.0, lanes: 1, before: next, count: n, map: plan.maps[pass + 1])
                if paired {
                    LineKernels.fillPadding(targets.1, lanes: 1, before: next, count: n, map: plan.maps[pass + 1])
                }
                swap(&sources, &targets)
            }
        }
    }

    /// How many rows `run4` takes at once: 4 where an AVX-512 sweep (the box's or the extended
    /// box's) serves the plan, else 2 (`run`).
    var rowsAtOnce: Int {
        switch sweep {
        case .extended(let sweep)?: sweep.rowsAtOnce
        case .boxes(let sweep)?: sweep.rowsAtOnce
        default: 2
        }
    }

    /// All passes over four rows at once (read from the image), where `rowsAtOnce` is 4.
    func run4(_ rows: RowGroup<UnsafePointer<Float>>, into out: RowGroup<UnsafeMutablePointer<Float>>) {
        sweep(4, rows, into: out)
    }

    /// The first `count` of `rows` through the box's or the extended box's sweep, the box's with
    /// pass 0's padding of each row.
    private func sweep(
        _ count: Int, _ rows: RowGroup<UnsafePointer<Float>>, into out: RowGroup<UnsafeMutablePointer<Float>>
    ) {
        switch sweep {
        case .extended(let sweep)?: sweep.run(count, rows: rows, into: out)
        case .boxes(let sweep)?:
            func padded(_ row: UnsafePointer<Float>, _ k: Int) -> (UnsafePointer<Float>, UnsafePointer<Float>) {
                // Rows past `count` are not read: no padding made for them.
                guard k < count else { return (UnsafePointer(edges[0]), UnsafePointer(edges[1])) }
                BoxRows.pad(row, map: edgeMaps[0], into: edges[2 * k])
                BoxRows.pad(row, map: edgeMaps[1], into: edges[2 * k + 1])
                return (UnsafePointer(edges[2 * k]), UnsafePointer(edges[2 * k + 1]))
            }
            let e0 = padded(rows.0, 0), e1 = padded(rows.1, 1), e2 = padded(rows.2, 2), e3 = padded(rows.3, 3)
            sweep.run(count, rows: rows, left: (e0.0, e1.0, e2.0, e3.0), right: (e0.1, e1.1, e2.1, e3.1), into: out)
        default: preconditionFailure("no sweep of the box's or the extended box's serves this plan")
        }
    }

    /// The first pass's padding on one side of `row`: the pixels `map` names, zero where it says −1.
    private static func pad(_ row: UnsafePointer<Float>, map: [Int], into out: UnsafeMutablePointer<Float>) {
        map.withUnsafeBufferPointer { map in
            for (j, source) in map.enumerated() {
                let pixel =
                    source < 0
                    ? SIMD4<Float>() : UnsafeRawPointer(row + 4 * source).loadUnaligned(as: SIMD4<Float>.self)
                UnsafeMutableRawPointer(out + 4 * j).storeBytes(of: pixel, as: SIMD4<Float>.self)
            }
        }
    }

    /// Pass `pass` along two padded lines, of the plan's shape.
    private func pass(
        _ pass: Int, _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>,
        into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>
    ) {
        let r = plan.radii[pass], n = plan.count, scale = plan.scale(pass)
        switch plan.shape {
        case .box:
            LineKernels.boxPassPair(first, second, radius: r, count: n, scale: scale, into: firstOut, secondOut)
        case .extended(let alpha):
            LineKernels.extendedPassPair(
                first, second, radius: r, alpha: Float(alpha), count: n, scale: scale, into: firstOut, secondOut)
        case .triangle:
            LineKernels.trianglePassPair(
                first, second, radius: r, count: n, scale: scale, partials: (partials[0], partials[1]),
                into: firstOut, secondOut)
        }
    }
}

/// The AVX2 sweep of a plan's shape that makes all its horizontal passes along two rows at once.
enum RowSweep {
    case boxes(BoxRowSweep)
    case extended(ExtendedRowSweep)
    case triangle(TriangleRowSweep)

    /// The sweep of `plan`'s shape, or nil where it does not serve the plan.
    static func serving(_ plan: BoxPlan) -> RowSweep? {
        switch plan.shape {
        case .box: BoxRowSweep(plan: plan).map(RowSweep.boxes)
        case .extended: ExtendedRowSweep(plan: plan).map(RowSweep.extended)
        case .triangle: TriangleRowSweep(plan: plan).map(RowSweep.triangle)
        }
    }

    /// Whether the sweep reads the first pass's padding from `BoxRows.edges` (the box's does; the
    /// others pad the rows themselves).
    var readsEdges: Bool {
        if case .boxes = self { true } else { false }
    }

    func deallocate() {
        switch self {
        case .boxes(let sweep): sweep.deallocate()
        case .extended(let sweep): sweep.deallocate()
        case .triangle(let sweep): sweep.deallocate()
        }
    }
}
