/// A lesson file, parsed: front matter, then prose and cells in file order.
///
/// A cell is a fenced block whose info string starts with `explorer`; its body is one explorer
/// command line without the word `explorer`. Parameters (`{{name}}`) are substituted when the
/// lesson runs, so a parsed lesson holds the text as written, with the line of every piece.
package struct Lesson: Equatable, Sendable {
    /// The file as found or given (`Lessons/01-averaging.md`); every error names it.
    package var path: String
    /// The number from a file named `NN-slug.md`; nil for another name.
    package var number: Int?
    /// The slug from `NN-slug.md`, or the file's name without `.md`.
    package var slug: String
    package var title: String
    package var summary: String
    package var parameters: [Parameter]
    /// Named expressions from the front matter's `values:`, in order.
    package var values: [Value] = []
    /// The line of `parameters:` in the front matter, for errors about `--set`.
    package var parametersLine: Int
    package var parts: [Part]

    /// A declared parameter: kind, accepted values, default and meaning.
    package typealias Parameter = LessonParameter

    /// A named expression of the parameters (`reach: floor(3 * sigma + 0.5)`), usable as
    /// `{{reach}}` in prose and cells.
    package struct Value: Equatable, Sendable {
        package var name: String
        package var expression: String
        package var line: Int
    }

    package enum Part: Equatable, Sendable {
        case prose(Prose)
        case cell(Cell)
    }

    /// Markdown between cells, as written.
    package struct Prose: Equatable, Sendable {
        package var lines: [String]
        /// The file line of `lines[0]`.
        package var line: Int
    }

    /// One command to run, with how to show it.
    package struct Cell: Equatable, Sendable {
        /// The command's text, one entry per physical line (a line ending in `\` continues).
        package var lines: [String]
        /// The file line of `lines[0]`: where errors about the command point.
        package var line: Int
        /// The line of the opening fence (its info string holds the attributes).
        package var fenceLine: Int
        /// A short caption shown under the result (`caption="…"`).
        package var caption: String?
        /// Runs, but neither the command nor its result is shown (`hide`).
        package var hidden: Bool = false
        /// A question for the reader to answer before the cell runs (`predict="…"`), asked by
        /// `explorer lesson N --step`.
        package var predict: String?
        /// The result the prediction asks about (`answer="errors.box.interiorMax"`, a name of this
        /// cell's results): `--step` takes a typed number and says how far it was from this.
        package var answer: String? = nil
        /// The name prose reads this cell's results by (`id="errors"`: `{{errors.box.interiorMax}}`).
        package var id: String? = nil
    }

    /// The page's folder under the output folder: `lesson-01`, or `lesson-SLUG` for a file without a number.
    package var pageFolderName: String {
        number.map { "lesson-" + (($0 < 10) ? "0\($0)" : "\($0)") } ?? "lesson-\(slug)"
    }

    /// The file's name (`01-averaging.md`).
    package var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    package var cells: [Cell] { parts.compactMap { if case .cell(let c) = $0 { c } else { nil } } }

    /// The default values, overridden by `settings` (`--set name=value`).
    ///
    /// - Throws: `LessonError` (exit status 64) at the `parameters:` line for a name the lesson
    ///   does not declare, and at the parameter's line for a value outside its declaration.
    package func values(settings: [(name: String, value: String)]) throws(LessonError) -> [String: String] {
        var values = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) })
        for setting in settings {
            guard let parameter = parameters.first(where: { $0.name == setting.name }) else {
                let declared =
                    parameters.isEmpty
                    ? "it declares no parameters"
                    : "its parameters are " + parameters.map(\.name).joined(separator: ", ")
                throw LessonError(
                    path, line: parametersLine,
                    "--set \(setting.name)=\(setting.value): this lesson has no parameter '\(setting.name)'; \(declared)",
                    exitCode: 64)
            }
            if let problem = parameter.problem(with: setting.value) {
                throw LessonError(
                    path, line: parameter.line, "--set \(setting.name)=\(setting.value): \(problem)", exitCode: 64)
            }
            values[setting.name] = setting.value
        }
        return values
    }
}
