import BlurCore

/// Where the labels of labelled points go (the survey's σ beside each method's points), for both
/// plotters: beside their points, clear of every marker and of each other.
///
/// Each label is tried, in series order, up and to the right of its point (where gnuplot puts
/// a label by default), then right, down-right, up-left, left and down-left; it takes the first
/// place where its digits (the text's cap height, 2 px around) cover no marker and no label
/// already placed, inside the plot. A label with no such place is left out: in a crowded corner
/// a missing σ is better than three run together.
extension FallbackPlotter {
    /// A point label as drawn: its text, the point it names (its data coordinates, on the left
    /// or the right axis, and its pixel), and the box of its line of text in `tickFont`.
    struct PointLabel: Equatable {
        var text: String
        var x: Double, y: Double, onRightAxis: Bool
        var point: SIMD2<Double>
        var box: PixelRect
        /// Whether the text ends at the point's left (right-justified there) rather than
        /// starting at its right.
        var leftOfPoint: Bool { Double(box.maxX) <= point.x }
    }

    /// Every point marker of `plot`, in plot pixels.
    static func markerCentres(_ plot: Plot, frame: PixelRect, layout: Layout) -> [SIMD2<Double>] {
        // Typed a step at a time: as one chain of closures it took the type checker a second.
        var centres: [SIMD2<Double>] = []
        for drawn in plot.drawnSeries where drawn.series.style == .points || drawn.series.style == .linesPoints {
            let right = plot.onRightAxis(drawn.series)
            for point in drawn.series.finitePoints {
                if let centre = pixel(point, right: right, frame: frame, layout: layout) { centres.append(centre) }
            }
        }
        return centres
    }

    /// A data point's pixel in `frame` (nil when its axis cannot show it).
    static func pixel(_ p: (x: Double, y: Double), right: Bool, frame: PixelRect, layout: Layout) -> SIMD2<Double>? {
        guard let fx = layout.x.fraction(p.x), let fy = (right ? layout.y2 : layout.y)?.fraction(p.y) else {
            return nil
        }
        return SIMD2(
            Double(frame.x) + fx * Double(frame.width - 1) + 0.5,
            Double(frame.maxY - 1) - fy * Double(frame.height - 1) + 0.5)
    }

    /// The labels of `plot`'s labelled points that have a place, where they go.
    static func pointLabels(_ plot: Plot) -> [PointLabel] {
        let layout = axes(plot), frame = plotFrame(plot, layout)
        let r = Int(markerRadius.rounded(.up)) + 2
        var occupied = markerCentres(plot, frame: frame, layout: layout).map {
            PixelRect(x: Int($0.x) - r, y: Int($0.y) - r, width: 2 * r, height: 2 * r)
        }
        let bounds = PixelRect(x: 0, y: 0, width: plot.width, height: plot.height)
        let lineHeight = tickFont.lineHeight
        // The digits' rows within a line of text: from the cap height to the baseline.
        let inkTop = tickFont.ascent - (tickFont.glyphHeight("8") ?? tickFont.ascent)
        var placed: [PointLabel] = []
        for s in plot.drawnSeries.map(\.series) where !s.labels.isEmpty {
            for (p, text) in zip(s.finitePoints, s.finiteLabels) {
                let right = plot.onRightAxis(s)
                guard let at = pixel(p, right: right, frame: frame, layout: layout) else { continue }
                let w = tickFont.measure(text).width, x = Int(at.x), y = Int(at.y)
                let tops = [y - 20 - lineHeight / 2, y - lineHeight / 2, y + 20 - lineHeight / 2]
                let candidates = tops.map { (x + 12, $0) } + tops.map { (x - 12 - w, $0) }
                for (left, top) in candidates {
                    let box = PixelRect(x: left, y: top, width: w, height: lineHeight)
                    let ink = PixelRect(
                        x: left - 2, y: top + inkTop - 2, width: w + 4, height: tickFont.ascent - inkTop + 4)
                    guard bounds.contains(box), occupied.allSatisfy({ $0.intersection(ink).isEmpty }) else { continue }
                    placed.append(PointLabel(text: text, x: p.x, y: p.y, onRightAxis: right, point: at, box: box))
                    occupied.append(ink)
                    break
                }
            }
        }
        return placed
    }
}
