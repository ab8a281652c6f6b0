import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer serve`: the baked site (`explorer export`), served, with a student's own picture
/// baked on demand.
///
/// It bakes what the site folder lacks first (printing the estimated size and time), then
/// becomes `explorer-serve` (HTTP on Hummingbird, the package in Server/; the one file for a lab,
/// `explorer-lab`, carries it as `explorer serve-front`), which serves the folder's files as they
/// are and runs each upload as a job: `explorer serve-job` in a child process of its own.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the baked lessons; a student's uploaded picture is baked on demand.",
        discussion: """
            Open http://127.0.0.1:8080/ and pick a lesson. The pages are the static site that \
            explorer export writes (--site, default Site/): every state of every slider was run \
            before the class, so moving a control shows a file. Lessons the folder lacks, or whose \
            lesson file changed since, are baked first; the estimated size and time are printed \
            before, from each lesson's defaults and the first state of each control and pair, and \
            the bake stops if the estimate is over --max-site-mb.

            Only a student's own picture is computed during class: an upload (a PNG) is reduced \
            to at most 250,000 pixels (each pixel the mean of a K×K block) and the lesson's states \
            for it are baked by a job, explorer serve-job, the export's own code in a child \
            process: at most 4 GiB of memory and 300 s of CPU, killed after 600 s; a job that \
            crashes fails alone. Jobs run one at a time, in one queue, the latest job of each page \
            replacing its earlier one; the state the page shows comes first, then the nearest ones, \
            and a job whose page has less to show goes ahead of the other jobs' remaining states.

            Limits: a request's head must arrive within 10 s and its body within 120 s; heads of at \
            most 8 KiB a field, 16 KiB in all; at most 512 connections at once, 256 from one \
            address (fewer where the system allows fewer than 1,088 open files: two a connection); uploads at most --max-upload-mb each and --max-uploads-mb for all pages \
            together (the oldest go first), at most --max-pixels pixels; a page's uploads are kept \
            while it is open and 10 minutes after. A page of another site cannot upload here (its \
            browser's Origin and Sec-Fetch-Site headers say so).

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

    @Option(help: ArgumentHelp("The baked site's folder (explorer export --output).", valueName: "dir"))
    var site: String = "Site"

    @OptionGroup var bake: BakeOptions

    @Flag(help: "Open the index in the default browser (xdg-open).")
    var open = false

    @Option(name: .customLong("max-pixels"), help: "Refuse uploaded pictures with more pixels than this.")
    var maxPixels: Int = 12_000_000

    @Option(name: .customLong("max-upload-mb"), help: "Refuse uploads larger than this many MiB (1…1024).")
    var maxUploadMB: Int = 32

    @Option(name: .customLong("max-uploads-mb"), help: "Keep at most this many MiB of uploads in all (1…65536).")
    var maxUploadsMB: Int = 512

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0…65535, got \(port)") }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 && parts.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else {
            throw ValidationError("--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(host)'")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive, got \(maxPixels)") }
        guard (1...1024).contains(maxUploadMB) else {
            throw ValidationError("--max-upload-mb must be in 1…1024, got \(maxUploadMB)")
        }
        guard (1...65536).contains(maxUploadsMB) else {
            throw ValidationError("--max-uploads-mb must be in 1…65536, got \(maxUploadsMB)")
        }
    }

    func run() throws {
        let explorer = Self.executablePath()
        var arguments: [String]
        if let carried = ExplorerProgram.front {
            arguments = [explorer, carried.command]
        } else {
            guard let found = Self.frontProgram(beside: explorer) else {
                var standardError = StandardError()
                print(
                    "Error: explorer serve runs explorer-serve, the HTTP front, which is not built; build it once with: swift build --package-path Server (in the package folder; SwiftNIO, minutes)",
                    to: &standardError)
                throw ExitCode(1)
            }
            arguments = [found]
        }
        let library: LessonLibrary
        var failures = 0
        do throws(LessonError) {
            library = try lessons.library()
            let missing = library.entries.filter { !ExportCommand.isBaked($0, root: site) }
            if missing.isEmpty {
                // The pages' scripts as this explorer has them, whatever explorer baked the site.
                try StaticSite.writeAssets(site)
                print("\(site)/ holds every lesson baked.")
            } else {
                print("Baking \(missing.count) of \(library.entries.count) lessons into \(site)/ first.")
                failures = try ExportCommand.bake(
                    library: library, entries: missing, root: site, steps: bake.steps,
                    quick: bake.quick || RunContext.quickFromEnvironment, maxSiteMB: bake.maxSiteMB,
                    maxMinutes: bake.maxBakeMinutes, jobs: bake.jobs)
            }
        } catch {
            throw error.report()
        }
        if failures > 0 { throw ExitCode(1) }
        let onDisk = lessons.folder != nil || FileManager.default.fileExists(atPath: "Lessons")
        func absolute(_ path: String) -> String {
            (path as NSString).isAbsolutePath ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        arguments += [
            "--host", host, "--port", String(port), "--site", absolute(site), "--max-body-mb", String(maxUploadMB),
            "--max-uploads-mb", String(maxUploadsMB)
        ]
        if open { arguments.append("--open") }
        arguments +=
            ["--", explorer, "serve-job", "--steps", String(bake.steps), "--max-pixels", String(maxPixels)]
            + (onDisk ? ["--lessons", absolute(library.folder)] : [])
        TemporaryFiles.removeAll()
        fflush(nil)  // exec keeps no buffer: what was printed is written now
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(arguments[0], pointers)
        var standardError = StandardError()
        print("Error: cannot start \(arguments[0]): \(String(cString: strerror(errno)))", to: &standardError)
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
