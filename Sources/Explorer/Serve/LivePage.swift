import Authoring
import Foundation

/// A lesson's page with controls: its static page (`LessonPage.html`, taken whole) with a bar of
/// controls, one per parameter with baked states, and `live.js`, which moves through them; the
/// same page on a static host and under `explorer serve` (the image control, hidden, appears
/// when the page finds the server). Everything from the lesson is escaped.
enum LivePage {
    /// `page` (the defaults' `index.html`) with the bar of `controls` at the top of its body, and
    /// the page's style and script.
    static func html(page: String, controls: String) -> String {
        var html = page
        if let range = html.range(of: "</head>") {
            // The page has no icon: the browser does not ask for `/favicon.ico`.
            html.insert(
                contentsOf:
                    "<link rel=\"stylesheet\" href=\"../assets/live.css\">\n<link rel=\"icon\" href=\"data:,\">\n",
                at: range.lowerBound)
        }
        if let range = html.range(of: "<body>") {
            html.insert(contentsOf: "\n" + controls, at: range.upperBound)
        }
        if let range = html.range(of: "</body>", options: .backwards) {
            html.insert(contentsOf: "<script src=\"../assets/live.js\"></script>\n", at: range.lowerBound)
        }
        return html
    }

    /// `html` (a page the lesson runner wrote, with links relative to its folder) with every link
    /// to a file beside the page (`strip.png`, `url("backdrop.png")`) made to start at `base`;
    /// links into other folders, with a scheme or a fragment only are left alone.
    static func links(_ html: String, base: String) -> String {
        let base = NSRegularExpression.escapedTemplate(for: base)
        var html = html
        // Each pattern matches just before a link's first character.
        for (pattern, template) in [
            (##"(src|href)="(?=[^"#:/]+(#[^"]*)?")"##, "$1=\"" + base), (##"url\("(?=[^")#:/]+"\))"##, "url(\"" + base)
        ] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            html = regex.stringByReplacingMatches(
                in: html, range: NSRange(html.startIndex..., in: html), withTemplate: template)
        }
        return html
    }

    /// The bar of controls at `values`, the status line saying `note`: a slider for a number's
    /// baked steps, a menu for choices, and for an image a file picker and drop zone, hidden until
    /// the page finds `explorer serve` behind it. `grids` holds each parameter's baked values and
    /// `states` their folders; `cells` names, for each cell the page shows, the parameters it
    /// depends on (`CellDependencies`): the script puts a compact copy of their controls beside
    /// its results.
    static func controls(
        lesson: Lesson, values: [String: String], note: String, grids: [String: [String]],
        states: [String: [String: String]], cells: [[String]] = []
    ) -> String {
        var rows: [String] = []
        for parameter in lesson.parameters {
            let name = escape(parameter.name)
            let value = values[parameter.name] ?? parameter.value
            let grid = grids[parameter.name] ?? []
            let title = escape(
                parameter.meaning.isEmpty ? parameter.accepts : parameter.meaning + " (" + parameter.accepts + ")")
            let upload = parameter.kind == .image ? " class=\"upload\" hidden" : ""
            var row = "<label title=\"\(title)\"\(upload)><span class=\"name\">\(name)</span> "
            switch parameter.kind {
            case .image:
                let shown = value.hasPrefix("upload:") ? String(value.dropFirst("upload:".count)) : value
                row +=
                    "<output data-shows=\"\(name)\">\(escape(shown))</output> <input type=\"file\" accept=\"image/png\" "
                row += "data-parameter=\"\(name)\" aria-label=\"upload a PNG for \(name)\"> "
                row += "<span class=\"drop\" data-drop=\"\(name)\">or drop a PNG here</span>"
            case _ where grid.count < 2:
                continue
            case .number, .integer:
                // A number's grid is numbers (`StaticSite.grid`), in order.
                let (first, last) = (Double(grid[0]) ?? 0, Double(grid[grid.count - 1]) ?? 0)
                let step = (last - first) / Double(grid.count - 1)
                row += "<input type=\"range\" data-parameter=\"\(name)\" min=\"\(first)\" max=\"\(last)\" "
                row += "step=\"\(step)\" value=\"\(escape(value))\"> <output>\(escape(value))</output>"
            case .choice, .method, .text:
                row += select(name, choices: grid, value: value)
            }
            rows.append(row + "</label>")
        }
        func json(_ value: some Encodable) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return escape((try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
        }
        let defaults = StaticSite.defaults(lesson)
        var attributes = "data-lesson=\"\(escape(lesson.number.map(String.init) ?? ""))\""
        attributes += " data-values=\"\(json(values))\" data-defaults=\"\(json(defaults))\""
        attributes += " data-grids=\"\(json(grids))\" data-states=\"\(json(states))\""
        if !cells.isEmpty { attributes += " data-cells=\"\(json(cells))\"" }
        return """
            <form id="live-controls" \(attributes)>
            <a href="../index.html">Lessons</a>
            \(rows.joined(separator: "\n"))
            <span id="live-status" role="status">\(escape(note))</span>
            </form>
            """
    }

    /// A menu of `choices` with `value` chosen.
    static func select(_ name: String, choices: [String], value: String) -> String {
        "<select data-parameter=\"\(name)\">"
            + choices.map { "<option\($0 == value ? " selected" : "")>\(escape($0))</option>" }.joined()
            + "</select>"
    }

    static func escape(_ text: String) -> String {
        LessonPage.escapeHTML(text).replacingOccurrences(of: "'", with: "&#39;")
    }
}
