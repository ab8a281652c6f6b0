/// A cell's command line as the words its command receives.
///
/// The line is split into words as written (`ShellWords`, keeping each `{{…}}` whole), and
/// then each word's expressions are substituted (`Template`): a value is data inside its word,
/// never more words or options, whatever quotes, blanks or dashes it holds.
package enum CellWords {
    /// The words of `text` (the cell's lines joined) with every `{{…}}` replaced by its value.
    ///
    /// - Throws: `LessonError` at `line` for a line that does not split (an unclosed quote, a
    ///   shell operator) or an expression that does not evaluate.
    package static func split(_ text: String, values: [String: LessonExpression.Value], path: String, line: Int)
        throws(LessonError) -> [String]
    {
        let written: [String]
        do {
            written = try ShellWords.split(text, keepingTemplates: true)
        } catch {
            throw LessonError(path, line: line, error.message)
        }
        var words: [String] = []
        for word in written {
            words.append(try Template.substitute(word, values: values, path: path, line: line))
        }
        return words
    }
}
