/// A lesson file, parsed: front matter, then prose and cells in file order.
///
/// A cell is a fenced block whose info string starts with `explorer`; its body is one explorer
/// command line without the word `explorer`. Parameters (`{{name}}`) are substituted when the
/// lesson runs, so a parsed lesson holds the text as written, with the line of every piece.
struct Lesson: Equatable, Sendable {
    /// The file as found or given (`Lessons/01-averaging.md`); every error names it.
    var path: String
    /// The number from a file named `NN-slug.md`; nil for another name.
    var number: Int?
    /// The slug from `NN-slug.md`, or the file's name without `.md`.
    var slug: String
    var title: String
    var summary: String
    var parameters: [Parameter]
    /// The line of `parameters:` in the front matter, for errors about `--set`.
    var parametersLine: Int
    var parts: [Part]

    /// A declared parameter and its default value.
    struct Parameter: Equatable, Sendable {
        var name: String
        var value: String
        var line: Int
    }

    enum Part: Equatable, Sendable {
        case prose(Prose)
        case cell(Cell)
    }

    /// Markdown between cells, as written.
    struct Prose: Equatable, Sendable {
        var lines: [String]
        /// The file line of `lines[0]`.
        var line: Int
    }

    /// One command to run, with how to show it.
    struct Cell: Equatable, Sendable {
        /// The command's text, one entry per physical line (a line ending in `\` continues).
        var lines: [String]
        /// The file line of `lines[0]`: where errors about the command point.
        var line: Int
        /// The line of the opening fence (its info string holds the attributes).
        var fenceLine: Int
        /// A short caption shown under the result (`caption="…"`).
        var caption: String?
        /// Runs, but neither the command nor its result is shown (`hide`).
        var hidden: Bool = false
        /// A question for the reader to answer before the cell runs (`predict="…"`), asked by
        /// `explorer lesson N --step`.
        var predict: String?
    }

    /// The page's folder under the output folder: `lesson-01`, or `lesson-SLUG` for a file without a number.
    var pageFolderName: String {
        number.map { "lesson-" + (($0 < 10) ? "0\($0)" : "\($0)") } ?? "lesson-\(slug)"
    }

    /// The file's name (`01-averaging.md`).
    var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    var cells: [Cell] { parts.compactMap { if case .cell(let c) = $0 { c } else { nil } } }

    /// The default values, overridden by `settings` (`--set name=value`).
    ///
    /// - Throws: `LessonError` (exit status 64) at the `parameters:` line for a name the lesson
    ///   does not declare.
    func values(settings: [(name: String, value: String)]) throws(LessonError) -> [String: String] {
        var values = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) })
        for setting in settings {
            guard values[setting.name] != nil else {
                let declared = parameters.isEmpty
                    ? "it declares no parameters"
                    : "its parameters are " + parameters.map(\.name).joined(separator: ", ")
                throw LessonError(path, line: parametersLine, "--set \(setting.name)=\(setting.value): this lesson has no parameter '\(setting.name)'; \(declared)", exitCode: 64)
            }
            values[setting.name] = setting.value
        }
        return values
    }
}
