import BlurCanvas
import BlurCore

/// A perceptually ordered colour map: 256 sRGB colours whose lightness rises steadily, so larger
/// values always look brighter, also in greyscale and to most colour-blind readers.
///
/// The tables are matplotlib's viridis and inferno (van der Walt & Smith 2015, "A Better Default
/// Colormap for Matplotlib", SciPy 2015; CC0), copied by `make_figure_data.py`.
///
/// ```swift
/// let colour = ColourMap.inferno.colour(at: 0.5)   // t in 0...1
/// ```
public struct ColourMap: Sendable, Equatable {
    /// The map's name as matplotlib spells it.
    public let name: String
    /// 256 × (R, G, B), sRGB-encoded, 0...1.
    package let table: [Float]

    /// Dark blue-purple → teal → yellow.
    public static let viridis = ColourMap(name: "viridis", table: viridisTable)
    /// Black → purple → orange → pale yellow: zero is black, so "no difference" reads as nothing.
    public static let inferno = ColourMap(name: "inferno", table: infernoTable)

    /// The number of entries, 256.
    package var count: Int { table.count / 3 }

    /// Entry `index` (0...255) as opaque RGBA.
    package subscript(index: Int) -> SIMD4<Float> {
        precondition(index >= 0 && index < count, "colour map index \(index) must be in 0...\(count - 1)")
        return SIMD4(table[3 * index], table[3 * index + 1], table[3 * index + 2], 1)
    }

    /// The colour for `t` in 0...1: entry `⌊256 t⌋`, with t = 1 giving the last entry and values
    /// outside 0...1 clamped — the rule matplotlib's `Colormap.__call__` applies to floats.
    /// NaN gives the first entry.
    public func colour(at t: Float) -> SIMD4<Float> { self[ColourTable.entry(at: t, count: count)] }
}

/// A horizontal colour bar with tick labels, saying what a colour-mapped panel's colours mean.
///
/// The bar runs from 0 at the left (entry 0) to `maximum` at the right (entry 255); ticks are
/// nice numbers (see `Ticks.linear`) inside that range, and the maximum itself is labelled when
/// no tick lands near it and its label has room beside the last tick's.
///
/// ```swift
/// let legend = ColourLegend(map: .inferno, title: "|method − reference| × 16, 8-bit units", maximum: 255 / 16)
/// legend.draw(on: &canvas, x: 40, y: 600, width: 400)
/// ```
package struct ColourLegend: Sendable, Equatable {
    /// The colour map the bar shows, entry 0 at the left.
    package var map: ColourMap
    /// The line above the bar, centred: what the colours measure, and in which unit.
    package var title: String
    /// The value at the right end of the bar, in the title's unit; 0 or less, or not finite,
    /// labels only 0.
    package var maximum: Double
    /// The bar's height in pixels.
    package var barHeight = 22
    /// The pixel size of the title and tick labels: a face of `BitmapFont.figureFaces` (30 px
    /// unless a wide figure needs a larger one).
    package var textSize = 30

    /// A legend for `map` running from 0 to `maximum`, with a bar 22 px high.
    ///
    /// - Parameters:
    ///   - map: the colour map of the panels it explains.
    ///   - title: what the colours measure, e.g. "|difference| ×16, in 8-bit units".
    ///   - maximum: the value drawn in the map's last colour.
    package init(map: ColourMap, title: String, maximum: Double) {
        self.map = map
        self.title = title
        self.maximum = maximum
    }

    /// The 30-px face of captions and plot labels: its capitals stand 22 px tall, legible on a
    /// projected 1200-px figure (the 18-px face's 13 px are not).
    static let titleFont = BitmapFont.caption
    static let tickFont = BitmapFont.caption
    /// The face of the title and tick labels, `textSize` px.
    var font: BitmapFont { BitmapFont.figureFace(pixelSize: textSize) }
    /// A title too wide for the bar takes a second line; the height always leaves room for it.
    static let titleLines = 2
    /// The title lines the height leaves room for: 2, or 1 where the caller has checked that the
    /// title fits the bar on one line.
    package var reservedTitleLines = titleLines
    static let gap = 6
    static let tickLength = 6

    /// The height the legend occupies: title (room for two lines), bar, tick marks and labels.
    package var height: Int {
        reservedTitleLines * font.lineHeight + Self.gap + barHeight + Self.tickLength + font.lineHeight
    }

    /// The smallest width that fits the title on at most two lines (and leaves room for the tick labels).
    package var minimumWidth: Int {
        max(title.split(separator: " ").map { font.measure(String($0)).width }.max() ?? 0, 160)
    }

    /// The title in lines of at most `width` pixels: one line when it fits, else broken after
    /// its first ", " when both halves fit (a phrase a line), else at spaces.
    func titleLines(width: Int) -> [String] {
        let font = self.font
        guard font.measure(title).width > width else { return [title] }
        if let comma = title.range(of: ", ") {
            let halves = [String(title[..<comma.lowerBound]) + ",", String(title[comma.upperBound...])]
            if halves.allSatisfy({ font.measure($0).width <= width }) { return halves }
        }
        return font.wrapped(title, width: width, maxLines: reservedTitleLines)
    }

    /// The values labelled under the bar and their texts.
    package var tickLabels: [(value: Double, text: String)] {
        guard maximum > 0, maximum.isFinite else { return [(0, "0")] }
        let ticks = Ticks.linear(from: 0, to: maximum, count: 5, extend: false)
        var labels = ticks.values.map { ($0, Ticks.label($0, step: ticks.step)) }
        if let last = ticks.values.last, maximum - last > 0.25 * ticks.step {
            labels.append((maximum, Ticks.label(maximum, step: ticks.step / 10)))
        }
        return labels
    }

    /// The tick labels that fit under a bar `width` pixels wide: each label's text, its tick's
    /// offset from the bar's left and its left edge. Labels stay within the bar's width, so legends
    /// side by side never run into each other. Only the last label, the scale's maximum, can crowd
    /// the one before: the nice tick keeps its label and the maximum goes unmarked (its value,
    /// rounded to fit, would read as a round number it is not: 0.996 as "1.00" beside "0.6").
    package func placedTickLabels(width: Int) -> [(text: String, tick: Int, left: Int)] {
        var placed: [(text: String, tick: Int, left: Int)] = []
        var right = Int.min / 2
        for (value, text) in tickLabels {
            let tick = Int((maximum > 0 ? value / maximum : 0) * Double(width - 1) + 0.5)
            let textWidth = font.measure(text).width
            let left = min(max(tick - textWidth / 2, 0), width - textWidth)
            if !placed.isEmpty, left < right + 8 { continue }
            placed.append((text, tick, left))
            right = left + textWidth
        }
        return placed
    }

    /// Draws the legend with its top-left corner at (x, y), `width` pixels wide.
    package func draw(on canvas: inout Canvas, x: Int, y: Int, width: Int) {
        let font = self.font
        let barTop = y + reservedTitleLines * font.lineHeight + Self.gap
        // The title's lines sit just above the bar, however many there are.
        let lines = titleLines(width: width)
        for (n, line) in lines.enumerated() {
            canvas.draw(
                text: line, x: x + width / 2, y: barTop - Self.gap - (lines.count - n) * font.lineHeight,
                font: font, colour: FigureColour.text, alignment: .centre)
        }
        for i in 0..<width {
            let t = width > 1 ? Float(i) / Float(width - 1) : 0
            canvas.fill(PixelRect(x: x + i, y: barTop, width: 1, height: barHeight), colour: map.colour(at: t))
        }
        canvas.strokeRect(
            PixelRect(x: x, y: barTop, width: width, height: barHeight).expanded(by: 1), colour: FigureColour.frame)
        for label in placedTickLabels(width: width) {
            canvas.fill(
                PixelRect(x: x + label.tick, y: barTop + barHeight + 1, width: 1, height: Self.tickLength - 1),
                colour: FigureColour.text)
            canvas.draw(
                text: label.text, x: x + label.left, y: barTop + barHeight + Self.tickLength, font: font,
                colour: FigureColour.text)
        }
    }
}
