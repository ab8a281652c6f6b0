import ArgumentParser
import Foundation

/// `explorer source NAME`: print a method's core loop as it stands in the library's source.
///
/// Regions are marked in BlurKit's source files with a line `// lesson-code: NAME` before the
/// region and `// end lesson-code` after it, so a lesson shows the real code, never a copy.
struct SourceCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "Print the marked core loop of a method from BlurKit's source.",
        discussion: "Run without a name to list the marked regions."
    )

    @Argument(help: "The region's name, e.g. separable; omit to list them.") var name: String?
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text

    struct Region: Equatable {
        var name: String
        var file: String
        var firstLine: Int
        var lines: [String]
    }

    /// BlurKit's source folder: Sources/BlurKit of the package this file was built from, or ./Sources/BlurKit.
    static var sourceFolder: String {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = here.appendingPathComponent("BlurKit").path
        return FileManager.default.fileExists(atPath: folder) ? folder : "Sources/BlurKit"
    }

    static func regions(in folder: String = sourceFolder) throws -> [Region] {
        guard let files = FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) else {
            throw ValidationError("BlurKit's source folder '\(folder)' is not there; run from the package folder")
        }
        var found: [Region] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let path = (folder as NSString).appendingPathComponent(file)
            let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            var open: Region?
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// lesson-code:") {
                    let name = trimmed.dropFirst("// lesson-code:".count).trimmingCharacters(in: .whitespaces)
                    open = Region(name: name, file: "Sources/BlurKit/" + file, firstLine: index + 2, lines: [])
                } else if trimmed == "// end lesson-code", let region = open {
                    found.append(region)
                    open = nil
                } else if open != nil {
                    open!.lines.append(line)
                }
            }
        }
        return found
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let all = try Self.regions()
        var report = Report()
        guard let name else {
            var table = Table(title: "Marked source regions", name: "source-regions", columns: [
                Table.Column(key: "name", title: "name", alignRight: false),
                Table.Column(key: "location", title: "location", alignRight: false),
            ])
            for r in all { table.append([.text(r.name), .text("\(r.file):\(r.firstLine)")]) }
            report.table(table)
            return report
        }
        guard let region = all.first(where: { $0.name == name }) else {
            let names = all.map(\.name).joined(separator: ", ")
            throw ValidationError("no source region named '\(name)'; marked regions: \(names.isEmpty ? "none" : names)")
        }
        let indent = region.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let body = region.lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
        let last = region.firstLine + region.lines.count - 1
        report.text("`\(region.file)`, lines \(region.firstLine)–\(last):")
        report.preformatted(body.joined(separator: "\n"))
        return report
    }
}
