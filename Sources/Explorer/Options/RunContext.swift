import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// Where a command runs: typed in a terminal, or as a cell of a lesson.
///
/// A command computes its report through the context, so the same code writes figures next to
/// the user's `-o` path when typed, and into the lesson's page folder when run as a cell.
struct RunContext: Sendable {
    /// The command line that made the outputs, recorded in every PNG's `tEXt` chunk.
    var commandLine: String
    /// When set, relative output paths are placed in this folder (a lesson's staging folder).
    var outputFolder: String?
    /// Short timing runs (tests and `--quick` lessons); tables say so.
    var quickTiming = false
    /// A live page's preview while a control moves: a timing cell times the one run that makes its
    /// output (no warm-up, no repeats), so a preview's cost is one blur per method; tables say so.
    var previewTiming = false
    /// Draw glass panels as their opaque Reduce Transparency fallback (`REDUCE_TRANSPARENCY=1`).
    var reduceTransparency = RunContext.reduceTransparencyFromEnvironment
    /// The progress line on standard error of a command typed in a terminal (nil in lessons,
    /// pipes and with `--quiet`).
    var progress: ProgressLine?
    /// Collects the files of the lesson's folder this cell reads (set by the lesson runner).
    var reads: ReadLog?
    /// Where a strip is drawn when its cell runs on a preview's timing lane: left to the untimed
    /// lane (`DeferredFigures`), for the cell at `line`; nil draws it at once.
    var figureDeferral: (queue: DeferredFigures, line: Int)?
    /// The PNG compression of files written where the command leaves it at `.default` (lesson
    /// cells write their figures with `.fast`); a cell's explicit `--compression small` holds.
    var figureCompression: PNG.Compression?
    /// Whether cells run inside a lesson (figures then always get a path in `outputFolder`).
    var inLesson: Bool { outputFolder != nil }

    /// A context for a command typed in the terminal.
    static func terminal(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> RunContext {
        RunContext(
            commandLine: (["explorer"] + arguments).map(shellQuoted).joined(separator: " "), outputFolder: nil,
            quickTiming: quickFromEnvironment)
    }

    /// Whether the environment asks for short timing runs (`EXPLORER_QUICK=1`).
    static var quickFromEnvironment: Bool {
        ProcessInfo.processInfo.environment["EXPLORER_QUICK"] == "1"
    }

    /// Whether the environment asks for the Reduce Transparency rendering (`REDUCE_TRANSPARENCY=1`),
    /// as the iOS setting `UIAccessibility.isReduceTransparencyEnabled` does for an app.
    static var reduceTransparencyFromEnvironment: Bool {
        ProcessInfo.processInfo.environment["REDUCE_TRANSPARENCY"] == "1"
    }

    /// The path a command reads for a requested input path.
    ///
    /// In a lesson, a bare file name that an earlier cell wrote into the lesson's folder reads
    /// that file (`info strip-box.png`); every other path is used as given.
    func inputPath(_ requested: String) -> String {
        guard outputFolder != nil, !requested.contains("/"), !requested.hasPrefix("builtin:") else { return requested }
        let candidate = outputPath(requested)
        guard FileManager.default.fileExists(atPath: candidate) else { return requested }
        reads?.record(candidate)
        return candidate
    }

    /// The path a command writes for a requested output path.
    ///
    /// In a lesson, every output goes into the lesson's folder under its file name; typed in a
    /// terminal, the requested path is used as given.
    func outputPath(_ requested: String) -> String {
        guard let outputFolder else { return requested }
        let name = (requested as NSString).lastPathComponent
        return (outputFolder as NSString).appendingPathComponent(name)
    }

    /// Writes an image as PNG, recording this context's command line in it. An opaque image is
    /// written as RGB, as Pillow and OpenCV do: the same pixels, a smaller file (a baked state's
    /// strips are about a tenth lighter), less to encode.
    func writePNG(
        _ image: RGBAImage, to requested: String, compression: PNG.Compression = .default,
        depth: PNG.Depth = .eight
    ) throws -> String {
        let path = outputPath(requested)
        progress?.stage("writing \((path as NSString).lastPathComponent)")
        try PNG.write(
            image, to: path, command: commandLine,
            compression: compression == .default ? figureCompression ?? compression : compression,
            alpha: !PNG.isOpaque(image), depth: depth)
        return path
    }
}

/// Quotes a word for a POSIX shell when it needs it.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@+%".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// A command whose result is a `Report`: printed in the terminal when typed, placed in the page
/// when run as a lesson cell, and available as `--format json|csv|markdown`.
protocol ReportingCommand: ParsableCommand {
    /// `--format` (`FormatOptions`).
    var formatOptions: FormatOptions { get }
    /// Whether the command shows a `ProgressLine` while it works (commands that can run long
    /// and have a `--quiet` flag).
    var showsProgress: Bool { get }
    /// Whether the command times work: a lesson runs such cells one at a time, never beside
    /// another cell, so that their timings are not shared with other work.
    var measuresTime: Bool { get }
    /// About how many pixels the command's blurs read per pixel of its picture, counted from the
    /// methods' plans (`CostCounters`) and run once each as a preview runs them: what a live
    /// page's preview of a large upload is sized by (`ReducedCopy`). 0 for a command whose work
    /// does not grow with a kernel.
    var readsPerPixel: Double { get }
    func makeReport(_ context: RunContext) throws -> Report
}

extension ReportingCommand {
    var showsProgress: Bool { false }
    var measuresTime: Bool { false }
    var readsPerPixel: Double { 0 }

    /// What `readsPerPixel` counts for the exact Float64 reference at `sigma`, two passes of
    /// 2⌈8σ⌉ + 1 taps: six reads a tap, as its Float64 taps take about six times a fast method's
    /// Float32 read (docs/performance.md, "Previews of an upload").
    static func referenceReads(sigma: Double) -> Double {
        6 * 2 * (2 * (8 * sigma).rounded(.up) + 1)
    }
    var format: OutputFormat { formatOptions.format }

    func run() throws {
        var context = RunContext.terminal()
        context.progress = showsProgress ? ProgressLine.onTerminal(quiet: false) : nil
        defer { context.progress?.finish() }
        // All outputs of a typed command appear together, or none do.
        let report = try AtomicFile.transaction { try makeReport(context) }
        context.progress?.finish()
        print(format.render(report, style: .current()))
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension EdgeMode: ExpressibleByArgument {}
extension PNG.Compression: ExpressibleByArgument {}
extension PNG.Depth: ExpressibleByArgument {}
extension AlphaMode: ExpressibleByArgument {}
extension IteratedBox.Schedule: ExpressibleByArgument {}
extension Separable.Directions: ExpressibleByArgument {}

/// Options every command that reads images shares.
struct InputOptions: ParsableArguments {
    @Option(
        name: .customLong("max-pixels"),
        help:
            "Refuse input images with more pixels than this (checked before allocating). A blur needs about 20 bytes a pixel at its peak: 100 million pixels ≈ 2 GB. At most 1,000,000,000, and at most this machine's memory over 16 bytes (one image in memory)."
    )
    var maxPixels: Int = PNG.defaultMaxPixels

    /// The largest `--max-pixels`: 10⁹, and no more pixels than one image (16 bytes each) of the
    /// machine's memory, so that an image within the limit can be allocated at all.
    static var pixelCeiling: Int {
        min(1_000_000_000, Int(clamping: ProcessInfo.processInfo.physicalMemory / 16))
    }

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive, got \(maxPixels)") }
        let ceiling = Self.pixelCeiling
        guard maxPixels <= ceiling else {
            throw ValidationError(
                "--max-pixels must be at most \(ceiling) (10⁹, and this machine's memory at 16 bytes a pixel), got \(maxPixels)"
            )
        }
    }

    /// Loads a PNG path, a built-in image (`builtin:NAME` or `builtin:NAME@WxH`), or a picture
    /// shipped with the lessons by its bare name (`photo` is `Lessons/images/photo.png`).
    /// In a lesson, a bare file name that an earlier cell wrote reads that file (`RunContext.inputPath`).
    /// A picture above `--max-pixels` is refused with the option named.
    func load(_ source: String, in context: RunContext) throws -> RGBAImage {
        do {
            return try ImageSource.load(PackageFolders.image(context.inputPath(source)), maxPixels: maxPixels)
        } catch let error as BlurKitError {
            throw error.withOptions
        }
    }
}
