import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot kernel --sigma S`: the Gaussian's weights against box approximations.
struct PlotKernelCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel",
        abstract:
            "The Gaussian against box approximations: density, sampled weights, and the impulse responses of box passes.",
        discussion: """
            Drawn: the continuous density g(x) = exp(−x²/2σ²)/(σ√(2π)) as a line; the normalised \
            weights sampled at each pixel's centre (stems) and integrated over each pixel (markers), \
            radius --radius or ⌊3σ + ½⌋; and the exact impulse response of N box passes with Kovesi's \
            widths for σ, for each N of --passes (0 outside the boxes' reach), as centred steps: each \
            weight holds over its whole pixel, so one box is a rectangle, not a trapezoid.
            """
    )

    @OptionGroup var sigmaOption: SigmaOption
    var sigma: Double { sigmaOption.sigma }
    @Option(help: "Radius R of the sampled weights (default ⌊3σ + ½⌋).") var radius: Int?
    @Option(help: "Numbers of box passes to overlay, e.g. 1,2,3, or none.") var passes: String = "1,2,3"
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    func validate() throws {
        if let radius, !(0...GaussianKernel1D.maxRadius).contains(radius) {
            throw ValidationError("--radius must be 0…\(GaussianKernel1D.maxRadius), got \(radius)")
        }
        _ = try passCounts()
    }

    func passCounts() throws -> [Int] {
        passes == "none" ? [] : try PassList.parse(passes)
    }

    /// Samples of the density per pixel: the smallest power of two that gives at least 6 per σ,
    /// from 2 (σ ≥ 3) to 16, so the line stays smooth and its offsets stay short decimals.
    var densitySamplesPerPixel: Int {
        var k = 2
        while k < 16, Double(k) * sigma < 6 { k *= 2 }
        return k
    }

    func plot() throws -> (plot: Plot, columns: PlotOutput.Columns) {
        let r = try radius ?? GaussianKernel1D.radius(sigma: sigma)
        let point = try GaussianKernel1D(sigma: sigma, radius: r, sampling: .point)
        let integrated = try GaussianKernel1D(sigma: sigma, radius: r, sampling: .integrated)
        let boxes = try passCounts().map { n in
            let widths = try BoxWidths.forSigma(sigma, passes: n)
            return (widths: widths, response: try BoxWidths.impulseResponse(widths))
        }
        let reach = max(r, boxes.map { ($0.response.count - 1) / 2 + 1 }.max() ?? 0)
        let k = densitySamplesPerPixel
        let xs = (-reach * k...reach * k).map { Double($0) / Double(k) }
        let offsets = point.offsets.map(Double.init)

        // Series order sets the colours (FigureColour.series): the density line is green, so the
        // blue and sky-blue box lines stay apart from it.
        var plot = Plot(
            title: "Gaussian weights (R = \(r)) against box passes, σ = \(NumberText.compact(sigma))",
            xLabel: "offset x (px)", yLabel: "weight")
        var keys: [String] = []
        plot.add("sampled at centres", x: offsets, y: point.weights, style: .impulses)
        keys.append("pointWeights")
        plot.add("integrated over pixels", x: offsets, y: integrated.weights, style: .points)
        keys.append("integratedWeights")
        plot.add(
            "Gaussian density g(x)", x: xs, y: xs.map { GaussianKernel1D.density($0, sigma: sigma) }, style: .lines)
        keys.append("density")
        for box in boxes {
            let half = (box.response.count - 1) / 2
            let x = (-(half + 1)...(half + 1)).map(Double.init)
            plot.add(PassList.label(box.widths), x: x, y: [0] + box.response + [0], style: .centredSteps)
            keys.append("boxes\(box.widths.count)")
        }
        return (plot, PlotOutput.Columns(x: "offset", series: keys))
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let (plot, columns) = try plot()
        return try PlotOutput.write(
            plot, to: output.output, context: context, columns: columns,
            notes: ["Box widths after Kovesi 2010 (the `boxes` command lists them with their σ and error)."])
    }
}
