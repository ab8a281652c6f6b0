import ArgumentParser
import Authoring
import BlurKit

/// `explorer boxes --sigma S --passes 1,2,3`: box widths that approximate a Gaussian.
struct BoxesCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxes",
        abstract: "Box widths for a σ over N passes (Wells 1986, Kovesi 2010), the σ they achieve, and their error.",
        discussion: """
            For each number of passes: the widths (m of width wl and the rest wl+2), the σ the cascade \
            achieves, √(Σ(w²−1)/12), and the largest difference between its impulse response and \
            \(KernelAnalysis.idealWeightsDescription). --apple-radius R adds Apple's ImageEffects width for a blur \
            radius of R points: d = ⌊R·3·√(2π)/4 + ½⌋, made odd, used for three passes.
            """
    )

    @OptionGroup var sigmaOption: SigmaOption
    var sigma: Double { sigmaOption.sigma }
    @Option(help: "Numbers of passes, e.g. 1,2,3,4,5,6.") var passes: String = "1,2,3,4,5,6"
    @Option(
        name: .customLong("apple-radius"),
        help: "Also show Apple's ImageEffects box width for this blur radius (points).")
    var appleRadius: Double?
    @OptionGroup var formatOptions: FormatOptions

    func passCounts() throws -> [Int] {
        try PassList.parse(passes)
    }

    func validate() throws {
        _ = try passCounts()
        if let appleRadius, !(appleRadius.isFinite && appleRadius > 0 && appleRadius <= 1000) {
            throw ValidationError("--apple-radius must be a number in (0, 1000], got \(appleRadius)")
        }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        var table = Table(
            title: "Boxes approximating a Gaussian of σ = \(NumberText.compact(sigma))", name: "boxes",
            columns: [
                Table.Column(key: "passes", title: "passes"),
                Table.Column(key: "widths", title: "widths", alignRight: false),
                Table.Column(key: "achievedSigma", title: "achieved σ", unit: "px"),
                Table.Column(key: "sigmaError", title: "σ error", unit: "%"),
                Table.Column(key: "impulseLinf", title: "max |impulse − Gaussian|")
            ])
        for n in try passCounts() {
            let widths = try BoxWidths.forSigma(sigma, passes: n)
            let achieved = BoxWidths.achievedSigma(widths)
            let response = try BoxWidths.impulseResponse(widths)
            let deviation = try KernelAnalysis.maxDeviationFromGaussian(response, sigma: sigma)
            table.append([
                .integer(n), .text(widths.map(String.init).joined(separator: ", ")),
                .number(achieved, digits: 3), .number((achieved / sigma - 1) * 100, digits: 2),
                .significant(deviation, 3)
            ])
        }
        table.notes = [
            "Widths: Wells 1986 and Kovesi 2010 (m boxes of the odd width wl below √(12σ²/n+1), the rest wl+2). "
                + "The Gaussian's weights: \(KernelAnalysis.idealWeightsDescription)."
        ]
        var report = Report()
        report.table(table)
        if let appleRadius {
            let d = try BoxWidths.appleBoxWidth(blurRadius: appleRadius)
            let achieved = BoxWidths.achievedSigma([d, d, d])
            report.text(
                "Apple's ImageEffects, blur radius \(NumberText.compact(appleRadius)) points at scale 1: "
                    + "d = ⌊\(NumberText.compact(appleRadius))·3·√(2π)/4 + ½⌋ made odd = \(d), three passes of width \(d), "
                    + "which achieve σ = \(NumberText.fixed(achieved, digits: 2)) px.")
        }
        return report
    }
}
