import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot profile A.png B.png … --span X,Y,W,H`: lightness along a row of each image.
struct PlotProfileCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Lightness along a horizontal span of each image: where a blur darkens or brightens an edge.",
        discussion: """
            For each column of the span X,Y,W,H (pixels or percentages of the first image), the mean \
            linear luminance Y = 0.2126 R + 0.7152 G + 0.0722 B (channels decoded from sRGB, times \
            alpha) over the span's rows, encoded back to sRGB: the grey level, 0–255, that looks as \
            light. One curve of centred steps per image: each pixel's level holds across its own width. Example:
              explorer plot profile builtin:redgreen srgb.png linear.png --span 40%,50%,20%,1 -o profile.png
            """
    )

    @Argument(help: "Images: PNG files, builtin:NAME[@WxH], or photo.") var images: [String]
    @Option(
        help: ArgumentHelp(
            "The span X,Y,W,H: pixels or percentages of the first image (default: its middle row).",
            valueName: "x,y,w,h"))
    var span: String?
    @Option(help: ArgumentHelp("One name per image, separated by |.", valueName: "a|b|…")) var captions: String?
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        if let span { _ = try spec(span) }
        if let captions, captions.split(separator: "|", omittingEmptySubsequences: false).count != images.count {
            throw ValidationError(
                "--captions has \(captions.split(separator: "|", omittingEmptySubsequences: false).count) names for \(images.count) images"
            )
        }
    }

    func spec(_ text: String) throws -> RectangleSpec {
        do { return try RectangleSpec(parsing: text, option: "--span") } catch { throw ValidationError("\(error)") }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let loaded = try images.map { try inputOptions.load($0, in: context) }
        let first = loaded[0]
        let rect =
            try span.map { try spec($0).resolved(width: first.width, height: first.height) }
            ?? PixelRect(x: 0, y: first.height / 2, width: first.width, height: 1)
        let names =
            captions.map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
            ?? images.map(StripSupport.shortName)
        var plot = Plot(
            title:
                "Lightness along \(rect.height == 1 ? "row \(rect.y)" : "rows \(rect.y)–\(rect.y + rect.height - 1)"), columns \(rect.x)–\(rect.x + rect.width - 1)",
            xLabel: "column x (px)", yLabel: "lightness (luminance as sRGB, 0–255)")
        var keys: [String] = []
        for (index, (image, name)) in zip(loaded, names).enumerated() {
            let profile = LightStatistics.lightnessProfile(
                image, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            guard !profile.isEmpty else {
                throw ValidationError("--span \(rect) lies outside \(images[index]) (\(image.width)×\(image.height))")
            }
            plot.add(name, x: profile.map { Double($0.x) }, y: profile.map(\.level), style: .centredSteps)
            keys.append("image\(index + 1)")
        }
        return try PlotOutput.write(
            plot, to: output.output, context: context, columns: PlotOutput.Columns(x: "x", series: keys),
            notes: ["Lightness: mean linear luminance over the span's rows, encoded back to sRGB."])
    }
}
