/// The front matter of a lesson: the YAML block between the first two `---` lines.
///
/// ```yaml
/// ---
/// title: Averaging                      # required
/// summary: One line for `explorer list` # required
/// parameters:                           # optional: declarations (`LessonParameter`)
///   radius:
///     kind: integer
///     default: 2
///     range: [1, 12]
///     meaning: how far the box reaches from its centre, in pixels
/// values:                               # optional: named expressions of the parameters
///   width: 2 * radius + 1
/// ---
/// ```
///
/// The block is read by `FrontMatterNode` (the part of YAML front matter needs); every error names
/// the file's line.
package struct FrontMatter: Equatable, Sendable {
    package var title: String
    package var summary: String
    package var parameters: [LessonParameter]
    /// Named expressions (`LessonExpression`), in the order written; each may use the parameters and
    /// the values before it.
    package var values: [Lesson.Value]
    /// The line of `parameters:` (of the opening `---` when there is none), for errors about them.
    package var parametersLine: Int
    /// How many lines of the file the front matter takes, both `---` lines included.
    package var lineCount: Int

    package static let keys = ["title", "summary", "parameters", "values"]
    package static let parameterKeys = ["kind", "default", "range", "choices", "smallest", "meaning"]

    /// Parses the front matter at the start of `lines` (the file's lines, numbered from 1).
    ///
    /// - Throws: `LessonError` at the offending line: no opening or closing `---`, YAML that does
    ///   not parse, an unknown or repeated key, a missing title or summary, an incomplete or
    ///   inconsistent parameter declaration.
    /// `methods` are the names of the blur methods, which a `kind: method` parameter takes.
    package static func parse(_ lines: [Substring], path: String, methods: [String]) throws(LessonError) -> FrontMatter
    {
        func fail(_ line: Int, _ message: String) -> LessonError { LessonError(path, line: line, message) }
        guard let first = lines.first, first.trimmingTrailingBlanks() == "---" else {
            throw fail(
                1,
                "a lesson starts with front matter: a line '---', then 'title:', 'summary:' and optionally 'parameters:', then '---'"
            )
        }
        guard let close = lines.indices.dropFirst().first(where: { lines[$0].trimmingTrailingBlanks() == "---" }) else {
            throw fail(1, "the front matter opened here is never closed by a line '---'")
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        // Line n of the YAML text is line n + 1 of the file.
        func fileLine(_ node: FrontMatterNode?) -> Int { (node?.line ?? 0) + 1 }
        let root: FrontMatterNode?
        do {
            root = try FrontMatterNode.parse(yaml)
        } catch {
            throw fail(error.line + 1, "front matter is not valid YAML: \(error.message)")
        }
        guard let mapping = root?.mapping else {
            throw fail(root == nil ? close + 1 : fileLine(root), "the front matter has no 'title:'")
        }
        var title: String?, summary: String?
        var parameters: [LessonParameter] = []
        var values: [Lesson.Value] = []
        var parametersLine: Int?
        for (keyNode, value) in mapping {
            let line = fileLine(keyNode)
            guard let key = keyNode.scalar else { throw fail(line, "front matter keys are plain words") }
            switch key {
            case "title", "summary":
                guard let text = value.scalar, !text.isEmpty else {
                    throw fail(line, "'\(key):' needs one line of text as its value")
                }
                if key == "title" { title = text } else { summary = text }
            case "parameters":
                parametersLine = line
                guard let block = value.mapping else {
                    throw fail(line, "'parameters:' takes indented declarations below it, one per parameter")
                }
                for (nameNode, declaration) in block {
                    let parameter = try parameterDeclaration(
                        nameNode, declaration, path: path, methods: methods, fileLine: fileLine)
                    if let earlier = parameters.first(where: { $0.name == parameter.name }) {
                        throw fail(
                            parameter.line,
                            "parameter '\(parameter.name)' is declared twice (first at line \(earlier.line))")
                    }
                    parameters.append(parameter)
                }
            case "values":
                guard let block = value.mapping else {
                    throw fail(line, "'values:' takes indented 'name: expression' lines below it")
                }
                for (nameNode, expression) in block {
                    let nameLine = fileLine(nameNode)
                    guard let name = nameNode.scalar, isParameterName(name), !name.contains("-") else {
                        throw fail(nameLine, "a value's name uses letters, digits and '_', starting with a letter")
                    }
                    if LessonExpression.reservedNames.contains(name) {
                        throw fail(nameLine, Self.reservedMessage(name))
                    }
                    guard let text = expression.scalar, !text.isEmpty else {
                        throw fail(
                            nameLine,
                            "value '\(name)' needs an expression on its line, e.g. 'reach: floor(3 * sigma + 0.5)'")
                    }
                    values.append(Lesson.Value(name: name, expression: text, line: nameLine))
                }
            default:
                throw fail(line, "unknown front matter key '\(key)'; the keys are \(keys.joined(separator: ", "))")
            }
        }
        guard let title else { throw fail(close + 1, "the front matter has no 'title:'") }
        guard let summary else {
            throw fail(close + 1, "the front matter has no 'summary:' (one line for 'explorer list')")
        }
        for value in values {
            if parameters.contains(where: { $0.name == value.name }) {
                throw fail(value.line, "'\(value.name)' is both a parameter and a value; give the value another name")
            }
        }
        return FrontMatter(
            title: title, summary: summary, parameters: parameters, values: values,
            parametersLine: parametersLine ?? 1, lineCount: close + 1)
    }

    /// Why `name`, a word expressions give a meaning of their own, cannot be declared.
    package static func reservedMessage(_ name: String) -> String {
        "'\(name)' means \(name == "pi" ? "π" : "itself") in expressions; give the value or parameter another name"
    }

    /// One parameter: `name: default` (a draft) or `name:` with `kind`, `default`, `range` or
    /// `choices` or `smallest`, and `meaning` indented below it.
    package static func parameterDeclaration(
        _ nameNode: FrontMatterNode, _ node: FrontMatterNode, path: String, methods: [String],
        fileLine: (FrontMatterNode?) -> Int
    ) throws(LessonError) -> LessonParameter {
        let line = fileLine(nameNode)
        func fail(_ line: Int, _ message: String) -> LessonError { LessonError(path, line: line, message) }
        guard let name = nameNode.scalar, isParameterName(name) else {
            throw fail(
                line,
                "'\(nameNode.scalar ?? "?")' is not a parameter name: use letters, digits, '_' and '-', starting with a letter"
            )
        }
        if LessonExpression.reservedNames.contains(name) { throw fail(line, reservedMessage(name)) }
        if let scalar = node.scalar {
            guard !scalar.isEmpty else { throw fail(line, "parameter '\(name)' has no default value") }
            let kind: LessonParameter.Kind = Int(scalar) != nil ? .integer : Double(scalar) != nil ? .number : .text
            return LessonParameter(name: name, kind: kind, value: scalar, meaning: "", line: line)
        }
        guard let fields = node.mapping else {
            throw fail(
                line, "parameter '\(name)' takes a default value or indented 'kind:', 'default:' and 'meaning:' lines")
        }
        var parameter = LessonParameter(name: name, kind: .text, value: "", meaning: "", line: line)
        var kindText: String?
        var rangeNode: FrontMatterNode?
        for (keyNode, value) in fields {
            let keyLine = fileLine(keyNode)
            let key = keyNode.scalar ?? ""
            switch key {
            case "kind":
                kindText = value.scalar
                guard let kindText, let kind = LessonParameter.Kind(rawValue: kindText) else {
                    throw fail(
                        keyLine,
                        "parameter '\(name)': kind must be one of \(LessonParameter.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                parameter.kind = kind
            case "default":
                guard let text = value.scalar, !text.isEmpty else {
                    throw fail(keyLine, "parameter '\(name)': 'default:' needs a value")
                }
                parameter.value = text
            case "meaning":
                guard let text = value.scalar, !text.isEmpty, !text.contains("\n") else {
                    throw fail(keyLine, "parameter '\(name)': 'meaning:' is one line of text")
                }
                parameter.meaning = text
            case "range":
                rangeNode = value
                let ends = value.list ?? []
                guard ends.count == 2, let low = ends[0].scalar.flatMap({ Double($0) }),
                    let high = ends[1].scalar.flatMap({ Double($0) }), low.isFinite, high.isFinite, low <= high
                else {
                    throw fail(
                        keyLine, "parameter '\(name)': 'range:' is two numbers [smallest, largest], e.g. [0.5, 12]")
                }
                guard max(abs(low), abs(high)) <= LessonParameter.largestMagnitude else {
                    throw fail(
                        keyLine,
                        "parameter '\(name)': 'range:' ends must lie within ±10^15 (whole numbers stay exact there), got [\(ends[0].scalar ?? ""), \(ends[1].scalar ?? "")]"
                    )
                }
                parameter.minimum = low
                parameter.maximum = high
            case "choices":
                let items = value.list.map { $0.compactMap(\.scalar) } ?? []
                guard !items.isEmpty, items.count == value.list?.count else {
                    throw fail(keyLine, "parameter '\(name)': 'choices:' is a list of values, e.g. [light, dark]")
                }
                parameter.choices = items
            case "smallest":
                guard let size = value.scalar.flatMap({ LessonParameter.Size(parsing: $0) }) else {
                    throw fail(keyLine, "parameter '\(name)': 'smallest:' is an image size WxH, e.g. 160x120")
                }
                parameter.smallest = size
            default:
                throw fail(
                    keyLine,
                    "parameter '\(name)': unknown key '\(key)'; a declaration takes \(parameterKeys.joined(separator: ", "))"
                )
            }
        }
        guard kindText != nil else {
            throw fail(
                line,
                "parameter '\(name)' has no 'kind:' (\(LessonParameter.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        guard !parameter.value.isEmpty else { throw fail(line, "parameter '\(name)' has no 'default:'") }
        guard !parameter.meaning.isEmpty else {
            throw fail(line, "parameter '\(name)' has no 'meaning:' (one line saying what it is)")
        }
        switch parameter.kind {
        case .number, .integer:
            guard parameter.minimum != nil else {
                throw fail(
                    line, "parameter '\(name)' is a \(parameter.kind.rawValue) and needs 'range: [smallest, largest]'")
            }
            if parameter.kind == .integer, let low = parameter.minimum, let high = parameter.maximum,
                low.rounded() != low || high.rounded() != high
            {
                throw fail(fileLine(rangeNode), "parameter '\(name)': an integer's range has whole ends")
            }
        case .choice:
            guard !parameter.choices.isEmpty else {
                throw fail(line, "parameter '\(name)' is a choice and needs 'choices: [a, b, …]'")
            }
        case .method:
            if parameter.choices.isEmpty { parameter.choices = methods }
            parameter.allMethods = parameter.choices == methods
            if let unknown = parameter.choices.first(where: { !methods.contains($0) }) {
                throw fail(
                    line,
                    "parameter '\(name)': '\(unknown)' is not a blur method; the methods are \(methods.joined(separator: ", "))"
                )
            }
        case .image:
            guard parameter.smallest != nil else {
                throw fail(
                    line,
                    "parameter '\(name)' is an image and needs 'smallest: WxH', the least size the lesson works on")
            }
        case .text:
            break
        }
        if rangeNode != nil, parameter.kind != .number, parameter.kind != .integer {
            throw fail(fileLine(rangeNode), "parameter '\(name)': only a number or an integer has a range")
        }
        if let problem = parameter.problem(with: parameter.value) {
            throw fail(line, "the default does not fit the declaration: \(problem)")
        }
        return parameter
    }

    /// Parameter names: a letter, then letters, digits, `_` or `-`.
    package static func isParameterName(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}

extension StringProtocol {
    /// The text without trailing spaces, tabs and carriage returns.
    package func trimmingTrailingBlanks() -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" || self[before] == "\r" else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
