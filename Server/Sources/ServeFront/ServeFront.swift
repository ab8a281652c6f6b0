import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP side of `explorer serve`, which runs it as
///
///     explorer-serve --host H --port P --max-body-mb M [--open] -- EXPLORER serve-worker …
///
/// or, in the one file for a lab that carries it (`explorer-lab`), as
/// `explorer serve-front …` with the same arguments. It starts the lesson server (the command
/// after `--`), listens on H:P with SwiftNIO's HTTP/1 parser under Hummingbird, and passes each
/// request that is within its limits to the lesson server. Ctrl-C or SIGTERM stops both; the
/// lesson server removes its temporary folder.
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
        do {
            settings = try Settings(arguments)
        } catch {
            fail("explorer-serve: \(error) (it is started by explorer serve)")
        }
        // The lesson server stops with this process (Ctrl-C in a terminal reaches both; a SIGTERM or a
        // SIGINT sent to this process alone is passed on when the HTTP server has stopped).
        let worker: WorkerLink
        do {
            worker = try WorkerLink(command: settings.worker)
        } catch {
            fail("\(error)")
        }

        var logger = Logger(label: "explorer-serve")
        logger.logLevel = .critical
        let names: Set<String> = {
            var name = [CChar](repeating: 0, count: 256)
            guard gethostname(&name, name.count) == 0 else { return [] }
            let host = String(cString: name).lowercased()
            return [host, host + ".local"]
        }()
        let front = Front(worker: worker, maxBodyBytes: settings.maxBodyBytes, hostNames: names)
        // The connection caps raise the file limit they are computed from: before the first connection.
        _ = HeadGuard.maxConnections
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeadGuard(headTimeout: .seconds(10), bodyTimeout: .seconds(120))],
            idleTimeout: .seconds(75),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: 8192, maxHeaderListSize: 16384, maxHeaderFieldCount: 100)
        )
        let host = settings.host, open = settings.open, ready = worker.ready
        let app = Application(
            responder: front,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(host, port: settings.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
                var lines = "Serving \(ready.lessons) lessons at \(url) (Ctrl-C stops and removes \(ready.folder))\n"
                if host != "127.0.0.1" {
                    lines +=
                        "Anyone who can reach this machine on port \(port) (every network it is on, e.g. the classroom's) can open the lessons and run them here.\n"
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
            worker.stop()
            fail("cannot serve on \(host):\(settings.port): \(error)")
        }
        worker.stop()
    }
}

/// The front's command line, as `explorer serve` writes it.
struct Settings {
    var host = "127.0.0.1"
    var port = 8080
    var maxBodyBytes = 32 * 1_048_576
    var open = false
    var worker: [String] = []

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let value = rest.popFirst() else { throw Failure("\(argument) needs a value") }
                return value
            }
            switch argument {
            case "--host": host = try value()
            case "--port":
                port =
                    try Int(value()).flatMap { (0...65535).contains($0) ? $0 : nil }
                    ?? { throw Failure("--port takes 0…65535") }()
            case "--max-body-mb":
                maxBodyBytes =
                    try Int(value()).map { $0 * 1_048_576 } ?? { throw Failure("--max-body-mb takes a number") }()
            case "--open": open = true
            case "--": worker = Array(rest); rest = []
            default: throw Failure("unknown argument '\(argument)'")
            }
        }
        guard !worker.isEmpty else { throw Failure("the lesson server's command goes after --") }
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
