import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// How the explorer starts: `explorer` (Sources/ExplorerMain) and the one file for a lab that
/// also serves (`explorer-lab`, in the live server's package, Server/) both call `main(front:)`.
public enum ExplorerProgram {
    /// An HTTP front for `explorer serve` built into the same binary.
    public struct Front: Sendable {
        /// The hidden subcommand that runs the front (`serve-front`).
        public let command: String
        /// Runs the front with the arguments after the subcommand; never returns.
        public let main: @Sendable ([String]) -> Never

        /// A front that `command` runs by calling `main`.
        public init(command: String, main: @escaping @Sendable ([String]) -> Never) {
            self.command = command
            self.main = main
        }
    }

    /// The front this binary carries, if any; set once, before the command line is read.
    nonisolated(unsafe) static var front: Front?

    /// Runs the command line. With a `front`, `explorer serve` execs this binary as
    /// `explorer FRONT.command …`, which `main` hands to the front; without one, it runs the
    /// `explorer-serve` program (Server/).
    public static func main(front: Front? = nil) -> Never {
        self.front = front
        if let front, CommandLine.arguments.dropFirst().first == front.command {
            // `explorer serve` became this (exec): the HTTP front, whose own signal handling
            // stops the lesson server behind it.
            front.main(Array(CommandLine.arguments.dropFirst(2)))
        }
        Explorer.main()
        exit(0)
    }
}

/// The `explorer` command: lessons, blurs and measurements of the Gaussian blur.
struct Explorer: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "Explore how a Gaussian blur works and what it costs.",
        discussion: """
            Images are PNG files or built-in images: builtin:checker, builtin:edges, builtin:zoneplate, \
            builtin:impulse, builtin:noise, builtin:ui, builtin:cutout, builtin:lights, builtin:redgreen, \
            builtin:grating (append @WxH for a size, e.g. builtin:zoneplate@512x512).

            Exit status: 0 success, 1 runtime failure (unreadable input, failed write), \
            64 usage error (bad option or value).
            """,
        version: version,
        subcommands: [
            LessonCommand.self, ListCommand.self, AllCommand.self,
            InfoCommand.self, BlurCommand.self, CompareCommand.self, StripCommand.self, SpectrumCommand.self,
            PlotCommand.self,
            KernelCommand.self, BoxesCommand.self, BenchCommand.self, GridCommand.self, SourceCommand.self,
            EdgesCommand.self, GlassCommand.self, MotionCommand.self, ServeCommand.self, ExportCommand.self,
            ServeJobCommand.self,
            RadiusCommand.self, ArithCommand.self, ShrinkCommand.self, MedianCommand.self
        ]
    )

    /// Runs the command line; every error is one line on standard error.
    ///
    /// swift-argument-parser's own `main()` prints the usage after a validation error; here a
    /// bad value gets one line naming it (and `--help` still prints the full help).
    static func main() {
        SignalCleanup.install()
        Allocator.keepFreedBlocks()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownCommand(in: arguments) {
            FileHandle.standardError.write(Data("Error: \(TerminalText.visible(unknown))\n".utf8))
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot(NegativeNumbers.attached(arguments))
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            // Our own errors are one line by design; a newline or escape in them came from a file
            // name or a file's text and is shown visibly. Parser messages may carry usage lines;
            // their first line is shown, with any escape from an argument made visible.
            let message: String
            if let error = error as? BlurKitError {
                message = TerminalText.visible("\(error.withOptions)")
            } else if error is LessonError {
                message = TerminalText.visible("\(error)")
            } else {
                message = TerminalText.visible(
                    self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
            }
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            exit(withError: ExitCode(code.rawValue))
        }
    }

    /// A message for a command or subcommand name that does not exist (`explorer blurr`,
    /// `explorer plot kernal`), naming the ones that do; nil when the words start well.
    /// ArgumentParser would report such a word as an unexpected argument or, worse, complain about
    /// the next option.
    static func unknownCommand(in words: [String]) -> String? {
        var group: any ParsableCommand.Type = Explorer.self
        var path: [String] = []
        for word in words {
            let children = group.configuration.subcommands
            guard !children.isEmpty, group.configuration.defaultSubcommand == nil, !word.hasPrefix("-") else {
                return nil
            }
            let names = children.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
            guard let next = children.first(where: { $0.configuration.commandName == word }) else {
                if word == "help" { return nil }
                return
                    "unknown command '\((path + [word]).joined(separator: " "))'; the commands are \(names.joined(separator: ", "))"
            }
            group = next
            path.append(word)
        }
        return nil
    }
}
