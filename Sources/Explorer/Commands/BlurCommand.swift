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
        passes, O(1)), downsampled (shrink by K, blur with σ/K, enlarge), extended-box (N boxes of \
        fractional width, Pillow's GaussianBlur), deriche and young-van-vliet (recursive filters, O(1)), \
        stack (Klingemann's triangle, OpenCV's stackBlur), dual-kawase (down and up passes of bilinear \
        fetches, compositors' frosted glass), linear-taps (the separable kernel with taps merged in \
        pairs, as GPU shaders fetch them). Examples:
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
    @Option(help: "Passes of iterated-box and extended-box.") var iterations: Int = 3
    @Option(help: "Order K of young-van-vliet: 3, 4 or 5.") var order: Int = 3
    @Option(help: "Gaussian kernels are cut at R = ⌊T·σ + ½⌋.") var truncate: Double = GaussianKernel1D.defaultTruncate
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode = .clamp
    @Option(help: "Shrink factor K of the downsampled method.") var downsample: Int = 4
    @Flag(help: "Blur in linear light (decode sRGB, blur, encode) instead of on the stored values.") var linear = false
    @Option(help: "Threads for the blur (1, 2, …).") var threads: Int = 1
    @Option(help: "Blur only this rectangle X,Y,W,H (pixels, or percentages of the image such as 25%,25%,50%,50%), reading a margin of the kernel's reach around it (BCBlurView); the rest stays as it was.")
    var region: String?
    @Flag(help: "Grow the output by the kernel's reach on every side, as Core Image's blur extent does: the image is padded with transparent pixels and blurred into them.")
    var grow = false
    @Option(help: "PNG compression: fast (zlib level 1), default (level 4) or small (level 6, about 3× the encoding time).")
    var compression: PNG.Compression = .default
    @Flag(help: "Show no progress line on standard error (it appears only on a terminal, after a second).")
    var quiet = false
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var stripOptions: StripOptions
    @OptionGroup var formatOptions: FormatOptions

    var size: BlurSize { BlurSize(sigma: sigma, radius: radius, iterations: iterations, truncate: truncate, downsample: downsample, order: order) }

    var showsProgress: Bool { !quiet }

    func validate() throws {
        try size.validate()
        guard sigma != nil || radius != nil else { throw ValidationError("give --sigma or --radius") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64, got \(threads)") }
        _ = try size.make(method)
        if let region { _ = try Self.regionSpec(region) }
        guard region == nil || !grow else { throw ValidationError("give --region or --grow, not both") }
    }

    /// Parses `--region X,Y,W,H` (whole pixels or percentages of the image).
    static func regionSpec(_ text: String) throws -> RectangleSpec {
        do {
            return try RectangleSpec(parsing: text, option: "--region")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        context.progress?.stage("reading \(input)")
        // The original is kept only while something still needs it (a region, --grow, a strip):
        // a plain blur works in place, so memory holds one Float32 copy of the image, not two.
        var original: RGBAImage? = try inputOptions.load(input, in: context)
        let (width, height) = (original!.width, original!.height)
        let blurMethod = try size.make(method)
        context.progress?.stage("blurring \(width)×\(height) with \(blurMethod.name)")
        let what = "\(blurMethod.name) (\(blurMethod.parameters))"
        var report = Report()
        var blurred: RGBAImage
        var outlines: [Strip.Outline] = []
        var description = "Blurred \(input) (\(width)×\(height)) with \(what), \(edges.rawValue) edges\(linear ? ", in linear light" : "")"
        var alt = "\(input) blurred with \(what)"
        if let region {
            let rect = try Self.regionSpec(region).resolved(width: width, height: height)
            let blur = EffectBlur(reach: blurMethod.reach) { [edges, linear, threads] in
                Blur.apply(blurMethod, to: $0, edges: edges, linear: linear, threads: threads)
            }
            let (pixels, read) = try blur.blurRegion(of: original!, behind: rect)
            blurred = original!
            blurred.paste(pixels, x: rect.x, y: rect.y)
            let share = Double(read.area) / Double(width * height) * 100
            description += ", only inside \(rect) (reading \(read), \(NumberText.fixed(share, digits: 1)) % of the image's pixels)"
            alt += " only inside the rectangle \(rect); the rest is unchanged"
            outlines = [Strip.Outline(x: read.x, y: read.y, width: read.width, height: read.height, label: "read: margin \(blurMethod.reach) px", style: .dashed),
                        Strip.Outline(x: rect.x, y: rect.y, width: rect.width, height: rect.height, label: "blurred")]
        } else if grow {
            let padded = original!.padded(by: blurMethod.reach)
            blurred = Blur.apply(blurMethod, to: padded, edges: .zero, linear: linear, threads: threads)
            description = "Blurred \(input) (\(width)×\(height)) with \(what) into a transparent border of its reach, "
                + "\(blurMethod.reach) px: the output is \(blurred.width)×\(blurred.height)"
            alt += ", grown by \(blurMethod.reach) pixels on every side where the blur fades into transparency"
            outlines = [Strip.Outline(x: blurMethod.reach, y: blurMethod.reach, width: width, height: height,
                                      label: "original frame", style: .dashed, panels: [1])]
        } else {
            blurred = original!
            if stripOptions.strip == nil { original = nil }
            Blur.apply(blurMethod, inPlace: &blurred, edges: edges, linear: linear, threads: threads)
        }
        // An opaque result is written as RGB, as Pillow and OpenCV do: the same pixels, a smaller file.
        let path = try context.writePNG(blurred, to: output, compression: compression, alpha: !PNG.isOpaque(blurred))
        report.text(description + ".")
        report.figure(Figure(path: path, altText: alt, caption: nil))
        if let stripPath = stripOptions.strip {
            let name = StripSupport.shortName(input)
            let sigmaText = sigma.map { "σ = \(NumberText.compact($0))" }
            var strip = Strip(title: stripOptions.title ?? "\(name) blurred with \(blurMethod.name) · \(sigmaText ?? blurMethod.parameters)")
            strip.inset = try stripOptions.parsedInset(width: width, height: height)
            strip.outlines = outlines
            strip.add(original!, caption: "original", "\(width)×\(height)")
            strip.add(blurred, caption: blurMethod.name,
                      ([sigmaText, blurMethod.parameters].compactMap { $0 } + (linear ? ["linear light"] : [])).joined(separator: ", "))
            try stripOptions.closeUps.apply(to: &strip)
            report.figure(try StripSupport.write(strip, to: stripPath, context: context))
        }
        return report
    }
}
