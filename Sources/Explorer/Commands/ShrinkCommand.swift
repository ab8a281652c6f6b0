import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer shrink INPUT -o OUTPUT --factor K`: a smaller picture, by taking every K-th pixel or
/// by averaging K×K blocks.
struct ShrinkCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Make a picture K times smaller: every K-th pixel (point) or the mean of each K×K block (area).",
        discussion: """
            point keeps the pixel nearest each K×K block's centre: detail finer than the small picture can \
            hold turns into coarser false patterns (aliasing) unless the picture is blurred first. area \
            averages each block, a box blur of width K before sampling. The small picture is ⌈W/K⌉×⌈H/K⌉. \
            Limits: K from 2 to 64, and at most as large as the picture's smaller side.
            """
    )

    enum Sampling: String, ExpressibleByArgument, CaseIterable {
        case point, area
    }

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @OptionGroup var pictureOutput: PictureOutputOptions
    @Option(help: "How many times smaller: 2 to 64.") var factor: Int
    @Option(help: "point (every K-th pixel) or area (the mean of each K×K block).") var sampling: Sampling = .point
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard (2...64).contains(factor) else { throw ValidationError("--factor must be 2…64, got \(factor)") }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let image = try inputOptions.load(input, in: context)
        guard factor <= min(image.width, image.height) else {
            throw ValidationError(
                "--factor \(factor) is larger than \(input)'s smaller side (\(min(image.width, image.height)) px)")
        }
        let small = sampling == .point ? image.sampled(every: factor) : image.reduced(by: factor)
        let path = try context.writePNG(small, to: pictureOutput.output)
        var report = Report()
        let how =
            sampling == .point ? "taking one pixel in \(factor) each way" : "averaging each \(factor)×\(factor) block"
        // The name comes from outside (a `--set image=…`): a code span, where it makes no link or markup.
        report.text(
            "Shrank \(MarkdownText.codeSpan(input)) (\(image.width)×\(image.height)) to \(small.width)×\(small.height) by \(how)."
        )
        if pictureOutput.figure {
            report.figure(Figure(path: path, altText: "\(input) shrunk \(factor) times by \(how)", caption: nil))
        }
        return report
    }
}
