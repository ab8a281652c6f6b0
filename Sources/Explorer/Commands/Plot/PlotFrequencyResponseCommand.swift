import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot frequency-response --sigma S`: which spatial frequencies each kernel passes.
struct PlotFrequencyResponseCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "frequency-response",
        abstract: "|H(ω)| of the box of equal variance, the Gaussian kernel and iterated boxes, for ω from 0 to π.",
        discussion: """
            ω is in radians per pixel: 0 is a flat area, π alternating pixels (the finest detail). \
            box: one box of the odd width whose variance is nearest σ² (its |H| is a periodic sinc, \
            whose side lobes let fine detail through again); gaussian: the point-sampled kernel of \
            radius ⌊3σ + ½⌋ that separable uses; iterated-box: N boxes with Kovesi's widths, for each \
            N of --passes; binomial: the row n of Pascal's triangle over 2ⁿ ([1, 2, 1]/4 for n = 2), \
            with n = max(2, round(4σ²)) so its variance n/4 is nearest σ², whose gain cosⁿ(ω/2) is \
            exactly zero at π. Computed as |Σ wₖ e^(−iωxₖ)| of each kernel's exact weights.
            """
    )

    enum Kernel: String, CaseIterable, Sendable {
        case box, gaussian
        case iteratedBox = "iterated-box"
        case binomial
    }

    @OptionGroup var sigmaOption: SigmaOption
    var sigma: Double { sigmaOption.sigma }
    @Option(help: "Kernels, comma-separated: box, gaussian, iterated-box, binomial.") var methods: String =
        "box,gaussian,iterated-box"
    @Option(help: "With iterated-box: numbers of passes, e.g. 2,3,5.") var passes: String = "3"
    @Option(help: "Frequencies from 0 to π (default: enough for 8 per side lobe of the box, 65…1025).") var points: Int?
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    func kernels() throws -> [Kernel] {
        let list = try methods.split(separator: ",").map { word in
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kernel = Kernel(rawValue: name) else {
                throw ValidationError(
                    "unknown kernel '\(name)' in --methods; choose from \(Kernel.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return kernel
        }
        guard !list.isEmpty else { throw ValidationError("--methods is empty") }
        return list
    }

    func validate() throws {
        guard sigma <= 200 else { throw ValidationError("--sigma \(sigma) is above this plot's limit of 200") }
        _ = try kernels()
        _ = try PassList.parse(passes)
        if let points, !(2...10_000).contains(points) {
            throw ValidationError("--points must be 2…10000, got \(points)")
        }
    }

    /// n = max(2, round(4σ²)): the binomial kernel whose variance n/4 is nearest σ² (at least [1, 2, 1]).
    static func binomialOrder(sigma: Double) -> Int {
        max(2, Int((4 * sigma * sigma).rounded()))
    }

    /// Row n of Pascal's triangle divided by 2ⁿ: n + 1 weights summing to 1, variance n/4.
    static func binomial(order n: Int) -> [Double] {
        var row = [1.0]
        for _ in 0..<n { row = zip(row + [0], [0] + row).map { ($0 + $1) / 2 } }
        return row
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let boxWidth = try BoxWidths.equalVarianceWidth(sigma: sigma)
        // A box of width w has (w − 1)/2 side lobes between 0 and π.
        let count = points ?? min(1025, max(65, 8 * boxWidth + 1))
        var plot = Plot(
            title: "Frequency response, σ = \(NumberText.compact(sigma))",
            xLabel: "frequency (radians per pixel; π = alternating pixels)",
            yLabel: "gain |H|")
        plot.xRange = 0...Double.pi
        plot.xTicks = Plot.piTicks
        var keys: [String] = []
        var rises: [String: Double] = [:]
        func add(_ name: String, key: String, kernel: [Double]) {
            let response = KernelSpectrum.magnitude(kernel, frequencies: count)
            plot.add(name, x: response.map(\.omega), y: response.map(\.magnitude), style: .lines)
            keys.append(key)
            rises[key + "Rise"] = Self.rise(response.map(\.magnitude))
        }
        for kernel in try kernels() {
            switch kernel {
            case .box:
                add("1 box (\(boxWidth))", key: "box", kernel: try BoxWidths.impulseResponse([boxWidth]))
            case .gaussian:
                let gaussian = try GaussianKernel1D(sigma: sigma)
                add("Gaussian kernel (R = \(gaussian.radius))", key: "gaussian", kernel: gaussian.weights)
            case .binomial:
                let n = Self.binomialOrder(sigma: sigma)
                add(
                    "binomial, \(n + 1) taps (σ = \(NumberText.fixed((Double(n) / 4).squareRoot(), digits: 2)))",
                    key: "binomial",
                    kernel: Self.binomial(order: n))
            case .iteratedBox:
                for n in try PassList.parse(passes) {
                    let widths = try BoxWidths.forSigma(sigma, passes: n)
                    add(PassList.label(widths), key: "boxes\(n)", kernel: try BoxWidths.impulseResponse(widths))
                }
            }
        }
        var report = try PlotOutput.write(
            plot, to: output.output, context: context,
            columns: PlotOutput.Columns(x: "omega", series: keys, xInPi: true),
            notes: [
                "Gain 1 keeps a frequency, 0 removes it; |H| of the exact kernel weights. 1 box: the odd width whose variance is nearest σ²."
            ])
        // For prose: how far each gain climbs back after falling (`gaussianRise`, `boxRise`).
        report.measures.merge(rises) { $1 }
        return report
    }

    /// How far a gain climbs back above the lowest value it reached at lower frequencies: 0 for a
    /// gain that only falls, the height of the tallest lobe for one that rises again.
    static func rise(_ gains: [Double]) -> Double {
        var lowest = Double.infinity, rise = 0.0
        for g in gains {
            lowest = min(lowest, g)
            rise = max(rise, g - lowest)
        }
        return rise
    }
}
