/// The horizontal box passes of a plan over two rows at a time, each row in its own padded line.
///
/// Each row is copied into a line padded by the edge mode; every pass runs the running sum
/// along both lines at once, so two independent chains of additions hide each other's latency,
/// writes the next pass's line and fills its padding (`LineKernels.fillPadding`, which serves
/// every edge mode, wrap included, and lines shorter than the box); the last pass writes the
/// rows out. A line of 2048 pixels is 32 KiB, so the lines a pass reads and writes stay in the
/// L1 and L2 caches.
///
/// Why it replaced groups of eight rows in a `[position][row]` scratch (`boxLines`, which the
/// blocked columns still use): that scratch is 256 KiB a group, and gathering rows into it and
/// scattering them back costs as much as the passes. `bench/box_schedules.py` and a prototype on
/// 2048² (2-core AMD EPYC, load ≈ 2): the horizontal passes took 2.3–2.4 ns a pixel this way
/// against 4.0–4.2 in groups of eight, at σ = 2, 5 and 25. The arithmetic of every pixel is that
/// of `boxLines`, in the same order, so both give identical results.
struct BoxRows {
    let plan: BoxPlan
    /// Two ping-pong lines for each of the two rows, `plan.paddedCount` pixels each.
    let lines: [UnsafeMutablePointer<Float>]

    init(plan: BoxPlan) {
        self.plan = plan
        lines = (0..<4).map { _ in PixelMemory.scratch(4 * plan.paddedCount) }
    }

    func deallocate() {
        for line in lines { line.deallocate() }
    }

    /// All passes over row `first` and, when `second` is not nil, row `second` (`plan.count`
    /// pixels each, read from the image), written to `firstOut` and `secondOut`.
    func run(_ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>?,
             into firstOut: UnsafeMutablePointer<Float>, _ secondOut: UnsafeMutablePointer<Float>?) {
        let n = plan.count
        var sources = (lines[0], lines[1]), targets = (lines[2], lines[3])
        // A single row runs as both lanes: the second lane repeats the first's sums exactly.
        let paired = second != nil
        LineKernels.gather(from: first, positionStride: 4, laneStride: 0, validLanes: 1, map: plan.maps[0],
                           before: plan.radii[0], count: n, into: sources.0, lanes: 1)
        if let second {
            LineKernels.gather(from: second, positionStride: 4, laneStride: 0, validLanes: 1, map: plan.maps[0],
                               before: plan.radii[0], count: n, into: sources.1, lanes: 1)
        }
        for pass in plan.radii.indices {
            let r = plan.radii[pass], last = pass == plan.radii.count - 1
            let next = last ? 0 : plan.radii[pass + 1]
            let source1 = paired ? sources.1 : sources.0
            if last {
                LineKernels.boxPassPair(sources.0, source1, radius: r, count: n, scale: plan.scale(pass),
                                        into: firstOut, secondOut ?? firstOut)
            } else {
                let target1 = paired ? targets.1 : targets.0
                LineKernels.boxPassPair(sources.0, source1, radius: r, count: n, scale: plan.scale(pass),
                                        into: targets.0 + 4 * next, target1 + 4 * next)
                LineKernels.fillPadding(targets.0, lanes: 1, before: next, count: n, map: plan.maps[pass + 1])
                if paired {
                    LineKernels.fillPadding(targets.1, lanes: 1, before: next, count: n, map: plan.maps[pass + 1])
                }
                swap(&sources, &targets)
            }
        }
    }
}
