import BlurCanvas
import BlurCore

/// The legend: its corner, its size and its drawing.
extension FallbackPlotter {
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
        return (
            legendPadding * 3 + legendSample + Int((Double(textWidth) * gnuplotLegendScale.text).rounded(.up)),
            legendPadding * 2 + Int(rows.rounded(.up))
        )
    }

    static func legendSize(_ series: [Plot.Series]) -> (width: Int, height: Int) {
        let textWidth = series.map { legendFont.measure(name(of: $0)).width }.max() ?? 0
        return (legendPadding * 3 + legendSample + textWidth, legendPadding * 2 + legendRowHeight * series.count)
    }

    static func name(of series: Plot.Series) -> String {
        series.name.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A boxed legend in a corner of the plotting area: a sample of each series' line (or
    /// marker) and its name.
    static func drawLegend(
        _ series: [Plot.Series], frame: PixelRect, corner: Corner, outsideX: Int, on canvas: inout Canvas
    ) {
        guard !series.isEmpty else { return }
        let sample = legendSample, padding = legendPadding, rowHeight = legendRowHeight
        let names = series.map(name(of:))
        let size = legendSize(series)
        let right = corner == .topRight || corner == .bottomRight
        let top = corner == .topRight || corner == .topLeft
        let box =
            corner == .outside
            ? PixelRect(x: outsideX, y: frame.y, width: size.width, height: size.height)
            : PixelRect(
                x: right ? frame.maxX - legendInset - size.width : frame.x + legendInset,
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
            canvas.draw(
                text: names[n], x: box.x + padding * 2 + sample, y: rowTop + 3, font: legendFont,
                colour: FigureColour.text)
        }
    }
}
