import ArgumentParser
import Authoring
import BlurKit
import Foundation
import Synchronization

/// Writing a `Plot` from a command: the PNG with its `.dat` and `.gp` beside it, and the report
/// blocks that go with it (the figure, sparklines, the numbers as a table, notes about gnuplot).
enum PlotOutput {
    /// The environment variable that forces the built-in plotter when set to `none`.
    static let gnuplotVariable = "EXPLORER_GNUPLOT"

    /// Where to look for gnuplot: nil (the PATH) unless `EXPLORER_GNUPLOT=none`, which gives a
    /// search path in which no file can exist, so the built-in plotter draws.
    static var gnuplotSearchPath: String? {
        ProcessInfo.processInfo.environment[gnuplotVariable] == "none" ? "/dev/null" : nil
    }

    /// The note given, once per process, when gnuplot is missing.
    static let fallbackNote =
        "gnuplot is not installed: drawn with the built-in plotter; `apt-get install gnuplot-nox` gives better plots"

    /// Whether the fallback note was already given in this process: a lesson with several plots
    /// says it once.
    private static let fallbackNoted = Mutex(false)

    /// True the first time it is asked in a process, false afterwards.
    static func claimFallbackNote() -> Bool {
        fallbackNoted.withLock { noted in
            defer { noted = true }
            return !noted
        }
    }

    /// Checks a plot's output path: a file name ending in `.png` whose stem is a plain name.
    static func checkName(_ path: String, option: String) throws {
        let file = (path as NSString).lastPathComponent
        guard file.hasSuffix(".png"), file.count > 4, !file.hasPrefix(".") else {
            throw ValidationError(
                "\(option) must name a PNG file such as kernel.png (its .dat and .gp go beside it); got '\(path)'")
        }
    }

    /// Which table column each part of a plot becomes: a key for x and one per series.
    struct Columns {
        var x: String
        var series: [String]
        /// x is an angular frequency in radians per pixel: the terminal and page show ω/π (1 is
        /// alternating pixels); the data formats keep radians.
        var xInPi = false
    }

    /// Writes `plot` to `requested` (`NAME.png`; `NAME.dat` and `NAME.gp` beside it, in the
    /// lesson's folder in a lesson) and returns the report blocks that show it.
    ///
    /// The blocks: the figure (alt text from `Plot.altText()`), the sparklines, the plotted
    /// numbers as a table when `columns` is given (its `rowsFile` is the `.dat`: a typed command's
    /// terminal names that file instead of printing more than 25 rows; `--format csv|json` and lesson pages
    /// always get it), gnuplot's warnings, and the fallback note the first time in the process.
    ///
    /// - Throws: `BlurKitError` when a file cannot be written or gnuplot fails (one line).
    static func write(
        _ plot: Plot, to requested: String, context: RunContext, columns: Columns?,
        notes: [String] = []
    ) throws -> Report {
        let path = context.outputPath(requested)
        let folder = (path as NSString).deletingLastPathComponent
        let name = String((path as NSString).lastPathComponent.dropLast(4))
        let written: Plot.Output
        do {
            written = try plot.write(
                name: name, in: folder.isEmpty ? "." : folder, searchPath: gnuplotSearchPath,
                command: context.commandLine)
        } catch let error as BlurKitError where context.inLesson {
            // A lesson's files are written in a staging folder: name them as the page will.
            throw BlurKitError(
                error.description(
                    path: error.path.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }))
        }
        var report = Report()
        report.figure(Figure(path: path, altText: plot.altText(), caption: plot.title))
        report.preformatted(plot.sparklines())
        if let columns {
            var table = table(plot, columns: columns, name: name)
            table.notes += notes
            table.rowsFile = "\(path.dropLast(4)).dat"
            report.table(table)
        }
        for warning in written.warnings { report.warning("gnuplot: \(warning)") }
        if written.usedFallback && claimFallbackNote() { report.warning(fallbackNote) }
        return report
    }

    /// The numbers a plot shows, as a table: one row per distinct x (ascending), one column per
    /// series, a blank where a series has no point at that x.
    ///
    /// Only finite points are listed, as in the `.dat` file, and the data formats (CSV, JSON)
    /// carry each value exactly as the `.dat` file writes it.
    static func table(_ plot: Plot, columns: Columns, name: String) -> Table {
        precondition(
            columns.series.count == plot.series.count,
            "\(columns.series.count) column keys for \(plot.series.count) series")
        var lookups: [[Double: Double]] = []
        var xs = Set<Double>()
        for series in plot.series {
            var lookup: [Double: Double] = [:]
            for point in series.finitePoints where lookup[point.x] == nil {
                lookup[point.x] = point.y
                xs.insert(point.x)
            }
            lookups.append(lookup)
        }
        let xColumn =
            columns.xInPi
            ? Table.Column(key: columns.x, title: "ω/π", unit: "1 = alternating px")
            : Table.Column(key: columns.x, title: plot.xLabel)
        var table = Table(
            title: plot.title, name: name,
            columns: [xColumn] + zip(plot.series, columns.series).map { Table.Column(key: $1, title: $0.name) })
        let floor = NumberText.floor(forLargest: lookups.flatMap(\.values).map(abs).max() ?? 0)
        for x in xs.sorted() {
            let xCell =
                columns.xInPi
                ? Table.Cell(value: .number(x), display: NumberText.fixed(x / Double.pi, digits: 3)) : .compact(x)
            table.append(
                [xCell]
                    + lookups.map { lookup in
                        lookup[x].map {
                            Table.Cell(value: .number($0), display: NumberText.measured($0, 4, floor: floor))
                        } ?? .empty
                    })
        }
        table.notes = [
            columns.xInPi
                ? "Values: \(plot.yLabel) against ω/π; \(name).dat and the data formats hold ω in radians per pixel."
                : "Values: \(plot.yLabel) against \(plot.xLabel); \(name).dat holds the same numbers."
        ]
        return table
    }

    /// A table key from words: `iterated-box` → `iteratedBox`.
    static func key(_ words: String) -> String {
        let parts = words.split { !$0.isLetter && !$0.isNumber }
        guard let first = parts.first else { return "value" }
        return first.lowercased()
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }
}

/// The output options every `plot` kind shares.
struct PlotOutputOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The PNG to write; NAME.dat (the numbers) and NAME.gp (a gnuplot script) go beside it.",
            valueName: "file.png"))
    var output: String
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        try PlotOutput.checkName(output, option: "--output")
    }
}
