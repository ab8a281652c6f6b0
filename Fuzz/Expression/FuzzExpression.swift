import Authoring

/// libFuzzer target for lesson expressions (`LessonExpression`), as `{{…}}` in prose and as an
/// `{{#if …}}` condition: any text evaluates to a value or fails with a message, in bounded
/// time and stack, and every number it yields is finite. Deep nesting and long chains (`not`,
/// `-`, `^`) are what it looks for; the seeds hold some. Built with the lesson sources by
/// `Fuzz/run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let environment: [String: LessonExpression.Value] = [
        "sigma": .text("2.5"), "radius": .number(3), "image": .text("photo"), "label": .text("Frosted glass"),
        "image.width": .number(640), "image.height": .number(427)
    ]
    do {
        if case .number(let x) = try LessonExpression.evaluate(text, in: environment) {
            precondition(x.isFinite, "an expression yielded \(x)")
        }
    } catch {
        precondition(!error.message.isEmpty)
    }
    let path = "Lessons/07-fuzz.md"
    do {
        _ = try Template.substitute("A {{" + text + "}} b", values: environment, path: path, line: 9)
        _ = try Template.selectSections(
            ["{{#if " + text + "}}", "shown", "{{else}}", "other", "{{/if}}"],
            line: 9, values: environment, path: path)
    } catch {
        // At the line of the `{{#if}}` or of a section line after it (a combining mark after
        // `{{#if ` makes that line prose, and the `{{else}}` two lines below then has no `{{#if}}`).
        precondition(error.description.hasPrefix(path + ":") && (9...13).contains(error.line ?? 0), error.description)
    }
    return 0
}
