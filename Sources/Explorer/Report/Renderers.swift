import Authoring
import Foundation

/// The formats a command's report can be printed in.
enum OutputFormat: String, CaseIterable, Sendable {
    case text, markdown, csv, json

    /// `report` in this format: the one place a format picks its renderer.
    ///
    /// - Parameters:
    ///   - style: the terminal's style, for `text`.
    ///   - options: what the text renderer remembers across reports (a lesson's walk-through).
    func render(_ report: Report, style: TerminalStyle, options: inout TextRenderer.Options) -> String {
        switch self {
        case .text: TextRenderer.render(report, style: style, options: &options)
        case .markdown: MarkdownRenderer.render(report)
        case .csv: DataRenderer.csv(report)
        case .json: DataRenderer.json(report)
        }
    }

    /// `report` in this format, on its own.
    func render(_ report: Report, style: TerminalStyle) -> String {
        var options = TextRenderer.Options()
        return render(report, style: style, options: &options)
    }
}

// MARK: - Text (terminal): see TextRenderer.swift

// MARK: - Markdown

enum MarkdownRenderer {
    /// - Parameter figureBase: a folder that figure paths are made relative to (a page's folder).
    static func render(_ report: Report, figureBase: String? = nil) -> String {
        report.blocks.compactMap { block in
            switch block {
            case .text(let s): return s
            case .preformatted(let s): return MarkdownText.codeBlock(s, info: "text")
            case .table(let t), .dataTable(let t, _): return render(t)
            case .figure(let f):
                let path = figureBase.map { relative(f.path, to: $0) } ?? f.path
                let image = "![\(escape(f.altText))](\(MarkdownText.destination(path)))"
                return f.caption.map { "\(image)\n\n*\(escape($0))*" } ?? image
            case .warning(let s): return "> **Note:** \(s)"
            case .pageExtra: return nil
            }
        }.joined(separator: "\n\n")
    }

    /// A table in Markdown; one of more than `TextRenderer.longTable` rows is folded in a
    /// `<details>` element as an HTML table (Markdown is not read inside HTML blocks), so a page
    /// reads on past it.
    static func render(_ table: Table) -> String {
        var lines: [String] = []
        if let title = table.title { lines.append("**\(escape(title))**\n") }
        let headings = table.columns.map { c in c.unit.isEmpty ? c.title : "\(c.title) (\(c.unit))" }
        if table.rows.count > TextRenderer.longTable {
            func cell(_ tag: String, _ text: String, _ right: Bool) -> String {
                "<\(tag)\(right ? " align=\"right\"" : "")>\(LessonPage.escapeHTML(text))</\(tag)>"
            }
            lines += [
                "<details>", "<summary>\(table.rows.count) rows</summary>", "<table>",
                "<tr>" + zip(headings, table.columns).map { cell("th", $0, $1.alignRight) }.joined() + "</tr>"
            ]
            for row in table.rows {
                lines.append(
                    "<tr>" + zip(row, table.columns).map { cell("td", $0.display, $1.alignRight) }.joined() + "</tr>")
            }
            lines += ["</table>", "</details>"]
        } else {
            lines.append("| " + headings.map(escape).joined(separator: " | ") + " |")
            lines.append("|" + table.columns.map { $0.alignRight ? "---:|" : "---|" }.joined())
            for row in table.rows {
                lines.append("| " + row.map { escape($0.display) }.joined(separator: " | ") + " |")
            }
        }
        if !table.notes.isEmpty { lines.append("\n" + table.notes.map { "*\(escape($0))*" }.joined(separator: "  \n")) }
        return lines.joined(separator: "\n")
    }

    /// Text from a result (a cell, heading, title, caption or alt text: file names, PNG text,
    /// `--set` values) as Markdown that shows it literally (`MarkdownText.prose`).
    static func escape(_ s: String) -> String {
        MarkdownText.prose(s)
    }

    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

// MARK: - CSV and JSON

enum DataRenderer {
    static func csv(_ table: Table) -> String {
        // RFC 4180 quoting; text that a spreadsheet would take for a formula (`=`, `+`, `@`,
        // a tab or CR first: a `--set` value in a table, say) gets a leading `'` (OWASP's advice).
        func quote(_ text: String) -> String {
            let s = text.first.map { "=+@\t\r".contains($0) } == true ? "'" + text : text
            return s.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var lines = [table.columns.map { quote($0.key) }.joined(separator: ",")]
        for row in table.rows {
            lines.append(
                row.map { cell in
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
        let tables = report.dataTables
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
    /// table is for people and is left out), or, with `jsonFields`, an object of those fields
    /// and `rows`; any other report becomes an object with `tables`
    /// (each with `title`, `rows` and `notes`), `text`, `figures` and `warnings`.
    static func json(_ report: Report) -> String {
        let tables = report.dataTables
        let value: Any
        if tables.count == 1, !report.jsonFields.isEmpty {
            var object: [String: Any] = report.jsonFields
            object["rows"] = jsonRows(tables[0])
            value = object
        } else if tables.count == 1 {
            value = jsonRows(tables[0])
        } else {
            var object: [String: Any] = [:]
            object["tables"] = tables.map {
                ["title": $0.title ?? "", "rows": jsonRows($0), "notes": $0.notes] as [String: Any]
            }
            object["text"] = report.blocks.compactMap { b -> String? in
                switch b {
                case .text(let s), .preformatted(let s): s;
                default: nil
                }
            }
            object["figures"] = report.figures.map {
                ["path": $0.path, "altText": $0.altText, "caption": $0.caption ?? ""]
            }
            object["warnings"] = report.blocks.compactMap { if case .warning(let s) = $0 { s } else { nil } }
            value = object
        }
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
