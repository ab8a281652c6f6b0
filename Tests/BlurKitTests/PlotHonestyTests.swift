import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Plots that do not mislead: steps for pixel values, axes fitted to the data, markers inside
/// the frame, a right axis for a second quantity, frequency axes that end at π.
final class PlotHonestyTests: XCTestCase {
    /// Centred steps through (0, 1), (1, 3), (2, 2): flat tops −½…½, ½…1½, 1½…2½.
    func testCentredStepsHoldEachValueOverItsWholePixel() {
        let path = FallbackPlotter.centredSteps([SIMD2(0, 1), SIMD2(1, 3), SIMD2(2, 2)])
        XCTAssertEqual(path, [SIMD2(-0.5, 1), SIMD2(0.5, 1), SIMD2(0.5, 3), SIMD2(1.5, 3), SIMD2(1.5, 2), SIMD2(2.5, 2)])
        var plot = Plot(title: "t", xLabel: "x", yLabel: "y")
        plot.add("box", x: [-2, -1, 0, 1, 2], y: [0, 1, 1, 1, 0], style: .centredSteps)
        // gnuplot draws the same path: steps from half a step to the left, then the last flat top.
        let script = plot.gnuplotScript(name: "b")
        XCTAssertTrue(script.contains("using ($1-0.5):2 with steps ls 1 title 'box'"), script)
        XCTAssertTrue(script.contains("every ::4::4 using ($1-0.5):2:(1.0):(0) with vectors nohead ls 1 notitle"), script)
        // The x axis reaches the outer half steps (−2.5 and 2.5).
        let x = FallbackPlotter.axes(plot).x.range
        XCTAssertLessThanOrEqual(x.lowerBound, -2.5)
        XCTAssertGreaterThanOrEqual(x.upperBound, 2.5)
    }

    /// Markers on the ends of the data widen the axis by 14 px of the plotting area; lines do not.
    func testMarkersAtTheFrameWidenTheAxisSoNoneIsCut() {
        var lines = Plot(title: "t", xLabel: "x", yLabel: "y")
        lines.add("a", x: [1, 2, 3, 4, 5, 6], y: [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(FallbackPlotter.axes(lines).x.range, 1...6)
        var points = lines
        points.series[0].style = .points
        let axes = FallbackPlotter.axes(points)
        let room = 14 / Double(points.width - 200) * 5
        XCTAssertEqual(axes.x.range.lowerBound, 1 - room, accuracy: 1e-12)
        XCTAssertEqual(axes.x.range.upperBound, 6 + room, accuracy: 1e-12)
        XCTAssertEqual(axes.x.ticks.map(\.value), [1, 2, 3, 4, 5, 6])
        XCTAssertLessThan(axes.y.range.lowerBound, 0)
    }

    /// Rounding noise above a tick (1 + 2⁻⁵²) does not add a whole empty step to the axis.
    func testAxisEndsAtTheTickTheDataReaches() {
        var plot = Plot(title: "t", xLabel: "x", yLabel: "gain")
        plot.add("h", x: [0, 1, 2], y: [1.0000000000000002, 0.5, 0])
        XCTAssertEqual(FallbackPlotter.axes(plot).y.range.upperBound, 1, accuracy: 1e-12)
    }

    /// A second quantity gets its own axis, range, ticks and title in both plotters.
    func testASecondQuantityGoesOnARightAxisOfItsOwn() {
        var plot = Plot(title: "t", xLabel: "passes", yLabel: "weight error", logY: true)
        plot.add("weights", x: [1, 2, 3], y: [0.05, 0.01, 0.004], style: .points)
        plot.y2Label = "image error (8-bit levels)"
        plot.logY2 = true
        plot.add("image", x: [1, 2, 3], y: [20, 8, 5], style: .points, axis: .right)
        let axes = FallbackPlotter.axes(plot)
        XCTAssertLessThanOrEqual(axes.y.range.upperBound, 0.1 * 1.2)
        let y2 = try! XCTUnwrap(axes.y2)
        XCTAssertGreaterThanOrEqual(y2.range.upperBound, 20)
        XCTAssertLessThanOrEqual(y2.range.lowerBound, 5)
        let script = plot.gnuplotScript(name: "e")
        XCTAssertTrue(script.contains("set y2label 'image error (8-bit levels)'"))
        XCTAssertTrue(script.contains("set logscale y2"))
        XCTAssertTrue(script.contains("index 1 using 1:2 axes x1y2 with points"))
        XCTAssertFalse(script.contains("index 0 using 1:2 axes x1y2"))
        XCTAssertTrue(plot.altText().contains("right axis"))
        XCTAssertTrue(plot.sparklines().contains("right axis: image error (8-bit levels) from 5 to 20"))
        // The fallback draws tick labels right of the frame: dark pixels in the right margin.
        let image = FallbackPlotter.render(plot)
        let darkOnTheRight = (0..<image.height).contains { y in
            (image.width - 120..<image.width - 40).contains { x in image[x, y].x < 0.3 }
        }
        XCTAssertTrue(darkOnTheRight)
    }

    /// A frequency axis from 0 to π exactly, ticks at multiples of π/4 named so.
    func testFrequencyAxisEndsAtPiWithQuarterTicks() {
        var plot = Plot(title: "t", xLabel: "ω", yLabel: "gain")
        plot.add("h", x: [0, 1, 2, 3, Double.pi], y: [1, 0.5, 0.2, 0.1, 0.05])
        plot.xRange = 0...Double.pi
        plot.xTicks = Plot.piTicks
        let axes = FallbackPlotter.axes(plot)
        XCTAssertEqual(axes.x.range, 0...Double.pi)
        XCTAssertEqual(axes.x.ticks.map(\.label), ["0", "π/4", "π/2", "3π/4", "π"])
        XCTAssertEqual(axes.x.ticks.map(\.value)[2], Double.pi / 2)
        let script = plot.gnuplotScript(name: "f")
        XCTAssertTrue(script.contains("set xrange [0.0:\(Double.pi)]"))
        XCTAssertTrue(script.contains("set xtics ('0' 0.0, 'π/4' \(Double.pi / 4)"))
    }
}
