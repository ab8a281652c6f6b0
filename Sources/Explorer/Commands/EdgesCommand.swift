import ArgumentParser
import Authoring
import BlurKit

/// `explorer edges`: how each edge mode pads a row, and what SciPy and OpenCV call it.
struct EdgesCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "edges",
        abstract: "Show how each edge mode pads a row beyond the border, with SciPy's and OpenCV's names for it."
    )

    @Option(help: "The row, values separated by spaces.") var row: String = "a b c d"
    @Option(help: "How many values to show beyond each end.") var pad: Int = 2
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        guard !row.split(separator: " ").isEmpty else { throw ValidationError("--row must hold at least one value") }
        guard (0...20).contains(pad) else { throw ValidationError("--pad must be 0…20, got \(pad)") }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let values = row.split(separator: " ").map(String.init)
        var table = Table(
            title: "Padding the row \(values.joined(separator: " ")) by \(pad) on each side", name: "edge-modes",
            columns: [
                Table.Column(key: "mode", title: "mode", alignRight: false),
                Table.Column(key: "padded", title: "padded row", alignRight: false),
                Table.Column(key: "scipy", title: "SciPy mode=", alignRight: false),
                Table.Column(key: "opencv", title: "OpenCV border", alignRight: false)
            ])
        for mode in EdgeMode.allCases {
            func cell(_ i: Int) -> String { mode.sourceIndex(i, count: values.count).map { values[$0] } ?? "0" }
            let left = (-pad..<0).map(cell).joined(separator: " ")
            let right = (values.count..<(values.count + pad)).map(cell).joined(separator: " ")
            table.append([
                .text(mode.rawValue), .text("\(left) | \(values.joined(separator: " ")) | \(right)"),
                .text(mode.scipyName), .text(mode.openCVName)
            ])
        }
        table.notes = [
            "The same word means different things: SciPy's 'mirror' is OpenCV's BORDER_REFLECT_101 (its default), "
                + "while SciPy's 'reflect' is OpenCV's BORDER_REFLECT."
        ]
        var report = Report()
        report.table(table)
        return report
    }
}
