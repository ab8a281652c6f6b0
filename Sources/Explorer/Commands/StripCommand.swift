import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer strip A.png B.png … -o OUT.png`: existing images side by side, captioned.
struct StripCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "strip",
        abstract:
            "Draw images side by side at one scale, captioned, with optional difference panels and a zoomed inset.",
        discussion: """
            Each image becomes a panel captioned with --captions (separated by |) or its file name and \
            size. --difference-to REF adds a second row: |image − REF| per panel (none for an image equal \
            to REF), each amplified on its own by --amplify (default: the largest power of two that keeps \
            that panel's largest difference on the colour scale; the factor is in its caption) and coloured with the perceptually ordered inferno map, with a legend giving the scale in \
            8-bit units. --inset X,Y,W,H enlarges that region of every panel below or beside it (--inset auto: where the \
            first image has most detail, whatever the others show), --corner-inset \
            CORNER one corner (how each edge mode fills it), --inset-zoom N sets the enlargement, and \
            --outline X,Y,W,H[=label] outlines a rectangle on every panel. Examples:
              explorer strip box.png gauss.png -o strip.png --captions "box|Gaussian" --difference-to gauss.png
              explorer strip builtin:edges builtin:zoneplate -o inputs.png --title "Test images"
            """
    )

    @Argument(help: "Images: PNG files, builtin:NAME[@WxH], or photo.") var images: [String]
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Option(help: ArgumentHelp("One caption per image, separated by |.", valueName: "a|b|…")) var captions: String?
    @Option(help: "The strip's title.") var title: String?
    @Option(
        name: .customLong("difference-to"),
        help: ArgumentHelp("Add |image − REF| for each image, colour-mapped.", valueName: "ref"))
    var differenceTo: String?
    @Option(
        help:
            "With --difference-to: multiply differences by this before colouring (default: automatic, stated in the legend)."
    )
    var amplify: Double?
    @Option(
        help: ArgumentHelp(
            "With --difference-to: only these images get a difference panel, by their place in the list (1 is the first), so no panel compares unlike things (an input with a blur).",
            valueName: "n,m,…"))
    var differences: String?
    @Option(
        help: ArgumentHelp(
            "Enlarge this region of every panel under it (nearest neighbour); pixels or percentages of the first image.",
            valueName: "x,y,w,h"))
    var inset: String?
    @OptionGroup var closeUps: CloseUpOptions
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        if let inset { _ = try StripSupport.parseInset(inset) }
        try StripSupport.checkAmplification(amplify)
        if amplify != nil, differenceTo == nil { throw ValidationError("--amplify needs --difference-to REF") }
        if differences != nil, differenceTo == nil { throw ValidationError("--differences needs --difference-to REF") }
        _ = try differencePanels()
        _ = try captionList()
    }

    /// The places (1-based) of the images `--differences` names, or nil for every image.
    func differencePanels() throws -> Set<Int>? {
        guard let differences else { return nil }
        let places = differences.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var chosen = Set<Int>()
        for place in places {
            guard let n = Int(place), (1...images.count).contains(n) else {
                throw ValidationError("--differences: '\(place)' is not an image's place, 1…\(images.count)")
            }
            chosen.insert(n)
        }
        guard !chosen.isEmpty else { throw ValidationError("--differences is empty") }
        return chosen
    }

    /// `--captions` split at `|`, one per image, or nil.
    func captionList() throws -> [String]? {
        try StripSupport.captions(captions, images: images.count)
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let loaded = try images.map { try inputOptions.load($0, in: context) }
        let names = try captionList()
        var strip = Strip(title: title)
        strip.inset = try inset.flatMap { try StripSupport.inset($0, width: loaded[0].width, height: loaded[0].height) }
        for (i, image) in loaded.enumerated() {
            if let names {
                strip.add(image, caption: names[i])
            } else {
                strip.add(image, caption: StripSupport.shortName(images[i]), "\(image.width)×\(image.height)")
            }
        }
        let chosen = try differencePanels()
        if let differenceTo {
            let reference = try inputOptions.load(differenceTo, in: context)
            for (i, image) in loaded.enumerated()
            where image.width != reference.width || image.height != reference.height {
                throw BlurKitError(
                    "--difference-to: \(images[i]) is \(image.width)×\(image.height) but \(differenceTo) is \(reference.width)×\(reference.height); differences need one size"
                )
            }
            let largest = loaded.map { Strip.largestDifference($0, reference: reference) }
            let referenceName = StripSupport.shortName(differenceTo)
            // No panel of the reference against itself; each other panel amplified on its own,
            // its factor in its caption.
            for (i, image) in loaded.enumerated() where image != reference && chosen?.contains(i + 1) != false {
                let amplification = amplify.map(Float.init) ?? Strip.automaticAmplification(largest: largest[i])
                let name = names?[i] ?? StripSupport.shortName(images[i])
                let what = "|\(name) − \(referenceName)|"
                // A long pair goes on two lines; the legend (and the panel's badge, where it has
                // room) says it is |difference|.
                let lines =
                    BitmapFont.caption.measure(what).width <= StripSupport.minimumCaptionWidth
                    ? [what] : [name, "− \(referenceName)"]
                strip.panels.append(
                    .difference(
                        image, reference: reference, amplification: amplification,
                        caption: lines + [
                            "largest \(StripSupport.eightBit(largest[i])) · ×\(Strip.number(amplification))"
                        ]))
            }
            // Each difference under its image; a chosen few beside the images, on one row.
            strip.columns = chosen == nil ? loaded.count : strip.panels.count
        }
        StripSupport.placeAutomaticInset(inset, on: &strip)
        try closeUps.apply(to: &strip)
        var report = Report()
        report.figure(try StripSupport.write(strip, to: output, context: context))
        if let differenceTo {
            // What each difference panel's caption says, for prose (`{{variants.difference2}}`).
            let reference = try inputOptions.load(differenceTo, in: context)
            for (i, image) in loaded.enumerated() {
                report.measures["difference\(i + 1)"] = Strip.largestDifference(image, reference: reference)
            }
        }
        return report
    }
}
