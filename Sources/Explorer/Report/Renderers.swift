import Foundation

/// The formats a command's report can be printed in.
enum OutputFormat: String, CaseIterable, Sendable {
    case text, markdown, csv, json
}

/// The terminal: its width and whether colour is allowed.
struct TerminalStyle: Sendable {
    var width: Int
    var colour: Bool

    /// Colour only on a TTY and never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`;
    /// width from the terminal, 80 when standard output is not one.
    static func current() -> TerminalStyle {
        let environment = ProcessInfo.processInfo.environment
        let tty = isatty(STDOUT_FILENO) != 0
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        var width = 80
        if tty {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 { width = Int(size.ws_col) }
        }
        return TerminalStyle(width: min(width, 120), colour: tty && !noColour && environment["TERM"] != "dumb")
    }

    static let plain = TerminalStyle(width: 80, colour: false)

    func bold(_ s: String) -> String { colour ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { colour ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { colour ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
    func yellow(_ s: String) -> String { colour ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
}

// MARK: - Text (terminal)

enum TextRenderer {
    static func render(_ report: Report, style: TerminalStyle) -> String {
        report.blocks.map { block in
            switch block {
            case .text(let s): return wrap(s, width: style.width)
            case .preformatted(let s): return s
            case .table(let t): return render(t, style: style)
            case .figure(let f):
                return "\(style.cyan("figure")) \(f.path)" + (f.caption.map { " — \($0)" } ?? "")
            case .warning(let s): return style.yellow("note: ") + wrap(s, width: style.width - 6)
            }
        }.joined(separator: "\n\n")
    }

    static func render(_ table: Table, style: TerminalStyle) -> String {
        let headings = table.columns.map { $0.title }
        let units = table.columns.map { $0.unit }
        let hasUnits = units.contains { !$0.isEmpty }
        var widths = table.columns.indices.map { max(headings[$0].count, units[$0].count) }
        for row in table.rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.display.count) } }
        func pad(_ s: String, _ i: Int) -> String {
            let gap = String(repeating: " ", count: max(0, widths[i] - s.count))
            return table.columns[i].alignRight ? gap + s : s + gap
        }
        var lines: [String] = []
        if let title = table.title { lines.append(style.bold(title)) }
        lines.append(style.bold(headings.indices.map { pad(headings[$0], $0) }.joined(separator: "  ")))
        if hasUnits { lines.append(style.dim(units.indices.map { pad(units[$0], $0) }.joined(separator: "  "))) }
        lines.append(style.dim(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")))
        for row in table.rows { lines.append(row.indices.map { pad(row[$0].display, $0) }.joined(separator: "  ")) }
        lines = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        for note in table.notes { lines.append(style.dim(wrap(note, width: style.width))) }
        return lines.joined(separator: "\n")
    }

    /// Wraps a paragraph at word boundaries to `width` columns.
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.count > indent.count && line.count + 1 + word.count > width {
                lines.append(line); line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count || lines.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Markdown

enum MarkdownRenderer {
    /// - Parameter figureBase: a folder that figure paths are made relative to (a page's folder).
    static func render(_ report: Report, figureBase: String? = nil) -> String {
        report.blocks.map { block in
            switch block {
            case .text(let s): return s
            case .preformatted(let s): return "```text\n\(s)\n```"
            case .table(let t): return render(t)
            case .figure(let f):
                let path = figureBase.map { relative(f.path, to: $0) } ?? f.path
                let image = "![\(escape(f.altText))](\(path))"
                return f.caption.map { "\(image)\n\n*\($0)*" } ?? image
            case .warning(let s): return "> **Note:** \(s)"
            }
        }.joined(separator: "\n\n")
    }

    static func render(_ table: Table) -> String {
        var lines: [String] = []
        if let title = table.title { lines.append("**\(title)**\n") }
        lines.append("| " + table.columns.map { c in c.unit.isEmpty ? c.title : "\(c.title) (\(c.unit))" }
            .map(escape).joined(separator: " | ") + " |")
        lines.append("|" + table.columns.map { $0.alignRight ? "---:|" : "---|" }.joined())
        for row in table.rows { lines.append("| " + row.map { escape($0.display) }.joined(separator: " | ") + " |") }
        if !table.notes.isEmpty { lines.append("\n" + table.notes.map { "*\($0)*" }.joined(separator: "  \n")) }
        return lines.joined(separator: "\n")
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

// MARK: - CSV and JSON

enum DataRenderer {
    static func csv(_ table: Table) -> String {
        func quote(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var lines = [table.columns.map { quote($0.key) }.joined(separator: ",")]
        for row in table.rows {
            lines.append(row.map { cell in
                switch cell.value {
                case .text(let s): quote(s)
                case .number(let x): x.isFinite ? "\(x)" : ""
                case .integer(let n): "\(n)"
                case .none: ""
                }
            }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csv(_ report: Report) -> String {
        let tables = report.tables
        if tables.isEmpty { return "" }
        return tables.map(csv).joined(separator: "\n")
    }

    static func jsonRows(_ table: Table) -> [[String: Any]] {
        table.rows.map { row in
            var object: [String: Any] = [:]
            for (column, cell) in zip(table.columns, row) {
                switch cell.value {
                case .text(let s): object[column.key] = s
                case .number(let x): object[column.key] = x.isFinite ? x : NSNull()
                case .integer(let n): object[column.key] = n
                case .none: object[column.key] = NSNull()
                }
            }
            return object
        }
    }

    /// A report with exactly one table becomes an array of its row objects (text around the
    /// table is for people and is left out); any other report becomes an object with `tables`
    /// (each with `title`, `rows` and `notes`), `text`, `figures` and `warnings`.
    static func json(_ report: Report) -> String {
        let tables = report.tables
        let value: Any
        if tables.count == 1 {
            value = jsonRows(tables[0])
        } else {
            var object: [String: Any] = [:]
            object["tables"] = tables.map { ["title": $0.title ?? "", "rows": jsonRows($0), "notes": $0.notes] as [String: Any] }
            object["text"] = report.blocks.compactMap { b -> String? in
                switch b { case .text(let s), .preformatted(let s): s; default: nil }
            }
            object["figures"] = report.figures.map { ["path": $0.path, "altText": $0.altText, "caption": $0.caption ?? ""] }
            object["warnings"] = report.blocks.compactMap { if case .warning(let s) = $0 { s } else { nil } }
            value = object
        }
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
