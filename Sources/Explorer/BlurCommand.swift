import ArgumentParser
import BlurKit
import Foundation

/// `explorer blur INPUT.png -o OUTPUT.png --method M …`: blur an image with one method.
struct BlurCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Blur an image with one method and write the result as PNG.",
        discussion: """
        Methods: box (naive mean of the (2R+1)² window, O(R²)), gaussian2d (exact 2-D convolution, \
        O(R²)), separable (the same kernel as two 1-D passes, O(R)), iterated-box (N running-sum box \
        passes, O(1)), downsampled (shrink by K, blur with σ/K, enlarge). Examples:
          explorer blur photo -o box.png --method box --radius 3
          explorer blur photo -o gauss.png --method separable --sigma 4 --edges mirror
          explorer blur photo -o box.png --method box --radius 4 --strip strip-box-r4.png --inset 200,120,40,30
        """
    )

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Option(help: "Blur method: \(MethodName.list).") var method: MethodName = .box
    @Option(help: "Standard deviation σ in pixels.") var sigma: Double?
    @Option(help: "Window radius R (box: a (2R+1)×(2R+1) window; Gaussians: kernel radius, σ = R/T).") var radius: Int?
    @Option(help: "Passes of iterated-box.") var iterations: Int = 3
    @Option(help: "Gaussian kernels are cut at R = ⌊T·σ + ½⌋.") var truncate: Double = GaussianKernel1D.defaultTruncate
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode = .clamp
    @Option(help: "Shrink factor K of the downsampled method.") var downsample: Int = 4
    @Flag(help: "Blur in linear light (decode sRGB, blur, encode) instead of on the stored values.") var linear = false
    @Option(help: "Threads for the blur (1, 2, …).") var threads: Int = 1
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var stripOptions: StripOptions
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text

    var size: BlurSize { BlurSize(sigma: sigma, radius: radius, iterations: iterations, truncate: truncate, downsample: downsample) }

    func validate() throws {
        try size.validate()
        guard sigma != nil || radius != nil else { throw ValidationError("give --sigma or --radius") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64, got \(threads)") }
        _ = try size.make(method)
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let image = try inputOptions.load(context.inputPath(input))
        let blurMethod = try size.make(method)
        let blurred = Blur.apply(blurMethod, to: image, edges: edges, linear: linear, threads: threads)
        let path = try context.writePNG(blurred, to: output)
        var report = Report()
        let what = "\(blurMethod.name) (\(blurMethod.parameters))"
        report.text("Blurred \(input) (\(image.width)×\(image.height)) with \(what), \(edges.rawValue) edges\(linear ? ", in linear light" : "").")
        report.figure(Figure(path: path, altText: "\(input) blurred with \(what)", caption: nil))
        if let stripPath = stripOptions.strip {
            let name = StripSupport.shortName(input)
            let sigmaText = sigma.map { "σ = \(NumberText.compact($0))" }
            var strip = Strip(title: stripOptions.title ?? "\(name) blurred with \(blurMethod.name) · \(sigmaText ?? blurMethod.parameters)")
            strip.inset = try stripOptions.parsedInset()
            strip.add(image, caption: "original", "\(image.width)×\(image.height)")
            strip.add(blurred, caption: blurMethod.name,
                      ([sigmaText, blurMethod.parameters].compactMap { $0 } + (linear ? ["linear light"] : [])).joined(separator: ", "))
            report.figure(try StripSupport.write(strip, to: stripPath, context: context))
        }
        return report
    }
}
