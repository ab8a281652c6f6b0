import Authoring
import BlurKit
import Foundation

/// For each cell a page shows, in order, the parameters it depends on: a cell depends on a
/// parameter when moving the parameter changes the cell's command once substituted (as
/// `CellMemo` keys cells), so the page can put a control for it beside the cell's results.
enum CellDependencies {
    /// The parameters each shown cell of `lesson` depends on.
    static func of(_ lesson: Lesson) -> [[String]] {
        guard let defaults = try? lesson.values(settings: []), let reference = commands(lesson, defaults) else {
            return []
        }
        var depends = Array(repeating: [String](), count: reference.count)
        for parameter in lesson.parameters {
            guard let other = otherValue(of: parameter),
                let moved = try? lesson.values(settings: [(parameter.name, other)]),
                let changed = commands(lesson, moved), changed.count == reference.count
            else { continue }
            for index in reference.indices where reference[index] != changed[index] {
                depends[index].append(parameter.name)
            }
        }
        return depends
    }

    /// The substituted words of each shown cell of `lesson` at `values`, or nil when it does not prepare.
    private static func commands(_ lesson: Lesson, _ values: [String: String]) -> [[String]]? {
        let runner = LessonRunner(lesson: lesson, values: values, outputRoot: NSTemporaryDirectory(), invocation: "")
        guard let parts = try? runner.prepare() else { return nil }
        return parts.compactMap { part in
            guard case .cell(let cell) = part, !cell.cell.hidden else { return nil }
            return cell.words
        }
    }

    /// A value of `parameter` other than its default, to see which cells it reaches.
    static func otherValue(of parameter: LessonParameter) -> String? {
        switch parameter.kind {
        case .number, .integer:
            guard let low = parameter.minimum, let high = parameter.maximum, let value = Double(parameter.value) else {
                return nil
            }
            return StaticSite.format(value == high ? low : high, like: parameter)
        case .choice, .method:
            return parameter.choices.first { $0 != parameter.value }
        case .image:
            let size = parameter.smallest.map { "\(max($0.width, 64) + 1)x\(max($0.height, 64) + 1)" } ?? "257x257"
            return "builtin:noise@" + size
        case .text:
            return parameter.value + "x"
        }
    }
}
