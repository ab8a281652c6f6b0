/// The table `explorer lesson N --parameters` prints: each declared parameter with its kind,
/// default, the values it accepts and its meaning, then how to set one.
struct LessonParameterList {
    var lesson: Lesson

    /// Rows of name, kind, default, accepted values and meaning.
    var rows: [[String]] {
        lesson.parameters.map { [$0.name, $0.kind.rawValue, $0.value, $0.accepts, $0.meaning] }
    }

    static let headings = ["parameter", "kind", "default", "accepts", "meaning"]

    /// The list as aligned plain text, or as a Markdown table.
    func text(markdown: Bool) -> String {
        let title = "\(lesson.title) (\(lesson.fileName))"
        guard !lesson.parameters.isEmpty else { return "\(title) has no parameters.\n" }
        var lines: [String] = []
        if markdown {
            lines.append("| " + Self.headings.joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: "---|", count: Self.headings.count))
            for row in rows { lines.append("| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |") }
        } else {
            lines.append(title)
            let all = [Self.headings] + rows
            let widths = Self.headings.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
            for row in all {
                let cells = row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }
                lines.append(cells.joined(separator: "  "))
            }
        }
        let example = lesson.parameters[0]
        lines.append("")
        lines.append("Set one with: explorer lesson \(lesson.number.map(String.init) ?? lesson.fileName) --set \(example.name)=VALUE")
        return lines.joined(separator: "\n") + "\n"
    }
}
