/// Splits a command line into words the way a POSIX shell does for the simple cases a lesson cell
/// needs: blanks separate words, `'…'` keeps text literally, `"…"` keeps text with `\"` and `\\`
/// escapes, and a backslash outside quotes escapes the next character.
///
/// Nothing else of a shell is supported: no variables, globs, pipes or redirections. An unquoted
/// `|`, `;`, `&`, `<` or `>` is refused so that a cell never silently passes it to a command.
enum ShellWords {
    /// The words of `line`.
    ///
    /// - Throws: a message (without position) for an unclosed quote or a shell operator.
    static func split(_ line: String) throws(ShellWordsError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let c = iterator.next() {
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                var closed = false
                while let d = iterator.next() {
                    if d == "'" { closed = true; break }
                    word.append(d)
                }
                guard closed else { throw ShellWordsError("a single quote (') is not closed") }
            case "\"":
                inWord = true
                var closed = false
                while let d = iterator.next() {
                    if d == "\"" { closed = true; break }
                    if d == "\\" {
                        guard let e = iterator.next() else { break }
                        if e != "\"" && e != "\\" { word.append("\\") }
                        word.append(e)
                    } else {
                        word.append(d)
                    }
                }
                guard closed else { throw ShellWordsError("a double quote (\") is not closed") }
            case "\\":
                inWord = true
                if let e = iterator.next() { word.append(e) }
            case "|", ";", "&", "<", ">":
                throw ShellWordsError("'\(c)' is a shell operator; a cell runs one explorer command (quote it if it is part of a value)")
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
struct ShellWordsError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
