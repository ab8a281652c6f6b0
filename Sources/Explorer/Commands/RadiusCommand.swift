import ArgumentParser
import Authoring
import BlurKit

/// `explorer radius VALUE --from API`: one blur size in every API's own units.
struct RadiusCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "radius",
        abstract:
            "Convert a blur size between APIs: the σ behind one API's number, and every other API's number for it.",
        discussion: """
            APIs (--from): \(BlurSizeConventions.all.map(\.name).joined(separator: ", ")). \
            Each row gives the API's number for the same σ, the σ its rule gives for that number (the nearest \
            number of an API that takes only odd sizes or whole box widths gives a σ near, not equal), the σ of \
            the 1-D impulse response the API makes (its second moment; the kernels of OpenCV, libvips, Pillow, \
            SVG and ImageEffects are built as their sources build them, the others are Gaussians), the rule \
            and its source. JSON: an object with sigma and rows, one per API, each with name and value. \
            Limits: VALUE finite and ≥ 0, σ at most \(NumberText.compact(BlurSizeConventions.maxSigma)); \
            renderscript 0 < r ≤ 25; opencv-ksize odd and ≥ 1. A value the API cannot take exits with status 64.
            """
    )

    /// The words of VALUE: one number, which may be negative (`-3` is refused with the limit it
    /// breaks, not read as an unknown option).
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The API's number (a radius, a blur length, a kernel size).", valueName: "value"))
    var words: [String] = []

    /// VALUE as a number.
    var value: Double {
        get throws {
            guard words.count == 1, let number = Double(words[0]) else {
                throw ValidationError(
                    words.isEmpty
                        ? "give the API's number, e.g. explorer radius 16 --from css-box-shadow"
                        : "VALUE is one number, e.g. 16 or 2.5; got '\(words.joined(separator: " "))'")
            }
            return number
        }
    }
    @Option(help: "The API the number is in: css-filter, css-box-shadow, pillow, opencv-ksize, …")
    var from: String
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard let convention = BlurSizeConventions.named(from) else {
            throw ValidationError(
                "--from \(from) is not an API here; the APIs are "
                    + BlurSizeConventions.all.map(\.name).joined(separator: ", "))
        }
        if let why = convention.refusal(of: try value) { throw ValidationError(why) }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        guard let source = BlurSizeConventions.named(from) else {
            throw ValidationError("--from \(from) is not an API here")
        }
        let value = try self.value
        let sigma = try source.sigma(for: value)
        var table = Table(
            title: "σ = \(NumberText.compact(sigma)) px: \(from) \(NumberText.compact(value)) in every API",
            name: "radius",
            columns: [
                Table.Column(key: "name", title: "API", alignRight: false),
                Table.Column(key: "value", title: "number"),
                Table.Column(key: "sigma", title: "σ by rule", unit: "px"),
                Table.Column(key: "impulseSigma", title: "σ of impulse", unit: "px"),
                Table.Column(key: "rule", title: "rule", alignRight: false),
                Table.Column(key: "quantity", title: "the number is", alignRight: false, priority: 2),
                Table.Column(key: "source", title: "source", alignRight: false, priority: 1)
            ])
        for api in BlurSizeConventions.all {
            let number = api.name == source.name ? value : api.value(forSigma: sigma)
            guard let number else {
                table.append([
                    .text(api.name), .empty, .empty, .empty, .text(api.rule), .text(api.quantity), .text(api.source)
                ])
                continue
            }
            let kernel = try api.impulseResponse(for: number)
            table.append([
                .text(api.name), api.isDiscrete ? .compact(number, significant: 4) : .compact(number, significant: 5),
                .compact(try api.sigma(for: number), significant: 5),
                .compact(KernelAnalysis.effectiveSigma(kernel), significant: 5),
                .text(api.rule), .text(api.quantity), .text(api.source)
            ])
        }
        table.notes = [
            "— : no number of that API gives this σ. σ of impulse: √(Σ w·x²) of the 1-D kernel the API makes "
                + "for its number; an API that promises a Gaussian is a point-sampled one cut at 6σ."
        ]
        var report = Report()
        report.table(table)
        report.jsonFields = ["sigma": sigma]
        report.measures["sigma"] = sigma
        return report
    }
}
