import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer serve-job`: one student's picture baked for one lesson, in a process of its own
/// that `explorer-serve` starts, bounds and may kill (`StaticSite.job`). Not for typing.
struct ServeJobCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-job",
        abstract: "Bake a lesson's states for an uploaded picture (started by explorer-serve).",
        shouldDisplay: false
    )

    @OptionGroup var lessons: LessonFolderOptions

    @Option var lesson: String
    /// The uploaded PNG, as the server kept it.
    @Option var picture: String
    /// The name the page shows for it (`my-photo.png`).
    @Option var name: String
    /// The job's folder: `picture/NAME`, `note.txt`, `lesson-03/states/…` go into it.
    @Option var output: String
    /// The URL the job's folder is served at.
    @Option var base: String
    @Option var near: String?
    @Option var steps: Int = 6
    @Option(name: .customLong("max-pixels")) var maxPixels: Int = 12_000_000

    /// Most bytes of memory a job may map, and CPU seconds it may use.
    static let maxMemory: rlim_t = 4 << 30, maxSeconds: rlim_t = 300

    func run() throws {
        var memory = rlimit(rlim_cur: Self.maxMemory, rlim_max: Self.maxMemory)
        var seconds = rlimit(rlim_cur: Self.maxSeconds, rlim_max: Self.maxSeconds)
        setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &seconds)
        var standardError = StandardError()
        do {
            let library = try lessons.library()
            guard let entry = library.entries.first(where: { String($0.number) == lesson || $0.slug == lesson }) else {
                throw LessonError(library.folder, line: nil, "no lesson '\(lesson)'", exitCode: 64)
            }
            let parsed = try LessonParser.parse(fileAt: entry.path)
            guard let image = parsed.parameters.first(where: { $0.kind == .image }) else {
                throw LessonError(entry.path, line: nil, "this lesson takes no picture", exitCode: 64)
            }
            let folder = output + "/picture"
            let copy = folder + "/" + name
            var first: (picture: String, note: String)?
            if !FileManager.default.fileExists(atPath: copy) {
                // One reading: the reduced copy as the file is decoded, never the whole picture.
                let (small, width, height) = try PNG.read(
                    picture, reducedBy: { ReducedCopy.factor(width: $0, height: $1) }, maxPixels: maxPixels)
                let full = (width: width, height: height)
                try FileManager.default.createDirectory(atPath: folder + "/first", withIntermediateDirectories: true)
                if small.pixelCount < width * height {
                    try PNG.write(small, to: copy + ".part", compression: .fast)
                    let copySize = "\(small.width)×\(small.height)"
                    try "a reduced copy at \(copySize) of \(full.width)×\(full.height)".write(
                        toFile: output + "/note.txt", atomically: true, encoding: .utf8)
                    // The first look: a copy about the size the page shows (`ReducedCopy.firstBound`).
                    var j = ReducedCopy.factor(width: small.width, height: small.height, bound: ReducedCopy.firstBound)
                    // Never smaller than the lesson takes (`smallest:`).
                    while j > 1, let least = image.smallest,
                        (small.width + j - 1) / j < least.width || (small.height + j - 1) / j < least.height
                    {
                        j -= 1
                    }
                    if j > 1 {
                        let look = small.reduced(by: j)
                        try PNG.write(look, to: folder + "/first/" + name, compression: .fast)
                        first = (
                            folder + "/first/" + name,
                            "a first look from a copy at \(look.width)×\(look.height) of \(full.width)×\(full.height); the \(copySize) copy follows"
                        )
                    }
                } else {
                    try FileManager.default.copyItem(atPath: picture, toPath: copy + ".part")
                }
                try FileManager.default.moveItem(atPath: copy + ".part", toPath: copy)
            }
            let pair = near.flatMap(LessonCommand.split).map { (name: $0.name, value: $0.value) }
            try StaticSite.job(
                parsed, image: image.name, picture: copy, shown: name, root: output, base: base, near: pair,
                steps: steps, quick: true, first: first
            ) { print("job \(lesson): \($0)", to: &standardError) }
        } catch {
            // One line for the page: the upload by its name, lessons without the server's folders.
            var message = (error as? LessonError)?.description ?? StaticSite.reason(error)
            message = message.replacingOccurrences(of: picture, with: name)
            if let folder = try? lessons.library().folder {
                message = message.replacingOccurrences(of: folder + "/", with: "")
            }
            print("Error: \(TerminalText.visible(message))", to: &standardError)
            throw ExitCode((error as? LessonError)?.exitCode ?? 1)
        }
    }
}
