import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `explorer plot …`, `kernel --plot` and `bench --plot`, run as the built binary: gnuplot or the
/// built-in plotter, the data files against the printed table, and failures in one line.
final class PlotCommandTests: FolderTestCase {
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func requireGnuplot() throws {
        guard Gnuplot.locate(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "") != nil else {
            throw XCTSkip("gnuplot is not on the PATH (CI installs gnuplot-nox)")
        }
    }

    static let fallbackNote = "gnuplot is not installed: drawn with the built-in plotter"

    func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    // MARK: - gnuplot and the fallback

    func testWithGnuplotThePNGComesFromGnuplotBesideItsDataAndScript() throws {
        try requireGnuplot()
        let result = try explorer(["plot", "kernel", "--sigma", "3", "-o", "kernel.png"])
        XCTAssertEqual(result.status, 0, result.standardError)
        for name in ["kernel.png", "kernel.dat", "kernel.gp"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path(name)), name)
        }
        let info = try PNGInfo.read(path("kernel.png"))
        XCTAssertEqual(info.width, 1200)
        XCTAssertEqual(info.height, 800)
        // pngcairo writes RGB, and so does explorer for every opaque image.
        XCTAssertEqual(info.colourType, .rgb)
        XCTAssertEqual(info.recordedCommand, "explorer plot kernel --sigma 3 -o kernel.png")
        XCTAssertFalse(result.standardOutput.contains(Self.fallbackNote))
        XCTAssertTrue(
            result.standardOutput.contains("figure kernel.png — Gaussian weights (R = 9) against box passes, σ = 3"),
            result.standardOutput)
        XCTAssertTrue(
            result.standardOutput.contains("sampled at centres      ▁▁▁▂▃▄▅▆▇█▇▆▅▄▃▂▁▁▁"), result.standardOutput)
    }

    func testWithGnuplotSwitchedOffTheFallbackDrawsAValidPNGAndSaysSoOnce() throws {
        let result = try explorer(
            ["plot", "frequency-response", "--sigma", "2", "-o", "response.png"],
            environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let info = try PNGInfo.read(path("response.png"))
        XCTAssertEqual(info.width, 1200)
        XCTAssertEqual(info.height, 800)
        XCTAssertEqual(info.colourType, .rgb, "an opaque plot is written as RGB")
        let image = try PNG.read(path("response.png"))
        XCTAssertEqual(image.width, 1200)
        XCTAssertEqual(occurrences(of: Self.fallbackNote, in: result.standardOutput), 1, result.standardOutput)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: path("response.gp")), "the script is written for later use")
    }

    /// Writes `Lessons/01-lesson.md` in the temporary folder.
    func writeLesson(_ text: String) throws {
        let lessons = folder.appendingPathComponent("Lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try text.write(to: lessons.appendingPathComponent("01-lesson.md"), atomically: true, encoding: .utf8)
    }

    func testALessonWithSeveralPlotsGivesTheFallbackNoteOnce() throws {
        try writeLesson(
            """
            ---
            title: Plots
            summary: Two plots without gnuplot.
            ---
            ## Weights

            ```explorer
            plot kernel --sigma 2 --passes 3 -o kernel.png
            ```

            ```explorer
            plot error-vs-passes --sigma 2 --passes 1,2,3 -o passes.png
            ```
            """)
        let result = try explorer(
            ["lesson", "1", "--lessons", "Lessons", "--output", "Output"],
            environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(occurrences(of: Self.fallbackNote, in: result.standardOutput), 1, result.standardOutput)
        let page = try String(contentsOfFile: path("Output/lesson-01/README.md"), encoding: .utf8)
        XCTAssertEqual(occurrences(of: Self.fallbackNote, in: page), 1)
        XCTAssertTrue(
            page.contains("![Chart: Gaussian weights (R = 6) against box passes, σ = 2. weight against offset x (px)."),
            page)
        XCTAssertTrue(
            page.contains(
                "![Chart: Iterated boxes against the Gaussian, σ = 2. largest \\|error\\| of the impulse response (weight) (log scale) against box passes."
            ), page)
        let files = try FileManager.default.contentsOfDirectory(atPath: path("Output/lesson-01")).sorted()
        for name in [
            "kernel.csv", "kernel.dat", "kernel.gp", "kernel.png", "passes.csv", "passes.dat", "passes.gp", "passes.png"
        ] {
            XCTAssertTrue(files.contains(name), "\(name) in \(files)")
        }
    }

    /// A PATH whose first folder holds a `gnuplot` that complains and exits 1.
    func pathWithFailingGnuplot() throws -> String {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("gnuplot").path
        try "#!/bin/sh\necho '\"kernel.gp\" line 12: undefined variable: nonsense' >&2\nexit 1\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(fake, 0o755), 0)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    func testAFailingGnuplotIsAnErrorInOneLine() throws {
        let result = try explorer(
            ["plot", "kernel", "--sigma", "3", "-o", "kernel.png"], environment: ["PATH": try pathWithFailingGnuplot()])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardOutput.isEmpty, result.standardOutput)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.standardError)
        XCTAssertTrue(
            result.standardError.hasPrefix(
                "Error: gnuplot on './kernel.gp' failed (exit status 1): \"kernel.gp\" line 12: undefined variable: nonsense"
            ),
            result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("kernel.png")), "no PNG after a failed gnuplot")
    }

    func testAFailingGnuplotStopsALessonAtTheCellsLine() throws {
        try writeLesson(
            """
            ---
            title: Plot
            summary: One plot.
            ---
            ```explorer
            plot kernel --sigma 2 -o kernel.png
            ```
            """)
        let result = try explorer(
            ["lesson", "1", "--lessons", "Lessons", "--output", "Output"],
            environment: ["PATH": try pathWithFailingGnuplot()])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError,
            "Lessons/01-lesson.md:6: gnuplot on 'kernel.gp' failed (exit status 1): \"kernel.gp\" line 12: undefined variable: nonsense\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("Output/lesson-01")), "no page")
    }

    // MARK: - The numbers

    /// The `.dat` file's blocks: per series, its (x, y) lines.
    func dataBlocks(_ name: String) throws -> [[(x: Double, y: Double)]] {
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        return text.components(separatedBy: "\n\n\n").map { block in
            block.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let words = line.split(separator: " ")
                return (x: Double(words[0])!, y: Double(words[1])!)
            }
        }
    }

    /// A CSV's header and rows (no quoted fields in plot tables).
    func csv(_ text: String) -> (header: [String], rows: [[String]]) {
        let lines = text.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return (lines[0], Array(lines.dropFirst()))
    }

    /// Every point of every `.dat` block is the table's value in that series' column at that x,
    /// exactly, and the table has no value the file lacks.
    func assertDataMatchesTable(
        _ arguments: [String], dat: String, header: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try explorer(arguments + ["--format", "csv"], environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let table = csv(result.standardOutput)
        XCTAssertEqual(table.header, header, file: file, line: line)
        let blocks = try dataBlocks(dat)
        XCTAssertEqual(blocks.count, header.count - 1, file: file, line: line)
        var rowOf: [Double: [String]] = [:]
        for row in table.rows { rowOf[Double(row[0])!] = row }
        XCTAssertEqual(rowOf.count, table.rows.count, "one row per x", file: file, line: line)
        for (column, block) in blocks.enumerated() {
            for point in block {
                let row = try XCTUnwrap(
                    rowOf[point.x], "x = \(point.x) of block \(column) has a row", file: file, line: line)
                XCTAssertEqual(
                    Double(row[column + 1]), point.y, "\(header[column + 1]) at x = \(point.x)", file: file, line: line)
            }
            let filled = table.rows.filter { !$0[column + 1].isEmpty }.count
            XCTAssertEqual(
                filled, block.count, "\(header[column + 1]) has as many values as its block", file: file, line: line)
        }
    }

    func testKernelPlotDataFileHoldsTheTableValues() throws {
        try assertDataMatchesTable(
            ["plot", "kernel", "--sigma", "1.5", "--passes", "1,3", "-o", "k.png"], dat: "k.dat",
            header: ["offset", "pointWeights", "integratedWeights", "density", "boxes1", "boxes3"])
    }

    func testFrequencyResponseDataFileHoldsTheTableValues() throws {
        try assertDataMatchesTable(
            ["plot", "frequency-response", "--sigma", "2", "--passes", "2,4", "-o", "r.png"], dat: "r.dat",
            header: ["omega", "box", "gaussian", "boxes2", "boxes4"])
    }

    func testErrorVsPassesDataFileHoldsTheTableValues() throws {
        try assertDataMatchesTable(
            [
                "plot", "error-vs-passes", "--sigma", "2", "--passes", "1,2,3", "--image", "builtin:edges@64x64",
                "-o", "e.png"
            ], dat: "e.dat", header: ["passes", "imageMaxError"])
    }

    func testOneBoxImpulseErrorIsTheClosedFormValue() throws {
        // σ = 3, one pass: Kovesi's width is 11 (√109 ≈ 10.4 → 9 or 11, m = round(0.3) = 0), so the
        // response is 1/11 on −5…5. The largest |1/11 − Gaussian weight| is at x = ±5, against the
        // point-sampled weight e^(−25/18) / Σₖ e^(−k²/18) (NumPy): 0.05775004464484135.
        let result = try explorer(
            ["plot", "error-vs-passes", "--sigma", "3", "--passes", "1", "-o", "e.png", "--format", "json"],
            environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["passes"] as? Double, 1)
        XCTAssertEqual(try XCTUnwrap(rows[0]["impulseLinf"] as? Double), 0.05775004464484135, accuracy: 1e-12)
    }

    func testTimeVsSigmaNamesEachLineWithItsSlope() throws {
        let result = try explorer(
            [
                "plot", "time-vs-sigma", "--size", "48x48", "--sigmas", "1,4", "--methods", "box,iterated-box",
                "--runs", "1", "-o", "t.png", "--format", "json"
            ], environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["sigma"] as? Double }, [1, 4])
        let data = try String(contentsOfFile: path("t.dat"), encoding: .utf8)
        for (index, key) in ["box", "iteratedBox"].enumerated() {
            // Two points: the least-squares slope is ln(t₂/t₁) / ln(4).
            let t1 = try XCTUnwrap(rows[0][key] as? Double), t2 = try XCTUnwrap(rows[1][key] as? Double)
            let slope = String(format: "%.2f", log(t2 / t1) / log(4)).replacingOccurrences(of: "-", with: "−")
            let name = key == "box" ? "box" : "iterated-box"
            XCTAssertTrue(data.contains("# index \(index): \(name) (slope \(slope))\n"), "\(slope) in \(data)")
        }
    }

    // MARK: - Terminal and options

    func testTheTerminalShowsSparklinesAndPointsToLongData() throws {
        let result = try explorer(
            ["plot", "kernel", "--sigma", "3", "-o", "k.png"], environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains(
                "The 37 rows of plotted values are in k.dat; `--format csv` prints them as a"),
            result.standardOutput)
        let short = try explorer(
            ["plot", "error-vs-passes", "--sigma", "3", "-o", "e.png"], environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertTrue(short.standardOutput.contains("box passes  impulse response"), short.standardOutput)
    }

    func testKernelAndBenchCanAlsoPlot() throws {
        let kernel = try explorer(
            ["kernel", "--sigma", "2", "--plot", "weights.png"], environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(kernel.status, 0, kernel.standardError)
        XCTAssertTrue(kernel.standardOutput.contains("weights (sum 1)  ▁▁▂▃▅▇█▇▅▃▂▁▁"), kernel.standardOutput)
        let blocks = try dataBlocks("weights.dat")
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks[0].map(\.x), (-6...6).map(Double.init))
        XCTAssertEqual(blocks[0].map(\.y), try GaussianKernel1D(sigma: 2).weights)

        let bench = try explorer(
            [
                "bench", "--size", "32x32", "--sigmas", "1,2", "--methods", "separable", "--runs", "1", "--plot",
                "bench.png"
            ],
            environment: ["EXPLORER_GNUPLOT": "none"])
        XCTAssertEqual(bench.status, 0, bench.standardError)
        XCTAssertEqual(try PNGInfo.read(path("bench.png")).width, 1200)
        XCTAssertEqual(try dataBlocks("bench.dat").first?.map(\.x), [1, 2])
    }

    func testBadPlotOptionsAreUsageErrors() throws {
        for (arguments, message) in [
            (
                ["plot", "kernel", "--sigma", "3", "-o", "kernel.txt"],
                "--output must name a PNG file such as kernel.png"
            ),
            (["plot", "kernel", "--sigma", "3", "--passes", "0", "-o", "k.png"], "--passes takes numbers 1…20"),
            (
                ["plot", "frequency-response", "--sigma", "3", "--methods", "tent", "-o", "f.png"],
                "unknown kernel 'tent'"
            ),
            (["kernel", "--sigma", "3", "--coverage", "1,2", "--plot", "k.png"], "does not combine with --coverage")
        ] {
            let result = try explorer(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        }
    }

    func testTableKeysAreCamelCase() {
        XCTAssertEqual(PlotOutput.key("iterated-box"), "iteratedBox")
        XCTAssertEqual(PlotOutput.key("gaussian2d"), "gaussian2d")
        XCTAssertEqual(PlotOutput.key("--"), "value")
    }
}
