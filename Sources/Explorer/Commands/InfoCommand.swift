import ArgumentParser
import Authoring
import BlurKit

/// `explorer info FILE.png`: what a PNG file is, read from its chunks; for a built-in image
/// (`builtin:NAME[@WxH]`), its size and what it is made of. `photo` names the shipped photograph.
struct InfoCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a PNG's size, colour type, bit depth and the command recorded in it.",
        discussion:
            "Text chunks (tEXt) are shown up to their first \(PNGInfo.maxTextBytes / 1024) KiB each, and the first \(PNGInfo.maxTextChunks) of them; a longer text is cut there and says how long it is."
    )

    @Argument(help: "The PNG file, builtin:NAME[@WxH], or photo.") var file: String
    @OptionGroup var formatOptions: FormatOptions

    func makeReport(_ context: RunContext) throws -> Report {
        // A file's name and text chunks come from outside: control characters (ESC, BEL, CR,
        // newlines) are shown as escapes, so they can neither fake output nor drive the terminal.
        let shown = TerminalText.visible
        var table = Table(
            title: shown(file), name: "info",
            columns: [
                Table.Column(key: "property", title: "property", alignRight: false),
                Table.Column(key: "value", title: "value", alignRight: false)
            ])
        let path = try PackageFolders.image(context.inputPath(file))
        if path.hasPrefix("builtin:") {
            let size = try ImageSource.size(of: path)
            table.append([.text("size"), .text("\(size.width)×\(size.height) pixels")])
            table.append([.text("colour type"), .text("RGBA, generated in memory (a built-in image, not a file)")])
            table.append([.text("bit depth"), .text("32-bit float per channel (8-bit when written to PNG)")])
            var report = Report()
            report.table(table)
            return report
        }
        let info = try PNGInfo.read(path)
        table.append([.text("size"), .text("\(info.width)×\(info.height) pixels")])
        table.append([
            .text("colour type"),
            .text(info.colourType.name + (info.hasTransparencyChunk ? " with tRNS transparency" : ""))
        ])
        table.append([.text("bit depth"), .integer(info.bitDepth)])
        table.append([.text("interlaced"), .text(info.interlaced ? "yes (Adam7)" : "no")])
        func value(_ entry: PNGInfo.TextEntry) -> String {
            shown(entry.value)
                + (entry.isTruncated ? "… (cut at \(PNGInfo.maxTextBytes) of its \(entry.byteCount) bytes)" : "")
        }
        table.append([
            .text("recorded command"), .text(info.text.first { $0.keyword == PNG.commandKeyword }.map(value) ?? "none")
        ])
        for entry in info.text where entry.keyword != PNG.commandKeyword {
            table.append([.text("text: \(shown(entry.keyword))"), .text(value(entry))])
        }
        var report = Report()
        report.table(table)
        return report
    }
}
