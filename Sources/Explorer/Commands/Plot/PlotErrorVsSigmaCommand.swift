import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot error-vs-sigma --sigmas 1,2,4,8,16,32`: Getreuer's accuracy plot, each method's
/// worst-case error against σ.
struct PlotErrorVsSigmaCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "error-vs-sigma",
        abstract:
            "Each method's worst-case error on any picture against σ (log–log), from its impulse response against the Gaussian's.",
        discussion: """
            For each method and σ, the method blurs one white pixel (zero edges) and its 2-D response \
            is compared with the ideal g(x)·g(y), g the point-sampled Gaussian, untruncated. Plotted: \
            the largest error the method can make on any picture of values 0…255, the larger of the \
            sums of the positive and of the negative differences, times 255. The table adds the sum \
            of |response − ideal|, the ℓ∞ operator norm of the difference by which Getreuer's survey \
            (IPOL 2013) measures accuracy (about twice the worst error). box and gaussian2d are measured through \
            the same kernel run in passes (a running-sum box of the same width, the separable Gaussian \
            of the same weights). Values below 10⁻⁴ levels are Float32 round-off.
              explorer plot error-vs-sigma --sigmas 1,2,4,8,16,32 -o error-vs-sigma.png
            """
    )

    @Option(help: "Values of σ, comma-separated.") var sigmas: String = "1,2,4,8,16,32"
    @Option(help: MethodOptions.methodsHelp(default: "all")) var methods: String = "all"
    @OptionGroup var methodOptions: MethodOptions
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    func sigmaValues() throws -> [Double] {
        try SigmaValidation.list(sigmas, limit: 64)
    }

    func validate() throws {
        _ = try sigmaValues()
        let entries = try MethodOptions.list(methods)
        for sigma in try sigmaValues() { try methodOptions.check(entries, sigma: sigma) }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let sigmaList = try sigmaValues(), names = try MethodOptions.list(methods)
        var plot = Plot(
            title: "Worst-case error on any picture against σ",
            xLabel: "σ (px)", yLabel: "largest error on any picture (8-bit levels)", logX: true, logY: true)
        var table = Table(
            title: "Worst-case error of each method against σ", name: "error-vs-sigma",
            columns: [
                Table.Column(key: "method", title: "method", alignRight: false),
                Table.Column(key: "sigma", title: "σ"),
                Table.Column(key: "worstError", title: "worst error", unit: "8-bit levels"),
                Table.Column(key: "operatorNorm", title: "operator norm", unit: "‖k − g‖₁"),
                Table.Column(key: "impulseLinf", title: "impulse L∞")
            ])
        for name in names {
            var errors: [Double] = []
            for sigma in sigmaList {
                // An O(R²) method is measured through the same kernel run in passes (its catalog entry's `inPasses`).
                let settings = methodOptions.settings(sigma: sigma)
                let measured: any BlurMethod = try name.inPasses?(settings) ?? methodOptions.make(name, sigma: sigma)
                let summary = try ImpulseSummary.measure(measured, sigma: sigma)
                let levels = (summary.worstCaseError ?? .nan) * 255
                errors.append(levels)
                table.append([
                    .text(name.name), .compact(sigma), .significant(levels, 3),
                    summary.operatorNormError.map { .significant($0, 3) } ?? .empty,
                    summary.deviation.map { .significant($0, 3) } ?? .empty
                ])
            }
            plot.add(name.name, x: sigmaList, y: errors, style: .linesPoints)
        }
        table.notes = [
            "Worst error: the largest error on any picture, max(Σ positive, Σ negative parts of response − g(x)g(y)) × 255, g the point-sampled Gaussian. "
                + "Operator norm: Σ|response − g(x)g(y)| over the plane, the ℓ∞ operator norm of the difference (Getreuer 2013). "
                + "Impulse L∞: the largest difference of the 1-D marginal, as in compare."
        ]
        var report = try PlotOutput.write(plot, to: output.output, context: context, columns: nil)
        report.table(table)
        return report
    }
}
