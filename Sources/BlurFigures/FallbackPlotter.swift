import BlurCanvas
import BlurCore
import Foundation

/// The built-in plotter used when gnuplot is not installed: axes, nice-number ticks (linear or
/// logarithmic), a grid, a legend, and series in the colours the gnuplot script uses — no more.
///
/// Points that cannot be shown (non-finite, or ≤ 0 on a log axis) are skipped, and a line is
/// broken where they were.
package enum FallbackPlotter {
    /// Every text is drawn at 30 px (the em), so a 1200-px-wide plot reads from the back of a
    /// room: nothing on a plot is smaller than `minimumTextPixels`.
    static let titleFont = BitmapFont.title
    static let labelFont = BitmapFont.caption
    static let tickFont = BitmapFont.caption
    static let legendFont = BitmapFont.caption
    /// The smallest text size, in pixels, on a plot of either plotter.
    package static let minimumTextPixels = 24
    static let lineWidth = 3.0
    static let markerRadius = 8.0

    /// Draws `plot` at its `width`×`height`.
    package static func render(_ plot: Plot) -> RGBAImage {
        var canvas = Canvas(width: plot.width, height: plot.height, background: FigureColour.hex(0xFFFFFF))
        let drawn = plot.drawnSeries.map(\.series)
        let hasImpulses = drawn.contains { $0.style == .impulses && !plot.onRightAxis($0) }
        let layout = axes(plot)
        let (xAxis, yAxis, corner) = (layout.x, layout.y, layout.corner)

        let pad = Self.pad, tickLength = Self.tickLength
        let y2TickWidth = layout.y2.map(tickWidth) ?? 0
        let frame = plotFrame(plot, layout)
        func px(_ x: Double) -> Double? {
            xAxis.fraction(x).map { Double(frame.x) + $0 * Double(frame.width - 1) + 0.5 }
        }
        func py(_ y: Double) -> Double? {
            yAxis.fraction(y).map { Double(frame.maxY - 1) - $0 * Double(frame.height - 1) + 0.5 }
        }
        func py2(_ y: Double) -> Double? {
            layout.y2?.fraction(y).map { Double(frame.maxY - 1) - $0 * Double(frame.height - 1) + 0.5 }
        }

        canvas.draw(
            text: plot.oneLine(plot.title), x: plot.width / 2, y: pad, font: titleFont, colour: FigureColour.text,
            alignment: .centre)

        // Grid, ticks and their labels.
        for tick in xAxis.ticks {
            guard let x = px(tick.value) else { continue }
            let column = Int(x)
            canvas.fill(PixelRect(x: column, y: frame.y, width: 1, height: frame.height), colour: FigureColour.grid)
            canvas.fill(PixelRect(x: column, y: frame.maxY, width: 2, height: tickLength), colour: FigureColour.text)
            canvas.draw(
                text: tick.label, x: column, y: frame.maxY + tickLength + 4, font: tickFont, colour: FigureColour.text,
                alignment: .centre)
        }
        for tick in yAxis.ticks {
            guard let y = py(tick.value) else { continue }
            let row = Int(y)
            canvas.fill(PixelRect(x: frame.x, y: row, width: frame.width, height: 1), colour: FigureColour.grid)
            canvas.fill(
                PixelRect(x: frame.x - tickLength, y: row, width: tickLength, height: 2), colour: FigureColour.text)
            canvas.draw(
                text: tick.label, x: frame.x - tickLength - 6, y: row - tickFont.lineHeight / 2,
                font: tickFont, colour: FigureColour.text, alignment: .right)
        }
        if let y2 = layout.y2 {
            for tick in y2.ticks {
                guard let y = py2(tick.value) else { continue }
                let row = Int(y)
                canvas.fill(PixelRect(x: frame.maxX, y: row, width: tickLength, height: 2), colour: FigureColour.text)
                canvas.draw(
                    text: tick.label, x: frame.maxX + tickLength + 6, y: row - tickFont.lineHeight / 2,
                    font: tickFont, colour: FigureColour.text)
            }
            let y2Label = rotatedText(plot.oneLine(plot.y2Label ?? ""), font: labelFont)
            canvas.draw(
                y2Label, x: frame.maxX + tickLength + 6 + y2TickWidth + 12,
                y: frame.y + (frame.height - y2Label.height) / 2)
        }
        if hasImpulses, !plot.logY, let zero = py(0) {
            canvas.fill(PixelRect(x: frame.x, y: Int(zero), width: frame.width, height: 1), colour: FigureColour.frame)
        }
        canvas.strokeRect(frame.expanded(by: 1), colour: FigureColour.text, lineWidth: 2)

        // Axis labels: x centred under the tick labels, y turned a quarter to the left.
        canvas.draw(
            text: plot.oneLine(plot.xLabel), x: frame.x + frame.width / 2, y: plot.height - pad - labelFont.lineHeight,
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
                for run in runs(mapped) {
                    canvas.strokePolyline(run, colour: colour, lineWidth: lineWidth, clip: frame)
                }
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
                for run in runs(mapped) {
                    canvas.strokePolyline(centredSteps(run), colour: colour, lineWidth: lineWidth, clip: frame)
                }
            case .impulses:
                for case let p? in mapped {
                    canvas.strokeLine(
                        from: SIMD2(p.x, baseline), to: p, colour: colour, lineWidth: lineWidth, clip: frame)
                }
            case .points:
                break
            }
            if s.style == .points || s.style == .linesPoints {
                for case let p? in mapped { drawMarker(n, at: p, colour: colour, clip: frame, on: &canvas) }
            }
        }
        // Point labels last, above every series, where `pointLabels` puts them.
        for label in pointLabels(plot) {
            canvas.draw(text: label.text, x: label.box.x, y: label.box.y, font: tickFont, colour: FigureColour.text)
        }

        drawLegend(
            drawn, frame: frame, corner: corner, outsideX: plot.width - pad - legendSize(drawn).width, on: &canvas)
        return canvas.image
    }

    /// Series `n`'s marker at `centre` (`Plot.marker`): a disc, square, triangle, diamond or
    /// downward triangle, as gnuplot's point types 7, 5, 9, 13 and 11.
    static func drawMarker(
        _ n: Int, at centre: SIMD2<Double>, colour: SIMD4<Float>, clip: PixelRect?, on canvas: inout Canvas
    ) {
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
