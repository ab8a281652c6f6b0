import BlurCore

/// The axes, the legend's corner and the paths both depend on.
extension FallbackPlotter {
    /// The axes and the legend's place, shared with the gnuplot script so both plotters agree.
    struct Layout {
        var x: Axis
        var y: Axis
        /// The right axis, for series with `axis: .right` when the plot has a `y2Label`.
        var y2: Axis?
        var corner: Corner
    }

    /// Space around the frame, and the length of tick marks, in pixels.
    static let pad = 20, tickLength = 8

    /// The widest tick label of `axis`.
    static func tickWidth(_ axis: Axis) -> Int {
        axis.ticks.map { tickFont.measure($0.label).width }.max() ?? 0
    }

    /// The plotting area: inside the title, the axes' labels and tick labels, the right axis,
    /// and a legend that fits in no corner.
    static func plotFrame(_ plot: Plot, _ layout: Layout) -> PixelRect {
        let left = pad + labelFont.lineHeight + 12 + tickWidth(layout.y) + tickLength + 6
        let top = pad + titleFont.lineHeight + 18
        let lastXLabel = layout.x.ticks.last.map { tickFont.measure($0.label).width / 2 } ?? 0
        // Right of the frame: the right axis's ticks and title, then a legend that fits in no corner.
        let legendSpace = layout.corner == .outside ? legendSize(plot.drawnSeries.map(\.series)).width + legendInset : 0
        let rightAxisSpace = layout.y2.map { tickLength + 6 + tickWidth($0) + 12 + labelFont.lineHeight } ?? 0
        let right = plot.width - max(36, lastXLabel, rightAxisSpace) - pad - legendSpace
        let bottom = plot.height - (pad + labelFont.lineHeight + 8 + tickFont.lineHeight + tickLength + 4)
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }

    /// The axes and the legend's corner, shared with the gnuplot script so both plotters agree.
    ///
    /// Each axis covers the values drawn on it, widened to round ticks (a fixed `xRange` is kept
    /// as it is); centred steps reach half a step beyond their first and last points; where a
    /// marker lies within its radius of the frame, that end is widened by the radius (14 px of
    /// the ≈ 1000 × 600 px plotting area), so no marker is cut. Each series is sampled along what
    /// is drawn (16 samples per segment, step or impulse stem, 16 per marker), and the legend
    /// goes in the first corner — top right, top left, bottom right, bottom left — whose box (the
    /// larger of the two plotters' legends, `cornerTestSize`, grown by 12 px) covers none of them;
    /// when every corner covers some, it goes outside, right of the frame, and the axes keep
    /// the data's range.
    static func axes(_ plot: Plot) -> Layout {
        let drawn = plot.drawnSeries.map(\.series)
        let left = drawn.filter { !plot.onRightAxis($0) }, right = drawn.filter(plot.onRightAxis)
        let areaW = Double(max(plot.width - 200, 1)), areaH = Double(max(plot.height - 200, 1))
        let markerRoomX = 14 / areaW, markerRoomY = 14 / areaH
        func marked(_ s: Plot.Series) -> Bool { s.style == .points || s.style == .linesPoints }

        var xValues = drawn.flatMap(\.finitePoints).map(\.x)
        for s in drawn where s.style == .centredSteps {
            let p = s.finitePoints
            guard p.count >= 2 else { continue }
            xValues += [p[0].x - (p[1].x - p[0].x) / 2, p[p.count - 1].x + (p[p.count - 1].x - p[p.count - 2].x) / 2]
        }
        var xAxis: Axis
        if let range = plot.xRange {
            let ticks = plot.xTicks.map { $0.map { (value: $0.value, label: $0.label) } }
                ?? Axis(from: range.lowerBound, to: range.upperBound, log: plot.logX).ticks
            xAxis = Axis(range: range, ticks: ticks, log: plot.logX)
        } else {
            xAxis = Axis(values: xValues, log: plot.logX, includeZero: false)
            if let ticks = plot.xTicks { xAxis = Axis(range: xAxis.range, ticks: ticks.map { ($0.value, $0.label) }, log: plot.logX) }
            xAxis = padded(xAxis, for: drawn.filter(marked).flatMap(\.finitePoints).map(\.x), room: markerRoomX)
        }
        func yAxis(_ series: [Plot.Series], log: Bool) -> Axis {
            let axis = Axis(values: series.flatMap(\.finitePoints).map(\.y), log: log,
                            includeZero: series.contains { $0.style == .impulses } && !log)
            return padded(axis, for: series.filter(marked).flatMap(\.finitePoints).map(\.y), room: markerRoomY)
        }
        let yLeft = yAxis(left, log: plot.logY)
        let yRight = right.isEmpty ? nil : yAxis(right, log: plot.logY2)

        let size = cornerTestSize(drawn)
        let w = Double(size.width + 24) / areaW, h = Double(size.height + 24) / areaH
        let mx = Double(legendInset - 12) / areaW, my = Double(legendInset - 12) / areaH
        var samples: [SIMD2<Double>] = []
        for s in drawn {
            let onRight = plot.onRightAxis(s)
            let axis = onRight ? yRight! : yLeft
            let mapped: [SIMD2<Double>?] = s.finitePoints.map { p in
                guard let x = xAxis.fraction(p.x), let y = axis.fraction(p.y) else { return nil }
                return SIMD2(x, y)
            }
            for run in runs(mapped) {
                if marked(s) {
                    for p in run { samples += repeatElement(p, count: 16) }
                } else {
                    samples += run
                }
                let path = s.style == .centredSteps ? centredSteps(run) : run
                switch s.style {
                case .lines, .linesPoints, .steps, .centredSteps:
                    for (a, b) in zip(path, path.dropFirst()) {
                        let turn = s.style == .steps ? SIMD2(b.x, a.y) : b
                        for k in 1..<16 { samples.append(a + (turn - a) * Double(k) / 16) }
                        if s.style == .steps { for k in 1..<16 { samples.append(turn + (b - turn) * Double(k) / 16) } }
                    }
                case .impulses:
                    let base = (onRight ? plot.logY2 : plot.logY) ? 0 : (axis.fraction(0) ?? 0)
                    for p in run { for k in 0..<16 { samples.append(SIMD2(p.x, base + (p.y - base) * Double(k) / 16)) } }
                case .points:
                    break
                }
            }
        }
        func hidden(_ corner: Corner) -> Bool {
            let right = corner == .topRight || corner == .bottomRight
            let top = corner == .topRight || corner == .topLeft
            let x0 = right ? 1 - mx - w : mx, y0 = top ? 1 - my - h : my
            return samples.contains { $0.x >= x0 && $0.x <= x0 + w && $0.y >= y0 && $0.y <= y0 + h }
        }
        let corner = Corner.inside.first { !hidden($0) } ?? .outside
        return Layout(x: xAxis, y: yLeft, y2: yRight, corner: corner)
    }

    /// `axis` widened by `room` (a fraction of its length) at each end that one of `markers`
    /// lies within `room` of.
    static func padded(_ axis: Axis, for markers: [Double], room: Double) -> Axis {
        let at = markers.compactMap(axis.fraction)
        return axis.padded(low: at.contains { $0 < room } ? room : 0, high: at.contains { $0 > 1 - room } ? room : 0)
    }

    /// The path of centred steps through `points` (any coordinates): a flat top from halfway
    /// to the previous point to halfway to the next, the first and last reaching half a step
    /// beyond their point, joined by verticals.
    static func centredSteps(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard points.count >= 2 else { return points }
        var edges = [points[0].x - (points[1].x - points[0].x) / 2]
        for (a, b) in zip(points, points.dropFirst()) { edges.append((a.x + b.x) / 2) }
        edges.append(points[points.count - 1].x + (points[points.count - 1].x - points[points.count - 2].x) / 2)
        var path: [SIMD2<Double>] = []
        for (i, p) in points.enumerated() {
            path.append(SIMD2(edges[i], p.y))
            path.append(SIMD2(edges[i + 1], p.y))
        }
        return path
    }

    /// Consecutive drawable points, split where a point could not be drawn.
    static func runs(_ points: [SIMD2<Double>?]) -> [[SIMD2<Double>]] {
        var result: [[SIMD2<Double>]] = [[]]
        for p in points {
            if let p { result[result.count - 1].append(p) } else if !result[result.count - 1].isEmpty { result.append([]) }
        }
        return result.filter { !$0.isEmpty }
    }
}
