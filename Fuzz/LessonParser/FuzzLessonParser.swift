import Authoring

/// libFuzzer target for the lesson parser: front matter, prose, fenced cells and their info
/// strings, shell words, and the negative-number handling of a cell's arguments. Any bytes are
/// decoded as UTF-8 (invalid sequences repaired), since `LessonLibrary.readText` refuses files
/// that are not UTF-8 before parsing. Built with the lesson sources by `Fuzz/run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLessonParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let lesson = try LessonParser.parse(text, path: "Lessons/07-fuzz.md")
        for cell in lesson.cells {
            if let words = try? ShellWords.split(cell.lines.joined(separator: " ")) {
                _ = NegativeNumbers.attached(words)
            }
        }
        _ = try? lesson.values(settings: [])
    } catch {
        precondition(!error.description.isEmpty)
    }
    return 0
}
