import BlurKit
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Text from outside (a `kind: text` value in prose, in a code span, in the footer's command and
/// in a strip's title; a PNG text chunk shown by `info`) reads as text in both pages: it closes no
/// code span, opens no HTML, and makes no link or image.
final class MarkdownInjectionTests: FolderTestCase {
    static let hostile =
        "a`b``c www.x.org <meta http-equiv=refresh content=0;url=http://x/> [x](javascript:alert(1)) ![](http://x/y.png) *e* &amp; a@b.example mailto:c@d.example"

    static let lesson = """
        ---
        title: Injection
        summary: Values from outside.
        parameters:
          t:
            kind: text
            default: plain
            meaning: a label
        ---
        Prose quotes {{t}} here, and in code `{{t}}` too.

        ```explorer
        blur builtin:impulse@5x5 -o out.png --radius 1 --strip strip.png --title "{{t}}"
        ```

        ```explorer
        info PICTURE
        ```
        """

    func testHostileValuesMakeNoMarkupInEitherPage() throws {
        let picture = folder.path + "/chunk.png"
        try PNG.write(RGBAImage(width: 2, height: 2, fill: .init(repeating: 1)), to: picture, command: Self.hostile)
        let path = folder.path + "/07-injection.md"
        try Self.lesson.replacingOccurrences(of: "PICTURE", with: picture).write(
            toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: [("t", Self.hostile)]),
            outputRoot: folder.path + "/Output", quickTiming: true,
            invocation: "explorer lesson 07-injection.md --set 't=\(Self.hostile)'")
        let outcome = try runner.run()
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: outcome.folder + "/README.md", encoding: .utf8)
        for bad in ["<meta http-equiv=refresh", "href=\"javascript:", "src=\"http://x", "<em>e</em>"] {
            XCTAssertFalse(html.contains(bad), "index.html holds \(bad)")
        }
        XCTAssertEqual(html.components(separatedBy: "<meta http-equiv").count, 2, "only the page's own policy")
        // The README read back through cmark-gfm as GitHub would: no raw HTML, link or image but
        // the page's own (the value shows literally in code spans and blocks).
        let rendered = CommonMark.html(from: markdown)
        for page in [html, rendered] {
            for bad in [
                "<meta http-equiv=refresh", "href=\"javascript:", "src=\"http://x", "href=\"http://x", "<em>e</em>",
                "href=\"http://www", "href=\"mailto:"
            ] {
                XCTAssertFalse(page.contains(bad), "a page holds \(bad)")
            }
        }
        XCTAssertEqual(rendered.components(separatedBy: "<img").count, 2, "only the strip")
        // The value reads as itself: in prose, in the code span and in the footer's code span.
        let shown = LessonPage.escapeHTML(Self.hostile)
        XCTAssertTrue(html.contains("<code>" + shown + "</code>"), "the code span shows the value whole")
        XCTAssertTrue(html.contains("--set 't=" + shown + "'</code>"), "the footer's code span holds the whole command")
        let terminal = LessonTerminal.inline(
            markdown.components(separatedBy: "\n").first { $0.hasPrefix("Prose") } ?? "")
        XCTAssertTrue(terminal.hasPrefix("Prose quotes \(Self.hostile) here"), terminal)
    }

    func testTheRendererDropsForeignHTMLLinksAndRemoteImages() {
        let html = CommonMark.html(
            from: """
                <meta http-equiv="refresh" content="0">

                [x](javascript:alert(1)) ![remote](https://x/y.png) ![local](figure.png) [web](https://example.org)

                <details><summary>Answer</summary>

                Kept.

                </details>

                <a id="anchor"></a> <img src=x onerror=alert(1)> <!-- kept comment -->
                """)
        XCTAssertFalse(html.contains("<meta"), html)
        XCTAssertTrue(html.contains("&lt;meta"), "shown as text")
        XCTAssertFalse(html.contains("javascript:"), html)
        XCTAssertFalse(html.contains("https://x/y.png"), html)
        XCTAssertTrue(html.contains("<img src=\"figure.png\" alt=\"local\""), html)
        XCTAssertTrue(html.contains("<a href=\"https://example.org\">web</a>"), html)
        XCTAssertTrue(html.contains("<details><summary>Answer</summary>"), html)
        XCTAssertTrue(html.contains("<a id=\"anchor\"></a>"), html)
        XCTAssertFalse(html.contains("<img src=x"), html)
        XCTAssertTrue(html.contains("<!-- kept comment -->"), html)
    }

    /// An e-mail address from outside (plain, `mailto:` or `xmpp:`) makes no link in prose, a table
    /// cell or emphasis, nor after the page's own words; a picture's name keeps its `@` as typed;
    /// the terminal and the rendered page show the text itself.
    func testAnAddressFromOutsideMakesNoLink() {
        let addresses = [
            "a@b.example", "mailto:a@b.example", "xmpp:a@b.example/home", "first.last+tag@mail.b.example",
            "x@y@b.example", "@b.example", "(a@b.example)", "a_b-c@b-c.example.", "see www.b.example", ".b.example",
            "//b.example/x", "https://b.example"
        ]
        for value in addresses {
            let prose = MarkdownText.prose(value)
            XCTAssertEqual(MarkdownText.plain(prose), value)
            // Before the value, the page's own words may complete a local part, `www` or `http:`.
            for page in [
                "Write to \(prose) today.", "| h |\n|---|\n| \(prose) |", "*\(prose)*", "bob\(prose)", "www\(prose)",
                "http:\(prose)"
            ] {
                let html = CommonMark.html(from: page)
                XCTAssertFalse(html.contains("<a "), "\(value) in \(page): \(html)")
                XCTAssertTrue(
                    html.replacingOccurrences(of: String(MarkdownText.addressBreak), with: "").contains(
                        LessonPage.escapeHTML(value)), "\(value) reads as itself: \(html)")
            }
        }
        // The check is worth making: without the escapes, each of these is a link.
        for value in ["a@b.example", "mailto:a@b.example", "xmpp:a@b.example/home"] {
            XCTAssertTrue(CommonMark.html(from: value).contains("<a "), value)
            XCTAssertTrue(
                CommonMark.html(from: value.replacingOccurrences(of: "@", with: "\\@")).contains("<a "), value)
        }
        for picture in ["builtin:zoneplate@480x320", "builtin:noise@64x64"] {
            XCTAssertEqual(MarkdownText.prose(picture), picture)
        }
    }

    func testEscapesHoldInEveryContext() {
        XCTAssertEqual(MarkdownText.codeSpan("a``b"), "```a``b```")
        XCTAssertEqual(MarkdownText.codeSpan("`x"), "`` `x ``")
        XCTAssertEqual(MarkdownText.codeBlock("```\n<b>", info: "console"), "````console\n```\n<b>\n````")
        XCTAssertEqual(MarkdownText.prose("[a](b) <c> & *d*"), #"\[a\](b) &lt;c&gt; &amp; \*d\*"#)
        XCTAssertEqual(MarkdownText.plain(MarkdownText.prose("[a](b) <c> & *d* \\ &lt;")), "[a](b) <c> & *d* \\ &lt;")
        XCTAssertEqual(MarkdownText.destination("a b(c).png"), "a%20b%28c%29.png")
    }
}
