import Authoring
import BlurKit

/// A lesson's values in one run, with the sizes of its image parameters (read by `ImageSource`,
/// which is why this part of `Lesson` is in ExplorerCLI, not Authoring).
extension Lesson {
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
