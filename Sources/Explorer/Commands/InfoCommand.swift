import ArgumentParser
import BlurKit

/// `explorer info FILE.png`: what a PNG file is, read from its chunks.
struct InfoCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a PNG's size, colour type, bit depth and the command recorded in it."
    )

    @Argument(help: "The PNG file.") var file: String
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text

    func makeReport(_ context: RunContext) throws -> Report {
        let info = try PNGInfo.read(context.inputPath(file))
        // A file's name and text chunks come from outside: control characters (ESC, BEL, CR,
        // newlines) are shown as escapes, so they can neither fake output nor drive the terminal.
        let shown = TerminalText.visible
        var table = Table(title: shown(file), name: "info", columns: [
            Table.Column(key: "property", title: "property", alignRight: false),
            Table.Column(key: "value", title: "value", alignRight: false),
        ])
        table.append([.text("size"), .text("\(info.width)×\(info.height) pixels")])
        table.append([.text("colour type"), .text(info.colourType.name + (info.hasTransparencyChunk ? " with tRNS transparency" : ""))])
        table.append([.text("bit depth"), .integer(info.bitDepth)])
        table.append([.text("interlaced"), .text(info.interlaced ? "yes (Adam7)" : "no")])
        table.append([.text("recorded command"), .text(info.recordedCommand.map(shown) ?? "none")])
        for entry in info.text where entry.keyword != PNG.commandKeyword {
            table.append([.text("text: \(shown(entry.keyword))"), .text(shown(entry.value))])
        }
        var report = Report()
        report.table(table)
        return report
    }
}
