import ArgumentParser
import Authoring
import BlurKit
import Foundation
import ShippedFiles

/// `explorer source NAME`: print a method's loops as they stand in the library's source — the
/// plain reference loop (the algorithm) first, then the fast loop (its schedule).
///
/// Regions are marked in the library's source files (BlurCore's methods) with a line
/// `// lesson-code: NAME` before the region and `// end lesson-code` after it, so a lesson shows
/// the real code, never a copy: the files are read from the binary (`ShippedFiles`), which holds
/// them as it was compiled from them.
/// A method's reference loop (`ReferenceBlur`) is the region `NAME-reference`; `source NAME`
/// prints it, then region `NAME` as the same arithmetic scheduled for the machine, with one
/// sentence (the catalog's `scheduleNote`) on what the schedule changed.
struct SourceCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "Print a method's reference loop, then its fast loop, from BlurKit's source.",
        discussion: """
            Run without a name to list the marked regions. For a method with a plain reference \
            loop (\(referenceMethods)) the reference comes first, \
            then the fast loop; --show reference or --show fast prints one of them.
            """
    )

    /// Which of a method's loops to print.
    enum Part: String, ExpressibleByArgument, CaseIterable {
        case both, reference, fast
    }

    @Argument(help: "The region's name, e.g. separable; omit to list them.") var name: String?
    @Option(help: "Which loops of a method to print: both, reference or fast.") var show: Part = .both
    @OptionGroup var formatOptions: FormatOptions

    /// What the fast loop of a method changes against its reference, in one sentence (the catalog's).
    static func scheduleNote(_ name: String) -> String? { MethodCatalog.entry(named: name)?.scheduleNote }

    /// The methods with a reference loop and a fast loop, as the catalog lists them.
    static var referenceMethods: String {
        MethodCatalog.all.filter { $0.scheduleNote != nil }.map(\.name).joined(separator: ", ")
    }

    struct Region: Equatable {
        var name: String
        var file: String
        var firstLine: Int
        var lines: [String]
    }

    /// The library's source files that mark a region, as compiled into this binary
    /// (`ShippedFiles`): path from the package's root (`Sources/BlurCore/Blur/Separable.swift`) and text.
    static var shippedSources: [(path: String, text: String)] {
        ShippedFiles.paths.filter { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }.compactMap { path in
            ShippedFiles.contents(of: path).map { (path, String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// The marked regions of `files`, in path order.
    static func regions(in files: [(path: String, text: String)] = shippedSources) throws -> [Region] {
        guard !files.isEmpty else {
            throw ValidationError("this explorer was built without the library's marked source files")
        }
        var found: [Region] = []
        for (file, text) in files.sorted(by: { $0.path < $1.path }) {
            // Most files mark no region; lessons ask for source often, so skip those whole.
            guard text.contains("// lesson-code:") else { continue }
            var open: Region?
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.contains("lesson-code") ? line.trimmingCharacters(in: .whitespaces) : ""
                if trimmed.hasPrefix("// lesson-code:") {
                    let name = trimmed.dropFirst("// lesson-code:".count).trimmingCharacters(in: .whitespaces)
                    open = Region(name: name, file: file, firstLine: index + 2, lines: [])
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
            var table = Table(
                title: "Marked source regions", name: "source-regions",
                columns: [
                    Table.Column(key: "name", title: "name", alignRight: false),
                    Table.Column(key: "location", title: "location", alignRight: false)
                ])
            for r in all { table.append([.text(r.name), .text("\(r.file):\(r.firstLine)")]) }
            report.table(table)
            return report
        }
        let reference = all.first { $0.name == name + "-reference" }
        let fast = all.first { $0.name == name }
        guard reference != nil || fast != nil else {
            let names = all.map(\.name).joined(separator: ", ")
            throw ValidationError("no source region named '\(name)'; marked regions: \(names.isEmpty ? "none" : names)")
        }
        switch (show, reference, fast) {
        case (.reference, nil, _):
            throw ValidationError("'\(name)' has no reference loop (no region '\(name)-reference'); try --show fast")
        case (.fast, _, nil):
            throw ValidationError("'\(name)' has no fast loop (no region '\(name)'); try --show reference")
        case (.both, let reference?, let fast?):
            report.text("The algorithm, as a plain loop, in `\(reference.file)`, \(Self.lines(reference)):")
            report.preformatted(Self.listing(reference))
            report.text(
                "The same arithmetic, scheduled for the machine, in `\(fast.file)`, \(Self.lines(fast)). "
                    + (Self.scheduleNote(name) ?? ""))
            report.preformatted(Self.listing(fast))
        case (.reference, let reference?, _), (.both, let reference?, nil):
            report.text("`\(reference.file)`, \(Self.lines(reference)):")
            report.preformatted(Self.listing(reference))
        case (.fast, _, let fast?), (.both, nil, let fast?):
            report.text("`\(fast.file)`, \(Self.lines(fast)):")
            report.preformatted(Self.listing(fast))
        case (.both, nil, nil):
            break
        }
        return report
    }

    /// "lines 12–30" for a region.
    static func lines(_ region: Region) -> String {
        "lines \(region.firstLine)–\(region.firstLine + region.lines.count - 1)"
    }

    /// The region's lines with their common indentation removed.
    static func listing(_ region: Region) -> String {
        let indent =
            region.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return region.lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
    }
}
