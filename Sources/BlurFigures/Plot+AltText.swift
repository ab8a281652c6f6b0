/// The chart described in words, for the pages' alt text.
extension Plot {
    /// A description of the chart for readers who cannot see it: the axes and, per series, its
    /// style, number of points and range of y.
    package func altText() -> String {
        func axis(_ label: String, _ log: Bool) -> String { oneLine(label) + (log ? " (log scale)" : "") }
        var parts = ["Chart: \(oneLine(title)). \(axis(yLabel, logY)) against \(axis(xLabel, logX))"
                     + (y2Label.map { "; on the right axis, \(axis($0, logY2))." } ?? ".")]
        for s in series {
            let points = s.finitePoints
            guard let low = points.map(\.y).min(), let high = points.map(\.y).max() else {
                parts.append("\(oneLine(s.name)): no values.")
                continue
            }
            let from = points.first!.x, to = points.last!.x
            let measure = onRightAxis(s) ? "\(oneLine(y2Label!)) (right axis)" : "y"
            parts.append("\(oneLine(s.name)) (\(s.style.gnuplotName), \(points.count) point\(points.count == 1 ? "" : "s") from x = \(Self.short(from)) to \(Self.short(to))): \(measure) from \(Self.short(low)) to \(Self.short(high)).")
        }
        return parts.joined(separator: " ")
    }
}
