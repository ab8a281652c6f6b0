/// Text from outside (a `--set` value, a file name, a PNG text chunk, a title) written into a
/// page's Markdown so that it reads as exactly that text, whatever context it lands in.
///
/// Markdown is escaped before HTML: in prose, Markdown's punctuation gets a backslash and the
/// characters that could open HTML or an entity become character references; inside a code span
/// or code block, where nothing is escaped, the fence is made longer than any run of backticks in
/// the text, so the text cannot close it.
///
/// No text from outside becomes a link in prose either: cmark-gfm's autolink extension (and
/// GitHub's) links `http://…`, `www.…` and e-mail addresses (`a@b.example`, `mailto:…`, `xmpp:…`)
/// in plain text, and it matches addresses after backslash escapes and character references are
/// read (`a\@b.example` and `a&#64;b.example` are still links). So the `:` of `://` and the `.` of
/// `www.` are escaped (which stops those two before they are matched), and an `@` followed by a
/// domain (`b.example`) gets an invisible word joiner (U+2060) before it, which no address's name
/// can end with. An `@` with no domain after it (`builtin:noise@64x64`) is left as it is, so
/// that it copies as typed.
package enum MarkdownText {
    /// The ASCII punctuation that can start Markdown inline syntax (emphasis, links, images, code,
    /// strikethrough, table cells, escapes) anywhere in a line. (The `:` of `://` and the `.`
    /// of `www.`, which would make an autolink, are escaped apart.)
    package static let inlineSyntax: Set<Character> = ["\\", "`", "*", "_", "[", "]", "!", "|", "~"]

    /// What prose puts before an `@` that has a domain after it, so that no e-mail autolink can
    /// take in the text before it: WORD JOINER, which shows nothing and allows no line break.
    package static let addressBreak: Character = "\u{2060}"

    /// Whether `rest`, the text after an `@`, starts with what cmark-gfm takes for an address's
    /// domain: its run of ASCII letters, digits, `-`, `_`, `.` and `/` (an `xmpp:` address's
    /// resource) holds a `.` followed by a letter or digit.
    package static func startsWithDomain(_ rest: Substring) -> Bool {
        var afterDot = false
        for c in rest {
            let letterOrDigit = c.isASCII && (c.isLetter || c.isNumber)
            if letterOrDigit && afterDot { return true }
            guard letterOrDigit || "-_./".contains(c) else { return false }
            afterDot = c == "."
        }
        return false
    }

    /// Characters that open HTML or entities, and their references.
    package static let references: [Character: String] = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;"]

    /// `text` as Markdown prose that shows it literally on one line and links nowhere: punctuation
    /// escaped with a backslash, `<`, `>`, `&` and `"` as references, line breaks as blanks, and
    /// the autolinks' marks broken (`://`, `www.`, an `@` before a domain). The text may follow the page's own
    /// words (`see www{{t}}`), so a `.` or `//` it starts with is escaped too.
    package static func prose(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let c = rest.popFirst() {
            if let reference = references[c] {
                out += reference
            } else if c == "@" {
                if startsWithDomain(rest) { out.append(addressBreak) }
                out.append(c)
            } else if inlineSyntax.contains(c)
                || c == "." && (out.isEmpty || out.last.map { "wW".contains($0) } == true)
                || c == ":" && rest.hasPrefix("//") || c == "/" && out.isEmpty && rest.hasPrefix("/")
            {
                out.append("\\")
                out.append(c)
            } else if c.isNewline {
                out.append(" ")
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// `path` as a link destination: letters, digits and `-_./~` as they are, every other byte
    /// percent-encoded, so blanks, parentheses or markup in a name cannot end the link early.
    package static func destination(_ path: String) -> String {
        var out = ""
        for c in path {
            if c.isLetter || c.isNumber || "-_./~".contains(c) { out.append(c); continue }
            for byte in String(c).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return out
    }

    /// The longest run of backticks in `text`.
    package static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for c in text {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// `text` as one inline code span: fenced by more backticks than it holds in a row, and padded
    /// with a blank where it would touch the fence with a backtick; line breaks become blanks.
    package static func codeSpan(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        let fence = String(repeating: "`", count: longestBacktickRun(flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// `text` as a fenced code block with info string `info`: the fence is longer than any run of
    /// backticks in the text, so no line of it can close the block.
    package static func codeBlock(_ text: String, info: String = "") -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return "\(fence)\(info)\n\(text)\n\(fence)"
    }

    /// The prose `text` (written by the page: Markdown with escapes and references) as the
    /// characters a reader sees, for the terminal: backslash escapes, the references above and
    /// the breaks before `@` undone.
    package static func plain(_ text: String) -> String {
        var out = ""
        var escaped = false
        var rest = Substring(text)
        while let c = rest.popFirst() {
            if c == addressBreak && rest.first == "@" { continue }
            if escaped {
                if !(c.isASCII && c.isPunctuation || c.isASCII && c.isSymbol) { out.append("\\") }
                out.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        for (c, reference) in references where c != "&" {
            out = out.replacingOccurrences(of: reference, with: String(c))
        }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
