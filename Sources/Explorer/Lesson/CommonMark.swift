import CCmark
import Foundation

/// Markdown to HTML with GitHub's own CommonMark implementation (cmark-gfm) and its table,
/// strikethrough and autolink extensions, so a page shows what GitHub shows for the same
/// `README.md`: a line that starts with a code span stays in its paragraph, and a raw HTML block
/// (`<details>`, a figure) passes through as HTML (`CMARK_OPT_UNSAFE`: the pages' Markdown is the
/// lesson's own, and every value a lesson prints is escaped before it gets there).
enum CommonMark {
    /// cmark-gfm's extension registry, filled once for the process (Swift runs a static
    /// initialiser exactly once, whatever the threads).
    private static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    static let extensions = ["table", "strikethrough", "autolink"]

    /// The HTML of `markdown`, as GitHub renders it (without GitHub's tag filter).
    static func html(from markdown: String) -> String {
        _ = extensionsRegistered
        guard let parser = cmark_parser_new(ccmark_option_unsafe) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let html = cmark_render_html(document, ccmark_option_unsafe, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}
