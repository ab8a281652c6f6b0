/// Substitutes `{{…}}` in lesson text: a parameter's value, or any `LessonExpression` of the parameters,
/// the images' sizes and the lesson's named values.
///
/// Values are inserted as text, before a cell is split into words, exactly as a student would
/// type them; a value with spaces therefore needs quotes around the `{{name}}` in the cell.
///
/// In prose, a line holding only `{{#if EXPRESSION}}` starts a section that is shown only when the
/// expression is true, `{{else}}` starts its alternative and `{{/if}}` ends it; sections nest.
package enum Template {
    /// `text` (on file line `line` of `path`) with every `{{expression}}` replaced by its value.
    /// Blanks inside the braces are allowed (`{{ sigma }}`).
    ///
    /// - Throws: `LessonError` at `line` for an unknown name, an expression that does not evaluate
    ///   or an unclosed `{{`.
    ///
    /// - Parameter render: how a value is written into `text` (prose escapes what could become
    ///   markup: `LessonPage.proseValue`).
    ///   In `prose`, a value inside a code span of the line is written as it is (code shows it
    ///   literally) and the span's fences are lengthened past any backticks in it, so a value can
    ///   close no code span (`ProseLine`).
    package static func substitute(
        _ text: String, values: [String: LessonExpression.Value], path: String, line: Int,
        prose: Bool = false,
        render: (LessonExpression.Value) -> String = \.rendered
    ) throws(LessonError) -> String {
        guard text.contains("{{") else { return text }
        var out = ProseLine(text, enabled: prose)
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            out.appendSource(rest[..<open.lowerBound])
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "}}") else {
                throw LessonError(path, line: line, "'{{' without a closing '}}'")
            }
            let expression = String(after[..<close.lowerBound].trimmingTrailingBlanks().drop(while: { $0 == " " }))
            if expression.hasPrefix("#") || expression.hasPrefix("/") || expression == "else" {
                throw LessonError(path, line: line, "{{\(expression)}} must stand on a line of its own, in prose")
            }
            // A name on its own (hyphens allowed, as in `{{edge-mode}}`) is looked up as it is.
            if let value = values[expression] {
                out.appendValue(value, render: render)
                rest = after[close.upperBound...]
                continue
            }
            do {
                out.appendValue(try LessonExpression.evaluate(expression, in: values), render: render)
            } catch {
                if values[expression] == nil,
                    expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
                {
                    let declared =
                        values.isEmpty
                        ? "the lesson declares no parameters (add them under 'parameters:' in the front matter)"
                        : "the lesson declares " + values.keys.sorted().joined(separator: ", ")
                    throw LessonError(path, line: line, "unknown parameter {{\(expression)}}; \(declared)")
                }
                throw LessonError(path, line: line, error.message)
            }
            rest = after[close.upperBound...]
        }
        out.appendSource(rest)
        return out.text
    }

    /// The lines of a prose block (the first on file line `line`) that its `{{#if}}` sections
    /// keep, each with its file line; the section lines themselves are dropped. Inside a fenced
    /// code block of the prose, `{{#if}}`, `{{else}}` and `{{/if}}` lines are text, kept as written.
    ///
    /// - Throws: `LessonError` at the line of an `{{else}}` or `{{/if}}` without its `{{#if}}`,
    ///   an `{{#if}}` never closed, or a condition that is not true or false.
    package static func selectSections(
        _ lines: [String], line: Int, values: [String: LessonExpression.Value],
        path: String
    ) throws(LessonError) -> [(text: String, line: Int)] {
        // One entry per open section: its line, whether its current branch is shown, and whether
        // `{{else}}` was seen.
        var open: [(line: Int, showing: Bool, sawElse: Bool, condition: Bool)] = []
        var kept: [(text: String, line: Int)] = []
        // The fence of a code block the prose is inside (its character and length): its lines
        // are shown as written, never read as sections.
        var fence: (character: Character, length: Int)?
        for (offset, text) in lines.enumerated() {
            let number = line + offset
            let trimmed = text.trimmingTrailingBlanks().drop(while: { $0 == " " })
            let outerShowing = open.allSatisfy(\.showing)
            let indent = text.prefix { $0 == " " }.count
            if indent < 4, let first = trimmed.first, first == "`" || first == "~" {
                let length = trimmed.prefix { $0 == first }.count
                if let current = fence {
                    if first == current.character, length >= current.length,
                        trimmed.dropFirst(length).allSatisfy({ $0 == " " })
                    {
                        fence = nil
                    }
                } else if length >= 3, first == "~" || !trimmed.dropFirst(length).contains("`") {
                    fence = (first, length)
                }
                if outerShowing { kept.append((text, number)) }
                continue
            }
            if fence != nil {
                if outerShowing { kept.append((text, number)) }
                continue
            }
            if trimmed.hasPrefix("{{#if "), trimmed.hasSuffix("}}") {
                let expression = String(trimmed.dropFirst("{{#if ".count).dropLast(2))
                var condition = false
                if outerShowing {
                    do {
                        let value = try LessonExpression.evaluate(expression, in: values)
                        guard case .bool(let b) = value else {
                            throw LessonError(
                                path, line: number,
                                "{{#if \(expression)}}: the condition is \(value.rendered), not true or false")
                        }
                        condition = b
                    } catch let error as LessonExpression.Failure {
                        throw LessonError(path, line: number, error.message)
                    } catch let error as LessonError {
                        throw error
                    } catch {
                        throw LessonError(path, line: number, "\(error)")
                    }
                }
                open.append((number, condition, false, condition))
            } else if trimmed == "{{else}}" {
                guard let last = open.last else {
                    throw LessonError(
                        path, line: number, "{{else}} without an open {{#if …}} above it in this paragraph block")
                }
                guard !last.sawElse else {
                    throw LessonError(
                        path, line: number,
                        "a second {{else}} for the {{#if …}} at line \(last.line); a section has one {{else}} at most")
                }
                open[open.count - 1] = (last.line, !last.condition, true, last.condition)
            } else if trimmed == "{{/if}}" {
                guard open.popLast() != nil else {
                    throw LessonError(path, line: number, "{{/if}} without an open {{#if …}} above it in this prose")
                }
            } else if outerShowing {
                kept.append((text, number))
            }
        }
        if let unclosed = open.last {
            throw LessonError(
                path, line: unclosed.line, "this {{#if …}} is not closed by a line {{/if}} before the next cell")
        }
        return kept
    }
}
