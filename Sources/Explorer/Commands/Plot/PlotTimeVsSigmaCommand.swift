import ArgumentParser
import Authoring
import BlurKit

/// `explorer plot time-vs-sigma`: how each method's time grows with σ.
struct PlotTimeVsSigmaCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "time-vs-sigma",
        abstract: "Time per pixel against σ on log–log axes, one line per method, with the fitted slope.",
        discussion: """
            Measured as `bench` measures (same options): seeded noise of --size, clamped edges, one \
            warm-up then adaptive runs, the median. On log–log axes a cost that grows as σᵏ is a line \
            of slope k: ≈2 for box and gaussian2d (O(R²)), ≈1 for separable, ≈0 for running sums.
            """
    )

    @OptionGroup var bench: BenchOptions
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    var measuresTime: Bool { true }

    func makeReport(_ context: RunContext) throws -> Report {
        let measurement = try bench.measure(context)
        let plot = BenchOptions.timePlot(measurement)
        let notes = BenchOptions.timingNotes(
            measurement.rows, width: measurement.width, height: measurement.height,
            threads: measurement.threads, quick: context.quickTiming, listCropped: true)
        return try PlotOutput.write(
            plot, to: output.output, context: context,
            columns: PlotOutput.Columns(x: "sigma", series: BenchOptions.series(measurement.rows).map(PlotOutput.key)),
            notes: notes)
    }
}
