import Authoring
import Foundation

/// A lesson's page: the Markdown README, the same page as self-contained HTML, and every table
/// as CSV.
///
/// The page shows the title, the prose, and each visible cell as `$ explorer …` in a code block
/// followed by its results: tables as Markdown tables (each linked to its CSV, and to the
/// glossary entries of its columns), figures with their alt text and paths relative to the page
/// folder. A line of links to the previous and next lesson and the course index opens and
/// closes the page; answers to exercises are folded away (`CourseSections`). The README ends
/// with an invisible comment that `CourseIndex` reads to list the page (`info`).
struct LessonPage {
    var markdown: String
    var html: String
    /// CSV files to write beside the page: file name and contents, in page order.
    var tables: [(name: String, csv: String)]
    /// The file line of the cell whose table each CSV holds, by CSV name.
    var tableLines: [String: Int] = [:]
    /// What the course index shows of this page.
    var info: CourseIndex.PageInfo

    init(lesson: Lesson, values: [String: String], items: [LessonRunner.Item], invocation: String) {
        let navigation = CourseNavigation.of(lesson)
        // The Markdown page and the HTML page differ only in their links and folded answers, so
        // each section is kept in both forms, in step.
        var sections = ["# \(Self.pageText(lesson.title))", "*\(Self.pageText(lesson.summary))*"]
        var htmlSections = sections
        func add(_ markdown: String, html: String? = nil) {
            sections.append(markdown)
            htmlSections.append(html ?? markdown)
        }
        add(navigation.line(page: "README.md"), html: navigation.line(page: "index.html"))
        var tables: [(name: String, csv: String)] = []
        var tableLines: [String: Int] = [:]
        var csvNames = CSVNames()
        var extras: [(before: Int, extra: PageExtra)] = []
        var section = CourseSections.Section.other
        var firstFigure: Figure?
        // The HTML page's lead: the first figure and its caption, lifted under the title.
        var lead: String?
        var notes: Set<String> = []
        for item in items.map({ (item: LessonRunner.Item) -> LessonRunner.Item in Self.notesOnce(item, seen: &notes) })
        {
            switch item {
            case .prose(let text):
                for piece in CourseSections.pieces(text, section: &section) {
                    switch piece {
                    case .text(let text): add(text)
                    case .answer(let answer):
                        add(CourseSections.markdown(answer: answer), html: CourseSections.html(answer: answer))
                    }
                }
            case .cell(let cell) where !cell.hidden:
                add(MarkdownText.codeBlock("$ explorer \(cell.text)", info: "console"))
                let before = tables.count
                let results = Self.results(cell, tables: &tables, names: &csvNames)
                let lifted = lead == nil ? Self.leadIndex(cell, results: results) : nil
                for (index, result) in results.enumerated() {
                    add(result, html: index == lifted ? Self.leadNote : nil)
                }
                for table in tables[before...] { tableLines[table.name] = cell.line }
                if cell.format == .text || cell.format == .markdown {
                    for table in cell.report.tables {
                        if let line = Glossary.line(for: table, page: "../glossary.md") {
                            add(line, html: Glossary.line(for: table, page: "../glossary.html"))
                        }
                    }
                }
                let caption = cell.caption.map { "*\(Self.pageText($0))*" }
                if let lifted { lead = results[lifted] + (caption.map { "\n\n" + $0 } ?? "") }
                // The HTML page shows a lifted figure's caption with it, in the lead.
                if let caption { add(caption, html: lifted == nil ? nil : "") }
                for extra in cell.report.pageExtras { extras.append((sections.count, extra)) }
                if firstFigure == nil { firstFigure = cell.report.figures.first }
            case .cell:
                continue
            }
        }
        add("---")
        add(Self.footer(lesson: lesson, values: values, invocation: invocation))
        add(navigation.line(page: "README.md"), html: navigation.line(page: "index.html"))
        let proseItems = items.compactMap { if case .prose(let text) = $0 { text } else { nil } }
        // The index shows the title, summary and alt text as Markdown: escaped like the page's own.
        self.info = CourseIndex.PageInfo(
            number: lesson.number, folder: lesson.pageFolderName, title: Self.pageText(lesson.title),
            summary: Self.pageText(lesson.summary), takeaways: CourseSections.takeaways(proseItems),
            figure: firstFigure?.path, figureAlt: firstFigure.map { Self.pageText($0.altText) })
        self.markdown = sections.joined(separator: "\n\n") + "\n\n" + CourseIndex.comment(info) + "\n"
        self.tables = tables
        self.tableLines = tableLines
        // Right under the title, before the summary: on a phone under the live page's bar, the
        // summary's lines would push the figure off the first screen.
        if let lead { htmlSections[0] += "\n\n<div id=\"lead\">\n\n" + lead + "\n\n</div>" }
        self.html = Self.html(title: lesson.title, summary: lesson.summary, sections: htmlSections, extras: extras)
    }

    /// Which of a cell's results is the figure the HTML page lifts under its title (its first
    /// figure), or nil when it shows none. A lesson's first figure is usually far down the page,
    /// below the prose that leads to it: lifted, it and the sliders are on the first screen of a
    /// projector and of a phone (issue 39); its cell keeps its command, tables, and a link up.
    static func leadIndex(_ cell: LessonRunner.CellResult, results: [String]) -> Int? {
        guard cell.format == .text || cell.format == .markdown, let figure = cell.report.figures.first else {
            return nil
        }
        return results.firstIndex(of: resultText(MarkdownRenderer.render(Report(blocks: [.figure(figure)]))))
    }

    /// What the lifted figure's cell shows in its place.
    static let leadNote = "*[↑ This command's figure, with its caption, is at the top of the page.](#lead)*"

    /// A cell's results as Markdown sections; tables get a CSV file each.
    static func results(
        _ cell: LessonRunner.CellResult, tables: inout [(name: String, csv: String)], names: inout CSVNames
    ) -> [String] {
        switch cell.format {
        case .json:
            return [MarkdownText.codeBlock(DataRenderer.json(cell.report), info: "json")]
        case .csv:
            return [MarkdownText.codeBlock(String(DataRenderer.csv(cell.report).trimmingTrailingBlanks()), info: "csv")]
        case .text, .markdown:
            return cell.report.blocks.compactMap { block in
                if case .pageExtra = block { return nil }
                if case .dataTable(_, let summary) = block {
                    return resultText(MarkdownRenderer.render(Report(blocks: [.text(summary)])))
                }
                guard case .table(let table) = block else {
                    return resultText(MarkdownRenderer.render(Report(blocks: [block])))
                }
                let name = names.claim(table)
                tables.append((name, DataRenderer.csv(table)))
                return pageTable(table) + "\n\n[\(name)](\(name))"
            }
        }
    }

    /// A table as page Markdown: a long one is folded in a real `<details>` element (its cells
    /// escaped by the renderer, its title and notes here), a short one escaped as a whole.
    static func pageTable(_ table: Table) -> String {
        guard table.rows.count > TextRenderer.longTable else { return resultText(MarkdownRenderer.render(table)) }
        return MarkdownRenderer.render(table)
    }

    static func footer(lesson: Lesson, values: [String: String], invocation: String) -> String {
        var text = "*Written by \(MarkdownText.codeSpan(invocation)) from \(MarkdownText.codeSpan(lesson.fileName))"
        if !lesson.parameters.isEmpty {
            let settings = lesson.parameters.map { "\($0.name)=\(pageText(values[$0.name] ?? $0.value))" }
            text += " with " + settings.joined(separator: ", ")
            text += ". Change a value with " + MarkdownText.codeSpan("--set \(lesson.parameters[0].name)=…")
        }
        return text + ".*"
    }

    // MARK: - Text from outside

    /// Text from outside the page's own structure (a title, summary, caption or `--set` value)
    /// as Markdown that shows it literally: characters that would open HTML, end an attribute
    /// or make a link become character references, which Markdown renderers (cmark-gfm, GitHub) show
    /// as the characters themselves.
    static func pageText(_ text: String) -> String {
        MarkdownText.prose(text)
    }

    /// A value written into prose by `{{…}}` (outside a code span: `ProseLine`): Markdown's
    /// punctuation escaped and text that could open HTML made references (`MarkdownText.prose`),
    /// so a `--set` value reads as text in the page; the lesson's own Markdown around it is kept.
    static func proseValue(_ value: LessonExpression.Value) -> String {
        guard case .text(let text) = value else { return value.rendered }
        return MarkdownText.prose(text)
    }

    /// A cell's rendered result (tables, figures, text that may quote files or `--set` values)
    /// with the characters that could open HTML or end an attribute made references; fenced
    /// code blocks are left alone, since Markdown renderers escape their contents themselves.
    static func resultText(_ markdown: String) -> String {
        markdown.hasPrefix("```") ? markdown : referencing(markdown, htmlReferences)
    }

    /// The characters that could open HTML or end an attribute, and their references.
    static let htmlReferences: [Character: String] = ["<": "&lt;", ">": "&gt;", "\"": "&quot;"]

    /// `text` with each character that `references` names replaced by its text.
    static func referencing(_ text: String, _ references: [Character: String]) -> String {
        var out = ""
        for c in text {
            if let reference = references[c] { out += reference } else { out.append(c) }
        }
        return out
    }

    // MARK: - HTML

    /// The page as one self-contained HTML file: cmark-gfm (`CommonMark`) turns the Markdown sections into HTML, and the
    /// style sheet is inline so the file needs nothing but the images beside it.
    ///
    /// Each page extra goes before section `before` (right after its cell's results), with its
    /// rules in the page's style sheet and an id numbered by kind (`glass-demo-1`); only the HTML
    /// page has them.
    static func html(title: String, summary: String, sections: [String], extras: [(before: Int, extra: PageExtra)] = [])
        -> String
    {
        var body = "", styles = "", start = 0
        var counts: [String: Int] = [:]
        for entry in extras {
            let island = entry.extra.island
            counts[island.idStem, default: 0] += 1
            let id = "\(island.idStem)-\(counts[island.idStem]!)"
            body += CommonMark.html(from: sections[start..<entry.before].joined(separator: "\n\n")) + "\n"
            body += island.html(id: id) + "\n"
            styles += "\n" + island.css(id: id)
            start = entry.before
        }
        body += CommonMark.html(from: sections[start...].joined(separator: "\n\n"))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
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

    /// The page's policy: no inline script, event handler or `javascript:` link, and nothing
    /// fetched from another origin, so whatever text from outside became markup despite the
    /// escaping can neither run nor call out. A static page needs only its inline style sheet
    /// and its images (beside it, or inlined by `--embed`); the live page of `explorer serve`,
    /// built on this one, adds a `<base>`, its own script and requests to its own origin, which
    /// the policy allows (and the server's header says the same).
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob: file:; style-src 'self' 'unsafe-inline'; "
        + "script-src 'self'; base-uri 'self'; form-action 'none'"

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
        main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; overflow-wrap: anywhere; }
        h1 { font-size: 2.2rem; line-height: 1.2; margin: 0 0 0.5rem; }
        h1 + p, #lead + p { color: var(--muted); font-size: 1.15rem; }
        h2 { font-size: 1.6rem; margin-top: 2.5rem; }
        h3 { font-size: 1.25rem; margin-top: 2rem; }
        a { color: var(--link); }
        code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
        pre code { font-size: 1em; }
        pre { background: var(--code); padding: 0.7rem 1rem; border-radius: 6px; overflow-x: auto; line-height: 1.4; white-space: pre-wrap; }
        p code { background: var(--code); padding: 0.05em 0.3em; border-radius: 4px; }
        img { display: block; max-width: 100%; max-height: calc(100vh - 2rem); min-width: min(100%, 16rem);
          width: auto; height: auto; image-rendering: pixelated; margin: 1rem 0; border: 1px solid var(--rule); }
        table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
        th, td { padding: 0.3rem 0.6rem; border-bottom: 1px solid var(--rule); text-align: left; overflow-wrap: normal; }
        th { border-bottom-width: 2px; }
        td[align="right"], th[align="right"] { text-align: right; }
        hr { border: 0; border-top: 1px solid var(--rule); margin: 3rem 0 1rem; }
        hr + p { color: var(--muted); font-size: 0.85rem; }
        details.answer { margin: 0.5rem 0 1.5rem; padding: 0.4rem 1rem; border-left: 4px solid var(--rule); background: var(--code); border-radius: 6px; }
        details.answer > summary { cursor: pointer; font-weight: 600; }
        #lead img { max-height: 55vh; margin: 0.5rem 0; }
        #lead p { margin: 0.3rem 0; }
        @media (max-width: 600px) { main { padding-top: 1rem; } h1 { font-size: 1.5rem; } h1 + p, #lead + p { font-size: 1rem; } }
        """
}
