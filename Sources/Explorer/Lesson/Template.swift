/// Substitutes `{{name}}` in lesson text with parameter values.
///
/// Values are inserted as text, before a cell is split into words, exactly as a student would
/// type them; a value with spaces therefore needs quotes around the `{{name}}` in the cell.
enum Template {
    /// `text` (on file line `line` of `path`) with every `{{name}}` replaced by `values[name]`.
    /// Blanks inside the braces are allowed (`{{ sigma }}`).
    ///
    /// - Throws: `LessonError` at `line` for a name the lesson does not declare or an unclosed `{{`.
    static func substitute(_ text: String, values: [String: String], path: String, line: Int) throws(LessonError) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "}}") else {
                throw LessonError(path, line: line, "'{{' without a closing '}}'")
            }
            let name = after[..<close.lowerBound].trimmingTrailingBlanks().drop(while: { $0 == " " })
            guard let value = values[String(name)] else {
                let declared = values.isEmpty
                    ? "the lesson declares no parameters (add them under 'parameters:' in the front matter)"
                    : "the lesson declares " + values.keys.sorted().joined(separator: ", ")
                throw LessonError(path, line: line, "unknown parameter {{\(name)}}; \(declared)")
            }
            result += value
            rest = after[close.upperBound...]
        }
        return result + rest
    }
}
