import ArgumentParser
import Authoring
import BlurKit

/// `explorer grid "1 1 1; 1 2 1; 1 1 1" --radius 1`: box-average a small grid of numbers.
struct GridCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Average a small grid of numbers over a (2R+1)×(2R+1) window, printed before and after.",
        discussion: "Rows are separated by ';', values by spaces: explorer grid \"1 1 1; 1 2 1; 1 1 1\" --radius 1"
    )

    @Argument(help: "The grid: rows separated by ';', values by spaces.") var grid: String
    @Option(help: "Window radius R.") var radius: Int = 1
    @Option(help: "How values beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode =
        .clamp
    @Flag(name: .customLong("exclude-centre"), help: "Average the neighbours only, leaving each value itself out.")
    var excludeCentre = false
    @OptionGroup var formatOptions: FormatOptions

    /// The largest magnitude a grid value may have: the window is summed in Float32, so values
    /// near its limit (3.4·10³⁸) would overflow the sum.
    static let largestValue: Double = 1e30

    func parsedRows() throws -> [[Float]] {
        let rows = grid.split(separator: ";").map { row in row.split(separator: " ").map { Double($0) } }
        guard !rows.isEmpty, rows.allSatisfy({ !$0.isEmpty && $0.count == rows[0].count }) else {
            throw ValidationError("the grid '\(grid)' must have rows of equal length, separated by ';'")
        }
        let values = rows.map { $0.compactMap { $0 } }
        guard values.allSatisfy({ $0.count == rows[0].count }), values.joined().allSatisfy({ !$0.isNaN }) else {
            throw ValidationError("the grid '\(grid)' must hold numbers only")
        }
        if let large = values.joined().first(where: { !(abs($0) <= Self.largestValue) }) {
            throw ValidationError(
                "the grid's values are averaged in Float32 and must lie within ±1e30; \(large) is beyond")
        }
        return values.map { $0.map(Float.init) }
    }

    func validate() throws {
        _ = try parsedRows()
        guard (0...20).contains(radius) else {
            throw ValidationError("--radius must be 0…20 for a grid, got \(radius)")
        }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let rows = try parsedRows()
        var image = RGBAImage(width: rows[0].count, height: rows.count, fill: SIMD4(0, 0, 0, 1))
        for (y, row) in rows.enumerated() { for (x, v) in row.enumerated() { image[x, y] = SIMD4(v, v, v, 1) } }
        let averaged = BoxAverage(radius: radius).apply(image, edges: edges)
        let n = Float((2 * radius + 1) * (2 * radius + 1))
        let after: [[Float]] = rows.indices.map { y in
            rows[y].indices.map { x in
                let mean = averaged[x, y].x
                return excludeCentre && n > 1 ? (mean * n - rows[y][x]) / (n - 1) : mean
            }
        }
        func text(_ g: [[Float]]) -> String {
            let cells = g.map { $0.map { NumberText.compact(Double($0), significant: 4) } }
            let width = cells.joined().map(\.count).max() ?? 1
            return cells.map { $0.map { String(repeating: " ", count: width - $0.count) + $0 }.joined(separator: "  ") }
                .joined(separator: "\n")
        }
        let window = "\(2 * radius + 1)×\(2 * radius + 1)"
        var report = Report()
        report.text("Before:")
        report.preformatted(text(rows))
        report.text(
            excludeCentre
                ? "After: each value replaced by the mean of its \(Int(n) - 1) neighbours in a \(window) window (itself left out; \(edges.rawValue) edges):"
                : "After: each value replaced by the mean of the \(window) window around it, itself included (\(edges.rawValue) edges):"
        )
        report.preformatted(text(after))
        return report
    }
}
