import ArgumentParser
import Authoring
import BlurKit

/// `explorer kernel --sigma S …`: Gaussian weights from the normal density.
struct KernelCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel",
        abstract: "Show Gaussian weights: raw density samples, normalised, and what the window captures.",
        discussion: """
            point: the density sampled at integer offsets, g(x) = exp(-x²/2σ²)/(σ√(2π)) (2-D: \
            exp(-(x²+y²)/2σ²)/(2πσ²)). integrated: the density's mass over each pixel [x-½, x+½], via erf. \
            The radius is --radius R, or ⌊T·σ + ½⌋ with --truncate T (SciPy's rule; default T = 3). \
            --coverage 1,2,3,4 tabulates the mass windows of kσ capture. --plot FILE.png draws the \
            normalised weights against the offset (in 2-D, the row through the centre). \
            --linear-taps also merges neighbouring taps into bilinear fetches, as GPU shaders do \
            (Rákos 2010): each fetch's offset and weight, and the fetches saved.
            """
    )

    @OptionGroup var sigmaOption: SigmaOption
    var sigma: Double { sigmaOption.sigma }
    @Option(help: "Window radius R (the window is 2R+1 wide).") var radius: Int?
    @Option(help: "Truncate at T·σ: R = ⌊T·σ + ½⌋.") var truncate: Double?
    @Option(help: "point or integrated.") var sampling: Sampling = .point
    @Option(help: "1 or 2 dimensions.") var dims: Int = 1
    @Option(help: "Tabulate the mass captured by windows of these multiples of σ, e.g. 1,2,3,4.")
    var coverage: String?
    @Option(
        help: ArgumentHelp(
            "Also plot the normalised weights (2-D: the centre row) into this PNG, with .dat and .gp beside it.",
            valueName: "file.png"))
    var plot: String?
    @Flag(
        help:
            "Also list the taps merged in pairs into bilinear fetches (the linear-taps method), and the fetches saved.")
    var linearTaps = false
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        if linearTaps {
            guard dims == 1 else {
                throw ValidationError(
                    "--linear-taps merges the taps of a 1-D kernel; it does not combine with --dims 2")
            }
            guard coverage == nil else { throw ValidationError("--linear-taps does not combine with --coverage") }
        }
        guard radius == nil || truncate == nil else { throw ValidationError("give --radius or --truncate, not both") }
        if let radius, radius < 0 { throw ValidationError("--radius must be 0 or more, got \(radius)") }
        if let truncate, !(truncate.isFinite && truncate > 0) {
            throw ValidationError("--truncate must be a positive number, got \(truncate)")
        }
        guard dims == 1 || dims == 2 else { throw ValidationError("--dims must be 1 or 2, got \(dims)") }
        _ = try coverageMultiples()
        if let plot {
            try PlotOutput.checkName(plot, option: "--plot")
            if coverage != nil {
                throw ValidationError("--plot draws the weights; it does not combine with --coverage")
            }
        }
    }

    func coverageMultiples() throws -> [Double]? {
        guard let coverage else { return nil }
        let values = coverage.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite && $0! > 0 }) else {
            throw ValidationError(
                "--coverage takes positive multiples of σ separated by commas, e.g. 1,2,3,4; got '\(coverage)'")
        }
        return values.map { $0! }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let r =
            try radius ?? GaussianKernel1D.radius(sigma: sigma, truncate: truncate ?? GaussianKernel1D.defaultTruncate)
        var report = Report()
        if let multiples = try coverageMultiples() {
            report.table(try coverageTable(multiples))
            return report
        }
        let sigmaText = NumberText.compact(sigma)
        if dims == 1 {
            let kernel = try GaussianKernel1D(sigma: sigma, radius: r, sampling: sampling)
            var table = Table(
                title: "1-D \(sampling.rawValue) Gaussian weights, σ = \(sigmaText), radius \(r)",
                name: "kernel-1d-sigma-\(sigmaText)",
                columns: [
                    Table.Column(key: "offset", title: "x"),
                    Table.Column(key: "raw", title: sampling == .point ? "g(x)" : "mass of pixel"),
                    Table.Column(key: "weight", title: "normalised")
                ])
            for (i, x) in kernel.offsets.enumerated() {
                table.append([.integer(x), .significant(kernel.raw[i], 7), .significant(kernel.weights[i], 7)])
            }
            table.notes = summary(
                rawSum: kernel.rawSum, captured: kernel.capturedMass, effective: kernel.effectiveSigma,
                window: "\(kernel.width)")
            report.table(table)
            if linearTaps { report.table(linearTapsTable(kernel)) }
            if let plot {
                var chart = Plot(
                    title: "1-D \(sampling.rawValue) Gaussian weights, σ = \(sigmaText), radius \(r)",
                    xLabel: "offset x (px)", yLabel: "normalised weight")
                chart.add("weights (sum 1)", x: kernel.offsets.map(Double.init), y: kernel.weights, style: .impulses)
                report.blocks += try PlotOutput.write(chart, to: plot, context: context, columns: nil).blocks
            }
        } else {
            let kernel = try GaussianKernel2D(sigma: sigma, radius: r, sampling: sampling)
            let w = kernel.width
            report.text(
                "2-D \(sampling.rawValue) Gaussian weights, σ = \(sigmaText), \(w)×\(w) window. Raw density values:")
            report.preformatted(grid(kernel.raw, width: w))
            report.text("Normalised (each divided by their sum, \(NumberText.significant(kernel.rawSum, 7))):")
            report.preformatted(grid(kernel.weights, width: w))
            var table = Table(
                title: "2-D weights, σ = \(sigmaText)", name: "kernel-2d-sigma-\(sigmaText)",
                columns: [
                    Table.Column(key: "x", title: "x"), Table.Column(key: "y", title: "y"),
                    Table.Column(key: "raw", title: "G(x,y)"), Table.Column(key: "weight", title: "normalised")
                ])
            for y in -r...r {
                for x in -r...r {
                    let i = (y + r) * w + (x + r)
                    table.append([
                        .integer(x), .integer(y), .significant(kernel.raw[i], 7), .significant(kernel.weights[i], 7)
                    ])
                }
            }
            table.notes = summary(
                rawSum: kernel.rawSum, captured: kernel.capturedMass, effective: kernel.effectiveSigma,
                window: "\(w)×\(w)")
            report.dataTable(table, summary: table.notes.joined(separator: " "))
            if let plot {
                var chart = Plot(
                    title: "2-D \(sampling.rawValue) Gaussian weights, σ = \(sigmaText): the row y = 0",
                    xLabel: "offset x (px)", yLabel: "normalised weight")
                chart.add(
                    "weights at y = 0", x: (-r...r).map(Double.init), y: (-r...r).map { kernel.weight(dx: $0, dy: 0) },
                    style: .impulses)
                report.blocks += try PlotOutput.write(chart, to: plot, context: context, columns: nil).blocks
            }
        }
        return report
    }

    /// The kernel's taps merged into bilinear fetches (`LinearTaps`), with the texels each
    /// covers, and how exactly they give back the discrete weights.
    func linearTapsTable(_ kernel: GaussianKernel1D) -> Table {
        let merged = LinearTaps(weights: kernel.weights)
        let r = kernel.radius
        var table = Table(
            title: "Linear-sampled taps, σ = \(NumberText.compact(sigma)), radius \(r)",
            name: "linear-taps-sigma-\(NumberText.compact(sigma))",
            columns: [
                Table.Column(key: "fetch", title: "fetch"),
                Table.Column(key: "offset", title: "offset", unit: "px"),
                Table.Column(key: "weight", title: "weight"),
                Table.Column(key: "texels", title: "texels", alignRight: false),
                Table.Column(key: "texelWeights", title: "their weights", alignRight: false)
            ])
        for (i, tap) in merged.taps.enumerated() {
            let lower = Int(tap.offset.rounded(.down))
            let single = tap.offset == Double(lower)
            let texels = single ? "\(lower)" : "\(lower), \(lower + 1)"
            let weights =
                single
                ? NumberText.significant(kernel.weight(at: lower), 6)
                : "\(NumberText.significant(kernel.weight(at: lower), 6)), \(NumberText.significant(kernel.weight(at: lower + 1), 6))"
            table.append([
                .integer(i + 1), .number(tap.offset, digits: 6), .significant(tap.weight, 7), .text(texels),
                .text(weights)
            ])
        }
        let worst = zip(merged.unmergedWeights, kernel.weights).map { abs($0 - $1) }.max() ?? 0
        table.notes = [
            "\(merged.fetches) fetches per pass instead of \(kernel.width): \(kernel.width - merged.fetches) saved "
                + "(\(NumberText.fixed(100 * Double(kernel.width - merged.fetches) / Double(kernel.width), digits: 0)) %), "
                + "\(2 * (kernel.width - merged.fetches)) per pixel for both passes. Each fetch at offset o = (k·w(k) + (k+1)·w(k+1))/(w(k) + w(k+1)) "
                + "interpolates linearly between texels k and k+1, which gives back both weights: split again, the fetches differ from "
                + "the discrete weights by at most \(NumberText.significant(worst, 2))."
        ]
        return table
    }

    func summary(rawSum: Double, captured: Double, effective: Double, window: String) -> [String] {
        [
            "Sum of raw weights \(NumberText.significant(rawSum, 7)); the \(window) window captures "
                + "\(NumberText.significant(captured * 100, 6)) % of the continuous density's mass; "
                + "effective σ of the normalised kernel \(NumberText.significant(effective, 6)) (asked for \(NumberText.compact(sigma)))."
        ]
    }

    func grid(_ values: [Double], width: Int) -> String {
        let cells = values.map { NumberText.significant($0, 7) }
        let cellWidth = cells.map(\.count).max() ?? 1
        return stride(from: 0, to: values.count, by: width).map { start in
            cells[start..<(start + width)].map { String(repeating: " ", count: cellWidth - $0.count) + $0 }.joined(
                separator: "  ")
        }.joined(separator: "\n")
    }

    func coverageTable(_ multiples: [Double]) throws -> Table {
        var table = Table(
            title: "Mass of the Gaussian (σ = \(NumberText.compact(sigma))) inside windows of kσ",
            name: "coverage",
            columns: [
                Table.Column(key: "k", title: "k"),
                Table.Column(key: "radius", title: "R = ⌊kσ+½⌋", unit: "px"),
                Table.Column(key: "windowMass", title: "window [−R−½, R+½]", unit: "%"),
                Table.Column(key: "continuousMass", title: "within ±kσ", unit: "%"),
                Table.Column(key: "missing", title: "left out by window", unit: "%")
            ])
        for k in multiples {
            let kernel = try GaussianKernel1D(sigma: sigma, truncate: k, sampling: .integrated)
            table.append([
                .compact(k), .integer(kernel.radius), .number(kernel.capturedMass * 100, digits: 4),
                .number(GaussianKernel1D.continuousMass(withinSigmas: k) * 100, digits: 4),
                .significant((1 - kernel.capturedMass) * 100, 3)
            ])
        }
        table.notes = ["1-D masses; a 2-D square window captures the square of the 1-D value."]
        return table
    }
}

extension Sampling: ExpressibleByArgument {}
