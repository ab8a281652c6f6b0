/// All passes of `plan` over `validLanes` lines starting at `lines`, in place: line `l`,
/// position `p` is the pixel at `lines + p * positionStride + l * laneStride` (floats).
func boxLines(
    _ lines: UnsafeMutablePointer<Float>, positionStride: Int, laneStride: Int, validLanes: Int,
    plan: BoxPlan, scratch: BoxScratch
) {
    boxLines(
        from: lines, laneStride: laneStride, into: lines, outLaneStride: laneStride,
        positionStride: positionStride, validLanes: validLanes, plan: plan, scratch: scratch)
}

/// All passes of `plan` over `validLanes` lines read from `source` and written to `out`, with
/// position stride `positionStride` and lane strides `laneStride` and `outLaneStride` (floats).
func boxLines(
    from lines: UnsafePointer<Float>, laneStride: Int, into outLines: UnsafeMutablePointer<Float>, outLaneStride: Int,
    positionStride: Int, validLanes: Int, plan: BoxPlan, scratch: BoxScratch
) {
    let lanes = scratch.lanes, rowFloats = 4 * scratch.lanes, n = plan.count
    LineKernels.gather(
        from: lines, positionStride: positionStride, laneStride: laneStride, validLanes: validLanes,
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
                LineKernels.boxPass(
                    source + 4 * sub, positionStride: rowFloats, radius: r, count: n, restart: plan.restart(pass),
                    scale: plan.scale(pass), into: outLines + sub * outLaneStride,
                    outPositionStride: positionStride, outLaneStride: outLaneStride)
            } else {
                LineKernels.boxPass(
                    source + 4 * sub, positionStride: rowFloats, radius: r, count: n, restart: plan.restart(pass),
                    scale: plan.scale(pass), into: target + next * rowFloats + 4 * sub,
                    outPositionStride: rowFloats, outLaneStride: 4)
            }
            sub += 8
        }
        if last {
            if !direct {
                LineKernels.scatter(
                    target, lanes: lanes, validLanes: validLanes, count: n, into: outLines,
                    outPositionStride: positionStride, outLaneStride: outLaneStride)
            }
        } else {
            LineKernels.fillPadding(target, lanes: lanes, before: next, count: n, map: plan.maps[pass + 1])
            swap(&source, &target)
        }
    }
}
