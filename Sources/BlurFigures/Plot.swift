import Foundation
import BlurCore
import BlurPNG

/// A line chart: titled axes (linear or logarithmic) and named series of (x, y) points.
///
/// Honest by construction: each axis range is fitted to the data it carries (widened only to
/// the next round tick, and by a marker's size where markers would touch the frame, so none is
/// cut), a legend that would cover data moves outside the frame instead of stretching the y
/// range, series of another quantity go on a right axis of their own (`Series.axis`), and
/// discrete values are drawn as stems (`impulses`), markers or centred steps (`centredSteps`),
/// never as joined lines. A fixed x range with named ticks (`xRange`, `xTicks`, `piTicks`)
/// serves frequency axes that end at π.
///
/// `write(name:in:)` puts three files side by side: `NAME.dat` (the numbers, whitespace columns
/// with comments), `NAME.gp` (a gnuplot script that reads `NAME.dat` by relative name, so a reader
/// can run `gnuplot NAME.gp` in that folder and change it) and `NAME.png`, drawn by gnuplot when
/// it is on the PATH, else by the built-in `FallbackPlotter` — the result says which, so a
/// command can suggest installing gnuplot once. `sparklines()` gives the terminal a few lines.
///
/// ```swift
/// var plot = Plot(title: "Error against σ", xLabel: "σ (px)", yLabel: "max |error| (8-bit)", logY: true)
/// plot.add("box ×3", x: sigmas, y: boxErrors)
/// plot.add("separable", x: sigmas, y: separableErrors, style: .linesPoints)
/// let written = try plot.write(name: "error-vs-sigma", in: "Output/lesson-05", command: context.commandLine)
/// report.preformatted(plot.sparklines())
/// report.figure(Figure(path: written.pngPath, altText: plot.altText(), caption: plot.title))
/// if written.usedFallback { report.warning("install gnuplot for better plots") }
/// ```
public struct Plot: Sendable, Equatable {
    /// How a series is drawn (gnuplot's `with` styles of the same names).
    public enum Style: String, Sendable, CaseIterable {
        /// Straight segments between consecutive points.
        case lines
        /// A marker at each point.
        case points
        /// Segments and markers.
        case linesPoints
        /// A vertical line from y = 0 (or the bottom of a log axis) up to each point.
        case impulses
        /// A staircase: horizontal from each point to the next x, then vertical.
        case steps
        /// Centred steps, for values that stand for a whole pixel: each point is drawn as a flat
        /// top from halfway to the previous x to halfway to the next, joined by verticals
        /// (gnuplot's `histeps`). A box filter is then a rectangle, not a trapezoid.
        case centredSteps

        var gnuplotName: String {
            switch self {
            case .lines: "lines"
            case .points: "points"
            case .linesPoints: "linespoints"
            case .impulses: "impulses"
            case .steps: "steps"
            case .centredSteps: "histeps"
            }
        }
    }

    /// Which y axis a series is measured on: the left (`yLabel`) or the right (`y2Label`).
    public enum YAxis: String, Sendable, Equatable {
        case left, right
    }

    /// A tick at `value` named `label` (e.g. "π/2" at 1.5708).
    public struct Tick: Sendable, Equatable {
        public var value: Double
        public var label: String
        public init(_ value: Double, _ label: String) { self.value = value; self.label = label }
    }

    /// One named set of points.
    public struct Series: Sendable, Equatable {
        public var name: String
        public var x: [Double]
        public var y: [Double]
        public var style: Style
        /// The y axis the values are measured on; `.right` for a second quantity with a unit of its own.
        public var axis: YAxis
        /// A short text written beside each point (e.g. "8" for σ = 8), or none when empty.
        public var labels: [String]
        /// A colour of its own instead of the palette's next (e.g. greys for reference lines).
        public var colour: SIMD4<Float>?

        /// - Precondition: `x.count == y.count`, and `labels` is empty or as long.
        public init(name: String, x: [Double], y: [Double], style: Style = .lines, axis: YAxis = .left, labels: [String] = []) {
            precondition(x.count == y.count, "series '\(name)': x has \(x.count) values but y has \(y.count)")
            precondition(labels.isEmpty || labels.count == x.count, "series '\(name)': \(labels.count) labels for \(x.count) points")
            self.name = name; self.x = x; self.y = y; self.style = style; self.axis = axis; self.labels = labels
            colour = nil
        }

        /// The points with both coordinates finite, in order: what is written and drawn.
        public var finitePoints: [(x: Double, y: Double)] {
            zip(x, y).filter { $0.0.isFinite && $0.1.isFinite }.map { (x: $0.0, y: $0.1) }
        }

        /// The labels of `finitePoints`, in the same order (empty when the series has none).
        public var finiteLabels: [String] {
            guard !labels.isEmpty else { return [] }
            return zip(zip(x, y), labels).filter { $0.0.0.isFinite && $0.0.1.isFinite }.map(\.1)
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var logX: Bool
    public var logY: Bool
    public var series: [Series]
    /// The right axis's title, for series with `axis: .right` (nil: no right axis).
    public var y2Label: String?
    /// Whether the right axis is logarithmic.
    public var logY2 = false
    /// A fixed x range (nil: fitted to the data).
    public var xRange: ClosedRange<Double>?
    /// Named x ticks (nil: round numbers chosen for the range).
    public var xTicks: [Tick]?
    /// The PNG's size in pixels.
    public var width = 1200
    public var height = 800
    /// Extra gnuplot lines placed just before `plot` (tests use it to inject a bad command).
    var extraGnuplotCommands: [String] = []

    public init(title: String, xLabel: String, yLabel: String, logX: Bool = false, logY: Bool = false,
                series: [Series] = []) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel
        self.logX = logX; self.logY = logY; self.series = series
    }

    /// Appends a series.
    public mutating func add(_ name: String, x: [Double], y: [Double], style: Style = .lines, axis: YAxis = .left,
                             labels: [String] = []) {
        series.append(Series(name: name, x: x, y: y, style: style, axis: axis, labels: labels))
    }

    /// Ticks at 0, π/4, π/2, 3π/4 and π, for an x axis of frequencies in radians per pixel
    /// that ends at the grid's limit, π (use with `xRange = 0...Double.pi`).
    public static let piTicks: [Tick] = [
        Tick(0, "0"), Tick(Double.pi / 4, "π/4"), Tick(Double.pi / 2, "π/2"), Tick(3 * Double.pi / 4, "3π/4"), Tick(Double.pi, "π"),
    ]

    /// Whether `series` is drawn against the right axis (it asks for it and the plot has one).
    func onRightAxis(_ series: Series) -> Bool { series.axis == .right && y2Label != nil }

    /// The series that have at least one finite point, with their data-file block index.
    var drawnSeries: [(index: Int, series: Series)] {
        series.filter { !$0.finitePoints.isEmpty }.enumerated().map { ($0.offset, $0.element) }
    }

    // MARK: - Data and script

    /// The data file: a comment header, then one block per series (gnuplot `index` 0, 1, …),
    /// blocks separated by two blank lines; each line is `x y` in shortest round-trip form.
    /// Points with a non-finite coordinate and series without any finite point are left out.
    public func dataText() -> String {
        var out = "# \(oneLine(title))\n# columns: x = \(oneLine(xLabel)), y = \(oneLine(yLabel))\n"
        out += "# one block per series (gnuplot: index N), separated by two blank lines\n"
        for (index, s) in drawnSeries {
            if index > 0 { out += "\n\n" }
            out += "# index \(index): \(oneLine(s.name))\n"
            let labels = s.finiteLabels
            for (i, p) in s.finitePoints.enumerated() {
                out += "\(p.x) \(p.y)" + (labels.isEmpty ? "" : " \"\(Self.dataLabel(labels[i]))\"") + "\n"
            }
        }
        return out
    }

    /// The gnuplot script `NAME.gp`: pngcairo at `width`×`height`, DejaVu Sans 22 pt (about 29 px,
    /// the built-in plotter's 30 px), 3 px lines,
    /// grid, boxed legend, the Okabe–Ito series colours of `FigureColour.series`. It reads
    /// `NAME.dat` and writes `NAME.png` in the folder it is run in, unless the variable `outfile`
    /// is set (`gnuplot -e "outfile='other.png'" NAME.gp`).
    /// The axis ranges, the ticks of log axes and the legend's corner are those `FallbackPlotter` chooses (a corner that
    /// hides no data, else headroom at the top), so both plotters draw the same frame.
    /// Texts are single-quoted with `'` doubled and newlines removed, and enhanced-text markup is
    /// off, so a name is always shown literally and never runs as a command.
    public func gnuplotScript(name: String) -> String {
        let dataFile = name + ".dat", pngFile = name + ".png"
        let axes = FallbackPlotter.axes(self)
        var lines = [
            "# \(oneLine(title))",
            "# Made by Blur Explorer; re-run with: gnuplot \(oneLine(name)).gp",
            "# It reads \(oneLine(dataFile)) in the same folder and writes \(oneLine(pngFile)).",
            "if (!exists(\"outfile\")) outfile = \(quoted(pngFile))",
            "set terminal pngcairo size \(width),\(height) noenhanced font 'DejaVu Sans,22'",
            "set output outfile",
            "set encoding utf8",
            "set title \(quoted(title)) font ',24'",
            "set xlabel \(quoted(xLabel))",
            "set ylabel \(quoted(yLabel))",
            "set grid lt 1 lc rgb '#dadad8' lw 1",
            "set border lw 1.5",
            "set key \(axes.corner.gnuplotPosition) box opaque reverse Left samplen 3 spacing 1.2",
            "set xrange [\(axes.x.range.lowerBound):\(axes.x.range.upperBound)]",
            "set yrange [\(axes.y.range.lowerBound):\(axes.y.range.upperBound)]",
            "set tics nomirror",
        ]
        func tickList(_ axis: FallbackPlotter.Axis) -> String {
            "(" + axis.ticks.map { "\(quoted($0.label)) \($0.value)" }.joined(separator: ", ") + ")"
        }
        if let y2 = axes.y2 {
            lines.append("set y2label \(quoted(y2Label ?? ""))")
            lines.append("set y2range [\(y2.range.lowerBound):\(y2.range.upperBound)]")
            if logY2 { lines += ["set logscale y2", "set my2tics 10"] }
            lines.append("set y2tics \(tickList(y2))")
        }
        // Log axes get the built-in plotter's ticks and labels (10⁷ rather than gnuplot's 1e+07);
        // named x ticks are given as they are.
        for (log, name, axis) in [(logX, "x", axes.x), (logY, "y", axes.y)] where log {
            lines.append("set logscale \(name)")
            lines.append("set \(name)tics \(tickList(axis))")
            lines.append("set m\(name)tics 10")
        }
        if xTicks != nil && !logX { lines.append("set xtics \(tickList(axes.x))") }
        if !logY && drawnSeries.contains(where: { $0.series.style == .impulses }) { lines.append("set xzeroaxis lw 1") }
        // One style per series: a colour and a marker of its own (`marker`), and once the colours
        // have all been used, dashed lines too, so that no two series look alike.
        for n in 0..<max(drawnSeries.count, FigureColour.series.count) {
            let colour = seriesColour(n)
            let second = Self.markerCycle(n) % 2 == 1 && (n >= drawnSeries.count || drawnSeries[n].series.colour == nil)
            lines.append("set style line \(n + 1) lc rgb '\(Self.hexText(colour))' lw 3 pt \(Self.marker(n).gnuplotPointType) ps 2 dt \(second ? 2 : 1)")
        }
        lines += extraGnuplotCommands
        let clauses = drawnSeries.map { index, s in
            let source = "\(index == 0 ? quoted(dataFile) : "''") index \(index)", axes = onRightAxis(s) ? " axes x1y2" : ""
            let points = s.finitePoints
            guard s.style == .centredSteps, points.count >= 2 else {
                return "\(source) using 1:2\(axes) with \(s.style.gnuplotName) ls \(index + 1) title \(quoted(s.name))"
            }
            // gnuplot's histeps drops to the axis at both ends; the built-in plotter's centred steps
            // do not. Steps from half a step to the left, then the last flat top as a vector, draw
            // the same path in both.
            let half = (points[1].x - points[0].x) / 2, last = points.count - 1
            return "\(source) using ($1-\(half)):2\(axes) with steps ls \(index + 1) title \(quoted(s.name)), \\\n     "
                + "'' index \(index) every ::\(last)::\(last) using ($1-\(half)):2:(\(2 * half)):(0)\(axes) with vectors nohead ls \(index + 1) notitle"
        }
        let labelClauses = drawnSeries.filter { !$0.series.labels.isEmpty }.map { index, s in
            "'' index \(index) using 1:2:3\(onRightAxis(s) ? " axes x1y2" : "") with labels left offset char 0.7,0.7 textcolor rgb '#333333' notitle"
        }
        lines.append("plot " + (clauses + labelClauses).joined(separator: ", \\\n     "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The marker shapes, in the order series take them.
    public enum Marker: Int, CaseIterable, Sendable {
        case disc, square, triangleUp, diamond, triangleDown

        /// gnuplot's filled point type of the same shape.
        var gnuplotPointType: Int {
            switch self {
            case .disc: 7
            case .square: 5
            case .triangleUp: 9
            case .diamond: 13
            case .triangleDown: 11
            }
        }
    }

    /// Series `n`'s marker. Colours and shapes cycle with lengths 12 and 5, which share no
    /// factor: the first 60 series all differ in colour or shape, and neighbours in both.
    public static func marker(_ n: Int) -> Marker {
        Marker.allCases[n % Marker.allCases.count]
    }

    /// The colour of drawn series `n`: its own, else the palette's.
    func seriesColour(_ n: Int) -> SIMD4<Float> {
        let drawn = drawnSeries
        if n < drawn.count, let own = drawn[n].series.colour { return own }
        return FigureColour.series[n % FigureColour.series.count]
    }

    /// A point's label as a quoted data-file string can hold it: one line, no double quotes.
    static func dataLabel(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "\"", with: "'")
    }

    /// How many times the palette has been used before series `n`: 0 for the first twelve series
    /// (solid lines), 1 for the next twelve (dashed lines), …
    static func markerCycle(_ n: Int) -> Int {
        n / FigureColour.series.count
    }

    /// A gnuplot single-quoted string: `'` doubled, line breaks as spaces.
    func quoted(_ text: String) -> String {
        "'" + oneLine(text).replacingOccurrences(of: "'", with: "''") + "'"
    }

    func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func hexText(_ c: SIMD4<Float>) -> String {
        String(format: "#%02x%02x%02x", Int(RGBAImage.quantize(c.x)), Int(RGBAImage.quantize(c.y)), Int(RGBAImage.quantize(c.z)))
    }

    // MARK: - Writing

    /// What `write` produced.
    public struct Output: Sendable, Equatable {
        public var pngPath: String
        public var dataPath: String
        public var scriptPath: String
        /// True when gnuplot was not found and the built-in plotter drew the PNG.
        public var usedFallback: Bool
        /// gnuplot's warnings (non-fatal), one line each.
        public var warnings: [String]
    }

    /// Writes `NAME.dat`, `NAME.gp` and `NAME.png` into `folder`, each atomically.
    ///
    /// - Parameters:
    ///   - searchPath: where to look for `gnuplot`, in PATH form (`/usr/bin:/bin`); nil uses the
    ///     environment's PATH. A path without gnuplot selects the built-in plotter.
    ///   - command: recorded in the PNG's `tEXt` chunk (`Software-Command`), as `PNG.write` does.
    /// - Throws: `BlurKitError` when `name` is not a plain file name, no series has a finite point, a log axis has no positive
    ///   value, a file cannot be written, or gnuplot exits with an error or leaves no valid PNG
    ///   (its message in one line).
    public func write(name: String, in folder: String, searchPath: String? = nil, command: String? = nil) throws -> Output {
        try validate()
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw BlurKitError("plot name '\(name)' must be a plain file name without '/' or a leading '.'")
        }
        let base = (folder as NSString).appendingPathComponent(name)
        try AtomicFile.write(text: dataText(), to: base + ".dat")
        try AtomicFile.write(text: gnuplotScript(name: name), to: base + ".gp")
        var output = Output(pngPath: base + ".png", dataPath: base + ".dat", scriptPath: base + ".gp",
                            usedFallback: false, warnings: [])
        if let gnuplot = Gnuplot.locate(searchPath: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "") {
            output.warnings = try Gnuplot.run(executable: gnuplot, script: name + ".gp", output: name + ".png",
                                              in: folder, command: command)
        } else {
            try PNG.write(FallbackPlotter.render(self), to: base + ".png", command: command)
            output.usedFallback = true
        }
        return output
    }

    func validate() throws {
        guard width >= 200, height >= 150 else { throw BlurKitError("plot size \(width)×\(height) is too small (at least 200×150)") }
        let drawn = drawnSeries.map(\.series)
        guard !drawn.isEmpty else { throw BlurKitError("plot '\(title)' has no finite point to draw") }
        if logX, !drawn.contains(where: { $0.finitePoints.contains { $0.x > 0 } }) {
            throw BlurKitError("plot '\(title)': log x axis needs a positive x value, but none is")
        }
        let left = drawn.filter { !onRightAxis($0) }, right = drawn.filter(onRightAxis)
        if logY, !left.isEmpty, !left.contains(where: { $0.finitePoints.contains { $0.y > 0 } }) {
            throw BlurKitError("plot '\(title)': log y axis needs a positive y value, but none is")
        }
        if logY2, !right.isEmpty, !right.contains(where: { $0.finitePoints.contains { $0.y > 0 } }) {
            throw BlurKitError("plot '\(title)': log right y axis needs a positive value, but none is")
        }
        if let xRange, !(xRange.upperBound > xRange.lowerBound) || (logX && xRange.lowerBound <= 0) {
            throw BlurKitError("plot '\(title)': x range \(xRange) is empty, or not positive on a log axis")
        }
    }

    /// A description of the chart for readers who cannot see it: the axes and, per series, its
    /// style, number of points and range of y.
    public func altText() -> String {
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

    // MARK: - Terminal

    /// A compact text picture for the terminal: a heading line, then per series its name, a
    /// sparkline (`▁▂▃▄▅▆▇█`, one character per point, or per group of points averaged when
    /// there are more than `width`; a space for a missing value), and its minimum and maximum.
    ///
    /// The sparklines of one axis share one y scale (logarithmic when that axis is), so they
    /// compare; series on the right axis share another, marked `(right axis)`. The heading
    /// gives the scales.
    public func sparklines(width: Int = 40) -> String {
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

    /// A number in 3 significant digits (whole numbers from 100 up to a million as integers).
    static func short(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        let text = abs(x) >= 100 && abs(x) < 1e6 ? String(format: "%.0f", x) : String(format: "%.3g", x)
        return text.replacingOccurrences(of: "-", with: "−")
    }
}
