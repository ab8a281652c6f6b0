/// The closing sections of a lesson — `## Summary`, `## Exercises`, `## Sources` — and the
/// answers to exercises, which the page folds away and the terminal shows only with `--answers`.
///
/// The convention (Lessons/README.md, "Summary, exercises and sources"): the sections are plain
/// Markdown under those `##` headings. Within `## Exercises`, an answer is a block quote whose
/// first line starts with `**Answer` (`> **Answer.** Twice as wide …`), running over every
/// following line that starts with `>`. The takeaways are the `-` or `*` items of `## Summary`.
package enum CourseSections {
    /// Which closing section a line of prose is in.
    package enum Section: Equatable, Sendable {
        case summary, exercises, sources, other
    }

    /// A piece of prose: text as written, or an answer's content (without `>` and the
    /// `**Answer.**` label).
    package enum Piece: Equatable, Sendable {
        case text(String)
        case answer(String)
    }

    /// The section a `## ` heading opens, or nil for a line that is not a level-2 heading.
    package static func section(openedBy line: String) -> Section? {
        guard line.hasPrefix("## ") else { return nil }
        switch line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased() {
        case "summary": return .summary
        case "exercises": return .exercises
        case "sources": return .sources
        default: return .other
        }
    }

    /// Splits one prose item into text and answers; `section` is the section the item starts in
    /// and becomes the one it ends in (prose items follow each other across cells).
    package static func pieces(_ prose: String, section: inout Section) -> [Piece] {
        var pieces: [Piece] = []
        var text: [String] = [], answer: [String]?
        func flushText() { if !text.isEmpty { pieces.append(.text(text.joined(separator: "\n"))); text = [] } }
        func flushAnswer() {
            if let lines = answer { pieces.append(.answer(lines.joined(separator: "\n"))); answer = nil }
        }
        for line in prose.components(separatedBy: "\n") {
            if answer != nil {
                if line.hasPrefix(">") {
                    answer!.append(unquoted(line))
                    continue
                }
                flushAnswer()
            }
            if let opened = self.section(openedBy: line) { section = opened }
            if section == .exercises, line.hasPrefix(">"), unquoted(line).hasPrefix("**Answer") {
                flushText()
                answer = [withoutLabel(unquoted(line))]
                continue
            }
            text.append(line)
        }
        flushAnswer()
        flushText()
        return pieces
    }

    /// A line of a block quote without its `>` and one following space.
    package static func unquoted(_ line: String) -> String {
        let rest = line.dropFirst()
        return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
    }

    /// The first line of an answer without `**Answer.**`, `**Answer:**` or `**Answer**`.
    package static func withoutLabel(_ line: String) -> String {
        for label in ["**Answer.**", "**Answer:**", "**Answer**", "**Answer**.", "**Answer**:"]
        where line.hasPrefix(label) {
            return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
        }
        return line
    }

    // MARK: - Rendering

    /// An answer folded away in the Markdown page: GitHub renders `<details>` and the Markdown
    /// inside it when blank lines surround that Markdown.
    package static func markdown(answer: String) -> String {
        "<details><summary>Answer</summary>\n\n\(answer)\n\n</details>"
    }

    /// An answer folded away in the HTML page; an HTML block ends at its first blank line, so
    /// its content is turned into HTML first.
    package static func html(answer: String) -> String {
        "<details class=\"answer\"><summary>Answer</summary>\n\(CommonMark.html(from: answer))\n</details>"
    }

    /// The prose for the terminal: answers hidden behind a note, or shown as block quotes.
    package static func terminal(_ pieces: [Piece], answers: Bool) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text):
                return text
            case .answer(let answer):
                guard answers else { return "> Answer hidden: run the lesson with --answers to show it." }
                return answer.components(separatedBy: "\n").enumerated()
                    .map { "> " + ($0.offset == 0 ? "**Answer.** " : "") + $0.element }.joined(separator: "\n")
            }
        }.joined(separator: "\n")
    }

    /// The takeaways: the list items under `## Summary`, each on one line.
    package static func takeaways(_ proseItems: [String]) -> [String] {
        var section = Section.other, items: [String] = []
        for prose in proseItems {
            for line in prose.components(separatedBy: "\n") {
                if let opened = self.section(openedBy: line) { section = opened; continue }
                guard section == .summary else { continue }
                if line.hasPrefix("- ") || line.hasPrefix("* ") {
                    items.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
                } else if line.hasPrefix("  "), !items.isEmpty, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    items[items.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return items
    }
}
