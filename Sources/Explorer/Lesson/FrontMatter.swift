/// The front matter of a lesson: the block between the first two `---` lines.
///
/// The parser accepts exactly the small subset of YAML that lessons use, and reports anything else
/// with its line rather than guessing:
///
/// ```
/// ---
/// title: Averaging                      # required
/// summary: One line for `explorer list` # required
/// parameters:                           # optional
///   radius: 2                           # name: default value, indented
///   image: builtin:checker
/// ---
/// ```
///
/// Values run to the end of the line or to a ` #` comment; a value may be quoted with `"…"` or
/// `'…'` to keep a `#` or surrounding spaces. Blank lines and lines starting with `#` are ignored.
struct FrontMatter: Equatable, Sendable {
    var title: String
    var summary: String
    var parameters: [Lesson.Parameter]
    /// The line of `parameters:` (of the opening `---` when there is none), for errors about them.
    var parametersLine: Int
    /// How many lines of the file the front matter takes, both `---` lines included.
    var lineCount: Int

    static let keys = ["title", "summary", "parameters"]

    /// Parses the front matter at the start of `lines` (the file's lines, numbered from 1).
    ///
    /// - Throws: `LessonError` at the offending line: no opening or closing `---`, an unknown
    ///   key, a repeated key or parameter, a missing title or summary, a value that is not one line.
    static func parse(_ lines: [Substring], path: String) throws(LessonError) -> FrontMatter {
        func fail(_ line: Int, _ message: String) -> LessonError { LessonError(path, line: line, message) }
        guard let first = lines.first, first.trimmingTrailingBlanks() == "---" else {
            throw fail(1, "a lesson starts with front matter: a line '---', then 'title:', 'summary:' and optionally 'parameters:', then '---'")
        }
        var title: (String, Int)?
        var summary: (String, Int)?
        var parameters: [Lesson.Parameter] = []
        var parametersLine: Int?
        var inParameters = false
        var index = 1
        while index < lines.count {
            let raw = lines[index]
            let number = index + 1
            index += 1
            let text = raw.trimmingTrailingBlanks()
            if text == "---" {
                guard let title else { throw fail(number, "the front matter has no 'title:'") }
                guard let summary else { throw fail(number, "the front matter has no 'summary:' (one line for 'explorer list')") }
                return FrontMatter(title: title.0, summary: summary.0, parameters: parameters,
                                   parametersLine: parametersLine ?? 1, lineCount: number)
            }
            let content = text.drop(while: { $0 == " " })
            if content.isEmpty || content.hasPrefix("#") { continue }
            if raw.contains("\t") { throw fail(number, "a tab in the front matter; indent with spaces") }
            let indented = content.count < text.count
            guard let colon = content.firstIndex(of: ":") else {
                throw fail(number, "expected 'name: value' in the front matter, got '\(content)'")
            }
            let key = String(content[..<colon])
            let value = try parseValue(content[content.index(after: colon)...], line: number, path: path)
            if indented {
                guard inParameters else {
                    throw fail(number, "an indented line belongs under 'parameters:'; '\(key)' is not in that block")
                }
                guard isParameterName(key) else {
                    throw fail(number, "'\(key)' is not a parameter name: use letters, digits, '_' and '-', starting with a letter")
                }
                guard !value.isEmpty else { throw fail(number, "parameter '\(key)' has no default value") }
                if let earlier = parameters.first(where: { $0.name == key }) {
                    throw fail(number, "parameter '\(key)' is declared twice (first at line \(earlier.line))")
                }
                parameters.append(Lesson.Parameter(name: key, value: value, line: number))
                continue
            }
            inParameters = false
            switch key {
            case "title", "summary":
                guard !value.isEmpty else { throw fail(number, "'\(key):' needs a value on the same line") }
                if let earlier = key == "title" ? title : summary {
                    throw fail(number, "'\(key):' is given twice (first at line \(earlier.1))")
                }
                if key == "title" { title = (value, number) } else { summary = (value, number) }
            case "parameters":
                guard value.isEmpty else {
                    throw fail(number, "'parameters:' takes indented 'name: value' lines below it, not a value on its line")
                }
                if let parametersLine { throw fail(number, "'parameters:' is given twice (first at line \(parametersLine))") }
                parametersLine = number
                inParameters = true
            default:
                throw fail(number, "unknown front matter key '\(key)'; the keys are \(keys.joined(separator: ", "))")
            }
        }
        throw fail(1, "the front matter opened here is never closed by a line '---'")
    }

    /// A value after `key:`: trimmed, a trailing ` # comment` removed, surrounding quotes removed.
    static func parseValue(_ text: Substring, line: Int, path: String) throws(LessonError) -> String {
        let trimmed = text.drop(while: { $0 == " " })
        if let quote = trimmed.first, quote == "\"" || quote == "'" {
            let rest = trimmed.dropFirst()
            guard let end = rest.firstIndex(of: quote) else {
                throw LessonError(path, line: line, "the quote \(quote) is not closed on this line")
            }
            let after = rest[rest.index(after: end)...].drop(while: { $0 == " " })
            guard after.isEmpty || after.hasPrefix("#") else {
                throw LessonError(path, line: line, "unexpected text after the quoted value: '\(after)'")
            }
            return String(rest[..<end])
        }
        var value = trimmed
        if let hash = value.firstRange(of: " #") { value = value[..<hash.lowerBound] }
        if value.hasPrefix("#") { value = "" }
        return String(value.trimmingTrailingBlanks())
    }

    /// Parameter names: a letter, then letters, digits, `_` or `-`.
    static func isParameterName(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}

extension StringProtocol {
    /// The text without trailing spaces, tabs and carriage returns.
    func trimmingTrailingBlanks() -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" || self[before] == "\r" else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
