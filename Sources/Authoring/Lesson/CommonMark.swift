import CCmark
import Foundation

/// Markdown to HTML with GitHub's own CommonMark implementation (cmark-gfm) and its table,
/// strikethrough and autolink extensions, so a page shows what GitHub shows for the same
/// `README.md`: a line that starts with a code span stays in its paragraph, and a raw HTML block
/// (`<details>`, a table folded away) passes through as HTML.
///
/// Every value a lesson prints is escaped before it reaches the Markdown (`MarkdownText`); the
/// renderer checks again whatever got through (`SafeNodes`): raw HTML passes only when its tags
/// and attributes are the few the pages write themselves, a link only to the web, mail or a
/// relative path, an image only from beside the page or inlined. Anything else is shown as text.
package enum CommonMark {
    /// cmark-gfm's extension registry, filled once for the process (Swift runs a static
    /// initialiser exactly once, whatever the threads).
    private static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    package static let extensions = ["table", "strikethrough", "autolink"]

    /// The HTML of `markdown`, as GitHub renders it, with unsafe raw HTML, links and images made text.
    package static func html(from markdown: String) -> String {
        _ = extensionsRegistered
        guard let parser = cmark_parser_new(ccmark_option_unsafe) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        SafeNodes.clean(document)
        guard let html = cmark_render_html(document, ccmark_option_unsafe, cmark_parser_get_syntax_extensions(parser))
        else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}

/// The checks `CommonMark` makes on a parsed document before rendering it.
package enum SafeNodes {
    /// The elements the pages write as raw HTML themselves (folded answers and tables, anchors).
    package static let allowedTags: Set<String> = [
        "details", "summary", "table", "thead", "tbody", "tr", "th", "td", "a",
        "br", "sup", "sub", "kbd", "em", "strong", "code", "span", "div", "p"
    ]
    /// Their attributes.
    package static let allowedAttributes: Set<String> = ["id", "class", "align", "open"]
    /// URL schemes a link may use (a relative link has none).
    package static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    package static let tagPattern = try! NSRegularExpression(
        pattern:
            #"\A<(/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>"#
    )
    package static let attributePattern = try! NSRegularExpression(
        pattern: #"([A-Za-z_:][A-Za-z0-9_.:-]*)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?"#)

    /// Replaces, in `document`, raw HTML that is not `safeHTML`, links to other schemes and
    /// images from elsewhere by text nodes showing what they were.
    package static func clean(_ document: OpaquePointer) {
        var replace: [(node: OpaquePointer, text: String)] = []
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if !safeHTML(literal) { replace.append((node, literal)) }
            } else if type == CMARK_NODE_LINK {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !safeLink(url) { cmark_node_set_url(node, "") }
            } else if type == CMARK_NODE_IMAGE {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !safeImage(url) {
                    let alt =
                        cmark_render_plaintext(node, 0, 0).map { pointer in
                            defer { free(pointer) }
                            return String(cString: pointer)
                        } ?? ""
                    replace.append((node, alt.trimmingCharacters(in: .whitespacesAndNewlines)))
                }
            }
        }
        for (node, text) in replace {
            let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
            guard let textNode = cmark_node_new(CMARK_NODE_TEXT) else { continue }
            cmark_node_set_literal(textNode, text)
            if isBlock {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { cmark_node_free(textNode); continue }
                cmark_node_append_child(paragraph, textNode)
                cmark_node_replace(node, paragraph)
            } else {
                cmark_node_replace(node, textNode)
            }
            cmark_node_free(node)
        }
    }

    /// Whether every `<` in `html` opens an allowed tag with allowed attributes, or a comment.
    package static func safeHTML(_ html: String) -> Bool {
        let text = html as NSString
        var location = 0
        while true {
            let found = text.range(of: "<", range: NSRange(location: location, length: text.length - location))
            if found.location == NSNotFound { return true }
            let rest = NSRange(location: found.location, length: text.length - found.location)
            // Six UTF-16 units hold "<!--" and whatever decides where its last character ends:
            // copying the whole rest at every `<` made long raw HTML quadratic.
            let head = NSRange(location: found.location, length: min(6, rest.length))
            if text.substring(with: head).hasPrefix("<!--") {
                let end = text.range(
                    of: "-->", range: NSRange(location: found.location + 4, length: text.length - found.location - 4))
                guard end.location != NSNotFound else { return false }
                location = end.location + 3
                continue
            }
            guard let tag = tagPattern.firstMatch(in: html, range: rest) else {
                // A `<` that starts no tag is text (`a < b`); one that starts anything else is refused.
                let next =
                    found.location + 1 < text.length
                    ? text.substring(with: NSRange(location: found.location + 1, length: 1)) : " "
                if next.first.map({ $0.isLetter || "/!?".contains($0) }) == true { return false }
                location = found.location + 1
                continue
            }
            guard allowedTags.contains(text.substring(with: tag.range(at: 2)).lowercased()) else { return false }
            let attributes = text.substring(with: tag.range(at: 3))
            for match in attributePattern.matches(
                in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length))
            {
                let name = (attributes as NSString).substring(with: match.range(at: 1)).lowercased()
                guard allowedAttributes.contains(name) else { return false }
            }
            location = tag.range.location + tag.range.length
        }
    }

    /// The scheme of `url` (`https` in `https://…`), lower-cased, or nil for a relative URL.
    package static func scheme(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let head = trimmed[..<colon]
        if head.contains(where: { "/?#".contains($0) }) { return nil }
        return head.lowercased()
    }

    package static func safeLink(_ url: String) -> Bool {
        scheme(url).map(linkSchemes.contains) ?? true
    }

    /// An image from beside the page (a relative path, not `//host/…`) or inlined as a PNG.
    package static func safeImage(_ url: String) -> Bool {
        if let scheme = scheme(url) { return scheme == "data" && url.lowercased().hasPrefix("data:image/png") }
        return !url.hasPrefix("//") && !url.hasPrefix("\\\\")
    }
}
