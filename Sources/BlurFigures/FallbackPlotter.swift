import Foundation
import BlurCore

/// The built-in plotter used when gnuplot is not installed: axes, nice-number ticks (linear or
/// logarithmic), a grid, a legend, and series in the colours the gnuplot script uses — no more.
///
/// Points that cannot be shown (non-finite, or ≤ 0 on a log axis) are skipped, and a line is
/// broken where they were.
public enum FallbackPlotter {
    /// Every text is drawn at 30 px (the em), so a 1200-px-wide plot reads from the back of a
    /// room: nothing on a plot is smaller than `minimumTextPixels`.
    static let titleFont = BitmapFont.title
    static let labelFont = BitmapFont.caption
    static let tickFont = BitmapFont.caption
    static let legendFont = BitmapFont.caption
    /// The smallest text size, in pixels, on a plot of either plotter.
    public static let minimumTextPixels = 24
    static let lineWidth = 3.0
    static let markerRadius = 8.0

    /// One axis: its range and ticks, linear or logarithmic.
    struct Axis {
        var range: ClosedRange<Double>
        var ticks: [(value: Double, label: String)]
        var log: Bool

        /// An axis covering `values` (only the positive ones when `log`), widened to nice ticks.
        init(values: [Double], log: Bool, includeZero: Bool) {
            if log {
                let positive = values.filter { $0 > 0 }
                self.init(from: positive.min() ?? 1, to: positive.max() ?? 10, log: true)
            } else {
                var lo = values.min() ?? 0, hi = values.max() ?? 1
                if includeZero { lo = min(lo, 0); hi = max(hi, 0) }
                self.init(from: lo, to: hi, log: false)
            }
        }

        /// An axis covering `low...high`, widened to nice ticks.
        init(from low: Double, to high: Double, log: Bool) {
            self.log = log
            if log {
                let t = Ticks.logarithmic(from: low, to: high)
                range = t.range
                ticks = t.values.map { ($0, Ticks.logLabel($0)) }
            } else {
                let t = Ticks.linear(from: low, to: high, count: 7, extend: true)
                range = t.range
                ticks = t.values.map { ($0, Ticks.label($0, step: t.step)) }
            }
        }

        /// An axis over exactly `range` with the given ticks (those inside the range are kept).
        init(range: ClosedRange<Double>, ticks: [(value: Double, label: String)], log: Bool) {
            self.range = range
            self.ticks = ticks.filter { range.contains($0.value) }
            self.log = log
        }

        /// The same axis widened by `low` and `high`, fractions of its length, at each end
        /// (on a log axis, of its length in decades); the ticks stay where they are.
        func padded(low: Double, high: Double) -> Axis {
            guard low > 0 || high > 0 else { return self }
            if log {
                let a = Foundation.log10(range.lowerBound), b = Foundation.log10(range.upperBound)
                return Axis(range: Foundation.pow(10, a - low * (b - a))...Foundation.pow(10, b + high * (b - a)), ticks: ticks, log: true)
            }
            let span = range.upperBound - range.lowerBound
            return Axis(range: (range.lowerBound - low * span)...(range.upperBound + high * span), ticks: ticks, log: false)
        }

        /// Where `value` falls, 0 at the range's low end and 1 at its high end (nil when it
        /// cannot be shown).
        func fraction(_ value: Double) -> Double? {
            guard value.isFinite else { return nil }
            if log {
                guard value > 0 else { return nil }
                let a = Foundation.log10(range.lowerBound), b = Foundation.log10(range.upperBound)
                return (Foundation.log10(value) - a) / (b - a)
            }
            return (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        }
    }

    /// Draws `plot` at its `width`×`height`.
    public static func render(_ plot: Plot) -> RGBAImage {
        var canvas = Canvas(width: plot.width, height: plot.height, background: FigureColour.hex(0xFFFFFF))
        let drawn = plot.drawnSeries.map(\.series)
        let hasImpulses = drawn.contains { $0.style == .impulses && !plot.onRightAxis($0) }
        let layout = axes(plot)
        let (xAxis, yAxis, corner) = (layout.x, layout.y, layout.corner)

        // Frame of the plotting area.
        let pad = 20
        let tickLength = 8
        let yTickWidth = yAxis.ticks.map { tickFont.measure($0.label).width }.max() ?? 0
        let left = pad + labelFont.lineHeight + 12 + yTickWidth + tickLength + 6
        let top = pad + titleFont.lineHeight + 18
        let lastXLabel = xAxis.ticks.last.map { tickFont.measure($0.label).width / 2 } ?? 0
        // Right of the frame: the right axis's ticks and title, then a legend that fits in no corner.
        let legendSpace = corner == .outside ? legendSize(drawn).width + legendInset : 0
        let y2TickWidth = layout.y2.map { $0.ticks.map { tickFont.measure($0.label).width }.max() ?? 0 } ?? 0
        let rightAxisSpace = layout.y2 == nil ? 0 : tickLength + 6 + y2TickWidth + 12 + labelFont.lineHeight
        let right = plot.width - max(36, lastXLabel, rightAxisSpace) - pad - legendSpace
        let bottom = plot.height - (pad + labelFont.lineHeight + 8 + tickFont.lineHeight + tickLength + 4)
        let frame = PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
        func px(_ x: Double) -> Double? { xAxis.fraction(x).map { Double(frame.x) + $0 * Double(frame.width - 1) + 0.5 } }
        func py(_ y: Double) -> Double? { yAxis.fraction(y).map { Double(frame.maxY - 1) - $0 * Double(frame.height - 1) + 0.5 } }
        func py2(_ y: Double) -> Double? {
            layout.y2?.fraction(y).map { Double(frame.maxY - 1) - $0 * Double(frame.height - 1) + 0.5 }
        }

        canvas.draw(text: plot.oneLine(plot.title), x: plot.width / 2, y: pad, font: titleFont, colour: FigureColour.text, alignment: .centre)

        // Grid, ticks and their labels.
        for tick in xAxis.ticks {
            guard let x = px(tick.value) else { continue }
            let column = Int(x)
            canvas.fill(PixelRect(x: column, y: frame.y, width: 1, height: frame.height), colour: FigureColour.grid)
            canvas.fill(PixelRect(x: column, y: frame.maxY, width: 2, height: tickLength), colour: FigureColour.text)
            canvas.draw(text: tick.label, x: column, y: frame.maxY + tickLength + 4, font: tickFont, colour: FigureColour.text, alignment: .centre)
        }
        for tick in yAxis.ticks {
            guard let y = py(tick.value) else { continue }
            let row = Int(y)
            canvas.fill(PixelRect(x: frame.x, y: row, width: frame.width, height: 1), colour: FigureColour.grid)
            canvas.fill(PixelRect(x: frame.x - tickLength, y: row, width: tickLength, height: 2), colour: FigureColour.text)
            canvas.draw(text: tick.label, x: frame.x - tickLength - 6, y: row - tickFont.lineHeight / 2,
                        font: tickFont, colour: FigureColour.text, alignment: .right)
        }
        if let y2 = layout.y2 {
            for tick in y2.ticks {
                guard let y = py2(tick.value) else { continue }
                let row = Int(y)
                canvas.fill(PixelRect(x: frame.maxX, y: row, width: tickLength, height: 2), colour: FigureColour.text)
                canvas.draw(text: tick.label, x: frame.maxX + tickLength + 6, y: row - tickFont.lineHeight / 2,
                            font: tickFont, colour: FigureColour.text)
            }
            let y2Label = rotatedText(plot.oneLine(plot.y2Label ?? ""), font: labelFont)
            canvas.draw(y2Label, x: frame.maxX + tickLength + 6 + y2TickWidth + 12, y: frame.y + (frame.height - y2Label.height) / 2)
        }
        if hasImpulses, !plot.logY, let zero = py(0) {
            canvas.fill(PixelRect(x: frame.x, y: Int(zero), width: frame.width, height: 1), colour: FigureColour.frame)
        }
        canvas.strokeRect(frame.expanded(by: 1), colour: FigureColour.text, lineWidth: 2)

        // Axis labels: x centred under the tick labels, y turned a quarter to the left.
        canvas.draw(text: plot.oneLine(plot.xLabel), x: frame.x + frame.width / 2, y: plot.height - pad - labelFont.lineHeight,
                    font: labelFont, colour: FigureColour.text, alignment: .centre)
        let yLabel = rotatedText(plot.oneLine(plot.yLabel), font: labelFont)
        canvas.draw(yLabel, x: pad, y: frame.y + (frame.height - yLabel.height) / 2)

        // Series.
        for (n, s) in drawn.enumerated() {
            let colour = plot.seriesColour(n)
            let right = plot.onRightAxis(s)
            let log = right ? plot.logY2 : plot.logY
            let baseline = log ? Double(frame.maxY) : ((right ? py2(0) : py(0)) ?? Double(frame.maxY))
            let mapped: [SIMD2<Double>?] = s.finitePoints.map { p in
                guard let x = px(p.x), let y = right ? py2(p.y) : py(p.y) else { return nil }
                return SIMD2(x, y)
            }
            switch s.style {
            case .lines, .linesPoints:
                for run in runs(mapped) { canvas.strokePolyline(run, colour: colour, lineWidth: lineWidth, clip: frame) }
            case .steps:
                for run in runs(mapped) {
                    var stairs: [SIMD2<Double>] = []
                    for (i, p) in run.enumerated() {
                        if i > 0 { stairs.append(SIMD2(p.x, run[i - 1].y)) }
                        stairs.append(p)
                    }
                    canvas.strokePolyline(stairs, colour: colour, lineWidth: lineWidth, clip: frame)
                }
            case .centredSteps:
                for run in runs(mapped) { canvas.strokePolyline(centredSteps(run), colour: colour, lineWidth: lineWidth, clip: frame) }
            case .impulses:
                for case let p? in mapped {
                    canvas.strokeLine(from: SIMD2(p.x, baseline), to: p, colour: colour, lineWidth: lineWidth, clip: frame)
                }
            case .points:
                break
            }
            if s.style == .points || s.style == .linesPoints {
                for case let p? in mapped { drawMarker(n, at: p, colour: colour, clip: frame, on: &canvas) }
            }
        }
        // Point labels last, above every series, up and to the right of their points as gnuplot puts them.
        for s in drawn where !s.labels.isEmpty {
            let right = plot.onRightAxis(s)
            for (p, label) in zip(s.finitePoints, s.finiteLabels) {
                guard let x = px(p.x), let y = right ? py2(p.y) : py(p.y) else { continue }
                canvas.draw(text: label, x: Int(x) + 12, y: Int(y) - 20 - tickFont.lineHeight / 2, font: tickFont,
                            colour: FigureColour.text)
            }
        }

        drawLegend(drawn, frame: frame, corner: corner, outsideX: plot.width - pad - legendSize(drawn).width, on: &canvas)
        return canvas.image
    }

    // MARK: - Legend

    /// A corner of the plotting area for the legend.
    enum Corner: CaseIterable {
        case topRight, topLeft, bottomRight, bottomLeft
        /// Right of the frame (and of a right axis), top-aligned: when every corner would hide data.
        case outside

        /// The corners inside the frame, in the order they are tried.
        static let inside: [Corner] = [.topRight, .topLeft, .bottomRight, .bottomLeft]

        var gnuplotPosition: String {
            switch self {
            case .outside: "outside right top"
            case .topRight: "top right"
            case .topLeft: "top left"
            case .bottomRight: "bottom right"
            case .bottomLeft: "bottom left"
            }
        }
    }

    static let legendSample = 48, legendPadding = 12, legendInset = 16
    static var legendRowHeight: Int { legendFont.lineHeight + 6 }

    /// gnuplot's legend (DejaVu Sans 22 pt in pngcairo, `spacing 1.2`) against the built-in one
    /// (30 px): its names are about 1.07 times as wide and its rows as tall (1.46 and 1.2 times
    /// measured at 18 pt against 18 px, scaled by the sizes).
    static let gnuplotLegendScale = (text: 1.07, row: 1.0)

    /// The legend size the corner is chosen for: the larger of the two plotters' legends, so that
    /// neither covers data.
    static func cornerTestSize(_ series: [Plot.Series]) -> (width: Int, height: Int) {
        let textWidth = series.map { legendFont.measure(name(of: $0)).width }.max() ?? 0
        let rows = Double(legendRowHeight * series.count) * gnuplotLegendScale.row
        return (legendPadding * 3 + legendSample + Int((Double(textWidth) * gnuplotLegendScale.text).rounded(.up)),
                legendPadding * 2 + Int(rows.rounded(.up)))
    }

    static func legendSize(_ series: [Plot.Series]) -> (width: Int, height: Int) {
        let textWidth = series.map { legendFont.measure(name(of: $0)).width }.max() ?? 0
        return (legendPadding * 3 + legendSample + textWidth, legendPadding * 2 + legendRowHeight * series.count)
    }

    static func name(of series: Plot.Series) -> String {
        series.name.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The axes and the legend's place, shared with the gnuplot script so both plotters agree.
    struct Layout {
        var x: Axis
        var y: Axis
        /// The right axis, for series with `axis: .right` when the plot has a `y2Label`.
        var y2: Axis?
        var corner: Corner
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

    /// A boxed legend in a corner of the plotting area: a sample of each series' line (or
    /// marker) and its name.
    static func drawLegend(_ series: [Plot.Series], frame: PixelRect, corner: Corner, outsideX: Int, on canvas: inout Canvas) {
        guard !series.isEmpty else { return }
        let sample = legendSample, padding = legendPadding, rowHeight = legendRowHeight
        let names = series.map(name(of:))
        let size = legendSize(series)
        let right = corner == .topRight || corner == .bottomRight
        let top = corner == .topRight || corner == .topLeft
        let box = corner == .outside
            ? PixelRect(x: outsideX, y: frame.y, width: size.width, height: size.height)
            : PixelRect(x: right ? frame.maxX - legendInset - size.width : frame.x + legendInset,
                        y: top ? frame.y + legendInset : frame.maxY - legendInset - size.height,
                        width: size.width, height: size.height)
        canvas.fill(box, colour: FigureColour.hex(0xFFFFFF, alpha: 0.92))
        canvas.strokeRect(box, colour: FigureColour.frame)
        for (n, s) in series.enumerated() {
            let colour = s.colour ?? FigureColour.series[n % FigureColour.series.count]
            let rowTop = box.y + padding + n * rowHeight
            let middle = Double(rowTop) + Double(rowHeight) / 2
            let x0 = Double(box.x + padding), x1 = x0 + Double(sample)
            if s.style != .points {
                canvas.strokeLine(from: SIMD2(x0, middle), to: SIMD2(x1, middle), colour: colour, lineWidth: lineWidth)
            }
            if s.style == .points || s.style == .linesPoints {
                drawMarker(n, at: SIMD2((x0 + x1) / 2, middle), colour: colour, clip: nil, on: &canvas)
            }
            canvas.draw(text: names[n], x: box.x + padding * 2 + sample, y: rowTop + 3, font: legendFont, colour: FigureColour.text)
        }
    }

    /// Series `n`'s marker at `centre` (`Plot.marker`): a disc, square, triangle, diamond or
    /// downward triangle, as gnuplot's point types 7, 5, 9, 13 and 11.
    static func drawMarker(_ n: Int, at centre: SIMD2<Double>, colour: SIMD4<Float>, clip: PixelRect?, on canvas: inout Canvas) {
        let r = markerRadius
        let outline: [SIMD2<Double>]
        switch Plot.marker(n) {
        case .disc:
            canvas.fillCircle(centre: centre, radius: r, colour: colour, clip: clip)
            return
        case .square:
            let h = r * 0.9
            outline = [SIMD2(-h, -h), SIMD2(h, -h), SIMD2(h, h), SIMD2(-h, h)]
        case .triangleUp:
            outline = [SIMD2(0, -r * 1.15), SIMD2(r * 1.1, r * 0.75), SIMD2(-r * 1.1, r * 0.75)]
        case .diamond:
            outline = [SIMD2(0, -r * 1.2), SIMD2(r * 1.2, 0), SIMD2(0, r * 1.2), SIMD2(-r * 1.2, 0)]
        case .triangleDown:
            outline = [SIMD2(0, r * 1.15), SIMD2(r * 1.1, -r * 0.75), SIMD2(-r * 1.1, -r * 0.75)]
        }
        canvas.fillPolygon(outline.map { centre + $0 }, colour: colour, clip: clip)
    }

    /// `text` drawn on a transparent image and turned 90° anticlockwise (reads bottom to top).
    static func rotatedText(_ text: String, font: BitmapFont) -> RGBAImage {
        let size = font.measure(text)
        var flat = Canvas(width: max(size.width, 1), height: size.height)
        flat.draw(text: text, x: 0, y: 0, font: font, colour: FigureColour.text)
        var turned = RGBAImage(width: flat.height, height: flat.width)
        for y in 0..<flat.height { for x in 0..<flat.width { turned[y, flat.width - 1 - x] = flat.image[x, y] } }
        return turned
    }
}
