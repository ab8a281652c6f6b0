import BlurCanvas
import BlurCore
import BlurPNG
import Foundation

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
        /// The left axis, titled `yLabel`; the right one, titled `y2Label`.
        case left, right
    }

    /// A tick at `value` named `label` (e.g. "π/2" at 1.5708).
    package struct Tick: Sendable, Equatable {
        /// Where the tick sits, in the axis's units.
        package var value: Double
        /// The text under (or beside) the tick.
        package var label: String
        /// A tick at `value` named `label`.
        package init(_ value: Double, _ label: String) { self.value = value; self.label = label }
    }

    /// One named set of points.
    public struct Series: Sendable, Equatable {
        /// The name in the legend, the data file's comment and the alt text.
        public var name: String
        /// The points' x coordinates, in order; as many as `y`.
        public var x: [Double]
        /// The points' y coordinates; a non-finite value (or one ≤ 0 on a log axis) is not drawn.
        public var y: [Double]
        /// How the points are drawn.
        public var style: Style
        /// The y axis the values are measured on; `.right` for a second quantity with a unit of its own.
        public var axis: YAxis
        /// A short text written beside each point (e.g. "8" for σ = 8), or none when empty; a
        /// label with no room clear of markers and other labels is left out
        /// (`FallbackPlotter+PointLabels.swift`).
        public var labels: [String]
        /// A colour of its own instead of the palette's next (e.g. greys for reference lines).
        package var colour: SIMD4<Float>?

        /// A series drawn in the palette's next colour.
        ///
        /// - Precondition: `x.count == y.count`, and `labels` is empty or as long.
        public init(
            name: String, x: [Double], y: [Double], style: Style = .lines, axis: YAxis = .left, labels: [String] = []
        ) {
            precondition(x.count == y.count, "series '\(name)': x has \(x.count) values but y has \(y.count)")
            precondition(
                labels.isEmpty || labels.count == x.count,
                "series '\(name)': \(labels.count) labels for \(x.count) points")
            self.name = name; self.x = x; self.y = y; self.style = style; self.axis = axis; self.labels = labels
            colour = nil
        }

        /// The points with both coordinates finite, in order: what is written and drawn.
        package var finitePoints: [(x: Double, y: Double)] {
            zip(x, y).filter { $0.0.isFinite && $0.1.isFinite }.map { (x: $0.0, y: $0.1) }
        }

        /// The labels of `finitePoints`, in the same order (empty when the series has none).
        package var finiteLabels: [String] {
            guard !labels.isEmpty else { return [] }
            return zip(zip(x, y), labels).filter { $0.0.0.isFinite && $0.0.1.isFinite }.map(\.1)
        }
    }

    /// The line above the chart.
    public var title: String
    /// The x axis's title, with its unit: "σ (px)".
    public var xLabel: String
    /// The left y axis's title, with its unit.
    public var yLabel: String
    /// Whether the x axis is logarithmic (points with x ≤ 0 are then not drawn).
    public var logX: Bool
    /// Whether the left y axis is logarithmic (points with y ≤ 0 are then not drawn).
    public var logY: Bool
    /// The series, in legend order.
    public var series: [Series]
    /// The right axis's title, for series with `axis: .right` (nil: no right axis).
    package var y2Label: String?
    /// Whether the right axis is logarithmic.
    package var logY2 = false
    /// A fixed x range (nil: fitted to the data).
    package var xRange: ClosedRange<Double>?
    /// Named x ticks (nil: round numbers chosen for the range).
    package var xTicks: [Tick]?
    /// The PNG's width in pixels (at least 200).
    package var width = 1200
    /// The PNG's height in pixels (at least 150).
    package var height = 800
    /// Extra gnuplot lines placed just before `plot` (tests use it to inject a bad command).
    var extraGnuplotCommands: [String] = []

    /// A 1200×800 chart with linear axes unless `logX` or `logY` says otherwise, and no right axis.
    public init(
        title: String, xLabel: String, yLabel: String, logX: Bool = false, logY: Bool = false,
        series: [Series] = []
    ) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel
        self.logX = logX; self.logY = logY; self.series = series
    }

    /// Appends a series.
    public mutating func add(
        _ name: String, x: [Double], y: [Double], style: Style = .lines, axis: YAxis = .left,
        labels: [String] = []
    ) {
        series.append(Series(name: name, x: x, y: y, style: style, axis: axis, labels: labels))
    }

    /// Ticks at 0, π/4, π/2, 3π/4 and π, for an x axis of frequencies in radians per pixel
    /// that ends at the grid's limit, π (use with `xRange = 0...Double.pi`).
    package static let piTicks: [Tick] = [
        Tick(0, "0"), Tick(Double.pi / 4, "π/4"), Tick(Double.pi / 2, "π/2"), Tick(3 * Double.pi / 4, "3π/4"),
        Tick(Double.pi, "π")
    ]

    /// Whether `series` is drawn against the right axis (it asks for it and the plot has one).
    func onRightAxis(_ series: Series) -> Bool { series.axis == .right && y2Label != nil }

    /// The series that have at least one finite point, with their data-file block index.
    var drawnSeries: [(index: Int, series: Series)] {
        series.filter { !$0.finitePoints.isEmpty }.enumerated().map { ($0.offset, $0.element) }
    }

    /// The marker shapes, in the order series take them.
    package enum Marker: Int, CaseIterable, Sendable {
        /// A filled disc, square, upward triangle, diamond and downward triangle, in the order
        /// series take them.
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
    package static func marker(_ n: Int) -> Marker {
        Marker.allCases[n % Marker.allCases.count]
    }

    /// The colour of drawn series `n`: its own, else the palette's.
    func seriesColour(_ n: Int) -> SIMD4<Float> {
        let drawn = drawnSeries
        if n < drawn.count, let own = drawn[n].series.colour { return own }
        return FigureColour.series[n % FigureColour.series.count]
    }

    // MARK: - Text

    /// `text` on one line: each line break becomes a space.
    func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A number in 3 significant digits (whole numbers from 100 up to a million as integers).
    static func short(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        let text = abs(x) >= 100 && abs(x) < 1e6 ? String(format: "%.0f", x) : String(format: "%.3g", x)
        return text.replacingOccurrences(of: "-", with: "−")
    }
}
