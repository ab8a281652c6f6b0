import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer blur INPUT.png -o OUTPUT.png --method M …`: blur an image with one method.
struct BlurCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Blur an image with one method and write the result as PNG.",
        discussion: """
            Methods:
            \(MethodOptions.methodLines)
            Examples:
              explorer blur photo -o box.png --method box --radius 3
              explorer blur photo -o gauss.png --method separable --sigma 4 --edges mirror
              explorer blur photo -o exact8.png --method separable --sigma 8 --eight-bit-io
              explorer blur photo -o box.png --method box --radius 4 --strip strip-box-r4.png --inset 200,120,40,30
              explorer blur photo -o rows.png --method separable --sigma 3 --pass rows --strip strip-passes.png

            \(CostLimit.help)
            """
    )

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Option(
        help: "Blur method: \(MethodCatalog.names.joined(separator: ", ")).",
        completion: .list(MethodCatalog.names), transform: MethodOptions.entry)
    var method: MethodEntry = MethodEntry.box
    @Option(help: "Standard deviation σ in pixels: \(MethodLimits.standard.text) (a method may state narrower limits).")
    var sigma: Double?
    @Option(help: "Window radius R (box: a (2R+1)×(2R+1) window; Gaussians: kernel radius, σ = R/T).") var radius: Int?
    @OptionGroup var methodOptions: MethodOptions
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode =
        .clamp
    @Option(
        help:
            "Separable only: both passes (the blur), or only the horizontal pass (rows) or the vertical one (columns), the two-pass blur's intermediate image; with --strip the strip shows both passes' result beside it."
    )
    var pass: Separable.Directions = .both
    @Flag(help: "Blur in linear light (decode sRGB, blur, encode) instead of on the stored values.") var linear = false
    @Flag(
        help:
            "Separable only: blur the picture's 8-bit levels into 8-bit levels, correctly rounded (each the Float64 blur with the same kernel rounded to a level, but within Float32's error of a half, below 0.001 level at σ ≤ 32), as IPP's 8-bit Gaussian; each channel as stored, so a picture with transparency needs --alpha straight. A 16-bit PNG is rounded to 8 bits first."
    )
    var eightBitIO = false
    @Option(
        help:
            "premultiplied (weigh colour by alpha, the right blur) or straight (blur colour as stored: shows the fringe transparent pixels' hidden colour makes, measured against premultiplied)."
    )
    var alpha: AlphaMode = .premultiplied
    @Flag(
        help:
            "Also report the light: mean linear luminance, the darkest pixel and the mean stored level, before and after."
    )
    var light = false
    @Option(help: "Bits per channel of the output PNG: 8 or 16 (keeps a linear-light result's fine dark steps).")
    var depth: PNG.Depth = .eight
    @Option(help: "Threads for the blur (1, 2, …).") var threads: Int = 1
    @Option(
        help:
            "Blur only this rectangle X,Y,W,H (pixels, or percentages of the image such as 25%,25%,50%,50%), reading a margin of the kernel's reach around it (BCBlurView); the rest stays as it was."
    )
    var region: String?
    @Flag(
        help:
            "Grow the output by the kernel's reach on every side, as Core Image's blur extent does: the image is padded with transparent pixels and blurred into them. The reach may be at most the picture's larger side, and the grown output at most --max-pixels."
    )
    var grow = false
    @Option(
        help: "PNG compression: fast (zlib level 1), default (level 4) or small (level 6, about 3× the encoding time).")
    var compression: PNG.Compression = .default
    @Flag(help: "Show no progress line on standard error (it appears only on a terminal, after a second).")
    var quiet = false
    @Option(
        help: ArgumentHelp(
            "Also draw the result enlarged, each pixel a cell with its 8-bit level printed (images up to 32×32: impulse responses, kernels).",
            valueName: "FILE.png"))
    var cells: String?
    @Flag(
        inversion: .prefixedNo,
        help:
            "Show the result as a figure (--no-figure writes the PNG and shows no picture: for a blur that a later strip shows beside others)."
    )
    var figure = true
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var stripOptions: StripOptions
    @OptionGroup var closeUps: CloseUpOptions
    @OptionGroup var formatOptions: FormatOptions

    /// The method, built from the catalog for --sigma or --radius and the parameters.
    func makeMethod() throws -> any BlurMethod {
        let built = try methodOptions.make(method, sigma: sigma, radius: radius)
        guard pass != .both, var separable = built as? Separable else { return built }
        separable.directions = pass
        return separable
    }

    var showsProgress: Bool { !quiet }
    /// The method's reads per pixel, from its plan (`CostCounters`).
    var readsPerPixel: Double { (try? makeMethod())?.counters(width: 1024, height: 1024, edges: edges).reads ?? 0 }

    func validate() throws {
        try stripOptions.check(closeUps)
        guard sigma != nil || radius != nil else { throw ValidationError("give --sigma or --radius") }
        try methodOptions.check([method], sigma: sigma, radius: radius)
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64, got \(threads)") }
        _ = try makeMethod()
        guard !(methodOptions.eightBitPasses && linear) else {
            throw ValidationError(
                "give --eight-bit-passes or --linear, not both (the libraries store 8-bit sRGB levels between passes)")
        }
        if eightBitIO {
            guard method == MethodEntry.separable else {
                throw ValidationError("--eight-bit-io applies to --method separable, not \(method.name)")
            }
            let others = [
                ("--linear", linear), ("--pass", pass != .both), ("--region", region != nil), ("--grow", grow),
                ("--depth 16", depth == .sixteen)
            ].filter(\.1).map(\.0)
            if let other = others.first { throw ValidationError("give --eight-bit-io or \(other), not both") }
        }
        if pass != .both, method != MethodEntry.separable {
            throw ValidationError("--pass \(pass.rawValue) applies to --method separable, not \(method.name)")
        }
        if let region { _ = try Self.regionSpec(region) }
        if cells != nil, stripOptions.strip != nil { throw ValidationError("give --cells or --strip, not both") }
        if !figure, cells != nil || stripOptions.strip != nil {
            throw ValidationError("--no-figure shows no picture of the result; --cells and --strip are pictures of it")
        }
        guard region == nil || !grow else { throw ValidationError("give --region or --grow, not both") }
        guard !(light && grow) else {
            throw ValidationError("give --light or --grow, not both (a grown output has more pixels to average over)")
        }
    }

    /// Refuses a `--grow` whose border would outgrow the picture: a reach wider than the
    /// picture's larger side (the output would be mostly the blur's faint tail) or a grown
    /// output above `--max-pixels`. Either bounds the time and memory `--grow` takes by the
    /// picture's own size (at most nine times its pixels).
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the limit.
    static func checkGrowth(reach: Int, width: Int, height: Int, maxPixels: Int) throws {
        let grownWidth = width + 2 * reach, grownHeight = height + 2 * reach
        guard reach <= max(width, height) else {
            throw ValidationError(
                "--grow: the kernel reaches \(reach) px, more than the picture's larger side (\(max(width, height)) px), the limit of a grown border; the output would be \(grownWidth)×\(grownHeight)"
            )
        }
        guard grownWidth.multipliedReportingOverflow(by: grownHeight).partialValue <= maxPixels else {
            throw ValidationError(
                "--grow: the output would be \(grownWidth)×\(grownHeight), above --max-pixels (\(maxPixels))")
        }
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
        let inputBorderAlpha = Self.meanBorderAlpha(original!)
        let blurMethod = try makeMethod()
        if grow {
            try Self.checkGrowth(
                reach: blurMethod.reach, width: width, height: height, maxPixels: inputOptions.maxPixels)
        }
        let (blurredWidth, blurredHeight) =
            grow ? (width + 2 * blurMethod.reach, height + 2 * blurMethod.reach) : (width, height)
        try CostLimit.check(blurMethod, width: blurredWidth, height: blurredHeight)
        context.progress?.stage("blurring \(width)×\(height) with \(blurMethod.name)")
        let what = "\(blurMethod.name) (\(blurMethod.parameters))"
        var report = Report()
        var blurred: RGBAImage
        var outlines: [Strip.Outline] = []
        var fringe: AlphaFringe?
        var blurredRegion: PixelRect?
        var description =
            "Blurred \(input) (\(width)×\(height)) with \(what), \(edges.rawValue) edges\(linear ? ", in linear light" : "")\(alpha == .straight ? ", straight alpha" : "")"
        var alt = "\(input) blurred with \(what)"
        if let region {
            let rect = try Self.regionSpec(region).resolved(width: width, height: height)
            blurredRegion = rect
            let blur = EffectBlur(reach: blurMethod.reach) { [edges, linear, alpha, threads] in
                $0.blurred(by: blurMethod, edges: edges, linear: linear, alpha: alpha, threads: threads)
            }
            let (pixels, read) = try blur.blurRegion(of: original!, behind: rect)
            blurred = original!
            blurred.paste(pixels, x: rect.x, y: rect.y)
            let share = Double(read.area) / Double(width * height) * 100
            description +=
                ", only inside \(rect) (reading \(read), \(NumberText.fixed(share, digits: 1)) % of the image's pixels)"
            alt += " only inside the rectangle \(rect); the rest is unchanged"
            outlines = [
                Strip.Outline(
                    x: read.x, y: read.y, width: read.width, height: read.height,
                    label: "read: margin \(blurMethod.reach) px", style: .dashed),
                Strip.Outline(x: rect.x, y: rect.y, width: rect.width, height: rect.height, label: "blurred")
            ]
        } else if grow {
            let padded = original!.padded(by: blurMethod.reach)
            blurred = padded.blurred(by: blurMethod, edges: .zero, linear: linear, alpha: alpha, threads: threads)
            description =
                "Blurred \(input) (\(width)×\(height)) with \(what) into a transparent border of its reach, "
                + "\(blurMethod.reach) px: the output is \(blurred.width)×\(blurred.height)"
            alt += ", grown by \(blurMethod.reach) pixels on every side where the blur fades into transparency"
            outlines = [
                Strip.Outline(
                    x: blurMethod.reach, y: blurMethod.reach, width: width, height: height,
                    label: "original frame", style: .dashed, panels: [1])
            ]
        } else {
            blurred = original!
            if stripOptions.strip == nil && alpha == .premultiplied && !light && cells == nil { original = nil }
            if eightBitIO, let separable = blurMethod as? Separable {
                guard alpha == .straight || PNG.isOpaque(blurred) else {
                    throw ValidationError(
                        "--eight-bit-io blurs each channel as stored and \(input) has transparent pixels: give --alpha straight to blur it so"
                    )
                }
                blurred = RGBAImage(RGBA8Image(blurred).blurred(by: separable, edges: edges, threads: threads))
                description += ", 8-bit levels in and out, correctly rounded"
            } else {
                blurred.blur(by: blurMethod, edges: edges, linear: linear, alpha: alpha, threads: threads)
            }
            if alpha == .straight {
                let right = original!.blurred(by: blurMethod, edges: edges, linear: linear, threads: threads)
                fringe = AlphaFringe.measure(straight: blurred, premultiplied: right)
            }
        }
        let path = try context.writePNG(blurred, to: output, compression: compression, depth: depth)
        report.text(description + (depth == .sixteen ? "; written with 16 bits a channel." : "."))
        // A strip or a value grid shows the result, so the output is not shown a second time.
        if figure && stripOptions.strip == nil && cells == nil {
            report.figure(Figure(path: path, altText: alt, caption: nil))
        }
        if let cells {
            let title =
                "\(StripSupport.shortName(input)) blurred with \(blurMethod.name) (\(blurMethod.parameters)): 8-bit levels"
            let grid = try ValueGrid.render(blurred, title: title)
            let gridPath = try context.writePNG(grid, to: cells)
            let figure = Figure(
                path: gridPath, altText: alt + ", enlarged: each pixel a cell with its 8-bit level printed in it",
                caption: title)
            report.figure(figure)
            // A page may point at a cell: the sum that made it (a plain blur of the whole picture).
            if context.inLesson, region == nil, !grow, alpha == .premultiplied, let original {
                let kernel = PointingKernel.of(blurMethod, edges: edges, linear: linear)
                try FigurePointing.cells(original: original, blurred: blurred, grid: grid, kernel: kernel)
                    .write(to: FigurePointing.path(beside: gridPath))
                report.pageExtra(StripSupport.pointingIsland(for: figure))
            }
        }
        if let fringe { report.table(Self.fringeTable(fringe)) }
        if light, let original {
            report.table(Self.lightTable(original: original, blurred: blurred, linear: linear))
        }
        if let stripPath = stripOptions.strip {
            let name = StripSupport.shortName(input)
            let sigmaText = sigma.map { "σ = \(NumberText.compact($0))" }
            var strip = Strip(
                title: stripOptions.title
                    ?? "\(name) blurred with \(blurMethod.name) · \(sigmaText ?? blurMethod.parameters)")
            strip.inset = try stripOptions.parsedInset(width: width, height: height)
            strip.outlines = outlines
            strip.add(original!, caption: "original", "\(width)×\(height)")
            strip.add(
                blurred,
                caption: pass == .both ? blurMethod.name : "\(pass == .rows ? "horizontal" : "vertical") pass only",
                ([sigmaText, blurMethod.parameters].compactMap { $0 } + (linear ? ["linear light"] : [])
                    + (alpha == .straight ? ["straight alpha"] : [])).joined(separator: ", "))
            if pass != .both, let separable = blurMethod as? Separable {
                // The intermediate image beside the finished blur: what the other pass adds.
                var both = separable
                both.directions = .both
                strip.add(
                    original!.blurred(by: both, edges: edges, linear: linear, alpha: alpha, threads: threads),
                    caption: "both passes", ([sigmaText, both.parameters].compactMap { $0 }).joined(separator: ", "))
            }
            StripSupport.placeAutomaticInset(stripOptions.inset, on: &strip)
            try closeUps.apply(to: &strip)
            // A page may point at the blurred panels (a grown blur read its border as zero).
            var plan: FigurePointing.Plan?
            if context.inLesson, alpha == .premultiplied {
                let kernel = PointingKernel.of(blurMethod, edges: grow ? .zero : edges, linear: linear)
                var both: PointingKernel?
                if pass != .both, var separable = blurMethod as? Separable {
                    separable.directions = .both
                    both = PointingKernel.of(separable, edges: edges, linear: linear)
                }
                plan = FigurePointing.Plan(
                    input: 0, outputs: [(1, kernel)] + (both.map { [(2, $0)] } ?? []),
                    regions: blurredRegion.map { [1: $0] } ?? [:], offsets: grow ? [1: blurMethod.reach] : [:])
            }
            let figure = try StripSupport.write(strip, to: stripPath, context: context, pointing: plan)
            report.figure(figure)
            if plan != nil { report.pageExtra(StripSupport.pointingIsland(for: figure)) }
        }
        // For prose: how opaque the picture's edge is before and after (a `zero` edge fades it).
        report.measures["inputBorderAlpha"] = inputBorderAlpha
        if blurred.width == width, blurred.height == height {
            report.measures["outputBorderAlpha"] = Self.meanBorderAlpha(blurred)
        }
        return report
    }

    /// The mean alpha of the pixels on the outermost row and column of each side.
    static func meanBorderAlpha(_ image: RGBAImage) -> Double {
        var sum = 0.0, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where y == 0 || y == image.height - 1 || x == 0 || x == image.width - 1 {
                sum += Double(image[x, y].w)
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// The straight blur's colour error against the premultiplied blur, in 8-bit units.
    static func fringeTable(_ fringe: AlphaFringe) -> Table {
        var table = Table(
            title: "Fringe: straight alpha against premultiplied", name: "fringe",
            columns: [
                .init(key: "visiblePixels", title: "visible", unit: "px, α ≥ 1/255"),
                .init(key: "largestColourError", title: "largest colour error", unit: "8-bit"),
                .init(key: "largestSeenError", title: "largest error seen", unit: "8-bit, α·ΔC"),
                .init(key: "pixelsOff", title: "seen off > 1 step", unit: "px")
            ])
        table.append([
            .integer(fringe.visiblePixels), .number(fringe.largestColourError, digits: 1),
            .number(fringe.largestSeenError, digits: 1), .integer(fringe.pixelsOffByMoreThanOneStep)
        ])
        table.notes = [
            "Colour error: the largest |R, G or B difference| between the two blurs where the result is visible; "
                + "seen: that difference times alpha, what shows over any backdrop."
        ]
        return table
    }

    /// Mean linear luminance, darkest pixel and mean stored level of the input and the result.
    static func lightTable(original: RGBAImage, blurred: RGBAImage, linear: Bool) -> Table {
        let before = LightStatistics.measure(original), after = LightStatistics.measure(blurred)
        var table = Table(
            title: "Light before and after the blur", name: "light",
            columns: [
                .init(key: "image", title: "image", alignRight: false),
                .init(key: "meanLuminance", title: "mean luminance", unit: "linear Y"),
                .init(key: "change", title: "change", unit: "%"),
                .init(key: "darkest", title: "darkest", unit: "8-bit sRGB"),
                .init(key: "meanLevel", title: "mean stored level", unit: "8-bit")
            ])
        for (name, stats) in [("input", before), (linear ? "blurred in linear light" : "blurred on sRGB values", after)]
        {
            let ratio = before.meanLuminance > 0 ? (stats.meanLuminance / before.meanLuminance - 1) * 100 : 0
            let change = abs(ratio) < 0.05 ? 0 : ratio
            table.append([
                .text(name), .number(stats.meanLuminance, digits: 4), .number(change, digits: 1),
                .number(stats.darkestLevel, digits: 0), .number(stats.meanStoredLevel, digits: 0)
            ])
        }
        table.notes = [
            "Luminance Y = 0.2126 R + 0.7152 G + 0.0722 B of linear light (each channel decoded from sRGB), times alpha; "
                + "darkest: the least luminous pixel's Y encoded back to sRGB."
        ]
        return table
    }
}
