/// A line of lesson prose being filled in by `Template.substitute`: the lesson's own Markdown
/// kept as written, each value written for the context it lands in.
///
/// Outside code, a value goes through the prose renderer (`LessonPage.proseValue`: Markdown
/// escaped, then HTML). Inside a code span of the lesson's (`` `{{image}}` ``) Markdown shows
/// text literally, so the value is written as it is, and if it holds backticks the span's two
/// fences are lengthened past them (and padded), so the value cannot close the span.
package struct ProseLine {
    /// Whether code spans are tracked (prose); off, values are rendered and source copied as is.
    package let enabled: Bool
    private let source: String
    /// The code spans of the source line: each opening backtick run's start, mapped to the
    /// run's length and the range of its closing run. Placeholders (`{{…}}`) are opaque.
    private var spans: [String.Index: (length: Int, close: Range<String.Index>)] = [:]
    private var pieces: [String] = []
    /// The span being written: the piece holding its opening fence, the closing run, and the
    /// fence length it now needs.
    private var open: (piece: Int, close: Range<String.Index>, closeLength: Int, fence: Int)?

    package init(_ source: String, enabled: Bool) {
        self.source = source
        self.enabled = enabled
        if enabled { spans = Self.codeSpans(in: source) }
    }

    /// The text written so far.
    package var text: String { pieces.joined() }

    /// Copies a stretch of the source line (a substring of it), opening and closing code spans.
    package mutating func appendSource(_ part: Substring) {
        guard enabled else { return pieces.append(String(part)) }
        var i = part.startIndex
        var literal = ""
        while i < part.endIndex {
            if let open, i == open.close.lowerBound {
                pieces.append(literal); literal = ""
                let widened = open.fence > open.closeLength
                pieces.append((widened ? " " : "") + String(repeating: "`", count: open.fence))
                self.open = nil
                i = open.close.upperBound
                continue
            }
            if open == nil, let span = spans[i] {
                pieces.append(literal); literal = ""
                pieces.append(String(repeating: "`", count: span.length))
                open = (pieces.count - 1, span.close, span.length, span.length)
                i = source.index(i, offsetBy: span.length)
                continue
            }
            literal.append(part[i])
            i = part.index(after: i)
        }
        pieces.append(literal)
    }

    /// Writes a value: rendered by `render` outside code, as it is inside a code span.
    package mutating func appendValue(_ value: LessonExpression.Value, render: (LessonExpression.Value) -> String) {
        guard enabled, let span = open else { return pieces.append(render(value)) }
        let text = String(value.rendered.map { $0.isNewline ? " " : $0 })
        if text.contains("`") {
            let fence = max(MarkdownText.longestBacktickRun(text) + 1, span.fence)
            pieces[span.piece] = String(repeating: "`", count: fence) + " "
            open = (span.piece, span.close, span.closeLength, fence)
        }
        pieces.append(text)
    }

    /// The code spans of `line` (CommonMark: a run of n backticks up to the next run of exactly
    /// n), skipping backslash escapes outside code and `{{…}}` placeholders.
    ///   With `placeholders` false, `{{` is text (for a line already filled in).
    package static func codeSpans(in line: String, placeholders: Bool = true) -> [String.Index: (
        length: Int, close: Range<String.Index>
    )] {
        var spans: [String.Index: (length: Int, close: Range<String.Index>)] = [:]
        func run(at i: String.Index) -> Range<String.Index> {
            var end = i
            while end < line.endIndex, line[end] == "`" { end = line.index(after: end) }
            return i..<end
        }
        func skipPlaceholder(_ i: String.Index) -> String.Index? {
            guard placeholders, line[i...].hasPrefix("{{"), let close = line[i...].firstRange(of: "}}") else {
                return nil
            }
            return close.upperBound
        }
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == "\\" {
                i = line.index(i, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
            } else if let after = skipPlaceholder(i) {
                i = after
            } else if line[i] == "`" {
                let opening = run(at: i)
                var j = opening.upperBound
                var closing: Range<String.Index>?
                while j < line.endIndex {
                    if let after = skipPlaceholder(j) { j = after; continue }
                    if line[j] == "`" {
                        let candidate = run(at: j)
                        if line[candidate].count == line[opening].count { closing = candidate; break }
                        j = candidate.upperBound
                    } else {
                        j = line.index(after: j)
                    }
                }
                if let closing {
                    spans[opening.lowerBound] = (line[opening].count, closing)
                    i = closing.upperBound
                } else {
                    i = opening.upperBound
                }
            } else {
                i = line.index(after: i)
            }
        }
        return spans
    }
}
