import Authoring

/// One file name, one output: the checks a lesson run makes on the names its cells write.
extension LessonRunner {
    /// Refuses a table whose CSV would have the name of a figure: one file name, one output.
    func checkTables(_ page: LessonPage, figures: [String: Int]) throws(LessonError) {
        for (name, _) in page.tables {
            guard let figureLine = figures[name], let tableLine = page.tableLines[name] else { continue }
            throw LessonError(
                lesson.path, line: max(figureLine, tableLine),
                "'\(name)' would be both the figure of the cell at line \(figureLine) and the CSV of a table of the cell at line \(tableLine); give the figure another name"
            )
        }
    }

    /// Refuses a file a cell wrote (a figure, a plot's `.dat` and `.gp`, a value grid's `.json`, a
    /// glass backdrop: every file its journal holds) named like the page's own files or written
    /// by an earlier cell: one file name, one output.
    func checkFiles(_ executed: Executed, line: Int, owners: inout [String: Int]) throws(LessonError) {
        for name in executed.written {
            if ["README.md", "index.html", PointingIsland.script].contains(name) {
                throw LessonError(
                    lesson.path, line: line, "'\(name)' is the page's own file; give the cell's output another name")
            }
            if let earlier = owners[name], earlier != line {
                throw LessonError(
                    lesson.path, line: line,
                    "'\(name)' was already written by the cell at line \(earlier); give each output its own name")
            }
            owners[name] = line
        }
    }

    /// Refuses a figure named like the page's own files or written by an earlier cell.
    func checkFigures(_ result: CellResult, written: inout [String: Int]) throws(LessonError) {
        for block in result.report.blocks {
            guard case .figure(let figure) = block else { continue }
            if ["README.md", "index.html"].contains(figure.path) {
                throw LessonError(
                    lesson.path, line: result.line,
                    "'\(figure.path)' is the page's own file; give the figure another name")
            }
            if let earlier = written[figure.path], earlier != result.line {
                throw LessonError(
                    lesson.path, line: result.line,
                    "'\(figure.path)' was already written by the cell at line \(earlier); give each figure its own name"
                )
            }
            written[figure.path] = result.line
        }
    }
}
