import BlurKit

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
    /// Named expressions from the front matter's `values:`, in order.
    var values: [Value] = []
    /// The line of `parameters:` in the front matter, for errors about `--set`.
    var parametersLine: Int
    var parts: [Part]

    /// A declared parameter: kind, accepted values, default and meaning.
    typealias Parameter = LessonParameter

    /// A named expression of the parameters (`reach: floor(3 * sigma + 0.5)`), usable as
    /// `{{reach}}` in prose and cells.
    struct Value: Equatable, Sendable {
        var name: String
        var expression: String
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
        /// The result the prediction asks about (`answer="errors.box.interiorMax"`, a name of this
        /// cell's results): `--step` takes a typed number and says how far it was from this.
        var answer: String? = nil
        /// The name prose reads this cell's results by (`id="errors"`: `{{errors.box.interiorMax}}`).
        var id: String? = nil
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
    ///   does not declare, and at the parameter's line for a value outside its declaration.
    func values(settings: [(name: String, value: String)]) throws(LessonError) -> [String: String] {
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

    /// What `{{…}}` may use in this run: every parameter's value, `NAME.width` and `NAME.height`
    /// of every image parameter, and the front matter's named values.
    ///
    /// Images are sized from their PNG header or built-in name, without reading their pixels;
    /// `resolve` turns a value such as `photo` into the path it stands for.
    ///
    /// - Throws: `LessonError` naming the parameter's line: exit status 1 for an image that
    ///   cannot be read, 64 for one below the parameter's `smallest:` size; at a value's line for
    ///   an expression that does not evaluate.
    func environment(values: [String: String], resolve: (String) throws -> String = { $0 }) throws(LessonError)
        -> [String: LessonExpression.Value]
    {
        var environment: [String: LessonExpression.Value] = values.mapValues { .text($0) }
        for parameter in parameters where parameter.kind == .image {
            let text = values[parameter.name] ?? parameter.value
            let size: (width: Int, height: Int)
            do {
                size = try ImageSource.size(of: resolve(text))
            } catch {
                throw LessonError(path, line: parameter.line, "\(parameter.name)=\(text): \(error)")
            }
            if let problem = parameter.problem(withImageOf: size.width, size.height, named: text) {
                throw LessonError(path, line: parameter.line, problem, exitCode: 64)
            }
            environment[parameter.name + ".width"] = .number(Double(size.width))
            environment[parameter.name + ".height"] = .number(Double(size.height))
        }
        for value in self.values {
            do {
                environment[value.name] = try LessonExpression.evaluate(value.expression, in: environment)
            } catch {
                throw LessonError(path, line: value.line, "value '\(value.name)': \(error.message)")
            }
        }
        return environment
    }
}
