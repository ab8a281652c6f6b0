import ArgumentParser
import Authoring
import BlurKit
import Foundation

extension GlassStyle: ExpressibleByArgument {}

/// `explorer glass INPUT.png -o OUT.png`: a frosted-glass panel with a label over a picture, or
/// its opaque Reduce Transparency fallback, and the WCAG contrast of the label on each.
struct GlassCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "glass",
        abstract:
            "Draw a frosted-glass panel with a label over a picture, or its opaque Reduce Transparency fallback, and check the label's contrast.",
        discussion: """
            Only what lies behind the panel is blurred, read with a margin of the blur's reach around it \
            (BCBlurView); --downsample K blurs a 1/K copy and enlarges it (7blur). Then, as Apple's \
            UIImage+ImageEffects does: the saturation matrix (luminance weights 0.2126, 0.7152, 0.0722), \
            the tint laid over with the normal blend at its alpha, the mask; the panel is composited with \
            rounded corners and the label drawn in black or white, whichever contrasts more.

            Styles are ImageEffects' presets (Apple, UIImage+ImageEffects.m, WWDC 2013 sample 1.0):
            \(styleTable)
            A blur radius r in points is first multiplied by the scale (pixels per point: --scale, by \
            default the picture's shorter side / 320), as ImageEffects multiplies it by the screen's \
            scale; r·scale pixels become three box passes of width d = ⌊r·scale·3·√(2π)/4 + ½⌋, made \
            odd; --sigma S uses a separable \
            Gaussian instead. With --style tint, --tint gives the colour and its alpha becomes 0.6 \
            (applyTintEffectWithColor:); with the other styles --tint replaces the tint, alpha included.

            Reduce Transparency (--reduce-transparency, or REDUCE_TRANSPARENCY=1 in the environment) \
            draws the panel opaque in one colour: the tint over mid grey, darkened or lightened until \
            the label reaches 4.5:1. --strip writes both renderings side by side instead.

            Contrast (WCAG 2.x): for the glass, the worst ratio between the label colour and any pixel \
            behind the label; AA asks for 4.5:1 (body text) and 3:1 (large text).
            """
    )

    static var styleTable: String {
        GlassStyle.allCases.map { style in
            let p = style.preset()
            let tint = style == .tint ? "the --tint colour at alpha 0.6" : "tint \(Tint.hex(p.tint))"
            return
                "  \(style.rawValue): blur radius \(NumberText.compact(p.blurRadius)) (boxes of \((try? p.boxWidth()).map(String.init) ?? "?")), "
                + "\(tint), saturation \(NumberText.compact(Double(p.saturation)))"
        }.joined(separator: "\n")
    }

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @Option(
        name: .shortAndLong, help: "Output PNG file: the glass (or the fallback), or with --strip both side by side.")
    var output: String
    @Option(help: "Look: light, extra-light, dark or tint (ImageEffects' presets).") var style: GlassStyle = .light
    @Option(
        help:
            "The panel X,Y,W,H in pixels or percentages of the picture (default: centred, half the width, a third of the height)."
    ) var panel: String?
    @Option(help: "The text drawn on the panel.") var label: String = "Frosted glass"
    @Option(help: "Blur with a separable Gaussian of this σ (pixels) instead of the style's three boxes.") var sigma:
        Double?
    @Option(name: .customLong("blur-radius"), help: "ImageEffects' blur radius in points (default: the style's).")
    var blurRadius: Double?
    @Option(
        help: ArgumentHelp(
            "Pixels per point, as a screen's scale (@2x: 2). Default: the picture's shorter side / 320, so a picture of any size frosts as a 480×320 one at scale 1 does.",
            valueName: "s"))
    var scale: Double?
    @Option(help: "Tint colour RRGGBBAA (or RRGGBB), laid over with the normal blend at its alpha.") var tint: String?
    @Option(
        help:
            "Saturation factor s (1 keeps colours, 0 is grey, 1.8 the presets, −1 reflects colours through their grey, 2Y′ − c)."
    ) var saturation: Double?
    @Option(help: "premultiplied (weigh colour by alpha) or straight (blur colour as stored, to show its error).")
    var alpha: AlphaMode = .premultiplied
    @Option(help: "Blur a copy shrunk by K and enlarge it (7blur uses 4).") var downsample: Int = 1
    @Option(
        help:
            "Greyscale mask PNG, the panel's size or the picture's: white shows the glass, black the picture; a builtin:NAME without @WxH is made the panel's size."
    ) var mask: String?
    @Option(name: .customLong("corner-radius"), help: "Radius of the panel's corners in pixels.") var cornerRadius:
        Double = 12
    @Flag(name: .customLong("reduce-transparency"), help: "Draw the opaque fallback (also REDUCE_TRANSPARENCY=1).")
    var reduceTransparency = false
    @Flag(
        help: "Write the glass and the fallback side by side (with --vibrancy: plain label, vibrant label, fallback).")
    var strip = false
    @Flag(
        help:
            "Draw the label, led by a small icon, with vibrancy: its colour comes from the glass behind it (a model: plus-lighter over dark styles, plus-darker over light ones)."
    )
    var vibrancy = false
    @Option(
        name: .customLong("vibrancy-amount"),
        help: "How far vibrant content lightens or darkens the glass behind it, 0…1.")
    var vibrancyAmount: Double = Double(Vibrancy.defaultAmount)
    @Flag(
        inversion: .prefixedNo,
        help:
            "In a lesson, show the panel live in the HTML page (CSS backdrop-filter, with the fallback for prefers-reduced-transparency)."
    )
    var demo = true
    @Flag(
        inversion: .prefixedNo,
        help:
            "Show the result as a figure (--no-figure writes the PNG and shows no picture: for a glass that a later strip shows beside others)."
    )
    var figure = true
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    /// The largest blur radius accepted, in points: three boxes of about 1.88 r each.
    static let maxBlurRadius = 500.0

    func validate() throws {
        guard sigma == nil || blurRadius == nil else {
            throw ValidationError("give --sigma or --blur-radius, not both")
        }
        if let sigma { try SigmaValidation.check(sigma) }
        if let blurRadius, !(blurRadius.isFinite && blurRadius >= 0 && blurRadius <= Self.maxBlurRadius) {
            throw ValidationError(
                "--blur-radius must be a number in 0…\(NumberText.compact(Self.maxBlurRadius)), got \(blurRadius)")
        }
        guard vibrancyAmount.isFinite, (0...1).contains(vibrancyAmount) else {
            throw ValidationError("--vibrancy-amount must be a number in 0…1, got \(vibrancyAmount)")
        }
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 16) {
            throw ValidationError("--scale must be a number in 0.25…16, got \(scale)")
        }
        guard (1...64).contains(downsample) else {
            throw ValidationError("--downsample must be 1…64, got \(downsample)")
        }
        if let saturation, !(saturation.isFinite && abs(saturation) <= 10) {
            throw ValidationError("--saturation must be a number in −10…10, got \(saturation)")
        }
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= 1000 else {
            throw ValidationError("--corner-radius must be a number in 0…1000, got \(cornerRadius)")
        }
        do {
            if let tint { _ = try Tint.parseHex(tint) }
            if let panel { _ = try RectangleSpec(parsing: panel, option: "--panel") }
        } catch {
            throw ValidationError("\(error)")
        }
    }

    // MARK: - Report

    func makeReport(_ context: RunContext) throws -> Report {
        let image = try inputOptions.load(input, in: context)
        let rect = try Self.panelRect(panel, in: image)
        let preset = try preset()
        let pointScale = pointScale(for: image)
        let content = try labelContent(for: rect, scale: pointScale)
        let maskImage = try mask.map { try inputOptions.load(Self.maskSource($0, panel: rect), in: context) }
        var glass = Glass(
            panel: rect, preset: preset, cornerRadius: Float(cornerRadius), mask: maskImage,
            labelSize: content?.size)
        let choice = try blurChoice(preset, factor: downsample, scale: pointScale)
        var frosted = try glass.render(over: image, blur: choice.effect)
        if let better = frosted.betterLabelColour {
            glass.labelColour = better
            frosted = try glass.render(over: image, blur: choice.effect)
        }
        let fallback = try glass.renderReduceTransparency(over: image)
        let reduced = reduceTransparency || context.reduceTransparency
        let vibrant = try content.map { try vibrantRendering(frosted, fallback, content: $0, preset: preset) } ?? nil
        let frostedImage = vibrant?.plain ?? labelled(frosted, content: content)
        let fallbackImage = vibrant?.fallback ?? labelled(fallback, content: content)

        var report = Report()
        report.text(describe(preset: preset, image: image, rect: rect, choice: choice, region: frosted.blurRegion))
        if downsample > 1 {
            let full = try glass.render(over: image, blur: try blurChoice(preset, factor: 1, scale: pointScale).effect)
            // Compared as written: labelled, in 8-bit levels, as a strip of the two files sees them.
            func written(_ image: RGBAImage) -> RGBAImage {
                RGBAImage(width: image.width, height: image.height, rgba8: image.rgba8())
            }
            let note = try Self.downsampleNote(
                written(frostedImage), written(labelled(full, content: content)), panel: rect, factor: downsample)
            report.text(note.text)
            report.measures["downsampleDifference"] = note.largest
        }
        var contrast = contrastTable(frosted: frosted, fallback: fallback, content: content)
        if let vibrant { addVibrancyRows(vibrant, frosted: frosted, content: content, to: &contrast) }
        report.table(contrast)
        // For prose that reads the glass (`{{light.boxWidth}}`): the scale, the blur and the region.
        report.measures["scale"] = pointScale
        report.measures["blurRadiusPixels"] = preset.blurRadius * pointScale
        report.measures["sigma"] = choice.sigma
        if sigma == nil {
            report.measures["boxWidth"] = Double(
                try BoxWidths.appleBoxWidth(blurRadius: preset.blurRadius * pointScale))
        }
        report.measures["reach"] = Double(try blurChoice(preset, factor: 1, scale: pointScale).method.reach)
        if let region = frosted.blurRegion {
            report.measures["regionShare"] = Double(region.area) / Double(image.pixelCount)
        }
        report.measures["labelPixels"] = content?.pixelSize ?? 0
        report.measures["labelPoints"] = content.map { Double($0.font.pixelSize) } ?? 0
        report.measures["contrast"] = frosted.contrast.ratio
        report.measures["fallbackContrast"] = fallback.contrast.ratio
        if tint != nil, !frosted.contrast.meetsBodyText {
            report.warning(
                try tintWarning(frosted: frosted, fallback: fallback, glass: glass, image: image, choice: choice))
        }

        let path: String, alt: String
        if strip, let vibrant {
            let figure = makeVibrancyStrip(vibrant, frosted: frosted, fallback: fallback)
            path = try context.writePNG(try figure.render(), to: output)
            alt = figure.altText()
        } else if strip {
            let figure = try makeStrip(frostedImage, frosted, fallbackImage, fallback, preset: preset)
            path = try context.writePNG(try figure.render(), to: output)
            alt = figure.altText()
        } else {
            let which = reduced ? fallback : frosted
            path = try context.writePNG(reduced ? fallbackImage : (vibrant?.vibrant ?? frostedImage), to: output)
            alt =
                altText(which, preset: preset)
                + (vibrant != nil && !reduced
                    ? " The label and its icon are vibrant: \(vibrant!.effect.operation.rawValue) by \(NumberText.compact(Double(vibrant!.effect.amount)))."
                    : "")
            if reduced {
                let why = reduceTransparency ? "--reduce-transparency" : "REDUCE_TRANSPARENCY=1"
                report.text(
                    "Reduce Transparency is on (\(why)): \(output) shows the opaque fallback, not the glass"
                        + (vibrancy ? "; vibrancy is off, and the label is drawn in one opaque colour." : "."))
            }
        }
        if figure { report.figure(Figure(path: path, altText: alt, caption: nil)) }

        if context.inLesson, demo {
            // Named after this cell's own output (unique in the lesson), so two demos over one
            // picture do not write one file (the lesson refuses a name written twice).
            let name = (output as NSString).lastPathComponent
            let backdrop = "backdrop-\(FileStem.slug(name.hasSuffix(".png") ? String(name.dropLast(4)) : name)).png"
            let written = try context.writePNG(image, to: backdrop)
            report.pageExtra(
                GlassDemo(
                    background: (written as NSString).lastPathComponent, width: image.width, height: image.height,
                    panel: rect,
                    cornerRadius: Double(glass.effectiveCornerRadius), blurSigma: choice.sigma,
                    saturation: preset.saturation,
                    tint: preset.tint, fallback: fallback.fill ?? preset.fallbackColour(),
                    labelColour: frosted.labelColour,
                    label: label,
                    fontSize: Int((content?.pixelSize ?? Double(BitmapFont.caption.pixelSize) * pointScale).rounded())))
        }
        return report
    }

    var styleName: String { style.rawValue }

    func describe(preset: GlassPreset, image: RGBAImage, rect: PixelRect, choice: Choice, region: PixelRect?) -> String
    {
        var text =
            "\(styleName.capitalizedFirst) glass over \(input) (\(image.width)×\(image.height)), panel \(rect): "
            + "blur radius \(NumberText.compact(preset.blurRadius)) pt, tint \(Tint.hex(preset.tint)), "
            + "saturation \(NumberText.compact(Double(preset.saturation))). Blur: \(choice.words)"
        if let region {
            text +=
                ", read from the panel plus \(choice.method.reach) px around it: the region \(region)"
                + (region.area == image.pixelCount
                    ? " (the whole picture)"
                    : " (\(Self.percent(Double(region.area) / Double(image.pixelCount))) of the picture)")
        }
        return text + "."
    }

    /// How far the glass blurred at 1/K is from the glass blurred at full resolution, and the
    /// largest difference.
    static func downsampleNote(_ small: RGBAImage, _ full: RGBAImage, panel: PixelRect, factor: Int) throws -> (
        text: String, largest: Double
    ) {
        let difference = try ErrorMetrics.difference(small, full, in: panel)
        return (
            "Blurred at 1/\(factor) resolution, the panel differs from the full-resolution glass by at most "
                + "\(NumberText.significant(difference.maxAbs, 3)) (RMSE \(NumberText.significant(difference.rmse, 3))) in 8-bit units, "
                + "as the two PNG files store it.", difference.maxAbs
        )
    }

}

extension String {
    /// The string with its first letter in upper case (`light` → `Light`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
