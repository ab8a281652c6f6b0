import Foundation
import TestSupport
import XCTest

@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class PlotTests: XCTestCase {
    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    var samplePlot: Plot {
        var plot = Plot(
            title: "Error against σ", xLabel: "σ (px)", yLabel: "max |error| (8-bit)", logX: true, logY: true)
        plot.add("box ×3", x: [1, 2, 4, 8, 16], y: [2.5, 1.75, 1.1, 0.6, 0.35])
        plot.add("separable", x: [1, 2, 4, 8, 16], y: [0.01, 0.012, 0.02, .nan, 0.03], style: .linesPoints)
        return plot
    }

    /// The real gnuplot's path, or a skip when this machine has none (CI installs it).
    func realGnuplot() throws -> String {
        guard let path = Gnuplot.locate(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "") else {
            throw XCTSkip("gnuplot is not on the PATH")
        }
        return path
    }

    /// A stand-in `gnuplot` (a shell script) in its own folder; returns that folder as a search path.
    func fakeGnuplot(_ body: String) throws -> String {
        let folder = try temporaryFolder()
        let path = folder + "/gnuplot"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o755), 0)
        return folder
    }

    // MARK: - gnuplot and the fallback

    func testGnuplotDrawsThePNGBesideItsDataAndScript() throws {
        let gnuplot = try realGnuplot()
        let folder = try temporaryFolder()
        let output = try samplePlot.write(
            name: "errors", in: folder, searchPath: (gnuplot as NSString).deletingLastPathComponent,
            command: "explorer plot errors")
        XCTAssertFalse(output.usedFallback)
        XCTAssertEqual(output.pngPath, folder + "/errors.png")
        XCTAssertEqual(try files(in: folder), ["errors.dat", "errors.gp", "errors.png"], "no temporary file left")
        let info = try PNGInfo.read(output.pngPath)
        XCTAssertEqual(info.width, 1200)
        XCTAssertEqual(info.height, 800)
        XCTAssertEqual(info.recordedCommand, "explorer plot errors")
        // gnuplot drew it, not the fallback.
        let fallback = FallbackPlotter.render(samplePlot)
        XCTAssertNotEqual(try PNG.read(output.pngPath), fallback)
    }

    func testTheScriptRerunsByRelativeNameInItsFolder() throws {
        let gnuplot = try realGnuplot()
        let folder = try temporaryFolder()
        _ = try samplePlot.write(name: "rerun", in: folder, searchPath: (gnuplot as NSString).deletingLastPathComponent)
        try FileManager.default.removeItem(atPath: folder + "/rerun.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = ["rerun.gp"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try PNGInfo.read(folder + "/rerun.png").width, 1200)
    }

    func testWithoutGnuplotTheFallbackDrawsAValidPNGAndSaysSo() throws {
        let folder = try temporaryFolder()
        let output = try samplePlot.write(
            name: "errors", in: folder, searchPath: "/nonexistent:" + folder, command: "explorer plot")
        XCTAssertTrue(output.usedFallback)
        XCTAssertEqual(try files(in: folder), ["errors.dat", "errors.gp", "errors.png"])
        let info = try PNGInfo.read(output.pngPath)
        XCTAssertEqual(info.width, 1200)
        XCTAssertEqual(info.height, 800)
        XCTAssertEqual(info.recordedCommand, "explorer plot")
        // Both series' colours are drawn as lines: count pixels of exactly each colour.
        let image = try PNG.read(output.pngPath).rgba8()
        for colour in FigureColour.series.prefix(2) {
            let rgb = [colour.x, colour.y, colour.z].map(RGBAImage.quantize)
            let count = stride(from: 0, to: image.count, by: 4).filter {
                image[$0] == rgb[0] && image[$0 + 1] == rgb[1] && image[$0 + 2] == rgb[2]
            }.count
            XCTAssertGreaterThan(count, 500, "\(rgb)")
        }
    }

    func testDataFileHoldsThePlottedValues() throws {
        let folder = try temporaryFolder()
        let output = try samplePlot.write(name: "errors", in: folder, searchPath: "")
        let text = try String(contentsOfFile: output.dataPath, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# Error against σ\n# columns: x = σ (px), y = max |error| (8-bit)\n"), text)
        // Blocks are separated by two blank lines (gnuplot's `index`); comments start with '#'.
        let blocks = text.components(separatedBy: "\n\n\n").map { block in
            block.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                line.split(separator: " ").map { Double($0)! }
            }
        }
        XCTAssertEqual(blocks.count, 2)
        XCTAssertEqual(blocks[0], [[1, 2.5], [2, 1.75], [4, 1.1], [8, 0.6], [16, 0.35]])
        XCTAssertEqual(blocks[1], [[1, 0.01], [2, 0.012], [4, 0.02], [16, 0.03]], "the NaN point is left out")
        XCTAssertTrue(text.contains("# index 1: separable\n"))
    }

    func testScriptQuotesNamesSoTheyCannotRunAsCommands() throws {
        var plot = samplePlot
        plot.series[0].name = "it's \"quoted\"\nset output '/tmp/evil.png'"
        let script = plot.gnuplotScript(name: "q")
        XCTAssertTrue(script.contains("title 'it''s \"quoted\" set output ''/tmp/evil.png'''"), script)
        XCTAssertTrue(script.contains("plot 'q.dat' index 0 using 1:2 with lines ls 1"), script)
        XCTAssertTrue(script.contains("'' index 1 using 1:2 with linespoints ls 2 title 'separable'"), script)
        XCTAssertTrue(script.contains("set terminal pngcairo size 1200,800 noenhanced font 'DejaVu Sans,22'"), script)
        XCTAssertTrue(
            script.contains(
                "set logscale x\nset xtics ('1' 1.0, '2' 2.0, '5' 5.0, '10' 10.0, '20' 20.0, '50' 50.0, '100' 100.0)\nset mxtics 10\n"
            ), script)
        XCTAssertTrue(
            script.contains("set logscale y\nset ytics ('0.01' 0.01, '0.1' 0.1, '1' 1.0, '10' 10.0)\nset mytics 10\n"),
            script)
        XCTAssertTrue(script.contains("if (!exists(\"outfile\")) outfile = 'q.png'"), script)
        let gnuplot = try realGnuplot()
        let folder = try temporaryFolder()
        let output = try plot.write(
            name: "it's q", in: folder, searchPath: (gnuplot as NSString).deletingLastPathComponent)
        XCTAssertFalse(output.usedFallback)
        XCTAssertEqual(try files(in: folder), ["it's q.dat", "it's q.gp", "it's q.png"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/evil.png"))
    }

    func testABadScriptIsAnErrorWithGnuplotsMessage() throws {
        let gnuplot = try realGnuplot()
        let folder = try temporaryFolder()
        var plot = samplePlot
        plot.extraGnuplotCommands = ["this is not a gnuplot command"]
        XCTAssertThrowsError(
            try plot.write(name: "bad", in: folder, searchPath: (gnuplot as NSString).deletingLastPathComponent)
        ) { error in
            let text = "\(error)"
            XCTAssertTrue(
                text.hasPrefix("gnuplot on '\(folder)/bad.gp' failed (exit status 1): \"bad.gp\" line "), text)
            XCTAssertTrue(text.hasSuffix(": invalid command"), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
        XCTAssertEqual(try files(in: folder), ["bad.dat", "bad.gp"], "no PNG, no temporary file")
    }

    func testAProgramThatExitsCleanlyWithoutAPNGIsAnError() throws {
        let searchPath = try fakeGnuplot("echo 'something odd' >&2; exit 0")
        let folder = try temporaryFolder()
        XCTAssertThrowsError(try samplePlot.write(name: "empty", in: folder, searchPath: searchPath)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("left no valid PNG"), text)
            XCTAssertTrue(text.contains("(gnuplot said: something odd)"), text)
        }
        XCTAssertEqual(try files(in: folder), ["empty.dat", "empty.gp"])
    }

    func testWarningsAreReturnedNotThrown() throws {
        // A stand-in that warns, then copies a valid PNG to the `outfile` it is given (-e "outfile='…'").
        let folder = try temporaryFolder()
        try PNG.write(RGBAImage(width: 3, height: 2, fill: SIMD4(1, 1, 1, 1)), to: folder + "/made.png")
        let searchPath = try fakeGnuplot(
            """
            out=$(echo "$2" | sed "s/^outfile='\\(.*\\)'$/\\1/")
            echo '"w.gp" line 9: warning: Skipping data file with no valid points' >&2
            cp '\(folder)/made.png' "$out"
            """)
        let output = try samplePlot.write(name: "w", in: folder, searchPath: searchPath)
        XCTAssertEqual(output.warnings, ["\"w.gp\" line 9: warning: Skipping data file with no valid points"])
        XCTAssertEqual(try PNGInfo.read(output.pngPath).width, 3)
        XCTAssertEqual(try files(in: folder), ["made.png", "w.dat", "w.gp", "w.png"])
    }

    func testLocateFindsOnlyExecutableFiles() throws {
        let folder = try temporaryFolder()
        try "not executable".write(toFile: folder + "/gnuplot", atomically: true, encoding: .utf8)
        XCTAssertNil(Gnuplot.locate(searchPath: folder))
        XCTAssertEqual(chmod(folder + "/gnuplot", 0o755), 0)
        XCTAssertEqual(Gnuplot.locate(searchPath: "/nonexistent:" + folder), folder + "/gnuplot")
        XCTAssertNil(Gnuplot.locate(searchPath: ""))
    }

    func testPlotsThatCannotBeDrawnAreRefused() throws {
        let folder = try temporaryFolder()
        var empty = Plot(title: "Nothing", xLabel: "x", yLabel: "y")
        empty.add("nan", x: [1], y: [.nan])
        XCTAssertThrowsError(try empty.write(name: "n", in: folder, searchPath: "")) {
            XCTAssertEqual("\($0)", "plot 'Nothing' has no finite point to draw")
        }
        var negative = Plot(title: "Neg", xLabel: "x", yLabel: "y", logY: true)
        negative.add("below zero", x: [1, 2], y: [-1, 0])
        XCTAssertThrowsError(try negative.write(name: "n", in: folder, searchPath: "")) {
            XCTAssertEqual("\($0)", "plot 'Neg': log y axis needs a positive y value, but none is")
        }
        XCTAssertThrowsError(try samplePlot.write(name: "../up", in: folder, searchPath: ""))
        XCTAssertEqual(try files(in: folder), [])
    }

    func testFallbackDrawsEveryStyleAndSkipsWhatALogAxisCannotShow() {
        var plot = Plot(title: "Styles", xLabel: "x", yLabel: "y", logY: true)
        for (n, style) in Plot.Style.allCases.enumerated() {
            plot.add(style.rawValue, x: [1, 2, 3, 4], y: [Double(n + 1), 0, Double(n + 2), Double(n + 3)], style: style)
        }
        plot.width = 800
        plot.height = 600
        let image = FallbackPlotter.render(plot)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        // Each series' colour covers more than its legend sample does: a 48×3 line (< 160 pixels of
        // exactly that colour) or one marker of radius 8 (< 150).
        for (style, colour) in zip(Plot.Style.allCases, FigureColour.series) {
            let count = (0..<image.pixelCount).filter { image[$0 % 800, $0 / 800] == colour }.count
            XCTAssertGreaterThan(count, style == .points ? 150 : 200, "\(style)")
        }
    }

    func testLegendGoesWhereItHidesNoData() {
        // A line near the top: the legend goes to a bottom corner, away from the low line's start.
        var plot = Plot(title: "t", xLabel: "x", yLabel: "y")
        plot.add("high", x: [0, 10], y: [9, 9])
        plot.add("low", x: [0, 10], y: [0, 3])
        XCTAssertEqual(FallbackPlotter.axes(plot).corner, .bottomRight)
        // Lines filling every corner: the legend goes outside, and the y axis keeps the data's range.
        var full = Plot(title: "t", xLabel: "x", yLabel: "y")
        full.add("rising", x: [0, 10], y: [0, 10])
        full.add("falling", x: [0, 10], y: [10, 0])
        let axes = FallbackPlotter.axes(full)
        XCTAssertEqual(axes.corner, .outside)
        XCTAssertEqual(axes.y.range, 0...10)
        XCTAssertTrue(full.gnuplotScript(name: "f").contains("set key outside right top box"))
        XCTAssertTrue(full.gnuplotScript(name: "f").contains("set yrange [0.0:10.0]"))
        // Its title is centred over the picture, not over the frame the legend narrowed (where a
        // long one was cut at the left edge); with the legend inside, gnuplot's own title.
        XCTAssertTrue(full.gnuplotScript(name: "f").contains("set label 1 't' at screen 0.5, graph 1 center"))
        XCTAssertFalse(full.gnuplotScript(name: "f").contains("set title 't'"))
        XCTAssertTrue(plot.gnuplotScript(name: "p").contains("set title 't' font ',24'"))
    }

    func testLegendCornerAllowsForGnuplotsWiderLegend() {
        // gnuplot's names (22 pt) are 1.07 times as wide as the built-in 30 px ones: the corner is
        // chosen for the wider of the two legends.
        var plot = Plot(title: "t", xLabel: "x", yLabel: "y")
        plot.add("a series with a rather long name", x: [0, 5.2], y: [0, 9.5])
        plot.add("floor", x: [0, 10], y: [0, 0])
        let text = FallbackPlotter.legendFont.measure("a series with a rather long name").width
        XCTAssertEqual(
            FallbackPlotter.cornerTestSize(plot.series).width,
            FallbackPlotter.legendSize(plot.series).width + Int((Double(text) * 0.07).rounded(.up)))
        // The line rises to the top middle, so the top corners are covered and the legend goes bottom right.
        XCTAssertEqual(FallbackPlotter.axes(plot).corner, .bottomRight)
    }

    func testPlotTextReadsFromTheBackOfARoom() {
        // Every text of the built-in plotter, and gnuplot's (22 pt ≈ 29 px at pngcairo's 96 dpi), is at least 24 px.
        for font in [
            FallbackPlotter.titleFont, FallbackPlotter.labelFont, FallbackPlotter.tickFont, FallbackPlotter.legendFont
        ] {
            XCTAssertGreaterThanOrEqual(font.pixelSize, FallbackPlotter.minimumTextPixels)
        }
        XCTAssertTrue(samplePlot.gnuplotScript(name: "s").contains("font 'DejaVu Sans,22'"))
    }

    func testEverySeriesOfTheSurveyHasItsOwnColourAndMarker() {
        let styles = (0..<12).map { (FigureColour.series[$0 % FigureColour.series.count], Plot.marker($0)) }
        XCTAssertEqual(Set(styles.map { "\($0.0)" }).count, 12, "twelve colours")
        for n in 1..<12 { XCTAssertNotEqual(styles[n].1, styles[n - 1].1, "neighbours differ in marker too") }
        var plot = Plot(title: "t", xLabel: "x", yLabel: "y")
        plot.add("m", x: [1, 2], y: [1, 2], style: .points, labels: ["σ=2", "σ=8"])
        XCTAssertTrue(plot.dataText().contains("1.0 1.0 \"σ=2\"\n"))
        XCTAssertTrue(
            plot.gnuplotScript(name: "l").contains("set label 'σ=2' at first 1.0, first 1.0 left offset screen"))
    }

    // MARK: - Terminal

    func testSparklinesShareOneScaleAndGiveMinAndMax() {
        var plot = Plot(title: "Weights", xLabel: "offset", yLabel: "weight")
        plot.add("ramp", x: [0, 1, 2, 3, 4, 5, 6, 7], y: [0, 1, 2, 3, 4, 5, 6, 7])
        plot.add("flat", x: [0, 1, 2], y: [7, .nan, 7])
        XCTAssertEqual(
            plot.sparklines(),
            """
            Weights — weight from 0 to 7 against offset
            ramp  ▁▂▃▄▅▆▇█  min 0  max 7
            flat  █ █  min 7  max 7
            """)
        // More points than the width: groups are averaged.
        var long = Plot(title: "Long", xLabel: "x", yLabel: "y", logY: true)
        long.add("decades", x: (0..<8).map(Double.init), y: [1, 1, 10, 10, 100, 100, 1000, 1000])
        XCTAssertEqual(
            long.sparklines(width: 4),
            """
            Long — y from 1 to 1000 (log scale) against x
            decades  ▁▃▆█  min 1  max 1000
            """)
    }
}

extension PlotTests {
    func testAltTextDescribesAxesAndSeries() {
        XCTAssertEqual(
            samplePlot.altText(),
            """
            Chart: Error against σ. max |error| (8-bit) (log scale) against σ (px) (log scale). \
            box ×3 (lines, 5 points from x = 1 to 16): y from 0.35 to 2.5. \
            separable (linespoints, 4 points from x = 1 to 16): y from 0.01 to 0.03.
            """)
    }
}
