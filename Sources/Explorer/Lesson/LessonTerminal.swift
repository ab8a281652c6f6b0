import Authoring
import Foundation

/// A lesson in the terminal: headings in bold, paragraphs and list items wrapped to the width,
/// each cell as `$ explorer …` followed by its result.
///
/// Only the block structure of Markdown that lessons use is interpreted (headings, paragraphs,
/// lists, quotes, code blocks, tables); inline, emphasis markers are dropped and links show their
/// address, and everything else is shown as written, which reads well in a terminal.
///
/// One walk-through keeps what it has printed: a table note or warning is said once per lesson,
/// and a long or wide table names the CSV file the page holds it in.
struct LessonTerminal {
    /// The page folder figure and CSV paths are shown in (`Output/lesson-03`).
    var pageFolder: String
    var style: TerminalStyle
    /// Where a figure's file is while the lesson runs (the page is written when every cell has).
    var figureFile: (String) -> String?
    var options = TextRenderer.Options()
    /// CSV file names the page gives the tables so far.
    var csvNames = CSVNames()

    init(pageFolder: String, style: TerminalStyle, figureFile: @escaping (String) -> String? = { _ in nil }) {
        self.pageFolder = pageFolder
        self.style = style
        self.figureFile = figureFile
        options.sayOnce = true
    }

    /// A number the reader typed at a `--step` pause (`12`, `0.5`, `1,5`, `≈ 3`, `40 %`), or nil.
    static func typedNumber(_ line: String) -> Double? {
        var text = line.trimmingCharacters(in: .whitespaces)
        for mark in ["≈", "~", "%"] { text = text.replacingOccurrences(of: mark, with: "") }
        text = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            .replacingOccurrences(of: "−", with: "-")
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// How far the reader's prediction was from the result the cell's `answer="…"` names.
    static func predictionCheck(guess: Double, result: Double, name: String, style: TerminalStyle) -> String {
        let distance = abs(guess - result)
        var text = "You predicted \(NumberText.compact(guess)); the result (\(name)) is \(NumberText.compact(result)): "
        if distance == 0 {
            text += "exactly right."
        } else {
            text += "\(NumberText.compact(distance, significant: 3)) \(guess < result ? "below" : "above")"
            if result != 0 { text += ", \(NumberText.fixed(100 * distance / abs(result), digits: 0)) % off" }
            text += "."
        }
        return style.yellow(TextRenderer.wrap(text, width: style.proseWidth))
    }

    /// The title, the summary and the parameter values in effect.
    static func header(_ lesson: Lesson, values: [String: String], style: TerminalStyle) -> String {
        var lines = [
            style.bold(TextRenderer.wrap(lesson.title, width: style.proseWidth)),
            style.dim(TextRenderer.wrap(lesson.summary, width: style.proseWidth))
        ]
        if !lesson.parameters.isEmpty {
            let settings = lesson.parameters.map { "\($0.name)=\(values[$0.name] ?? $0.value)" }.joined(separator: " ")
            lines.append(style.dim(TextRenderer.wrap("parameters: \(settings)", width: style.proseWidth)))
        }
        return lines.joined(separator: "\n")
    }

    /// One piece of a lesson on its own (no notes remembered); nil for a hidden cell.
    static func render(_ item: LessonRunner.Item, pageFolder: String, style: TerminalStyle) -> String? {
        var terminal = LessonTerminal(pageFolder: pageFolder, style: style)
        return terminal.render(item)
    }

    /// One piece of the lesson; nil for a hidden cell. Figure paths are shown inside `pageFolder`.
    mutating func render(_ item: LessonRunner.Item) -> String? {
        switch item {
        case .prose(let markdown):
            return markdown.isEmpty ? nil : Self.prose(markdown, style: style)
        case .cell(let cell):
            guard !cell.hidden else { return nil }
            var report = cell.report
            for index in report.blocks.indices {
                if case .figure(var figure) = report.blocks[index], !figure.path.hasPrefix("/") {
                    figure.path = pageFolder + "/" + figure.path
                    report.blocks[index] = .figure(figure)
                }
            }
            var names: [Int: String] = [:]
            if cell.format == .text || cell.format == .markdown {
                for (n, table) in cell.report.tables.enumerated() {
                    let name = csvNames.claim(table)
                    names[n] = name
                }
            }
            let tables = report.tables
            let folder = pageFolder
            options.complete = { table in
                guard let n = tables.firstIndex(of: table), let name = names[n] else { return .formatOption }
                return .file(folder + "/" + name)
            }
            let prefix = pageFolder + "/"
            let locate = figureFile
            options.figureFile = { figure in
                figure.path.hasPrefix(prefix) ? locate(String(figure.path.dropFirst(prefix.count))) : figure.path
            }
            let result = String(cell.format.render(report, style: style, options: &options).trimmingTrailingBlanks())
            var lines = [style.cyan(Self.command(cell.text, width: style.proseWidth))]
            if !result.isEmpty { lines.append(result) }
            if let caption = cell.caption {
                lines.append(style.dim(TextRenderer.wrap(caption, width: style.proseWidth)))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// `$ explorer …` for a cell's command, continued with ` \` on indented lines when it is
    /// wider than `width`, broken only between words (quoted words are kept whole), so that it
    /// can still be pasted into a shell.
    static func command(_ text: String, width: Int) -> String {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                word.append(c)
                if c == q { quote = nil }
            } else if c == " " {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                if c == "\"" || c == "'" { quote = c }
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
        var lines: [String] = []
        var line = "$ explorer"
        for word in words {
            let room = width - 2
            if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > room && line.count > 6 {
                lines.append(line + " \\")
                line = "    " + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Markdown prose as terminal text.
    static func prose(_ markdown: String, style: TerminalStyle) -> String {
        enum Block {
            case heading(String)
            case paragraph([String])
            case item(marker: String, [String])
            case quote([String])
            case table([String])
            case code([String])
        }
        var blocks: [Block] = []
        var open = false
        var fence: LessonParser.Fence?
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let current = fence {
                if current.isClosed(by: rawLine) {
                    fence = nil
                    open = false
                } else if case .code(let lines) = blocks.last {
                    blocks[blocks.count - 1] = .code(lines + [String(rawLine)])
                }
                continue
            }
            let line = String(rawLine.drop(while: { $0 == " " }))
            if line.isEmpty { open = false; continue }
            if let opening = LessonParser.Fence(rawLine) {
                fence = opening
                blocks.append(.code([]))
            } else if line.hasPrefix("#") {
                blocks.append(.heading(String(line.drop(while: { $0 == "#" }).drop(while: { $0 == " " }))))
                open = false
                continue
            } else if let marker = listMarker(Substring(line)) {
                blocks.append(.item(marker: marker, [String(line.drop(while: { $0 != " " }).dropFirst())]))
            } else if line.hasPrefix("|") {
                if open, case .table(let lines) = blocks.last {
                    blocks[blocks.count - 1] = .table(lines + [line])
                } else {
                    blocks.append(.table([line]))
                }
            } else if line.hasPrefix(">") {
                let text = String(line.drop(while: { $0 == ">" || $0 == " " }))
                if open, case .quote(let lines) = blocks.last {
                    blocks[blocks.count - 1] = .quote(lines + [text])
                } else {
                    blocks.append(.quote([text]))
                }
            } else if open, let last = blocks.last {
                switch last {
                case .paragraph(let lines): blocks[blocks.count - 1] = .paragraph(lines + [line])
                case .item(let marker, let lines): blocks[blocks.count - 1] = .item(marker: marker, lines + [line])
                case .quote(let lines): blocks[blocks.count - 1] = .quote(lines + [line])
                default: blocks.append(.paragraph([line]))
                }
            } else {
                blocks.append(.paragraph([line]))
            }
            open = true
        }
        var text = ""
        var previousWasItem = false
        for block in blocks {
            var isItem = false
            let rendered: String
            switch block {
            case .heading(let heading):
                rendered = style.bold(inline(heading))
            case .paragraph(let lines):
                rendered = TextRenderer.wrap(inline(lines.joined(separator: " ")), width: style.proseWidth)
            case .item(let marker, let lines):
                let indent = String(repeating: " ", count: marker.count)
                let wrapped = TextRenderer.wrap(
                    inline(lines.joined(separator: " ")), width: style.proseWidth, indent: indent)
                rendered = marker + wrapped.dropFirst(indent.count)
                isItem = true
            case .quote(let lines):
                rendered = TextRenderer.wrap(
                    inline(lines.joined(separator: " ")), width: style.proseWidth, indent: "│ ")
            case .table(let lines):
                rendered =
                    markdownTable(lines).map { TextRenderer.render($0, style: style) } ?? lines.joined(separator: "\n")
            case .code(let lines):
                rendered = lines.map { "    " + $0 }.joined(separator: "\n")
            }
            if !text.isEmpty { text += isItem && previousWasItem ? "\n" : "\n\n" }
            text += rendered
            previousWasItem = isItem
        }
        return text
    }

    /// A Markdown pipe table from prose as a `Table`, so that it fits the terminal as command
    /// tables do; nil when the lines are not one (no `|---|` row under the heading).
    static func markdownTable(_ lines: [String]) -> Table? {
        func cells(_ line: String) -> [String] {
            var text = Substring(line.trimmingTrailingBlanks())
            if text.hasPrefix("|") { text = text.dropFirst() }
            if text.hasSuffix("|") && !text.hasSuffix("\\|") { text = text.dropLast() }
            var result: [String] = [], cell = "", escaped = false
            for c in text {
                if escaped {
                    cell.append(c); escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "|" {
                    result.append(cell); cell = ""
                } else {
                    cell.append(c)
                }
            }
            result.append(cell)
            return result.map {
                inline($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: ""))
            }
        }
        guard lines.count >= 2 else { return nil }
        let headings = cells(lines[0]), rule = cells(lines[1])
        guard rule.count == headings.count, rule.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "-:".contains($0) } })
        else { return nil }
        var table = Table(
            columns: zip(headings, rule).enumerated().map { n, pair in
                Table.Column(key: "c\(n)", title: pair.0, alignRight: pair.1.hasSuffix(":") && !pair.1.hasPrefix(":"))
            })
        for line in lines.dropFirst(2) {
            let row = cells(line)
            table.append(headings.indices.map { .text($0 < row.count ? row[$0] : "") })
        }
        return table
    }

    /// `•` for a `-`, `*` or `+` item, `N.` for a numbered one; nil when the line is no list item.
    static func listMarker(_ line: Substring) -> String? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { return "• " }
        let digits = line.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") { return digits + ". " }
        return nil
    }

    /// Inline Markdown for the terminal: emphasis markers (`*`) dropped, `[text](url)` shown as
    /// `text (url)` and `![alt](path)` as `[figure path: alt]`; `&lt;` and `&gt;` as `<` and `>`.
    static func inline(_ text: String) -> String {
        var source = Substring(dropEmphasis(text))
        var result = ""
        while let open = source.indices.first(where: {
            source[$0] == "[" && ($0 == source.startIndex || source[source.index(before: $0)] != "\\")
        }) {
            let isImage = open > source.startIndex && source[source.index(before: open)] == "!"
            guard let middle = source[open...].firstRange(of: "]("),
                let close = source[middle.upperBound...].firstIndex(of: ")")
            else { break }
            let label = source[source.index(after: open)..<middle.lowerBound]
            let target = source[middle.upperBound..<close]
            result += source[..<(isImage ? source.index(before: open) : open)]
            result += isImage ? "[figure \(target): \(label)]" : "\(label) (\(target))"
            source = source[source.index(after: close)...]
        }
        // Prose writes values with Markdown escaped and `<`, `>`, `&` as references
        // (`LessonPage.proseValue`); the terminal shows the characters.
        return MarkdownText.plain(result + source)
    }

    /// The text without `*` emphasis markers; a `*` with blanks on both sides (`a * b`) stays.
    static func dropEmphasis(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        for (i, c) in characters.enumerated() {
            if c == "*", i == 0 || characters[i - 1] != "\\" {
                let before = i > 0 ? characters[i - 1] : " "
                let after = i + 1 < characters.count ? characters[i + 1] : " "
                if !(before == " " && after == " ") { continue }
            }
            result.append(c)
        }
        return result
    }
}
