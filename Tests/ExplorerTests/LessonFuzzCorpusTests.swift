import Foundation
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Replays the lesson fuzzer's committed corpus (`Fuzz/Corpus/lesson`): its seeds and every
/// input that once crashed it parse to a lesson or give one `file:line:` error.
final class LessonFuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus/lesson").standardized

    func testEveryCorpusFileParsesOrGivesOneLine() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 3)
        for name in names {
            let path = Self.corpus.appendingPathComponent(name).path
            do {
                _ = try LessonParser.parse(fileAt: path)
            } catch {
                XCTAssertTrue(error.description.hasPrefix(path), "\(name): \(error)")
                XCTAssertFalse(error.description.contains("\n"), name)
            }
        }
    }

    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz")
        .standardized

    /// The expression fuzzer's corpus: each input evaluates to a value (a finite number when a
    /// number) or one message, and as `{{…}}` gives an error at its line.
    func testEveryExpressionCorpusFileEvaluatesOrFails() throws {
        let folder = Self.fuzz.appendingPathComponent("Corpus/expression")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        let environment: [String: LessonExpression.Value] = [
            "sigma": .text("2.5"), "radius": .number(3), "image": .text("photo"),
            "label": .text("Frosted glass")
        ]
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            do {
                if case .number(let x) = try LessonExpression.evaluate(text, in: environment) {
                    XCTAssertTrue(x.isFinite, name)
                }
            } catch {
                XCTAssertFalse(error.message.isEmpty, name)
            }
            do {
                _ = try Template.substitute("{{" + text + "}}", values: environment, path: "L.md", line: 3)
            } catch {
                XCTAssertTrue(error.description.hasPrefix("L.md:3: "), "\(name): \(error)")
            }
        }
    }

    /// The `--set` fuzzer's corpus over its lesson of every parameter kind: settings are refused
    /// at a line, or accepted as printable lines that keep every cell's number of words.
    func testEverySetCorpusFileIsRefusedOrKeepsTheWords() throws {
        let lesson = try LessonParser.parse(fileAt: Self.fuzz.appendingPathComponent("SetValues/every-kind.md").path)
        XCTAssertEqual(Set(lesson.parameters.map(\.kind)), [.number, .integer, .choice, .image, .text])
        let folder = Self.fuzz.appendingPathComponent("Corpus/set")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        var accepted = 0
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let settings = text.split(separator: "\u{1E}").compactMap {
                (setting: Substring) -> (name: String, value: String)? in
                guard let equals = setting.firstIndex(of: "=") else { return nil }
                return (String(setting[..<equals]), String(setting[equals...].dropFirst()))
            }
            do {
                let values = try lesson.values(settings: settings)
                let environment = try lesson.environment(values: values)
                for cell in lesson.cells {
                    let written = cell.lines.joined(separator: " ")
                    let words = try CellWords.split(written, values: environment, path: lesson.path, line: cell.line)
                    XCTAssertEqual(words.count, try ShellWords.split(written, keepingTemplates: true).count, name)
                }
                // The prose as a page shows it: no markup, link or image from a value.
                for part in lesson.parts {
                    guard case .prose(let prose) = part else { continue }
                    for (offset, line) in prose.lines.enumerated()
                    where !line.hasPrefix("{{#if") && !line.hasPrefix("{{else") && !line.hasPrefix("{{/if") {
                        let number = prose.line + offset
                        let page = try Template.substitute(
                            line, values: environment, path: lesson.path, line: number, prose: true,
                            render: LessonPage.proseValue)
                        let html = CommonMark.html(from: page)
                        for bad in [
                            "<meta", "<script", "<img", "<a ", "href=\"javascript", "href=\"http", "href=\"mailto"
                        ] {
                            XCTAssertFalse(html.contains(bad), "\(name): \(html)")
                        }
                    }
                }
                accepted += 1
            } catch {
                XCTAssertTrue("\(error)".hasPrefix(lesson.path + ":"), "\(name): \(error)")
            }
        }
        XCTAssertGreaterThan(accepted, 0, "some corpus settings are accepted")
    }
}
