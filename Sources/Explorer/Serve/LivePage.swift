import Foundation

/// The live page: a lesson's static page (`LessonPage.html`) with a bar of controls, one per
/// declared parameter, and a small script that re-runs the lesson when one changes.
///
/// The static page is taken whole, so prose, figures and tables are the same as in `Output/`;
/// its links are made to work where the page is served (`links(_:base:style:)`): a figure's
/// name becomes its run's URL, a neighbouring lesson's page `/lesson/N`. Everything from the
/// lesson (names, meanings, values) is escaped.
enum LivePage {
    /// Where a page is read: from `explorer serve`, or from the static site `explorer export` writes.
    enum Site {
        case live
        case export
    }

    /// `page` (a run's `index.html`, its links already made absolute) made live at `values` (as the
    /// page shows them: an upload by its file name) for page session `session`, showing run `run`;
    /// the status line says `note`, or `message` as an error. `cells` names, for each cell the
    /// page shows, the parameters it depends on (`LiveLesson.dependencies`): the script puts a
    /// compact copy of their controls beside that cell's results.
    static func html(
        page: String, lesson: Lesson, values: [String: String], session: String, run: String = "",
        note: String = "", message: String? = nil, site: Site = .live, grids: [String: [String]]? = nil,
        states: [String: [String: String]]? = nil, cells: [[String]] = []
    ) -> String {
        let assets = site == .live ? "/assets/" : "../assets/"
        let controls = Self.controls(
            lesson: lesson, values: values, client: session, run: run, note: note, message: message,
            site: site, grids: grids, states: states, cells: cells)
        var html = page
        if let range = html.range(of: "</head>") {
            html.insert(
                contentsOf: "<link rel=\"stylesheet\" href=\"\(assets)live.css\">\n\(Self.noIcon)\n",
                at: range.lowerBound)
        }
        if let range = html.range(of: "<body>") { html.insert(contentsOf: "\n" + controls, at: range.upperBound) }
        if let range = html.range(of: "</body>", options: .backwards) {
            html.insert(
                contentsOf:
                    "<script src=\"\(assets)explain.js\"></script>\n<script src=\"\(assets)live.js\"></script>\n",
                at: range.lowerBound)
        }
        return html
    }

    /// `html` (a page the lesson runner wrote, with links relative to its folder) with every link
    /// made to work from `base`: a file beside the page (`strip.png`, `url("backdrop.png")`)
    /// becomes `base` + its name; `../lesson-04/index.html` becomes `/lesson/4` and
    /// `../index.html` and `../glossary.html` the server's index and glossary on the live site;
    /// links with a scheme or a fragment only are left alone.
    static func links(_ html: String, base: String, site: Site) -> String {
        guard let pattern = try? NSRegularExpression(pattern: ##"(src|href)="([^"#:]*)(#[^"]*)?"|url\("([^")#:]*)"\)"##)
        else { return html }
        let text = html as NSString
        var result = "", last = 0
        for match in pattern.matches(in: html, range: NSRange(location: 0, length: text.length)) {
            let isURL = match.range(at: 4).location != NSNotFound
            let reference = text.substring(with: match.range(at: isURL ? 4 : 2))
            let fragment = match.range(at: 3).location == NSNotFound ? "" : text.substring(with: match.range(at: 3))
            guard !reference.isEmpty, let target = target(reference, base: base, site: site) else { continue }
            result += text.substring(with: NSRange(location: last, length: match.range.location - last))
            result +=
                isURL ? "url(\"\(target)\")" : "\(text.substring(with: match.range(at: 1)))=\"\(target)\(fragment)\""
            last = match.range.location + match.range.length
        }
        return result + text.substring(from: last)
    }

    /// Where a relative `reference` of a page points on `site`, or nil to leave it alone.
    static func target(_ reference: String, base: String, site: Site) -> String? {
        guard !reference.hasPrefix("/") else { return nil }
        let parts = reference.split(separator: "/").map(String.init)
        if parts.count == 1 { return base + parts[0] }
        guard site == .live, parts.first == ".." else { return nil }
        switch parts.count {
        case 2 where parts[1] == "index.html" || parts[1] == "index.md": return "/"
        case 2 where parts[1] == "glossary.html" || parts[1] == "glossary.md": return "/glossary"
        case 3 where parts[1].hasPrefix("lesson-") && (parts[2] == "index.html" || parts[2] == "README.md"):
            return Int(parts[1].dropFirst("lesson-".count)).map { "/lesson/\($0)" }
        default: return nil
        }
    }

    /// The bar of controls: a slider for a number with a range, a menu for choices, a file picker
    /// and drop zone for an image, a text field otherwise. On the exported site a parameter moves
    /// only over its baked `grids` steps (the others stay at their defaults), and an image
    /// cannot be uploaded.
    static func controls(
        lesson: Lesson, values: [String: String], client: String, run: String = "", note: String = "",
        message: String? = nil, site: Site = .live, grids: [String: [String]]? = nil,
        states: [String: [String: String]]? = nil, cells: [[String]] = []
    ) -> String {
        var rows: [String] = []
        for parameter in lesson.parameters {
            let name = escape(parameter.name)
            let value = values[parameter.name] ?? parameter.value
            let grid = grids?[parameter.name]
            if site == .export && (grid?.count ?? 0) < 2 { continue }
            let title = escape(
                parameter.meaning.isEmpty ? parameter.accepts : parameter.meaning + " (" + parameter.accepts + ")")
            var row = "<label title=\"\(title)\"><span class=\"name\">\(name)</span> "
            let range = parameter.minimum.flatMap { low in parameter.maximum.map { (low, $0) } }
            switch parameter.kind {
            case .number where range != nil, .integer where range != nil:
                var (low, high) = range!
                var step = parameter.kind == .integer ? 1 : sliderStep(low, high)
                if let grid, let first = grid.first.flatMap(Double.init), let last = grid.last.flatMap(Double.init),
                    grid.count > 1
                {
                    (low, high, step) = (first, last, (last - first) / Double(grid.count - 1))
                }
                row +=
                    "<input type=\"range\" data-parameter=\"\(name)\" min=\"\(low)\" max=\"\(high)\" step=\"\(step)\" value=\"\(escape(value))\">"
                row += " <output>\(escape(value))</output>"
            case .number, .integer, .text:
                if let grid {
                    row += select(name, choices: grid, value: value)
                } else {
                    row +=
                        "<input type=\"\(parameter.kind == .text ? "text" : "number")\" data-parameter=\"\(name)\" value=\"\(escape(value))\">"
                }
            case .choice, .method:
                row += select(name, choices: grid ?? parameter.choices, value: value)
            case .image where grid != nil:
                row += select(name, choices: grid!, value: value)
            case .image:
                let shown = value.hasPrefix("upload:") ? String(value.dropFirst("upload:".count)) : value
                row += "<output data-shows=\"\(name)\">\(escape(shown))</output> "
                row +=
                    "<input type=\"file\" accept=\"image/png\" data-parameter=\"\(name)\" aria-label=\"upload a PNG for \(name)\">"
                row += " <span class=\"drop\" data-drop=\"\(name)\">or drop a PNG here</span>"
            }
            rows.append(row + "</label>")
        }
        let number = lesson.number.map(String.init) ?? ""
        func json(_ value: some Encodable) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return escape((try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
        }
        let defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        var attributes =
            "data-lesson=\"\(escape(number))\" data-session=\"\(escape(client))\" data-run=\"\(escape(run))\""
        attributes += " data-values=\"\(json(values))\" data-defaults=\"\(json(defaults))\""
        attributes += " data-site=\"\(site == .live ? "live" : "export")\""
        if let grids { attributes += " data-grids=\"\(json(grids))\"" }
        if let states { attributes += " data-states=\"\(json(states))\"" }
        if !cells.isEmpty { attributes += " data-cells=\"\(json(cells))\"" }
        let status =
            message.map { "<span id=\"live-status\" role=\"status\" class=\"error\">\(escape($0))</span>" }
            ?? "<span id=\"live-status\" role=\"status\">\(escape(note))</span>"
        return """
            <form id="live-controls" \(attributes)>
            <a href="\(site == .live ? "/" : "../index.html")">Lessons</a>
            \(rows.joined(separator: "\n"))
            \(status)
            </form>
            """
    }

    /// A menu of `choices` with `value` chosen.
    static func select(_ name: String, choices: [String], value: String) -> String {
        "<select data-parameter=\"\(name)\">"
            + choices.map { "<option\($0 == value ? " selected" : "")>\(escape($0))</option>" }.joined()
            + "</select>"
    }

    /// A slider step of one, two or five times a power of ten giving about a hundred steps.
    static func sliderStep(_ minimum: Double, _ maximum: Double) -> Double {
        let span = max(maximum - minimum, 1e-9)
        let raw = span / 100
        let power = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where raw <= factor * power { return factor * power }
        return 10 * power
    }

    /// The index: every lesson with its title and summary, on the course's own page template.
    static func index(entries: [(number: Int, title: String, summary: String)]) -> String {
        let items = entries.map { entry in
            "- [\(entry.number). \(LessonPage.pageText(entry.title))](/lesson/\(entry.number)) — \(LessonPage.pageText(entry.summary))"
        }
        let intro = "Every lesson live: move a control and the lesson runs again on this computer."
        return LessonPage.html(
            title: "Blur Explorer: lessons", summary: intro,
            sections: ["# Blur Explorer", intro, items.joined(separator: "\n")]
        )
        .replacingOccurrences(of: "</head>", with: noIcon + "\n</head>")
    }

    /// Says the page has no icon, so the browser does not ask for `/favicon.ico`.
    static let noIcon = "<link rel=\"icon\" href=\"data:,\">"

    /// A short page for an error (404, 405).
    static func message(_ text: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(text))</title></head><body><p>\(escape(text))</p><p><a href=\"/\">Lessons</a></p></body></html>\n"
    }

    static func escape(_ text: String) -> String {
        LessonPage.escapeHTML(text).replacingOccurrences(of: "'", with: "&#39;")
    }
}
