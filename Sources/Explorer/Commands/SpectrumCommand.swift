import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer spectrum A.png B.png … -o OUT.png`: each picture above its spectrum, all spectra on
/// one logarithmic scale, so a blur's effect on every frequency shows at a glance.
struct SpectrumCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "spectrum",
        abstract: "Each picture above its spectrum (log scale): which spatial frequencies a blur keeps.",
        discussion: """
            The spectrum is |F(u, v)| of the picture's luminance under a Hann window (so the jump \
            between opposite borders does not swamp it), divided by the window's sum, centred: \
            flat areas (frequency 0) in the middle, the finest ripples (alternating pixels) at the \
            borders, vertical ripples left and right, horizontal ones up and down. Each is drawn with \
            the inferno colour map over \(Self.decades) decades, from 10^−\(Self.decades) (black) to 1 of the pixels' \
            0…1 scale: one scale for every panel, so they compare. Pictures must share one size. \
            --blur METHODS --sigma S adds each method's blur of the first picture, kept in Float32 \
            (clamp edges): a blur saved as a PNG is rounded to 8-bit levels, and that rounding leaves \
            a floor of ripple at every frequency that hides what the blur removed. Examples:
              explorer spectrum photo box.png gauss.png -o spectra.png --captions "photo|box|Gaussian"
              explorer spectrum photo --blur box,separable --sigma 3 -o spectra.png
            """
    )

    /// The rings of frequency the table averages over, in radians per pixel.
    static let bands: [ClosedRange<Double>] = [
        0.9 * Double.pi / 4...1.1 * Double.pi / 4, 0.9 * Double.pi / 2...1.1 * Double.pi / 2,
        0.9 * Double.pi...Double.pi
    ]

    /// The decades of magnitude the colour map spans.
    static let decades = 6

    @Argument(help: "Images: PNG files, builtin:NAME[@WxH], or photo.") var images: [String]
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Option(help: ArgumentHelp("One caption per image, separated by |.", valueName: "a|b|…")) var captions: String?
    @Option(help: "The figure's title.") var title: String?
    @Option(
        help: ArgumentHelp(
            "Also blur the first picture by these methods (comma-separated), unrounded.", valueName: "methods"))
    var blur: String?
    @Option(help: "With --blur: the σ of the blurs, in pixels.") var sigma: Double?
    @OptionGroup var methodOptions: MethodOptions
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        _ = try captionList()
        guard (blur == nil) == (sigma == nil) else { throw ValidationError("--blur and --sigma go together") }
        if let sigma {
            try SigmaValidation.check(sigma)
            try methodOptions.check(try blurMethods(), sigma: sigma)
        }
    }

    /// The methods of `--blur`, none without it.
    func blurMethods() throws -> [MethodEntry] {
        try blur.map { try MethodOptions.list($0) } ?? []
    }

    /// `--captions` split at `|`, one per picture (the images, then the blurs), or nil.
    func captionList() throws -> [String]? {
        try StripSupport.captions(captions, images: images.count + (try blurMethods()).count)
    }

    /// A whole number in superscript digits (the figure font has them).
    static func superscript(_ n: Int) -> String {
        String(String(n).map { Array("⁰¹²³⁴⁵⁶⁷⁸⁹")[Int(String($0))!] })
    }

    /// The spectrum as a picture: log₁₀ of each magnitude over `decades`, through inferno.
    static func picture(_ spectrum: Spectrum) -> RGBAImage {
        var out = RGBAImage(width: spectrum.width, height: spectrum.height)
        for (i, m) in spectrum.magnitude.enumerated() {
            let t = (log10(max(m, 1e-30)) + Double(decades)) / Double(decades)
            out[i % spectrum.width, i / spectrum.width] = ColourMap.inferno.colour(at: Float(min(1, max(0, t))))
        }
        return out
    }

    func makeReport(_ context: RunContext) throws -> Report {
        var loaded = try images.map { try inputOptions.load($0, in: context) }
        for (i, image) in loaded.enumerated() where image.width != loaded[0].width || image.height != loaded[0].height {
            throw BlurKitError(
                "\(images[i]) is \(image.width)×\(image.height) but \(images[0]) is \(loaded[0].width)×\(loaded[0].height); spectra need one size"
            )
        }
        let methods = try blurMethods()
        if let sigma {
            // Kept in Float32: the spectrum of the blur itself, not of its 8-bit rounding.
            for entry in methods {
                loaded.append(loaded[0].blurred(by: try methodOptions.make(entry, sigma: sigma), edges: .clamp))
            }
        }
        let names = try captionList() ?? (images.map(StripSupport.shortName) + methods.map(\.name))
        var strip = Strip(
            title: title ?? "Pictures and their spectra (log scale, 10⁻\(Self.superscript(Self.decades)) to 1)")
        for (image, name) in zip(loaded, names) { strip.add(image, caption: name) }
        var table = Table(
            title: "Spectra: ripple left for the mean brightness, by frequency", name: "spectrum",
            columns: [
                Table.Column(key: "image", title: "image", alignRight: false),
                Table.Column(key: "quarter", title: "|ω| ≈ π/4", unit: "ripple / mean"),
                Table.Column(key: "half", title: "|ω| ≈ π/2", unit: "ripple / mean"),
                Table.Column(key: "fine", title: "|ω| ≈ π", unit: "ripple / mean")
            ])
        for (image, name) in zip(loaded, names) {
            let spectrum = Spectrum(image)
            strip.add(Self.picture(spectrum), caption: "spectrum of \(name)")
            table.append([.text(name)] + Self.bands.map { .significant(spectrum.share(in: $0), 3) })
        }
        strip.columns = loaded.count
        table.notes = [
            "The mean amplitude of the ripples whose frequency |ω| lies within ±10 % of π/4, π/2 and between 0.9π and π (radians per pixel), divided by the mean luminance: a blur multiplies each by its gain there."
        ]
        if let sigma, !methods.isEmpty {
            table.notes.append(
                "The blurs (σ = \(NumberText.compact(sigma)), clamp edges) are measured in Float32, before any rounding to 8-bit levels."
            )
        }
        var report = Report()
        report.table(table)
        let bar = ColourLegend(
            map: .inferno, title: "magnitude (pixels 0 to 1), decades above 10⁻\(Self.superscript(Self.decades))",
            maximum: Double(Self.decades))
        report.figure(try StripSupport.write(strip, to: output, context: context, legend: bar))
        return report
    }
}
