import Foundation

/// The chart as a few lines of text, for the terminal.
extension Plot {
    /// A compact text picture for the terminal: a heading line, then per series its name, a
    /// sparkline (`▁▂▃▄▅▆▇█`, one character per point, or per group of points averaged when
    /// there are more than `width`; a space for a missing value), and its minimum and maximum.
    ///
    /// The sparklines of one axis share one y scale (logarithmic when that axis is), so they
    /// compare; series on the right axis share another, marked `(right axis)`. The heading
    /// gives the scales.
    package func sparklines(width: Int = 40) -> String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        func isLog(_ s: Series) -> Bool { onRightAxis(s) ? logY2 : logY }
        func transformed(_ y: Double, log: Bool) -> Double? {
            guard y.isFinite else { return nil }
            if log { return y > 0 ? Foundation.log10(y) : nil }
            return y
        }
        func scale(right: Bool) -> (lo: Double, hi: Double, low: Double?, high: Double?) {
            let members = series.filter { onRightAxis($0) == right }
            let all = members.flatMap { s in s.y.compactMap { transformed($0, log: isLog(s)) } }
            let shown = members.flatMap { s in s.y.filter { $0.isFinite && (!isLog(s) || $0 > 0) } }
            return (all.min() ?? 0, all.max() ?? 0, shown.min(), shown.max())
        }
        let scales = [false: scale(right: false), true: scale(right: true)]
        var heading = oneLine(title)
        if let low = scales[false]!.low, let high = scales[false]!.high {
            heading += " — \(oneLine(yLabel)) from \(Self.short(low)) to \(Self.short(high))\(logY ? " (log scale)" : "")"
        }
        if let y2Label, let low = scales[true]!.low, let high = scales[true]!.high {
            heading += "; right axis: \(oneLine(y2Label)) from \(Self.short(low)) to \(Self.short(high))\(logY2 ? " (log scale)" : "")"
        }
        if scales[false]!.low != nil || scales[true]!.low != nil { heading += " against \(oneLine(xLabel))" }
        var lines = [heading]
        let nameOf = { (s: Series) in self.oneLine(s.name) + (self.onRightAxis(s) ? " (right axis)" : "") }
        let nameWidth = min(24, series.map { nameOf($0).count }.max() ?? 0)
        for s in series {
            let (lo, hi, _, _) = scales[onRightAxis(s)]!
            let values = s.y.map { transformed($0, log: isLog(s)) }
            let groups = max(1, min(width, values.count))
            var text = ""
            for g in 0..<groups {
                let range = (g * values.count / groups)..<max((g + 1) * values.count / groups, g * values.count / groups + 1)
                let present = range.compactMap { values[$0] }
                guard !present.isEmpty else { text.append(" "); continue }
                let mean = present.reduce(0, +) / Double(present.count)
                let level = hi > lo ? Int(((mean - lo) / (hi - lo) * 7).rounded()) : 3
                text.append(bars[min(7, max(0, level))])
            }
            let finite = s.y.filter(\.isFinite)
            let name = String(nameOf(s).prefix(nameWidth))
            let padded = name + String(repeating: " ", count: max(0, nameWidth - name.count))
            let range = finite.isEmpty ? "no values" : "min \(Self.short(finite.min()!))  max \(Self.short(finite.max()!))"
            lines.append("\(padded)  \(values.isEmpty ? "" : text)  \(range)")
        }
        return lines.joined(separator: "\n")
    }
}
