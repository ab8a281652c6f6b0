import Foundation

/// A line chart: titled axes (linear or logarithmic) and named series of (x, y) points.
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

        var gnuplotName: String {
            switch self {
            case .lines: "lines"
            case .points: "points"
            case .linesPoints: "linespoints"
            case .impulses: "impulses"
            case .steps: "steps"
            }
        }
    }

    /// One named set of points.
    public struct Series: Sendable, Equatable {
        public var name: String
        public var x: [Double]
        public var y: [Double]
        public var style: Style

        /// - Precondition: `x.count == y.count`.
        public init(name: String, x: [Double], y: [Double], style: Style = .lines) {
            precondition(x.count == y.count, "series '\(name)': x has \(x.count) values but y has \(y.count)")
            self.name = name; self.x = x; self.y = y; self.style = style
        }

        /// The points with both coordinates finite, in order: what is written and drawn.
        public var finitePoints: [(x: Double, y: Double)] {
            zip(x, y).filter { $0.0.isFinite && $0.1.isFinite }.map { (x: $0.0, y: $0.1) }
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var logX: Bool
    public var logY: Bool
    public var series: [Series]
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
    public mutating func add(_ name: String, x: [Double], y: [Double], style: Style = .lines) {
        series.append(Series(name: name, x: x, y: y, style: style))
    }

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
            for p in s.finitePoints { out += "\(p.x) \(p.y)\n" }
        }
        return out
    }

    /// The gnuplot script `NAME.gp`: pngcairo at `width`×`height`, DejaVu Sans 18 pt, 3 px lines,
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
            "set terminal pngcairo size \(width),\(height) noenhanced font 'DejaVu Sans,18'",
            "set output outfile",
            "set encoding utf8",
            "set title \(quoted(title)) font ',22'",
            "set xlabel \(quoted(xLabel))",
            "set ylabel \(quoted(yLabel))",
            "set grid lt 1 lc rgb '#dadad8' lw 1",
            "set border lw 1.5",
            "set key \(axes.corner.gnuplotPosition) box opaque reverse Left samplen 3 spacing 1.2",
            "set xrange [\(axes.x.range.lowerBound):\(axes.x.range.upperBound)]",
            "set yrange [\(axes.y.range.lowerBound):\(axes.y.range.upperBound)]",
            "set tics nomirror",
        ]
        // Log axes get the built-in plotter's ticks and labels (10⁷ rather than gnuplot's 1e+07).
        for (log, name, axis) in [(logX, "x", axes.x), (logY, "y", axes.y)] where log {
            lines.append("set logscale \(name)")
            lines.append("set \(name)tics (" + axis.ticks.map { "\(quoted($0.label)) \($0.value)" }.joined(separator: ", ") + ")")
            lines.append("set m\(name)tics 10")
        }
        if !logY && drawnSeries.contains(where: { $0.series.style == .impulses }) { lines.append("set xzeroaxis lw 1") }
        for (n, colour) in FigureColour.series.enumerated() {
            lines.append("set style line \(n + 1) lc rgb '\(Self.hexText(colour))' lw 3 pt 7 ps 1.5")
        }
        lines += extraGnuplotCommands
        let clauses = drawnSeries.map { index, s in
            "\(index == 0 ? quoted(dataFile) : "''") index \(index) using 1:2 with \(s.style.gnuplotName) ls \(index % FigureColour.series.count + 1) title \(quoted(s.name))"
        }
        lines.append("plot " + clauses.joined(separator: ", \\\n     "))
        return lines.joined(separator: "\n") + "\n"
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
        if logY, !drawn.contains(where: { $0.finitePoints.contains { $0.y > 0 } }) {
            throw BlurKitError("plot '\(title)': log y axis needs a positive y value, but none is")
        }
    }

    /// A description of the chart for readers who cannot see it: the axes and, per series, its
    /// style, number of points and range of y.
    public func altText() -> String {
        func axis(_ label: String, _ log: Bool) -> String { oneLine(label) + (log ? " (log scale)" : "") }
        var parts = ["Chart: \(oneLine(title)). \(axis(yLabel, logY)) against \(axis(xLabel, logX))."]
        for s in series {
            let points = s.finitePoints
            guard let low = points.map(\.y).min(), let high = points.map(\.y).max() else {
                parts.append("\(oneLine(s.name)): no values.")
                continue
            }
            let from = points.first!.x, to = points.last!.x
            parts.append("\(oneLine(s.name)) (\(s.style.gnuplotName), \(points.count) point\(points.count == 1 ? "" : "s") from x = \(Self.short(from)) to \(Self.short(to))): y from \(Self.short(low)) to \(Self.short(high)).")
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Terminal

    /// A compact text picture for the terminal: a heading line, then per series its name, a
    /// sparkline (`▁▂▃▄▅▆▇█`, one character per point, or per group of points averaged when
    /// there are more than `width`; a space for a missing value), and its minimum and maximum.
    ///
    /// All sparklines share one y scale (logarithmic when `logY`), so they compare; the heading
    /// gives that scale.
    public func sparklines(width: Int = 40) -> String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        func transformed(_ y: Double) -> Double? {
            guard y.isFinite else { return nil }
            if logY { return y > 0 ? Foundation.log10(y) : nil }
            return y
        }
        let all = series.flatMap { $0.y.compactMap(transformed) }
        let lo = all.min() ?? 0, hi = all.max() ?? 0
        let allY = series.flatMap { $0.y.filter { $0.isFinite && (!logY || $0 > 0) } }
        var heading = oneLine(title)
        if let low = allY.min(), let high = allY.max() {
            heading += " — \(oneLine(yLabel)) from \(Self.short(low)) to \(Self.short(high))\(logY ? " (log scale)" : "")"
            heading += " against \(oneLine(xLabel))"
        }
        var lines = [heading]
        let nameWidth = min(24, series.map { oneLine($0.name).count }.max() ?? 0)
        for s in series {
            let values = s.y.map(transformed)
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
            let name = String(oneLine(s.name).prefix(nameWidth))
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
