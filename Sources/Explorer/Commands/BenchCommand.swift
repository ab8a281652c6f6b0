import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer bench`: ns per pixel for each method and σ, and how time grows with σ.
struct BenchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Time the blur methods across σ: ns/px, speed-up over the naive 2-D Gaussian, and the log–log slope of time against σ.",
        discussion: """
            The image is seeded noise (builtin:noise) of --size, RGBA Float32, edges clamped (--edges chooses another mode). Each \
            measurement: one warm-up, then adaptive runs (or exactly --runs), median with min–max. \
            The O(R²) methods (box, gaussian2d) are timed on a 256×256 crop when a full-size run would \
            take over two seconds; the table marks those rows. The slope of log(time) against log(σ) \
            is ≈2 for O(R²) methods, ≈1 for separable and ≈0 for running sums. The blurs run the widest \
            loops the CPU has (AVX-512F, AVX2, or the portable Swift loops); BLURKIT_KERNELS=avx2 or \
            baseline in the environment picks narrower ones, with the same pixels. The table's notes name \
            the loops that ran.
            """
    )

    @OptionGroup var options: BenchOptions
    @Flag(help: "Show no progress line on standard error (it appears only on a terminal, after a second).")
    var quiet = false
    @OptionGroup var formatOptions: FormatOptions
    @Option(
        help: ArgumentHelp(
            "Also plot time per pixel against σ (log–log, one line per method) into this PNG, with .dat and .gp beside it.",
            valueName: "file.png"))
    var plot: String?

    var showsProgress: Bool { !quiet }

    func validate() throws {
        if let plot { try PlotOutput.checkName(plot, option: "--plot") }
    }

    var measuresTime: Bool { true }

    func makeReport(_ context: RunContext) throws -> Report {
        let measurement = try options.measure(context)
        var report = Report()
        report.table(
            table(
                measurement.rows, width: measurement.width, height: measurement.height, threads: measurement.threads,
                context: context))
        if let plot {
            report.blocks += try PlotOutput.write(
                BenchOptions.timePlot(measurement), to: plot, context: context, columns: nil
            ).blocks
        }
        return report
    }

    func table(_ rows: [BenchOptions.Row], width: Int, height: Int, threads: Int, context: RunContext) -> Table {
        let slopes = BenchOptions.slopes(rows)
        let storage =
            rows.contains(where: \.eightBit) ? "RGBA Float32 (8-bit rows: 8-bit levels in and out)" : "RGBA Float32"
        var table = Table(
            title: "Blur time per pixel, \(width)×\(height) \(storage), \(threads) thread\(threads == 1 ? "" : "s")",
            name: "bench",
            columns: [
                Table.Column(key: "method", title: "method", alignRight: false),
                Table.Column(key: "sigma", title: "σ"),
                Table.Column(key: "parameters", title: "parameters", alignRight: false),
                Table.Column(key: "nsPerPixel", title: "median", unit: "ns/px"),
                Table.Column(key: "minNsPerPixel", title: "min", unit: "ns/px", priority: 4),
                Table.Column(key: "maxNsPerPixel", title: "max", unit: "ns/px", priority: 4),
                Table.Column(key: "megapixelsPerSecond", title: "speed", unit: "Mpx/s", priority: 3),
                Table.Column(key: "speedupOverGaussian2d", title: "vs gaussian2d", unit: "×"),
                Table.Column(key: "readsPerPixel", title: "reads", unit: "/px"),
                Table.Column(key: "memoryPasses", title: "passes"),
                Table.Column(key: "slope", title: "slope", unit: "log–log"),
                Table.Column(key: "threads", title: "threads", priority: 5),
                Table.Column(key: "croppedTo256", title: "crop", alignRight: false, priority: 6)
            ])
        for row in rows {
            let naive = rows.first { $0.method == MethodEntry.gaussian2D && $0.sigma == row.sigma }
            let speedup = naive.map { $0.timing.nanosecondsPerPixel / row.timing.nanosecondsPerPixel }
            table.append([
                .text(row.series), .compact(row.sigma), .text(row.parameters),
                .number(row.timing.nanosecondsPerPixel, digits: 1),
                .number(row.timing.minimumNanosecondsPerPixel, digits: 1),
                .number(row.timing.maximumNanosecondsPerPixel, digits: 1),
                .number(row.timing.megapixelsPerSecond, digits: 1),
                speedup.map { .number($0, digits: 1) } ?? .empty,
                .count(row.counters.reads), .count(row.counters.passes),
                slopes[row.series].map { .number($0, digits: 2) } ?? .empty,
                .integer(threads), .text(row.cropped ? "256² crop" : "no")
            ])
        }
        let slopeText = slopes.sorted { $0.key < $1.key }
            .map { "\($0.key) \(NumberText.fixed($0.value, digits: 2))" }.joined(separator: ", ")
        table.notes = [
            "Slope of log(time) against log(σ): \(slopeText) (expected ≈2 for O(R²), ≈1 for separable, ≈0 for running sums).",
            "Reads: pixels read per output pixel; passes: whole-image reads and writes; both counted from each method's plan "
                + "for the full-size image."
        ]
        table.notes.append(KernelVariant.active.benchNote)
        if let asked = ProcessInfo.processInfo.environment["BLURKIT_KERNELS"], asked != KernelVariant.active.rawValue {
            let names = KernelVariant.supported.map(\.rawValue).joined(separator: ", ")
            table.notes.append(
                "BLURKIT_KERNELS=\(String(reflecting: asked)) names no loops this CPU runs (\(names)), so it was ignored."
            )
        }
        table.notes += BenchOptions.timingNotes(
            rows, width: width, height: height, threads: threads, quick: context.quickTiming)
        return table
    }
}

extension KernelVariant {
    /// Which loops the blurs ran, for the bench table's notes.
    fileprivate var benchNote: String {
        let asked = self != Self.supported.last
        let how = asked ? "as BLURKIT_KERNELS asks" : "chosen for this CPU"
        let same = "the pixels are the same"
        switch self {
        case .baseline:
            return "The blurs ran their baseline Swift loops (SSE2 on x86-64)" + (asked ? ", \(how)." : ".")
        case .avx2:
            return "The blurs ran their AVX2 loops, \(how) (BLURKIT_KERNELS=baseline runs the Swift loops; \(same))."
        case .avx512:
            return "The blurs ran their AVX2 loops, the Float32 separable passes in AVX-512F (and the 8-bit "
                + "path's where it sweeps a ring of rows: up to 25 taps, edges not wrap) and the iterated and "
                + "extended boxes' along the rows where one sweep makes both directions (edges not wrap), \(how) "
                + "(BLURKIT_KERNELS=avx2 or baseline runs narrower loops; \(same))."
        }
    }
}
