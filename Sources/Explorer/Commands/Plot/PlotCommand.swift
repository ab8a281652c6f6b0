import ArgumentParser
import BlurKit

/// `explorer plot KIND … -o FILE.png`: charts of kernels, errors, times and frequency responses.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a chart: kernel weights, error against passes, time against σ, frequency response, time against accuracy, or a lightness profile.",
        discussion: """
        Each kind writes FILE.png, FILE.dat (the numbers, one block per line of the chart) and \
        FILE.gp (a gnuplot script that redraws FILE.png from FILE.dat: run `gnuplot FILE.gp` in \
        that folder after editing it). gnuplot draws the PNG when it is on the PATH; otherwise a \
        built-in plotter does, and the report says so once. EXPLORER_GNUPLOT=none forces the \
        built-in plotter. The report shows the chart as sparklines and its numbers as a table \
        (--format csv or json prints only the numbers). Examples:
          explorer plot kernel --sigma 3 -o kernel.png
          explorer plot error-vs-passes --sigma 4 --image photo -o error-vs-passes.png
          explorer plot time-vs-sigma --size 512x512 -o time.png
          explorer plot frequency-response --sigma 3 -o response.png
          explorer plot accuracy-vs-time --sigmas 2,8,24 --image photo -o survey.png
          explorer plot profile builtin:redgreen blurred.png --span 40%,50%,20%,1 -o profile.png
        """,
        subcommands: [
            PlotKernelCommand.self, PlotErrorVsPassesCommand.self, PlotErrorVsSigmaCommand.self, PlotTimeVsSigmaCommand.self,
            PlotFrequencyResponseCommand.self, PlotAccuracyVsTimeCommand.self, PlotProfileCommand.self,
        ]
    )
}
