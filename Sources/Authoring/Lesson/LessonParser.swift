/// Reads a lesson file: strict front matter, then Markdown prose and `explorer` cells.
package enum LessonParser {
    /// Cell attributes allowed in the info string after `explorer`.
    package static let attributes = ["hide", "caption=\"…\"", "predict=\"…\"", "answer=\"ID.ROW.COLUMN\"", "id=\"…\""]

    /// Parses the lesson at `path`; `methods` are the blur methods' names (`MethodCatalog.names`),
    /// which a `kind: method` parameter takes.
    ///
    /// - Throws: `LessonError` for a missing or unreadable file, or a problem in it.
    package static func parse(fileAt path: String, methods: [String]) throws(LessonError) -> Lesson {
        let text = try LessonLibrary.readText(path)
        return try parse(text, path: path, methods: methods)
    }

    /// Parses lesson text; `path` names it in errors and gives its number and slug.
    ///
    /// A UTF-8 byte order mark before the front matter is skipped, as editors on Windows write
    /// one; a NUL character anywhere is refused at its line, since no page or terminal shows it.
    package static func parse(_ text: String, path: String, methods: [String]) throws(LessonError) -> Lesson {
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if let index = lines.firstIndex(where: { $0.unicodeScalars.contains("\0") }) {
            throw LessonError(
                path, line: index + 1, "a NUL character (\\0) in the text; a lesson holds printable text only")
        }
        let front = try FrontMatter.parse(lines, path: path, methods: methods)
        let (number, slug) = LessonLibrary.numberAndSlug(
            fileName: path.split(separator: "/").last.map(String.init) ?? path)
        var parts: [Lesson.Part] = []
        var prose: [String] = []
        var proseLine = front.lineCount + 1

        func flushProse(before line: Int) {
            var start = 0, end = prose.count
            while start < end, prose[start].allSatisfy(\.isWhitespace) { start += 1 }
            while end > start, prose[end - 1].allSatisfy(\.isWhitespace) { end -= 1 }
            if start < end {
                parts.append(.prose(Lesson.Prose(lines: Array(prose[start..<end]), line: proseLine + start)))
            }
            prose = []
            proseLine = line
        }

        var index = front.lineCount
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            index += 1
            guard let fence = Fence(line) else { prose.append(String(line)); continue }
            // Find the closing fence: the same character, at least as many, nothing after it.
            var body: [(String, Int)] = []
            var closing: Substring?
            while index < lines.count {
                let candidate = lines[index]
                index += 1
                if fence.isClosed(by: candidate) { closing = candidate; break }
                body.append((String(candidate), index))
            }
            guard let closing else {
                throw LessonError(
                    path, line: number,
                    "this code block is never closed (expected a line '\(String(repeating: fence.character, count: fence.count))')"
                )
            }
            let info = fence.info
            guard info == "explorer" || info.hasPrefix("explorer ") else {
                prose.append(String(line))
                prose.append(contentsOf: body.map(\.0))
                prose.append(String(closing))
                continue
            }
            flushProse(before: index + 1)
            parts.append(.cell(try cell(info: info, fenceLine: number, body: body, path: path)))
        }
        flushProse(before: lines.count + 1)
        var named: [String: Int] = [:]
        let taken = Set(front.parameters.map(\.name) + front.values.map(\.name))
        for case .cell(let cell) in parts {
            guard let id = cell.id else { continue }
            if let earlier = named[id] {
                throw LessonError(
                    path, line: cell.fenceLine,
                    "id=\"\(id)\" is already the id of the cell at line \(earlier); give each cell its own")
            }
            if taken.contains(id) {
                throw LessonError(
                    path, line: cell.fenceLine,
                    "id=\"\(id)\" is also a parameter or value of this lesson; give the cell another id")
            }
            named[id] = cell.fenceLine
        }
        return Lesson(
            path: path, number: number, slug: slug, title: front.title, summary: front.summary,
            parameters: front.parameters, values: front.values, parametersLine: front.parametersLine, parts: parts)
    }

    package static func cell(info: String, fenceLine: Int, body: [(String, Int)], path: String) throws(LessonError)
        -> Lesson.Cell
    {
        var cell = Lesson.Cell(lines: [], line: fenceLine + 1, fenceLine: fenceLine)
        let words: [String]
        do {
            words = try ShellWords.split(info)
        } catch {
            throw LessonError(path, line: fenceLine, "in the cell's info string: \(error.message)")
        }
        for word in words.dropFirst() {
            if word == "hide" {
                cell.hidden = true
            } else if word.hasPrefix("caption=") {
                cell.caption = String(word.dropFirst("caption=".count))
            } else if word.hasPrefix("predict=") {
                cell.predict = String(word.dropFirst("predict=".count))
            } else if word.hasPrefix("answer=") {
                cell.answer = String(word.dropFirst("answer=".count))
            } else if word.hasPrefix("id=") {
                let id = String(word.dropFirst("id=".count))
                guard Self.isCellID(id) else {
                    throw LessonError(
                        path, line: fenceLine,
                        "id=\"\(id)\": a cell's id is letters, digits and '_', starting with a letter")
                }
                cell.id = id
            } else {
                throw LessonError(
                    path, line: fenceLine,
                    "unknown cell attribute '\(word)'; a cell takes \(attributes.joined(separator: ", "))")
            }
        }
        if let answer = cell.answer {
            guard cell.predict != nil, let id = cell.id else {
                throw LessonError(
                    path, line: fenceLine,
                    "answer=\"\(answer)\" needs a predict=\"…\" to answer and an id=\"…\" to read it by")
            }
            let parts = answer.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0] == id,
                parts.dropFirst().allSatisfy({
                    !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                })
            else {
                throw LessonError(
                    path, line: fenceLine,
                    "answer=\"\(answer)\": name one of this cell's results, \(id).ROW.COLUMN or \(id).KEY")
            }
        }
        // Group physical lines into commands: a line ending in `\` continues on the next.
        var commands: [[(String, Int)]] = []
        var continuing = false
        for (text, line) in body {
            let trimmed = text.trimmingTrailingBlanks()
            if !continuing && trimmed.allSatisfy(\.isWhitespace) { continue }
            let continues = trimmed.hasSuffix("\\")
            let piece = (String(continues ? trimmed.dropLast() : trimmed), line)
            if continuing { commands[commands.count - 1].append(piece) } else { commands.append([piece]) }
            continuing = continues
        }
        guard let command = commands.first else {
            throw LessonError(path, line: fenceLine, "this cell is empty; write one explorer command in it")
        }
        guard commands.count == 1 else {
            throw LessonError(
                path, line: commands[1][0].1,
                "a cell holds one command; this is a second one (put it in a cell of its own)")
        }
        let firstWord = command[0].0.split(separator: " ").first
        if firstWord == "explorer" || firstWord == "swift" {
            throw LessonError(
                path, line: command[0].1,
                "write the command without '\(firstWord == "swift" ? "swift run explorer" : "explorer")' in front: the cell's text is what follows it"
            )
        }
        cell.lines = command.map(\.0)
        cell.line = command[0].1
        return cell
    }

    /// A fence line: up to three spaces, then three or more backticks or tildes, then an info string.
    package struct Fence {
        package var character: Character
        package var count: Int
        package var indent: Int
        package var info: String

        package init?(_ line: Substring) {
            let indent = line.prefix(while: { $0 == " " }).count
            guard indent <= 3 else { return nil }
            let rest = line.dropFirst(indent)
            guard let c = rest.first, c == "`" || c == "~" else { return nil }
            let count = rest.prefix(while: { $0 == c }).count
            guard count >= 3 else { return nil }
            let info = rest.dropFirst(count).trimmingTrailingBlanks().drop(while: { $0 == " " })
            if c == "`" && info.contains("`") { return nil }
            self.character = c
            self.count = count
            self.indent = indent
            self.info = String(info)
        }

        package func isClosed(by line: Substring) -> Bool {
            let indent = line.prefix(while: { $0 == " " }).count
            guard indent <= 3 else { return false }
            let rest = line.dropFirst(indent).trimmingTrailingBlanks()
            return rest.count >= count && rest.allSatisfy { $0 == character }
        }
    }
}

extension LessonParser {
    /// Whether `text` may be a cell's id: letters, digits and `_`, starting with a letter (so
    /// that prose can read `ID.ROW.COLUMN`).
    package static func isCellID(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
