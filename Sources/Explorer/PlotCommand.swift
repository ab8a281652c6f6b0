import ArgumentParser
import BlurKit

/// `explorer plot KIND … -o FILE.png`: charts of kernels, errors, times and frequency responses.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a chart: kernel weights, error against passes, time against σ, or frequency response.",
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
        """,
        subcommands: [
            PlotKernelCommand.self, PlotErrorVsPassesCommand.self, PlotTimeVsSigmaCommand.self,
            PlotFrequencyResponseCommand.self,
        ]
    )
}

/// A list of box-pass counts such as `1,2,3`, each 1…20.
enum PassList {
    static func parse(_ text: String, option: String = "--passes") throws -> [Int] {
        let words = text.split(separator: ",")
        let counts = words.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.count == words.count, counts.allSatisfy({ (1...20).contains($0) }) else {
            throw ValidationError("\(option) takes numbers 1…20 separated by commas, got '\(text)'")
        }
        return counts
    }

    /// "3 boxes (5, 5, 7)", "1 box (11)".
    static func label(_ widths: [Int]) -> String {
        "\(widths.count) box\(widths.count == 1 ? "" : "es") (\(widths.map(String.init).joined(separator: ", ")))"
    }
}
