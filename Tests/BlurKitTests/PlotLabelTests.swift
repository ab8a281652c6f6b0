import XCTest

@testable import BlurCanvas
@testable import BlurCore
@testable import BlurFigures

/// Point labels (`FallbackPlotter+PointLabels.swift`): in a crowded plot, as the survey's σ labels
/// are where stack, dual-kawase and extended-box meet, no label covers another or a marker, and
/// both plotters put them in the same places.
final class PlotLabelTests: XCTestCase {
    /// Three series whose points nearly coincide, each labelled with its σ.
    var crowded: Plot {
        var plot = Plot(title: "Time against accuracy", xLabel: "time", yLabel: "error", logX: true, logY: true)
        plot.add("stack", x: [30, 35, 50], y: [6.5, 6.0, 3.9], style: .points, labels: ["2", "8", "24"])
        plot.add("dual-kawase", x: [36, 52, 75], y: [6.0, 3.6, 2.0], style: .points, labels: ["2", "24", "8"])
        plot.add("extended-box", x: [24, 33, 48], y: [3.0, 3.0, 3.9], style: .points, labels: ["8", "24", "2"])
        plot.add("box", x: [5000], y: [16], style: .points, labels: ["24"])
        return plot
    }

    func testLabelsCoverNoOtherLabelAndNoMarker() {
        let plot = crowded
        let labels = FallbackPlotter.pointLabels(plot)
        XCTAssertGreaterThan(labels.count, 4, "most labels find a place")
        let layout = FallbackPlotter.axes(plot), frame = FallbackPlotter.plotFrame(plot, layout)
        let markers = FallbackPlotter.markerCentres(plot, frame: frame, layout: layout)
        let font = FallbackPlotter.tickFont
        let digitTop = font.ascent - font.glyphs[UInt32(UInt8(ascii: "8"))]!.height
        // The digits' ink: from the cap height to the baseline.
        let ink = labels.map {
            PixelRect(x: $0.box.x, y: $0.box.y + digitTop, width: $0.box.width, height: font.ascent - digitTop)
        }
        for (i, a) in ink.enumerated() {
            for b in ink[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
            for m in markers {
                let r = Int(FallbackPlotter.markerRadius)
                let marker = PixelRect(x: Int(m.x) - r, y: Int(m.y) - r, width: 2 * r, height: 2 * r)
                XCTAssertTrue(a.intersection(marker).isEmpty, "\(labels[i].text) at \(a) covers the marker at \(m)")
            }
            XCTAssertTrue(PixelRect(x: 0, y: 0, width: plot.width, height: plot.height).contains(labels[i].box))
        }
        // A label with room keeps gnuplot's default place: up and to the right of its point.
        let lone = labels.first { $0.x == 5000 }
        XCTAssertEqual(lone?.leftOfPoint, false)
        XCTAssertLessThan(Double(lone?.box.maxY ?? .max), lone?.point.y ?? 0)
    }

    func testGnuplotSetsTheSameLabels() {
        let plot = crowded
        let script = plot.gnuplotScript(name: "survey")
        let labels = FallbackPlotter.pointLabels(plot)
        XCTAssertEqual(script.components(separatedBy: "\nset label ").count - 1, labels.count)
        XCTAssertFalse(script.contains("with labels"), "no label is drawn where it collides")
        XCTAssertTrue(script.contains("set label '24' at first 5000.0, first 16.0 left offset screen"), script)
    }
}
