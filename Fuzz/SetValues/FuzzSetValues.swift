import Authoring
import BlurKit
import Foundation

/// libFuzzer target for `--set` over a lesson that declares every parameter kind
/// (`Fuzz/SetValues/every-kind.md`, named by `FUZZ_LESSON`): the input is settings
/// `name=value` separated by the byte 0x1E (so a value may hold newlines). Each run either
/// refuses a setting with a `file:line:` error, or substitutes the values into the prose and
/// the cells; a value accepted is one printable line, and a cell keeps as many words as it
/// was written with, whatever the values hold; in a page's prose a value changes no code span and,
/// rendered by cmark-gfm as the pages are, makes no link (a URL or an e-mail address), image, emphasis
/// or tag. Built with the lesson sources by `Fuzz/run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSetValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let settings = text.split(separator: "\u{1E}").compactMap {
        (setting: Substring) -> (name: String, value: String)? in
        guard let equals = setting.firstIndex(of: "=") else { return nil }
        return (String(setting[..<equals]), String(setting[equals...].dropFirst()))
    }
    SetValuesHarness.check(SetValuesHarness.lesson, settings: settings)
    return 0
}

enum SetValuesHarness {
    /// A value as prose writes it (`LessonPage.proseValue`, which needs the page's module).
    static func proseValue(_ value: LessonExpression.Value) -> String {
        if case .text(let text) = value { MarkdownText.prose(text) } else { value.rendered }
    }

    static let lesson: Lesson = {
        let path = ProcessInfo.processInfo.environment["FUZZ_LESSON"] ?? "Fuzz/SetValues/every-kind.md"
        do { return try LessonParser.parse(fileAt: path) } catch { fatalError("\(error)") }
    }()

    static func check(_ lesson: Lesson, settings: [(name: String, value: String)]) {
        do {
            let values = try lesson.values(settings: settings)
            for (_, value) in values {
                precondition(TerminalText.visible(value) == value, "a control character was accepted")
            }
            // Image values name files; only built-in images are sized here.
            for parameter in lesson.parameters where parameter.kind == .image {
                guard values[parameter.name]?.hasPrefix("builtin:") == true else { return }
            }
            let environment = try lesson.environment(values: values)
            for part in lesson.parts {
                switch part {
                case .prose(let prose):
                    for (line, number) in try Template.selectSections(
                        prose.lines, line: prose.line, values: environment, path: lesson.path)
                    {
                        _ = try Template.substitute(line, values: environment, path: lesson.path, line: number)
                        // In a page, a value opens or closes no code span and writes no raw `<`.
                        let page = try Template.substitute(
                            line, values: environment, path: lesson.path, line: number, prose: true,
                            render: proseValue)
                        precondition(
                            ProseLine.codeSpans(in: page, placeholders: false).count
                                == ProseLine.codeSpans(in: line).count, "a value changed the code spans: \(page)")
                        // Rendered as the page renders it (cmark-gfm with autolinks), the line has
                        // as many links, images and tags as with a plain word for every text value.
                        let plain = try Template.substitute(
                            line, values: environment, path: lesson.path, line: number, prose: true,
                            render: { if case .text = $0 { "x" } else { proseValue($0) } })
                        let html = CommonMark.html(from: page), expected = CommonMark.html(from: plain)
                        for mark in ["<a ", "<img", "<em>", "<strong>", "<del>", "<code>", "<meta"] {
                            precondition(
                                html.components(separatedBy: mark).count
                                    == expected.components(separatedBy: mark).count,
                                "a value made \(mark) in \(html)")
                        }
                    }
                case .cell(let cell):
                    let written = cell.lines.joined(separator: " ")
                    let template = try ShellWords.split(written, keepingTemplates: true)
                    let words = try CellWords.split(written, values: environment, path: lesson.path, line: cell.line)
                    precondition(words.count == template.count, "values changed the number of words: \(words)")
                }
            }
        } catch let error as LessonError {
            precondition(error.description.hasPrefix(lesson.path + ":"), error.description)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}
