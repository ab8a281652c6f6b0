/// The part of YAML a lesson's front matter is written in, read line by line: block mappings
/// (`key: value`, or `key:` with an indented block below it), plain, "double-quoted" and
/// 'single-quoted' scalars on one line, flow lists of scalars (`[1, 12]`) and `#` comments.
/// Anything else YAML has (block lists, `|` and `>` blocks, anchors, tags, flow mappings, tabs in
/// indentation, a value continued on the next line) is refused with its line, so that a lesson
/// never means something other than it seems to.
///
/// A hand-written reader rather than a YAML library: the front matter is a dozen lines, and the
/// library (Yams, with libyaml) took about 7 s of CPU of a newcomer's first build on 2 cores
/// (docs/performance.md, "First build").
package struct FrontMatterNode {
    package enum Content {
        case scalar(String)
        case list([FrontMatterNode])
        case mapping([(key: FrontMatterNode, value: FrontMatterNode)])
    }

    package var content: Content
    /// The line in the YAML text, from 1.
    package var line: Int

    package var scalar: String? { if case .scalar(let text) = content { text } else { nil } }
    package var list: [FrontMatterNode]? { if case .list(let items) = content { items } else { nil } }
    package var mapping: [(key: FrontMatterNode, value: FrontMatterNode)]? {
        if case .mapping(let pairs) = content { pairs } else { nil }
    }

    /// Why a text is not front matter, and on which of its lines (from 1).
    package struct Problem: Error {
        package var line: Int
        package var message: String
    }

    /// Reads `text`; nil when it holds nothing but blank lines and comments.
    package static func parse(_ text: String) throws(Problem) -> FrontMatterNode? {
        var lines: [(number: Int, indent: Int, body: Substring)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indentation = raw.prefix(while: { $0 == " " || $0 == "\t" })
            let body = raw.dropFirst(indentation.count).trimmingTrailingBlanks()
            if body.isEmpty || body.first == "#" { continue }
            if indentation.contains("\t") {
                throw Problem(line: index + 1, message: "a tab in indentation (YAML indents with spaces)")
            }
            lines.append((index + 1, indentation.count, body))
        }
        guard let first = lines.first else { return nil }
        var next = 0
        let root = try block(&next, indent: first.indent, lines)
        if next < lines.count {
            throw Problem(line: lines[next].number, message: "this line's indentation matches no key above it")
        }
        return root
    }

    /// The mapping whose keys stand at `indent`, from `lines[next]` on.
    private static func block(
        _ next: inout Int, indent: Int, _ lines: [(number: Int, indent: Int, body: Substring)]
    ) throws(Problem) -> FrontMatterNode {
        var pairs: [(key: FrontMatterNode, value: FrontMatterNode)] = []
        let startLine = lines[next].number
        while next < lines.count, lines[next].indent == indent {
            let (number, _, body) = lines[next]
            next += 1
            if body.hasPrefix("- ") || body == "-" {
                throw Problem(line: number, message: "a block list ('- item') is not read here; write [a, b]")
            }
            guard let colon = keyEnd(body) else {
                throw Problem(line: number, message: "expected 'key: value'")
            }
            let keyText = body[..<colon].trimmingTrailingBlanks()
            if keyText.first.map({ "\"'[{&*!|>%@`".contains($0) }) ?? true {
                throw Problem(line: number, message: "a key is a plain word")
            }
            if let earlier = pairs.first(where: { $0.key.scalar == String(keyText) }) {
                throw Problem(
                    line: number, message: "a key is given twice: \(keyText)")
            }
            let key = FrontMatterNode(content: .scalar(String(keyText)), line: number)
            let rest = body[body.index(after: colon)...].drop(while: { $0 == " " })
            if !rest.isEmpty {
                pairs.append((key, try value(rest, line: number)))
            } else if next < lines.count, lines[next].indent > indent {
                pairs.append((key, try block(&next, indent: lines[next].indent, lines)))
            } else {
                pairs.append((key, FrontMatterNode(content: .scalar(""), line: number)))
            }
        }
        if next < lines.count, lines[next].indent > indent {
            let message =
                pairs.last?.value.mapping != nil
                ? "this line's indentation matches no key above it"
                : "this line is indented more than the key before it, which already has its value on its line"
            throw Problem(line: lines[next].number, message: message)
        }
        return FrontMatterNode(content: .mapping(pairs), line: startLine)
    }

    /// The end of a line's key: the first `:` followed by a space or the end of the line.
    private static func keyEnd(_ body: Substring) -> Substring.Index? {
        var index = body.startIndex
        while index < body.endIndex {
            let after = body.index(after: index)
            if body[index] == ":", after == body.endIndex || body[after] == " " { return index }
            index = after
        }
        return nil
    }

    /// A value written on its key's line: a quoted scalar, a flow list or a plain scalar, then at
    /// most a comment.
    private static func value(_ text: Substring, line: Int) throws(Problem) -> FrontMatterNode {
        guard let first = text.first else { return FrontMatterNode(content: .scalar(""), line: line) }
        if "{&*!|>%@`".contains(first) || text.hasPrefix("- ") {
            throw Problem(line: line, message: "a value starting with '\(first)' is not read here; quote it")
        }
        var rest = text[...]
        let node: FrontMatterNode
        if first == "[" {
            rest = rest.dropFirst()
            var items: [FrontMatterNode] = []
            while true {
                rest = rest.drop(while: { $0 == " " })
                if rest.first == "]", items.isEmpty { break }
                let item = try scalar(&rest, line: line, stops: ",]")
                items.append(FrontMatterNode(content: .scalar(item), line: line))
                rest = rest.drop(while: { $0 == " " })
                guard let separator = rest.first, separator == "," || separator == "]" else {
                    throw Problem(line: line, message: "a list '[a, b]' is not closed on its line")
                }
                if separator == "]" { break }
                rest = rest.dropFirst()
            }
            rest = rest.dropFirst()
            node = FrontMatterNode(content: .list(items), line: line)
        } else {
            node = FrontMatterNode(content: .scalar(try scalar(&rest, line: line, stops: "")), line: line)
        }
        let after = rest.drop(while: { $0 == " " })
        guard after.isEmpty || (after.first == "#" && text[text.index(before: after.startIndex)] == " ") else {
            throw Problem(line: line, message: "unexpected text after the value: \(after.prefix(20))")
        }
        return node
    }

    /// One scalar from the front of `rest`: quoted, or plain up to a comment, the end or one of
    /// `stops` (inside a list).
    private static func scalar(_ rest: inout Substring, line: Int, stops: String) throws(Problem) -> String {
        guard let quote = rest.first, quote == "\"" || quote == "'" else {
            var end = rest.startIndex
            while end < rest.endIndex, !stops.contains(rest[end]) {
                if rest[end] == "#", end > rest.startIndex, rest[rest.index(before: end)] == " " { break }
                if rest[end] == ":", rest.index(after: end) == rest.endIndex || rest[rest.index(after: end)] == " " {
                    throw Problem(line: line, message: "': ' inside a plain value; quote the value")
                }
                end = rest.index(after: end)
            }
            let text = rest[..<end].trimmingTrailingBlanks()
            rest = rest[end...]
            return String(text)
        }
        var text = ""
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex {
            let character = rest[index]
            index = rest.index(after: index)
            if character == quote {
                guard quote == "'", index < rest.endIndex, rest[index] == "'" else {
                    rest = rest[index...]
                    return text
                }
                text.append("'")
                index = rest.index(after: index)
            } else if character == "\\", quote == "\"", index < rest.endIndex {
                let escaped = rest[index]
                index = rest.index(after: index)
                switch escaped {
                case "\\", "\"", "/": text.append(escaped)
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: throw Problem(line: line, message: "the escape '\\\(escaped)' is not read here")
                }
            } else {
                text.append(character)
            }
        }
        throw Problem(
            line: line, message: "a \(quote == "\"" ? "double" : "single")-quoted value is not closed on its line")
    }
}
