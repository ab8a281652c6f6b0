import Authoring

/// Reports as terminal text that fits the terminal's width.
///
/// Generic rules serve every command, so no command lays out its own text:
/// - paragraphs, notes, titles and figure lines wrap at word boundaries; preformatted lines
///   (sparklines, source listings) that are too wide continue on an indented next line;
/// - a table too wide for the terminal first wraps its headings, then leaves out the columns
///   marked least important (`Table.Column.priority`), then wraps its text columns, then leaves
///   out columns from the right, and says in one line which columns it left out and where all
///   of them are;
/// - a table of more than `longTable` lines of rows (wrapped rows count each line) shows its first
///   and last rows and a line saying where every row is;
/// - with `Options.sayOnce`, a note or warning already printed is not printed again.
enum TextRenderer {
    /// A table longer than this shows only its first `headRows` and last `tailRows` rows.
    static let longTable = 20
    static let headRows = 10
    static let tailRows = 5
    /// A typed command's table with a `rowsFile` and more rows than this is one line naming the file.
    static let rowsBesideFile = 25

    /// Where the terminal sends a reader for the rows and columns a table leaves out.
    enum Complete: Equatable, Sendable {
        /// A command typed in the terminal: `--format csv` prints everything.
        case formatOption
        /// A file that holds the whole table (a lesson's CSV).
        case file(String)
    }

    /// What one terminal walk-through shares between reports.
    struct Options {
        /// Where a table's every row and column can be found.
        var complete: (Table) -> Complete = { _ in .formatOption }
        /// The file a figure can be read from, for drawing it inline; nil when it cannot.
        var figureFile: (Figure) -> String? = { $0.path }
        /// Print each note and warning once (a lesson's walk-through).
        var sayOnce = false
        /// Notes and warnings printed so far.
        var printed: Set<String> = []
    }

    static func render(_ report: Report, style: TerminalStyle) -> String {
        var options = Options()
        return render(report, style: style, options: &options)
    }

    static func render(_ report: Report, style: TerminalStyle, options: inout Options) -> String {
        var parts: [String] = []
        for block in report.blocks {
            switch block {
            case .text(let s), .dataTable(_, summary: let s):
                parts.append(wrap(s, width: style.proseWidth))
            case .preformatted(let s):
                parts.append(
                    s.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { fold(String($0), width: style.width) }.joined(separator: "\n"))
            case .table(let t):
                if let file = t.rowsFile, t.rows.count > rowsBesideFile, options.complete(t) == .formatOption {
                    parts.append(
                        wrap(
                            "The \(t.rows.count) rows of plotted values are in \(file); `--format csv` prints them as a table.",
                            width: style.proseWidth))
                    continue
                }
                var shown = t
                if options.sayOnce {
                    shown.notes = t.notes.filter { !options.printed.contains($0) }
                    options.printed.formUnion(t.notes)
                }
                parts.append(render(shown, style: style, complete: options.complete(t)))
            case .figure(let f):
                var text =
                    style.cyan("figure")
                    + wrap(
                        "figure " + f.path + (f.caption.map { " — \($0)" } ?? ""),
                        width: style.width
                    ).dropFirst("figure".count)
                if let file = options.figureFile(f), let picture = style.images.render(file: file, style: style) {
                    text = picture + "\n" + text
                }
                parts.append(text)
            case .warning(let s):
                if options.sayOnce {
                    if options.printed.contains(s) { continue }
                    options.printed.insert(s)
                }
                parts.append(
                    style.yellow("note: ")
                        + wrap(s, width: style.proseWidth - 6).replacingOccurrences(of: "\n", with: "\n      "))
            case .pageExtra:
                continue
            }
        }
        return parts.joined(separator: "\n\n")
    }

    // MARK: - Tables

    static func render(_ table: Table, style: TerminalStyle, complete: Complete = .formatOption) -> String {
        let limit = style.width
        let long = table.rows.count > longTable
        let rows = long ? Array(table.rows.prefix(headRows)) + Array(table.rows.suffix(tailRows)) : table.rows
        let layout = Layout(table, rows: rows, limit: limit)
        let kept = layout.kept
        var lines: [String] = []
        if let title = table.title { lines.append(style.bold(wrap(title, width: limit))) }
        func pad(_ s: String, _ i: Int) -> String {
            let gap = String(repeating: " ", count: max(0, layout.widths[i] - DisplayWidth.of(s)))
            return table.columns[i].alignRight ? gap + s : s + gap
        }
        func join(_ cells: [String]) -> String {
            String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        /// One logical row as terminal lines: each cell wrapped to its column, bottom-aligned when `bottom`.
        func block(_ texts: [String], bottom: Bool) -> [String] {
            let wrapped = zip(kept, texts).map { i, text in
                DisplayWidth.of(text) > layout.widths[i]
                    ? wrap(text, width: layout.widths[i]).split(separator: "\n").map(String.init) : [text]
            }
            let height = wrapped.map(\.count).max() ?? 1
            return (0..<height).map { line in
                join(
                    zip(kept, wrapped).map { i, cellLines in
                        let offset = bottom ? height - cellLines.count : 0
                        let index = line - offset
                        return pad(index >= 0 && index < cellLines.count ? cellLines[index] : "", i)
                    })
            }
        }
        lines += block(kept.map { table.columns[$0].title }, bottom: true).map(style.bold)
        if kept.contains(where: { !table.columns[$0].unit.isEmpty }) {
            lines += block(kept.map { table.columns[$0].unit }, bottom: false).map(style.dim)
        }
        lines.append(style.dim(kept.map { String(repeating: "─", count: layout.widths[$0]) }.joined(separator: "  ")))
        // A row whose cells wrap takes several lines: the limit is on lines, so a table of wrapped
        // rows shows fewer of them.
        let blocks = rows.map { row in block(kept.map { row[$0].display }, bottom: false) }
        var head = blocks.count, tail = 0
        if long || blocks.reduce(0, { $0 + $1.count }) > longTable {
            var used = 0
            head = 0
            while head < blocks.count, used + blocks[head].count <= headRows { used += blocks[head].count; head += 1 }
            head = max(head, 1)
            used = 0
            while tail < blocks.count - head, used + blocks[blocks.count - 1 - tail].count <= tailRows {
                used += blocks[blocks.count - 1 - tail].count
                tail += 1
            }
        }
        for b in blocks.prefix(head) { lines += b }
        if head + tail < table.rows.count {
            let hidden = table.rows.count - head - tail
            let whereAll =
                switch complete {
                case .formatOption: "`--format csv` prints all \(table.rows.count)"
                case .file(let path): "all \(table.rows.count) are in \(path)"
                }
            lines.append(style.dim(wrap("⋮ \(hidden) more rows; \(whereAll)", width: limit)))
        }
        for b in blocks.suffix(tail) { lines += b }
        if kept.count < table.columns.count {
            let left = table.columns.indices.filter { !kept.contains($0) }.map { table.columns[$0].title }
            let whereAll =
                switch complete {
                case .formatOption: "`--format csv` has them"
                case .file(let path): "they are in \(path)"
                }
            lines.append(
                style.dim(
                    wrap("Not shown at \(limit) columns: \(left.joined(separator: ", ")); \(whereAll).", width: limit)))
        }
        for note in table.notes { lines.append(style.dim(wrap(note, width: style.proseWidth))) }
        return lines.joined(separator: "\n")
    }

    /// Which columns a table shows in the terminal and how wide each is.
    struct Layout {
        var kept: [Int]
        var widths: [Int]

        init(_ table: Table, rows: [[Table.Cell]], limit: Int) {
            let n = table.columns.count
            func longestWord(_ s: String) -> Int {
                s.split(separator: " ").map { DisplayWidth.of($0) }.max() ?? 0
            }
            var cells = [Int](repeating: 0, count: n), words = [Int](repeating: 0, count: n)
            for row in rows {
                for i in 0..<n {
                    cells[i] = max(cells[i], DisplayWidth.of(row[i].display))
                    words[i] = max(words[i], longestWord(row[i].display))
                }
            }
            let units = table.columns.map { DisplayWidth.of($0.unit) }
            let headings = table.columns.map { DisplayWidth.of($0.title) }
            var widths = (0..<n).map { max(headings[$0], units[$0], cells[$0]) }
            // What each column keeps when its heading wraps, and when its text cells wrap too.
            let headingFloor = (0..<n).map { max(units[$0], cells[$0], longestWord(table.columns[$0].title)) }
            // A cell wraps only between words, so a number never breaks.
            let wrapFloor = (0..<n).map { i in
                max(units[i], words[i], longestWord(table.columns[i].title), min(cells[i], 12))
            }
            var kept = Array(0..<n)
            func excess() -> Int { kept.map { widths[$0] }.reduce(0, +) + 2 * (kept.count - 1) - limit }
            func shrink(toward floor: [Int]) {
                while excess() > 0 {
                    guard let widest = kept.filter({ widths[$0] > floor[$0] }).max(by: { widths[$0] < widths[$1] })
                    else { return }
                    widths[widest] -= 1
                }
            }
            shrink(toward: headingFloor)
            let optional = kept.filter { table.columns[$0].priority > 0 }
                .sorted { (table.columns[$0].priority, $0) > (table.columns[$1].priority, $1) }
            for column in optional where excess() > 0 { kept.removeAll { $0 == column } }
            shrink(toward: wrapFloor)
            while excess() > 0 && kept.count > 1 { kept.removeLast() }
            if excess() > 0, let only = kept.first { widths[only] = max(1, limit) }
            self.kept = kept
            self.widths = widths
        }
    }

    // MARK: - Text

    /// Wraps a paragraph at word boundaries to `width` columns; a word longer than a line is cut.
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        let width = max(width, indent.count + 1)
        var lines: [String] = []
        var line = indent
        var lineWidth = indent.count
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > indent.count && lineWidth + 1 + wordWidth > width {
                lines.append(line); line = indent; lineWidth = indent.count
            }
            while wordWidth > width - indent.count {
                if lineWidth > indent.count { lines.append(line); line = indent; lineWidth = indent.count }
                let piece = DisplayWidth.prefix(word, columns: width - indent.count)
                lines.append(indent + piece)
                word = word.dropFirst(piece.count)
                wordWidth = DisplayWidth.of(word)
            }
            if word.isEmpty { continue }
            if lineWidth > indent.count { line += " "; lineWidth += 1 }
            line += word
            lineWidth += wordWidth
        }
        if lineWidth > indent.count || lines.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// A preformatted line that fits `width`, continued on lines indented two more than it when
    /// it does not: broken at the last blank that fits, else cut. A line of code with a trailing
    /// comment (`sum += w  // weights`) that is too wide gets its comment on the lines above it
    /// instead, as a programmer would write it, so the code itself stays whole.
    static func fold(_ line: String, width: Int) -> String {
        guard DisplayWidth.of(line) > width, !line.contains("\u{1B}") else { return line }
        let leading = line.prefix { $0 == " " }.count
        if let marker = line.range(of: "  // ") {
            let code = String(line[..<marker.lowerBound].trimmingTrailingBlanks())
            let comment = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
            let margin = String(repeating: " ", count: leading) + "// "
            if !code.allSatisfy({ $0 == " " }), DisplayWidth.of(code) <= width, width - margin.count >= 20 {
                let above = wrap(comment, width: width - margin.count).split(separator: "\n").map { margin + $0 }
                return (above + [code]).joined(separator: "\n")
            }
        }
        let indent = String(repeating: " ", count: min(leading + 2, width / 2))
        var rest = Substring(line)
        var lines: [String] = []
        var prefix = ""
        while DisplayWidth.of(prefix) + rest.count > width {
            let room = width - prefix.count
            let head = rest.prefix(room)
            var cut = head.lastIndex(of: " ").flatMap { $0 > head.startIndex ? $0 : nil } ?? head.endIndex
            if head.prefix(upTo: cut).allSatisfy({ $0 == " " }) { cut = head.endIndex }
            lines.append(prefix + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
            prefix = indent
        }
        lines.append(prefix + rest)
        return lines.joined(separator: "\n")
    }
}
