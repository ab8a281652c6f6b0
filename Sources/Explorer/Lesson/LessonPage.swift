import Foundation
import Ink

/// A lesson's page: the Markdown README, the same page as self-contained HTML, and every table
/// as CSV.
///
/// The page shows the title, the prose, and each visible cell as `$ explorer …` in a code block
/// followed by its results: tables as Markdown tables (each linked to its CSV), figures with
/// their alt text and paths relative to the page folder.
struct LessonPage {
    var markdown: String
    var html: String
    /// CSV files to write beside the page: file name and contents, in page order.
    var tables: [(name: String, csv: String)]

    init(lesson: Lesson, values: [String: String], items: [LessonRunner.Item], invocation: String) {
        var sections = ["# \(lesson.title)", "*\(lesson.summary)*"]
        var tables: [(name: String, csv: String)] = []
        var demos: [(before: Int, demo: GlassDemo)] = []
        for item in items {
            switch item {
            case .prose(let text):
                sections.append(text)
            case .cell(let cell) where !cell.hidden:
                sections.append("```console\n$ explorer \(cell.text)\n```")
                sections.append(contentsOf: Self.results(cell, tables: &tables))
                if let caption = cell.caption { sections.append("*\(caption)*") }
                if let demo = cell.report.glassDemo { demos.append((sections.count, demo)) }
            case .cell:
                continue
            }
        }
        sections.append("---")
        sections.append(Self.footer(lesson: lesson, values: values, invocation: invocation))
        self.markdown = sections.joined(separator: "\n\n") + "\n"
        self.tables = tables
        self.html = Self.html(title: lesson.title, summary: lesson.summary, sections: sections, demos: demos)
    }

    /// A cell's results as Markdown sections; tables get a CSV file each.
    static func results(_ cell: LessonRunner.CellResult, tables: inout [(name: String, csv: String)]) -> [String] {
        switch cell.format {
        case .json:
            return ["```json\n\(DataRenderer.json(cell.report))\n```"]
        case .csv:
            return ["```csv\n\(DataRenderer.csv(cell.report).trimmingTrailingBlanks())\n```"]
        case .text, .markdown:
            return cell.report.blocks.map { block in
                let markdown = MarkdownRenderer.render(Report(blocks: [block]))
                guard case .table(let table) = block else { return markdown }
                let name = table.csvName(taken: tables.map(\.name))
                tables.append((name, DataRenderer.csv(table)))
                return markdown + "\n\n[\(name)](\(name))"
            }
        }
    }

    static func footer(lesson: Lesson, values: [String: String], invocation: String) -> String {
        var text = "*Written by `\(invocation)` from `\(lesson.fileName)`"
        if !lesson.parameters.isEmpty {
            let settings = lesson.parameters.map { "\($0.name)=\(values[$0.name] ?? $0.value)" }
            text += " with " + settings.joined(separator: ", ")
            text += ". Change a value with `--set \(lesson.parameters[0].name)=…`"
        }
        return text + ".*"
    }

    /// A file-name stem for a title: lower-case letters and digits joined by single hyphens.
    static func slug(_ title: String) -> String {
        var result = ""
        for c in title.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) {
                result.append(c)
            } else if !result.isEmpty && result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    // MARK: - HTML

    /// The page as one self-contained HTML file: Ink turns the Markdown sections into HTML, and the
    /// style sheet is inline so the file needs nothing but the images beside it.
    ///
    /// Each glass demo goes before section `before` (right after its cell's results), with its
    /// rules in the page's style sheet; only the HTML page has them.
    static func html(title: String, summary: String, sections: [String], demos: [(before: Int, demo: GlassDemo)] = []) -> String {
        var body = "", styles = "", start = 0
        for (n, entry) in demos.enumerated() {
            let id = "glass-demo-\(n + 1)"
            body += MarkdownParser().html(from: sections[start..<entry.before].joined(separator: "\n\n")) + "\n"
            body += entry.demo.html(id: id) + "\n"
            styles += "\n" + entry.demo.css(id: id)
            start = entry.before
        }
        body += MarkdownParser().html(from: sections[start...].joined(separator: "\n\n"))
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="description" content="\(escapeHTML(summary))">
        <title>\(escapeHTML(title))</title>
        <style>
        \(styleSheet)\(styles)
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    static func escapeHTML(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Large type for a projector (22 px body), light and dark schemes from the reader's setting,
    /// images no wider than the page and small images enlarged with their pixels kept sharp.
    static let styleSheet = """
    :root {
      color-scheme: light dark;
      --text: #1a1a1a; --muted: #555; --page: #fcfcfa; --code: #f0efe9; --rule: #cfcdc4; --link: #0645ad;
    }
    @media (prefers-color-scheme: dark) {
      :root { --text: #eeeeea; --muted: #b0b0aa; --page: #141414; --code: #262624; --rule: #444; --link: #8cb4ff; }
    }
    html { font-size: 22px; }
    body { margin: 0; background: var(--page); color: var(--text);
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; line-height: 1.55; }
    main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
    h1 { font-size: 2.2rem; line-height: 1.2; margin: 0 0 0.5rem; }
    h1 + p { color: var(--muted); font-size: 1.15rem; }
    h2 { font-size: 1.6rem; margin-top: 2.5rem; }
    h3 { font-size: 1.25rem; margin-top: 2rem; }
    a { color: var(--link); }
    code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
    pre code { font-size: 1em; }
    pre { background: var(--code); padding: 0.7rem 1rem; border-radius: 6px; overflow-x: auto; line-height: 1.4; white-space: pre-wrap; }
    p code { background: var(--code); padding: 0.05em 0.3em; border-radius: 4px; }
    img { display: block; max-width: 100%; min-width: min(100%, 16rem); height: auto; image-rendering: pixelated;
      margin: 1rem 0; border: 1px solid var(--rule); }
    table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
    th, td { padding: 0.3rem 0.6rem; border-bottom: 1px solid var(--rule); text-align: left; }
    th { border-bottom-width: 2px; }
    td[align="right"], th[align="right"] { text-align: right; }
    hr { border: 0; border-top: 1px solid var(--rule); margin: 3rem 0 1rem; }
    hr + p { color: var(--muted); font-size: 0.85rem; }
    """
}
