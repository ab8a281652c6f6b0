import BlurCanvas
import BlurCore
import Foundation

/// What gnuplot reads: the data file `NAME.dat` and the script `NAME.gp`.
extension Plot {
    /// The data file: a comment header, then one block per series (gnuplot `index` 0, 1, …),
    /// blocks separated by two blank lines; each line is `x y` in shortest round-trip form.
    /// Points with a non-finite coordinate and series without any finite point are left out.
    package func dataText() -> String {
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
    package func gnuplotScript(name: String) -> String {
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
            // With the legend outside, gnuplot would centre the title over the narrowed frame, and
            // cut a long one at the picture's left edge: it is centred over the picture instead,
            // where the title line would be.
            axes.corner == .outside
                ? "set title ' ' font ',24'\nset label 1 \(quoted(title)) at screen 0.5, graph 1 center offset 0, char 1.4 font ',24'"
                : "set title \(quoted(title)) font ',24'",
            "set xlabel \(quoted(xLabel))",
            "set ylabel \(quoted(yLabel))",
            "set grid lt 1 lc rgb '#dadad8' lw 1",
            "set border lw 1.5",
            "set key \(axes.corner.gnuplotPosition) box opaque reverse Left samplen 3 spacing 1.2",
            "set xrange [\(axes.x.range.lowerBound):\(axes.x.range.upperBound)]",
            "set yrange [\(axes.y.range.lowerBound):\(axes.y.range.upperBound)]",
            "set tics nomirror"
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
            lines.append(
                "set style line \(n + 1) lc rgb '\(Self.hexText(colour))' lw 3 pt \(Self.marker(n).gnuplotPointType) ps 2 dt \(second ? 2 : 1)"
            )
        }
        lines += extraGnuplotCommands
        let clauses = drawnSeries.map { index, s in
            let source = "\(index == 0 ? quoted(dataFile) : "''") index \(index)",
                axes = onRightAxis(s) ? " axes x1y2" : ""
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
        // Point labels where the built-in plotter puts them (clear of markers and of each other;
        // one with no room is left out): justified at the point's side, offset in screen units.
        for label in FallbackPlotter.pointLabels(self) {
            let side = label.leftOfPoint ? "right" : "left"
            let dx = Double((label.leftOfPoint ? label.box.maxX : label.box.x)) - label.point.x
            let dy = label.point.y - (Double(label.box.y) + Double(label.box.height) / 2)
            lines.append(
                "set label \(quoted(label.text)) at first \(label.x), \(label.onRightAxis ? "second" : "first") \(label.y) \(side) "
                    + "offset screen \(String(format: "%.4f", dx / Double(width))), \(String(format: "%.4f", dy / Double(height))) textcolor rgb '#333333' front"
            )
        }
        lines.append("plot " + clauses.joined(separator: ", \\\n     "))
        return lines.joined(separator: "\n") + "\n"
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

    static func hexText(_ c: SIMD4<Float>) -> String {
        String(
            format: "#%02x%02x%02x", Int(RGBAImage.quantize(c.x)), Int(RGBAImage.quantize(c.y)),
            Int(RGBAImage.quantize(c.z)))
    }
}
