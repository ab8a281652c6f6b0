import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer median INPUT -o OUTPUT --radius R`: the median filter, beside the blurs.
struct MedianCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "median",
        abstract: "Replace each pixel by the median of its (2R+1)×(2R+1) neighbourhood, channel by channel.",
        discussion: """
            Not a blur: the median ignores how far outliers lie, so specks vanish and straight edges stay \
            sharp. Pixels beyond the border read as the nearest border pixel. Limits: --radius 1 to \
            \(RGBAImage.maxMedianRadius) (an \(2 * RGBAImage.maxMedianRadius + 1)×\(2 * RGBAImage.maxMedianRadius + 1) window), \
            the picture at most --max-pixels, and at most 1e9 window values over the picture ((2R+1)² a pixel).
            """
    )

    /// The most window values sorted per channel over a picture: seconds, not minutes.
    static let budget = 1e9

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @OptionGroup var pictureOutput: PictureOutputOptions
    @Option(help: "The window's radius R: 1 to \(RGBAImage.maxMedianRadius).") var radius: Int = 1
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard (1...RGBAImage.maxMedianRadius).contains(radius) else {
            throw ValidationError("--radius must be 1…\(RGBAImage.maxMedianRadius), got \(radius)")
        }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        // The size first, from the header or the built-in's name: a picture over the limit is
        // refused before it is decoded.
        let size = try ImageSource.size(
            of: PackageFolders.image(context.inputPath(input)), maxPixels: inputOptions.maxPixels)
        let side = 2 * radius + 1
        let work = Double(size.width) * Double(size.height) * Double(side * side)
        guard work <= Self.budget else {
            throw ValidationError(
                "--radius \(radius) on \(size.width)×\(size.height) pixels sorts "
                    + "\(NumberText.significant(work, 2)) values a channel, above the limit of \(NumberText.significant(Self.budget, 1)); use a smaller radius or picture"
            )
        }
        let image = try inputOptions.load(input, in: context)
        let filtered = image.median(radius: radius)
        let path = try context.writePNG(filtered, to: pictureOutput.output)
        var report = Report()
        report.text(
            "Median of each \(side)×\(side) neighbourhood of \(input) (\(image.width)×\(image.height)), clamp edges.")
        if pictureOutput.figure {
            report.figure(Figure(path: path, altText: "\(input) after a \(side)×\(side) median filter", caption: nil))
        }
        return report
    }
}
