import ArgumentParser
import BlurKit

/// `explorer blur INPUT.png -o OUTPUT.png --method M …`: blur an image with one method.
struct BlurCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Blur an image with one method and write the result as PNG.",
        discussion: "Example: explorer blur photo.png -o blurred.png --method box --radius 3"
    )

    @Argument(help: "Input PNG file or builtin:NAME[@WxH].") var input: String
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Option(help: "Blur method: box.") var method: String = "box"
    @Option(help: "Window radius R: box averages a (2R+1)×(2R+1) window.") var radius: Int?
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode = .clamp
    @OptionGroup var inputOptions: InputOptions
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text

    func validate() throws {
        guard method == "box" else { throw ValidationError("unknown method '\(method)'; choose box") }
        guard let radius else { throw ValidationError("--radius is required for --method box") }
        guard radius >= 0 else { throw ValidationError("--radius must be 0 or more, got \(radius)") }
        guard radius <= 1000 else { throw ValidationError("--radius \(radius) is above the limit of 1000") }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let image = try inputOptions.load(context.inputPath(input))
        let blurred = BoxAverage(radius: radius ?? 0).apply(image, edges: edges)
        let path = try context.writePNG(blurred, to: output)
        var report = Report()
        report.text("Blurred \(input) (\(image.width)×\(image.height)) with a box of radius \(radius ?? 0) (\(edges.rawValue) edges).")
        report.figure(Figure(path: path, altText: "\(input) blurred by averaging each pixel over a \(2 * (radius ?? 0) + 1)×\(2 * (radius ?? 0) + 1) window", caption: nil))
        return report
    }
}
