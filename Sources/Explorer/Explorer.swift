import ArgumentParser

/// The `explorer` command: lessons, blurs and measurements of the Gaussian blur.
@main
struct Explorer: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "Explore how a Gaussian blur works and what it costs.",
        discussion: """
        Images are PNG files or built-in images: builtin:checker, builtin:edges, builtin:zoneplate, \
        builtin:impulse, builtin:noise (append @WxH for a size, e.g. builtin:zoneplate@512x512).

        Exit status: 0 success, 1 runtime failure (unreadable input, failed write), \
        64 usage error (bad option or value).
        """,
        version: version,
        subcommands: [LessonCommand.self, ListCommand.self, AllCommand.self, InfoCommand.self, BlurCommand.self]
    )
}
