import Authoring

/// The table `explorer lesson N --parameters` prints: each declared parameter with its kind,
/// default, the values it accepts and its meaning, then how to set one.
struct LessonParameterList {
    var lesson: Lesson

    /// Rows of name, kind, default, accepted values and meaning.
    var rows: [[String]] {
        lesson.parameters.map { [$0.name, $0.kind.rawValue, $0.value, $0.accepts, $0.meaning] }
    }

    static let headings = ["parameter", "kind", "default", "accepts", "meaning"]

    /// The columns plain text fits into.
    static let width = 80

    /// The list as aligned plain text at most `width` columns wide (a word wider than a line
    /// is cut), or as a Markdown table.
    ///
    /// In plain text, name, kind and default are aligned columns; the accepted values follow
    /// them, wrapped with a hanging indent to their column; the meaning goes on the lines below,
    /// wrapped with a hanging indent to the kind column.
    func text(markdown: Bool) -> String {
        let title = "\(lesson.title) (\(lesson.fileName))"
        guard !lesson.parameters.isEmpty else { return "\(title) has no parameters.\n" }
        var lines: [String] = []
        if markdown {
            lines.append("| " + Self.headings.joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: "---|", count: Self.headings.count))
            for row in rows {
                lines.append(
                    "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
        } else {
            lines.append(title)
            let all = [Self.headings] + rows
            let widths = (0..<3).map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
            let under = { (column: Int) in String(repeating: " ", count: widths[..<column].reduce(0, +) + 2 * column) }
            for row in all {
                let fixed = row[..<3].enumerated().map { column, cell in
                    cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + 2)
                }.joined()
                lines.append(Self.hanging(row[3], first: fixed, indent: under(3)))
                lines.append(Self.hanging(row[4], first: under(1), indent: under(1)))
            }
        }
        let example = lesson.parameters[0]
        lines.append("")
        lines.append(
            "Set one with: explorer lesson \(lesson.number.map(String.init) ?? lesson.fileName) --set \(example.name)=VALUE"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` wrapped to `width` columns, its first line after `first` and the rest after
    /// `indent`; when `first` leaves too little room, `text` starts on the next line.
    static func hanging(_ text: String, first: String, indent: String) -> String {
        let room = width - DisplayWidth.of(indent)
        guard room >= 20 else { return first + "\n" + TextRenderer.wrap(text, width: width, indent: "  ") }
        let wrapped = TextRenderer.wrap(text, width: width, indent: indent)
        return first + wrapped.dropFirst(indent.count)
    }
}
