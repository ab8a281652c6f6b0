/// Splits a command line into words the way a POSIX shell does for the simple cases a lesson cell
/// needs: blanks separate words, `'…'` keeps text literally, `"…"` keeps text with `\"` and `\\`
/// escapes, and a backslash outside quotes escapes the next character.
///
/// Nothing else of a shell is supported: no variables, globs, pipes or redirections. An unquoted
/// `|`, `;`, `&`, `<` or `>` is refused so that a cell never silently passes it to a command.
package enum ShellWords {
    /// The words of `line`.
    ///
    /// With `keepingTemplates`, each `{{…}}` is kept whole inside its word, blanks and quotes
    /// included, so that a lesson can split a cell's text as written and substitute each word's
    /// expressions afterwards: a parameter's value then becomes (part of) one word, whatever
    /// quotes or blanks it holds, and can never add words or options.
    ///
    /// - Throws: a message (without position) for an unclosed quote or a shell operator.
    package static func split(_ line: String, keepingTemplates: Bool = false) throws(ShellWordsError) -> [String] {
        let characters = Array(line)
        var index = 0
        var words: [String] = []
        var word = ""
        var inWord = false
        /// Copies a `{{…}}` starting at `index` into the word, when templates are kept and one starts there.
        func template() -> Bool {
            guard keepingTemplates, index + 1 < characters.count, characters[index] == "{", characters[index + 1] == "{"
            else { return false }
            var end = index + 2
            while end < characters.count,
                !(characters[end] == "}" && end + 1 < characters.count && characters[end + 1] == "}")
            { end += 1 }
            end = min(end + 2, characters.count)
            word.append(contentsOf: characters[index..<end])
            index = end
            return true
        }
        while index < characters.count {
            if template() { inWord = true; continue }
            let c = characters[index]
            index += 1
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                var closed = false
                while index < characters.count {
                    if template() { continue }
                    let d = characters[index]
                    index += 1
                    if d == "'" { closed = true; break }
                    word.append(d)
                }
                guard closed else { throw ShellWordsError("a single quote (') is not closed") }
            case "\"":
                inWord = true
                var closed = false
                while index < characters.count {
                    if template() { continue }
                    let d = characters[index]
                    index += 1
                    if d == "\"" { closed = true; break }
                    if d == "\\" {
                        guard index < characters.count else { break }
                        let e = characters[index]
                        index += 1
                        if e != "\"" && e != "\\" { word.append("\\") }
                        word.append(e)
                    } else {
                        word.append(d)
                    }
                }
                guard closed else { throw ShellWordsError("a double quote (\") is not closed") }
            case "\\":
                inWord = true
                if index < characters.count { word.append(characters[index]); index += 1 }
            case "|", ";", "&", "<", ">":
                throw ShellWordsError(
                    "'\(c)' is a shell operator; a cell runs one explorer command (quote it if it is part of a value)")
            default:
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// Why a command line could not be split into words.
package struct ShellWordsError: Error, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
