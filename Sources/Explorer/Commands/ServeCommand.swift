import ArgumentParser
import BlurKit
import Foundation

/// `explorer serve`: the lessons live in a browser, with a control for every parameter.
///
/// The server is two processes: `explorer-serve` (HTTP on Hummingbird, the package in Server/,
/// built by `swift build --package-path Server`), which this command becomes, and the lesson
/// server it starts behind it (`explorer serve-worker`). The one file for a lab (`explorer-lab`)
/// carries the HTTP front itself and becomes `explorer serve-front` instead. It binds 127.0.0.1 unless told otherwise, keeps
/// runs and uploads in a temporary folder of its own and removes it when stopped (Ctrl-C or SIGTERM).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the lessons as live pages: move a control and the lesson runs again.",
        discussion: """
            Open http://127.0.0.1:8080/ and pick a lesson. Each parameter the lesson declares gets a \
            control (a slider, a menu, or a file picker and drop zone for a PNG); changing it re-runs \
            the lesson here and updates its figures, tables and prose in place. Runs and uploads live \
            in a temporary folder removed on exit; nothing is written into Output/.

            While a slider moves the page shows previews (quick timing); letting go shows the \
            preview at once and the full timing when it has run (once per value for the whole \
            class). An uploaded PNG of more than 250,000 pixels (a quarter megapixel) is previewed \
            from a reduced copy while a control moves: each pixel the mean of a K×K block, at most \
            250,000 pixels, or a half, quarter or eighth of that when the lesson's cells cost more \
            per pixel (a wide 2-D kernel); the page names the copy and its size. Letting go runs \
            the picture itself, at full size. Previews come first: while a page drags over such a \
            picture (and two seconds after), the slider steps made in the background wait, and \
            full-timing runs and background runs run at a lower priority (nice 10). A full-timing \
            run no page waits for any more (its page moved the control again) stops at its next cell.

            Limits: a request's head must arrive within 10 s and its body within 120 s; at most 512 \
            connections at once, 256 from one address (fewer where the system allows fewer than 1,088 \
            open files: two a connection); uploads at most --max-upload-mb each and \
            --max-uploads-mb for all pages together (the oldest go first). A page of another site \
            cannot upload or run lessons here (its browser's Origin and Sec-Fetch-Site headers say \
            so). A lesson server that stops is started again, and its runs and uploads removed.

            Examples:
              explorer serve
              explorer serve --port 9000 --open
              explorer serve --host 0.0.0.0      (a classroom network: anyone who can reach this machine)
            """
    )

    @Option(help: "Port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(help: "Address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (every network of this machine).")
    var host: String = "127.0.0.1"

    @OptionGroup var lessons: LessonFolderOptions

    @Flag(help: "Open the index in the default browser (xdg-open).")
    var open = false

    @Option(name: .customLong("max-pixels"), help: "Refuse uploaded or built-in pictures with more pixels than this.")
    var maxPixels: Int = 12_000_000

    @Option(name: .customLong("max-upload-mb"), help: "Refuse uploads larger than this many MiB.")
    var maxUploadMB: Int = 32

    @Option(
        name: .customLong("max-uploads-mb"),
        help:
            "Keep at most this many MiB of uploads for all pages together; the oldest uploads are removed to make room (1…65536)."
    )
    var maxUploadsMB: Int = 512

    @Option(help: "Lesson runs at once (default: the number of cores, at most 4).")
    var workers: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0…65535, got \(port)") }
        guard Self.ipv4(host) else {
            throw ValidationError("--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(host)'")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive, got \(maxPixels)") }
        guard (1...1024).contains(maxUploadMB) else {
            throw ValidationError("--max-upload-mb must be in 1…1024, got \(maxUploadMB)")
        }
        guard (1...65536).contains(maxUploadsMB) else {
            throw ValidationError("--max-uploads-mb must be in 1…65536, got \(maxUploadsMB)")
        }
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be in 1…64, got \(workers)") }
    }

    static func ipv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
    }

    func run() throws {
        let library: LessonLibrary
        do {
            library = try lessons.library()
        } catch {
            throw error.report()
        }
        let explorer = Self.executablePath()
        let front: String
        var arguments: [String]
        if let carried = ExplorerProgram.front {
            // The one file for a lab: this binary carries the HTTP front.
            front = explorer
            arguments = [explorer, carried.command]
        } else {
            guard let found = Self.frontProgram(beside: explorer) else {
                var standardError = StandardError()
                print(
                    "Error: explorer serve runs explorer-serve, the HTTP front, which is not built; build it once with: swift build --package-path Server (in the package folder; SwiftNIO, minutes)",
                    to: &standardError)
                throw ExitCode(1)
            }
            front = found
            arguments = [found]
        }
        // A folder of lessons on disk is passed on; the lessons built into the binary are written
        // out by the lesson server itself, which removes its copy when it stops (this process
        // is replaced by exec, which runs no clean-up, so its copy is removed now).
        let onDisk = lessons.folder != nil || FileManager.default.fileExists(atPath: "Lessons")
        let folder =
            (library.folder as NSString).isAbsolutePath
            ? library.folder : FileManager.default.currentDirectoryPath + "/" + library.folder
        arguments += ["--host", host, "--port", String(port), "--max-body-mb", String(maxUploadMB)]
        if open { arguments.append("--open") }
        arguments +=
            ["--", explorer, "serve-worker"] + (onDisk ? ["--lessons", folder] : [])
            + [
                "--max-pixels", String(maxPixels), "--workers", String(workers), "--max-uploads-mb",
                String(maxUploadsMB)
            ]
        TemporaryFiles.removeAll()
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(front, pointers)
        var standardError = StandardError()
        print("Error: cannot start \(front): \(String(cString: strerror(errno)))", to: &standardError)
        throw ExitCode(1)
    }

    /// `explorer-serve`: beside `explorer` (a lab's two copied programs), else, for an explorer
    /// built in this package (`PACKAGE/.build/…/debug/explorer`), the one the live server's
    /// package built (`PACKAGE/Server/.build/debug/explorer-serve`, or release): the same
    /// configuration first.
    static func frontProgram(beside explorer: String) -> String? {
        let files = FileManager.default
        let folder = (explorer as NSString).deletingLastPathComponent
        let beside = folder + "/explorer-serve"
        if files.isExecutableFile(atPath: beside) { return beside }
        let configurations =
            (folder as NSString).lastPathComponent == "release" ? ["release", "debug"] : ["debug", "release"]
        var package = folder
        for _ in 0..<4 {
            package = (package as NSString).deletingLastPathComponent
            guard package.count > 1 else { break }
            if files.fileExists(atPath: package + "/Server/Package.swift") {
                return configurations.map { package + "/Server/.build/\($0)/explorer-serve" }
                    .first { files.isExecutableFile(atPath: $0) }
            }
        }
        return nil
    }

    /// This executable's path (Linux: `/proc/self/exe`; else the first argument, made absolute).
    static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        let first = CommandLine.arguments[0]
        return first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
    }
}

/// `explorer serve-worker`: the lesson server behind `explorer serve`'s HTTP front, which starts
/// it and speaks to it through its standard input and output (`ServeWorker`). Not for typing.
struct ServeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-worker",
        abstract: "The lesson server behind explorer serve (started by explorer-serve).",
        shouldDisplay: false
    )

    @OptionGroup var lessons: LessonFolderOptions

    @Option(name: .customLong("max-pixels"))
    var maxPixels: Int = 12_000_000

    @Option var workers: Int = 2

    @Option(name: .customLong("max-uploads-mb"))
    var maxUploadsMB: Int = 512

    func run() throws {
        let library: LessonLibrary
        do {
            library = try lessons.library()
        } catch {
            throw error.report()
        }
        let folder: ServeFolder
        do {
            folder = try ServeFolder(uploadBudget: max(1, min(65536, maxUploadsMB)) * 1_048_576)
        } catch {
            var standardError = StandardError()
            print(
                "Error: cannot make the server's temporary folder: \(LessonLibrary.reason(error))", to: &standardError)
            throw ExitCode(1)
        }
        // `explorer`'s one SIGINT/SIGTERM handling (TemporaryFiles) removes the folder and exits.
        TemporaryFiles.register(folder.path)
        ServeWorker.run(
            server: LessonServer(
                library: library, folder: folder, scheduler: RunScheduler(width: max(1, workers)),
                maxPixels: max(1, maxPixels)))
        folder.remove()
        TemporaryFiles.unregister(folder.path)
    }
}
