import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP side of `explorer serve`, which runs it as
///
///     explorer-serve --host H --port P --site DIR --max-body-mb M --max-uploads-mb U [--open] -- EXPLORER serve-job …
///
/// or, in the one file for a lab that carries it (`explorer-lab`), as `explorer serve-front …`
/// with the same arguments. It serves the baked site in DIR as files (Hummingbird's router and
/// `FileMiddleware`) and runs students' uploads as jobs (`Jobs`: the command after `--`). Ctrl-C
/// or SIGTERM stops it, kills a running job and removes the temporary folder.
public enum ServeFront {
    /// The hidden subcommand of the one file for a lab (`explorer-lab`) that runs the front.
    public static let command = "serve-front"

    /// Runs the front with `arguments` (those after the program's name) until Ctrl-C or SIGTERM
    /// stops it, then exits 0; when it cannot start, one line on standard error and exit 1.
    public static func main(_ arguments: [String]) -> Never {
        Task {
            await run(arguments)
            exit(0)
        }
        dispatchMain()
    }

    static func run(_ arguments: [String]) async {
        let settings: Settings
        let jobs: Jobs
        do {
            settings = try Settings(arguments)
            jobs = try Jobs(command: settings.job, budget: settings.maxUploadsBytes)
        } catch {
            fail("explorer-serve: \(error) (it is started by explorer serve)")
        }
        var logger = Logger(label: "explorer-serve")
        logger.logLevel = .critical
        var name = [UInt8](repeating: 0, count: 256)
        let host = gethostname(&name, name.count) == 0 ? String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) : ""
        let router = Router()
        router.middlewares.add(Checks(hostNames: host.isEmpty ? [] : [host.lowercased(), host.lowercased() + ".local"]))
        router.middlewares.add(FileMiddleware(settings.site, searchForIndexHtml: true, logger: logger))
        Routes(jobs: jobs, maxBodyBytes: settings.maxBodyBytes).add(to: router)
        // The connection caps raise the file limit they are computed from: before the first connection.
        _ = HeadGuard.caps
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeadGuard()],
            idleTimeout: .seconds(75),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: 8192, maxHeaderListSize: 16384, maxHeaderFieldCount: 100)
        )
        let address = settings.host, open = settings.open, folder = jobs.folder
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(address, port: settings.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = "http://\(address == "0.0.0.0" ? "127.0.0.1" : address):\(port)/"
                var lines = "Serving \(settings.site) at \(url) (Ctrl-C stops and removes \(folder))\n"
                if address != "127.0.0.1" {
                    lines +=
                        "Anyone who can reach this machine on port \(port) (every network it is on, e.g. the classroom's) can open the lessons and upload pictures here.\n"
                }
                FileHandle.standardOutput.write(Data(lines.utf8))
                if open {
                    let browser = Process()
                    browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                    browser.arguments = ["xdg-open", url]
                    browser.standardOutput = FileHandle.nullDevice
                    browser.standardError = FileHandle.nullDevice
                    try? browser.run()
                }
            },
            logger: logger
        )
        do {
            try await app.runService()
        } catch {
            jobs.stop()
            fail("cannot serve on \(address):\(settings.port): \(error)")
        }
        jobs.stop()
    }
}

/// The front's command line, as `explorer serve` writes it (which checked the values).
struct Settings {
    var host = "127.0.0.1", site = "Site", open = false, job: [String] = []
    var port = 8080, maxBodyBytes = 32 << 20, maxUploadsBytes = 512 << 20

    init(_ arguments: [String]) throws {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var options = arguments[..<end].filter { $0 != "--open" }[...]
        open = options.count < end
        job = Array(arguments[end...].dropFirst())
        while let name = options.popFirst() {
            guard let value = options.popFirst() else { throw Failure("\(name) needs a value") }
            switch (name, Int(value).flatMap { (0...65535).contains($0) ? $0 : nil }) {
            case ("--host", _): host = value
            case ("--site", _): site = value
            case ("--port", let number?): port = number
            case ("--max-body-mb", let number?): maxBodyBytes = number << 20
            case ("--max-uploads-mb", let number?): maxUploadsBytes = number << 20
            case ("--port", nil), ("--max-body-mb", nil), ("--max-uploads-mb", nil):
                throw Failure("\(name) takes 0…65535, got '\(value)'")
            default: throw Failure("unknown argument '\(name)'")
            }
        }
        guard !job.isEmpty else { throw Failure("the job's command goes after --") }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(1)
}
