/// What prose may read of a named cell's result (`id="errors"` on the cell's fence line).
///
/// A named cell's report gives `{{…}}` these names, for use in prose and in `{{#if …}}` conditions:
/// - `ID.ROW.COLUMN`: a table cell, found by its row's first cell and its column's key
///   (`errors.box.interiorMax`). A row's key is its first cell's text with every run of characters
///   other than letters, digits and `_` written as one `_` (`iterated-box` → `iterated_box`, `σ = 2`
///   → `σ_2`). When several tables have the row and column, the first one answers.
/// - `ID.COLUMN`: the cell of a table that has one row only (`fringe.largestSeenError`).
/// - `ID.rows`: how many rows the cell's first table has.
/// - `ID.KEY`: a value the cell measured outside its tables, such as a strip's largest difference
///   (`strip.largestDifference`); `Report.measures` lists them.
///
/// A table cell reads as it is shown: its text in the table (`0.016`), which counts as a number
/// where it reads as one; a number the table writes otherwise (`1.4e−5`) reads as its exact value.
///
/// The lesson's expression language looks these up as ordinary names (a name may hold dots), so
/// the parser needs nothing more; this type makes the names and explains the ones that are missing.
package enum CellResults {
    /// The key of a row whose first cell shows `label`.
    package static func rowKey(_ label: String) -> String {
        var key = ""
        var pendingGap = false
        for c in label {
            if c.isLetter || c.isNumber || c == "_" {
                if pendingGap && !key.isEmpty { key.append("_") }
                pendingGap = false
                key.append(c)
            } else {
                pendingGap = true
            }
        }
        return key
    }

    /// Every name the report of the cell `id` gives prose.
    package static func names(id: String, report: Report) -> [String: LessonExpression.Value] {
        var names: [String: LessonExpression.Value] = [:]
        for table in report.tables {
            for row in table.rows {
                guard let first = row.first else { continue }
                let rowKey = rowKey(first.display)
                guard !rowKey.isEmpty else { continue }
                for (column, cell) in zip(table.columns, row) {
                    let name = "\(id).\(rowKey).\(column.key)"
                    if names[name] == nil { names[name] = value(cell) }
                }
            }
        }
        // A table of one row (a fringe, a glass panel) is read without naming its row.
        for table in report.tables where table.rows.count == 1 {
            for (column, cell) in zip(table.columns, table.rows[0]) where names["\(id).\(column.key)"] == nil {
                names["\(id).\(column.key)"] = value(cell)
            }
        }
        if let first = report.tables.first { names["\(id).rows"] = .number(Double(first.rows.count)) }
        for (key, value) in report.measures where names["\(id).\(key)"] == nil {
            names["\(id).\(key)"] = .number(value)
        }
        return names
    }

    /// The number a cell's `answer="…"` names among its results, nil when it reads as text (a
    /// dash where the picture has no interior); a name the results lack stops the lesson at the
    /// cell's fence line, as a prose name would.
    package static func answer(
        of cell: Lesson.Cell, in names: [String: LessonExpression.Value], report: Report,
        path: String
    ) throws(LessonError) -> Double? {
        guard let answer = cell.answer else { return nil }
        guard let value = names[answer] else {
            throw LessonError(
                path, line: cell.fenceLine,
                "answer=: " + missing(answer, id: cell.id ?? "", line: cell.line, report: report))
        }
        // A result shown as text ("—": no interior on a small picture) has nothing to compare.
        return value.number
    }

    /// A table cell as prose reads it: as shown, or its exact number when the shown text is not one.
    package static func value(_ cell: Table.Cell) -> LessonExpression.Value {
        switch cell.value {
        case .number(let x) where LessonExpression.Value.text(cell.display).number == nil: .number(x)
        case .integer(let n) where LessonExpression.Value.text(cell.display).number == nil: .number(Double(n))
        default: .text(cell.display)
        }
    }

    /// The dotted names (`errors.box.interiorMax`) in the `{{…}}` of `text`, outside quotes.
    package static func dottedNames(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "}}") else { break }
            var name = ""
            var quote: Character?
            func flush() {
                if name.contains("."), name.first?.isLetter == true { found.append(name) }
                name = ""
            }
            for c in after[..<close.lowerBound] {
                if let q = quote {
                    if c == q { quote = nil }
                    continue
                }
                if c == "\"" || c == "'" { flush(); quote = c; continue }
                if c.isLetter || c.isNumber || c == "_" || c == "." { name.append(c) } else { flush() }
            }
            flush()
            rest = after[close.upperBound...]
        }
        return found
    }

    /// Why `name` (which starts with `id.`) is not among `names`: the row or column that is missing,
    /// and the ones the cell has.
    package static func missing(_ name: String, id: String, line: Int, report: Report) -> String {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let cell = "the cell '\(id)' (line \(line))"
        let rows = report.tables.flatMap { $0.rows.compactMap { $0.first.map { rowKey($0.display) } } }
        let measured = report.measures.keys.sorted()
        func list(_ items: [String]) -> String {
            var seen = Set<String>()
            let unique = items.filter { !$0.isEmpty && seen.insert($0).inserted }
            return unique.isEmpty ? "none" : unique.joined(separator: ", ")
        }
        if parts.count == 2 {
            let single = report.tables.filter { $0.rows.count == 1 }.flatMap { $0.columns.map(\.key) }
            let others = (report.tables.isEmpty ? [] : ["rows"]) + single + measured
            return
                "{{\(name)}}: \(cell) measured no '\(parts[1])'; it has \(list(others)), and a table cell is read as \(id).ROW.COLUMN with rows \(list(rows))"
        }
        let row = parts[1]
        guard
            let table = report.tables.first(where: { $0.rows.contains { $0.first.map { rowKey($0.display) } == row } })
        else {
            return "{{\(name)}}: \(cell) has no row '\(row)'; its rows are \(list(rows))"
        }
        let columns = table.columns.map(\.key)
        if parts.count == 3 {
            return "{{\(name)}}: \(cell) has no column '\(parts[2])' in row '\(row)'; its columns are \(list(columns))"
        }
        return
            "{{\(name)}}: a table cell is read as \(id).ROW.COLUMN; '\(parts.dropFirst(3).joined(separator: "."))' is one part too many"
    }
}
