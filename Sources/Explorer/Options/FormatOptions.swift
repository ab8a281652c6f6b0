import ArgumentParser
import Authoring

/// The `--format` option every reporting command shares: which renderer prints its report.
struct FormatOptions: ParsableArguments {
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text
}
