import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// Preparing a lesson: parameters substituted into prose and cells, and every cell's command
/// parsed, before the first cell runs.
extension LessonRunner {
    /// Substitutes parameters into prose and cells and parses every cell's command.
    ///
    /// Image parameters are sized first (`Lesson.environment`), so an image below the lesson's
    /// smallest size stops the lesson before anything runs.
    ///
    /// - Throws: `LessonError` at the line of an unknown `{{parameter}}`, an expression that does
    ///   not evaluate, an unsplittable command line, an unknown command or option, or a command
    ///   that cannot run in a lesson; at a parameter's line for an unreadable or too small image.
    func prepare() throws(LessonError) -> [PreparedPart] {
        let environment = try lesson.environment(values: values, resolve: PackageFolders.image)
        let early = parsedEarly(environment: environment)
        var cellIndex = 0
        var prepared: [PreparedPart] = []
        var cellsAbove: Set<String> = []
        for part in lesson.parts {
            switch part {
            case .prose(let prose):
                // Names of cell results stand for 1 while the prose is checked; they are read
                // when their cells have run.
                var placeholders = environment
                for (offset, text) in prose.lines.enumerated() {
                    for name in CellResults.dottedNames(in: text) where environment[name] == nil {
                        try checkCellReference(name, line: prose.line + offset, above: cellsAbove)
                        placeholders[name] = .number(1)
                    }
                }
                var lines: [String] = []
                for (text, line) in try Template.selectSections(
                    prose.lines, line: prose.line, values: placeholders, path: lesson.path)
                {
                    lines.append(
                        try Template.substitute(
                            text, values: placeholders, path: lesson.path, line: line, prose: true,
                            render: LessonPage.proseValue))
                }
                if placeholders.count > environment.count {
                    prepared.append(.resultProse(prose, environment: environment))
                } else if !lines.isEmpty {
                    prepared.append(.prose(lines.joined(separator: "\n")))
                }
            case .cell(let cell):
                if let id = cell.id { cellsAbove.insert(id) }
                if let early {
                    prepared.append(.cell(try early[cellIndex].get()))
                } else {
                    prepared.append(.cell(try prepare(cell, environment: environment)))
                }
                cellIndex += 1
            }
        }
        return prepared
    }

    /// Lessons of at least this many cells have them parsed on every core.
    static let cellsParsedInParallel = 16

    /// Every cell prepared at once on all cores, in order, for a lesson of many cells (nil for a
    /// few, or where the run keeps to one thread: `mayUseLanes`).
    ///
    /// Parsing a cell is most of a lesson's time in a debug build (`swift run`): ArgumentParser,
    /// compiled unoptimised there, also checks the command's whole definition on every parse (a
    /// `#if DEBUG` self-check), about 10–30 ms for a command of many options
    /// (docs/performance.md, "Many cells"). The cells do not depend on one another, so they are
    /// parsed side by side; errors are still reported in the lesson's order, by `prepare()`.
    func parsedEarly(environment: [String: LessonExpression.Value]) -> [Result<PreparedCell, LessonError>]? {
        let cells = lesson.cells
        guard mayUseLanes, BuildInfo.cores >= 2, cells.count >= Self.cellsParsedInParallel else { return nil }
        return AllCommand.onAllCores(cells.count) { index in
            Result { () throws(LessonError) in try prepare(cells[index], environment: environment) }
        }
    }

    /// Refuses a dotted name in prose that names no cell above it.
    func checkCellReference(_ name: String, line: Int, above: Set<String>) throws(LessonError) {
        let id = String(name.prefix { $0 != "." })
        if above.contains(id) { return }
        if let later = lesson.cells.first(where: { $0.id == id }) {
            throw LessonError(
                lesson.path, line: line,
                "{{\(name)}}: the cell '\(id)' runs later (line \(later.fenceLine)); prose reads only cells above it")
        }
        let named = lesson.cells.compactMap(\.id)
        let known =
            named.isEmpty
            ? "this lesson names no cell (write id=\"NAME\" on a cell's fence line)"
            : "the named cells are " + named.joined(separator: ", ")
        throw LessonError(lesson.path, line: line, "{{\(name)}}: no cell is named '\(id)'; \(known)")
    }

    /// The text of prose that reads cell results, now that the cells above it have run.
    ///
    /// - Throws: `LessonError` at the line of a name whose cell has no such row, column or measure.
    func substitute(
        _ prose: Lesson.Prose, environment: [String: LessonExpression.Value],
        results: [String: LessonExpression.Value], reports: [String: (line: Int, report: Report)]
    ) throws(LessonError) -> String? {
        let values = environment.merging(results) { _, result in result }
        for (offset, text) in prose.lines.enumerated() {
            for name in CellResults.dottedNames(in: text) where values[name] == nil {
                let id = String(name.prefix { $0 != "." })
                guard let cell = reports[id] else { continue }
                throw LessonError(
                    lesson.path, line: prose.line + offset,
                    CellResults.missing(name, id: id, line: cell.line, report: cell.report))
            }
        }
        var lines: [String] = []
        for (text, line) in try Template.selectSections(
            prose.lines, line: prose.line, values: values, path: lesson.path)
        {
            lines.append(
                try Template.substitute(
                    text, values: values, path: lesson.path, line: line, prose: true, render: LessonPage.proseValue))
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    func prepare(_ cell: Lesson.Cell, environment: [String: LessonExpression.Value]) throws(LessonError) -> PreparedCell
    {
        var pieces: [String] = []
        for (offset, line) in cell.lines.enumerated() {
            pieces.append(
                try Template.substitute(line, values: environment, path: lesson.path, line: cell.line + offset))
        }
        let pasted = pieces.map { $0.trimmingTrailingBlanks().drop(while: { $0 == " " }) }.joined(separator: " ")
        let predict = try cell.predict.map { question throws(LessonError) in
            try Template.substitute(question, values: environment, path: lesson.path, line: cell.fenceLine)
        }
        let caption = try cell.caption.map { caption throws(LessonError) in
            try Template.substitute(caption, values: environment, path: lesson.path, line: cell.fenceLine)
        }
        let written = cell.lines.map { $0.trimmingTrailingBlanks().drop(while: { $0 == " " }) }.joined(separator: " ")
        let words = try CellWords.split(written, values: environment, path: lesson.path, line: cell.line)
        // The command as shown: as written with its values in place, unless that would read as
        // other words in a shell; then each word quoted, so that pasting it runs this command.
        let text = (try? ShellWords.split(pasted)) == words ? pasted : words.map(shellQuoted).joined(separator: " ")
        if let unknown = Explorer.unknownCommand(in: words) {
            throw LessonError(lesson.path, line: cell.line, unknown)
        }
        // The cell's own command parses its words: the same options and messages as through
        // `explorer`, without ArgumentParser checking the whole tree of commands again for every
        // cell (a fifth of `explorer all`'s time in a debug build).
        let root: any ParsableCommand.Type =
            words.first.flatMap { first in
                Explorer.configuration.subcommands.first { $0.configuration.commandName == first }
            } ?? Explorer.self
        let parsed: any ParsableCommand
        do {
            parsed = try root.parseAsRoot(
                NegativeNumbers.attached(root == Explorer.self ? words : Array(words.dropFirst())))
        } catch {
            if root.exitCode(for: error) == .success {
                throw LessonError(
                    lesson.path, line: cell.line, "'\(text)' prints help or a version; a cell must run a command")
            }
            let message = root.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            throw LessonError(lesson.path, line: cell.line, message)
        }
        guard let command = parsed as? any ReportingCommand else {
            let name = type(of: parsed).configuration.commandName ?? "explorer"
            if name == "help" {
                throw LessonError(lesson.path, line: cell.line, "'\(text)' prints help; a cell must run a command")
            }
            throw LessonError(
                lesson.path, line: cell.line, "'\(name)' cannot run in a lesson (it does not produce a report)")
        }
        return PreparedCell(cell: cell, text: text, words: words, command: command, caption: caption, predict: predict)
    }
}
