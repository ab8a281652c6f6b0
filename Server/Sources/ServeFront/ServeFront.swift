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
        let names: Set<String> = {
            var name = [CChar](repeating: 0, count: 256)
            guard gethostname(&name, name.count) == 0 else { return [] }
            let host = String(cString: name).lowercased()
            return [host, host + ".local"]
        }()
        let router = Router()
        router.middlewares.add(Checks(hostNames: names))
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
        let host = settings.host, open = settings.open, folder = jobs.folder
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(host, port: settings.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
                var lines = "Serving \(settings.site) at \(url) (Ctrl-C stops and removes \(folder))\n"
                if host != "127.0.0.1" {
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
            fail("cannot serve on \(host):\(settings.port): \(error)")
        }
        jobs.stop()
    }
}

/// The front's command line, as `explorer serve` writes it (which checked the values).
struct Settings {
    var host = "127.0.0.1", site = "Site", open = false, job: [String] = []
    var port = 8080, maxBodyBytes = 32 << 20, maxUploadsBytes = 512 << 20

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--open" {
                open = true
                continue
            }
            guard let value = rest.popFirst() else { throw Failure("\(argument) needs a value") }
            let number = Int(value).flatMap { (0...65535).contains($0) ? $0 : nil }
            switch argument {
            case "--host": host = value
            case "--site": site = value
            case "--port", "--max-body-mb", "--max-uploads-mb":
                guard let number else { throw Failure("\(argument) takes 0…65535") }
                if argument == "--port" { port = number }
                if argument == "--max-body-mb" { maxBodyBytes = number << 20 }
                if argument == "--max-uploads-mb" { maxUploadsBytes = number << 20 }
            default: throw Failure("unknown argument '\(argument)'")
            }
        }
        job = Array(rest)
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
