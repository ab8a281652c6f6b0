import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot error-vs-passes --sigma S`: how fast box passes approach the Gaussian.
struct PlotErrorVsPassesCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "error-vs-passes",
        abstract: "Error of iterated boxes against the Gaussian, for 1, 2, … passes (log scale).",
        discussion: """
            For each number of passes N, the boxes have Kovesi's widths for σ. Plotted: the largest \
            |difference| between their exact impulse response and \(KernelAnalysis.idealWeightsDescription) \
            (as in `boxes`; a weight, no unit); with --image instead, the largest interior error of \
            iterated-box on that image against the exact Float64 Gaussian, in 8-bit levels (as in \
            `compare`). Two quantities with different units make two plots, not two axes on one frame.
            """
    )

    @OptionGroup var sigmaOption: SigmaOption
    var sigma: Double { sigmaOption.sigma }
    @Option(help: "Numbers of passes, e.g. 1,2,3,4,5,6.") var passes: String = "1,2,3,4,5,6"
    @Option(help: "Plot the error of iterated-box on this image instead: PNG file, builtin:NAME[@WxH], or photo.")
    var image: String?
    @Option(help: "With --image: how pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges:
        EdgeMode = .clamp
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    /// With --image: the exact reference's reads and each number of passes' boxes.
    var readsPerPixel: Double {
        guard image != nil, let counts = try? PassList.parse(passes) else { return 0 }
        let boxes = counts.compactMap { try? BoxWidths.forSigma(sigma, passes: $0) }
            .map { IteratedBox(widths: $0).counters(width: 1024, height: 1024, edges: edges).reads }
        return boxes.reduce(0, +) + Self.referenceReads(sigma: sigma)
    }

    func validate() throws {
        guard sigma <= 100 else { throw ValidationError("--sigma \(sigma) is above this plot's limit of 100") }
        _ = try PassList.parse(passes)
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let counts = try PassList.parse(passes)
        let widths = try counts.map { try BoxWidths.forSigma(sigma, passes: $0) }
        let x = counts.map(Double.init)
        let widthText = zip(counts, widths).map { "\($0): \($1.map(String.init).joined(separator: ", "))" }.joined(
            separator: "; ")
        let widthNote = "Box widths per number of passes (Kovesi 2010): \(widthText)."
        let title = "Iterated boxes against the Gaussian, σ = \(NumberText.compact(sigma))"
        var plot: Plot, keys: [String], notes: [String]
        if let image {
            let picture = try inputOptions.load(image, in: context)
            let reference = try ReferenceGaussianBlur(sigma: sigma, edges: edges).apply(picture)
            let errors = try widths.map { w in
                let method = IteratedBox(widths: w)
                let blurred = picture.blurred(by: method, edges: edges)
                return try ErrorMetrics(comparing: blurred, with: reference, reach: method.reach).interiorMaxAbsError
                    ?? .nan
            }
            plot = Plot(
                title: title + " · \(StripSupport.shortName(image))", xLabel: "box passes",
                yLabel: "largest interior |error| (8-bit levels)", logY: true)
            plot.add(StripSupport.shortName(image), x: x, y: errors, style: .points)
            keys = ["imageMaxError"]
            notes = [
                "\(StripSupport.shortName(image)): the largest interior |error| of iterated-box against a Float64 Gaussian (σ = \(NumberText.compact(sigma)), \(edges.rawValue) edges), over pixels farther than the boxes' reach from the border.",
                widthNote
            ]
        } else {
            let deviations = try widths.map {
                try KernelAnalysis.maxDeviationFromGaussian(try BoxWidths.impulseResponse($0), sigma: sigma)
            }
            plot = Plot(
                title: title, xLabel: "box passes", yLabel: "largest |error| of the impulse response (weight)",
                logY: true)
            plot.add("impulse response", x: x, y: deviations, style: .points)
            keys = ["impulseLinf"]
            notes = [
                "impulse response: the largest |difference| between the boxes' impulse response and \(KernelAnalysis.idealWeightsDescription).",
                widthNote
            ]
        }
        return try PlotOutput.write(
            plot, to: output.output, context: context, columns: PlotOutput.Columns(x: "passes", series: keys),
            notes: notes)
    }
}
