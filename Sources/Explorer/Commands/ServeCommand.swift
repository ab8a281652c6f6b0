import ArgumentParser
import BlurKit
import FlyingFox
import Foundation

/// `explorer serve`: the lessons live in a browser, with a control for every parameter.
///
/// The server binds 127.0.0.1 unless told otherwise, keeps runs and uploads in a temporary folder
/// of its own and removes it when stopped (Ctrl-C or SIGTERM).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the lessons as live pages: move a control and the lesson runs again.",
        discussion: """
        Open http://127.0.0.1:8080/ and pick a lesson. Each parameter the lesson declares gets a \
        control (a slider, a menu, or a file picker and drop zone for a PNG); changing it re-runs \
        the lesson here and updates its figures, tables and prose in place. Runs and uploads live \
        in a temporary folder removed on exit; nothing is written into Output/.

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

    @Option(help: "Lesson runs at once (default: the number of cores, at most 4).")
    var workers: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0…65535, got \(port)") }
        guard Self.ipv4(host) else { throw ValidationError("--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(host)'") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive, got \(maxPixels)") }
        guard (1...1024).contains(maxUploadMB) else { throw ValidationError("--max-upload-mb must be in 1…1024, got \(maxUploadMB)") }
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
        let folder: ServeFolder
        do {
            folder = try ServeFolder()
        } catch {
            var standardError = StandardError()
            print("Error: cannot make the server's temporary folder: \(LessonLibrary.reason(error))", to: &standardError)
            throw ExitCode(1)
        }
        let handler = LessonServer(library: library, folder: folder, queue: RecomputeQueue(width: workers),
                                   maxPixels: maxPixels, maxBodyBytes: maxUploadMB * 1_048_576,
                                   defaults: LessonServer.DefaultPages())
        // `explorer`'s one SIGINT/SIGTERM handling (TemporaryFiles) removes the folder and exits;
        // a second Dispatch signal source here would reset the first one's disposition.
        TemporaryFiles.register(folder.path)
        let server: HTTPServer
        do {
            server = HTTPServer(address: try .inet(ip4: host, port: UInt16(port)), timeout: 120, logger: .disabled, handler: handler)
        } catch {
            folder.remove()
            throw ValidationError("--host \(host): \(error)")
        }
        let host = self.host, open = self.open, count = library.entries.count
        let finished = DispatchSemaphore(value: 0)
        let failure = Box()
        Task {
            do {
                async let running: Void = server.run()
                try await server.waitUntilListening(timeout: 10)
                let port: UInt16
                if case .ip4(_, let bound)? = await server.listeningAddress { port = bound } else { port = UInt16(self.port) }
                let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
                var lines = "Serving \(count) lessons at \(url) (Ctrl-C stops and removes \(folder.path))\n"
                if host != "127.0.0.1" {
                    lines += "Anyone who can reach this machine on port \(port) (every network it is on, e.g. the classroom's) can open the lessons and run them here.\n"
                }
                FileHandle.standardOutput.write(Data(lines.utf8))
                if open { Self.openBrowser(url) }
                try await running
            } catch {
                failure.message = "\(error)"
            }
            finished.signal()
        }
        finished.wait()
        folder.remove()
        if let message = failure.message {
            var standardError = StandardError()
            print("Error: cannot serve on \(host):\(port): \(message)", to: &standardError)
            throw ExitCode(1)
        }
    }

    /// Where the server task leaves its error for the main thread.
    final class Box: @unchecked Sendable {
        var message: String?
    }

    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
