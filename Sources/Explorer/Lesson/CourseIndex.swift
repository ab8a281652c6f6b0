import Authoring
import BlurKit
import Foundation

/// The course's front pages in the output folder: `index.html` and `index.md`, listing every
/// lesson page there with its title, summary, takeaways and first figure, and the glossary of
/// the table columns (`glossary.html`, `glossary.md`).
///
/// The list is rebuilt from the page folders themselves (each README.md ends with a comment
/// holding its `PageInfo`), so `explorer lesson 3` updates lesson 3's entry and keeps every
/// other lesson's as its last run left it.
enum CourseIndex {
    /// What the index shows of one lesson page.
    struct PageInfo: Codable, Equatable, Sendable {
        var number: Int?
        /// The page folder's name (`lesson-03`).
        var folder: String
        var title: String
        var summary: String
        /// The items of the lesson's `## Summary`.
        var takeaways: [String]
        /// The first figure's path relative to the page folder, and its alt text.
        var figure: String?
        var figureAlt: String?
    }

    static let commentPrefix = "<!-- explorer-page "

    /// `info` as an HTML comment for the end of the page's README.md (invisible when rendered).
    static func comment(_ info: PageInfo) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: (try? encoder.encode(info)) ?? Data("{}".utf8), as: UTF8.self)
        // A comment ends at "-->": write every ">" inside JSON strings as its escape.
        return commentPrefix + json.replacingOccurrences(of: ">", with: "\\u003e") + " -->"
    }

    /// The `PageInfo` of a page's README.md, from its comment; for a page without one (an older
    /// run), its `# title` and `*summary*` lines.
    static func info(readme: String, folder: String) -> PageInfo? {
        let lines = readme.components(separatedBy: "\n")
        if let line = lines.last(where: { $0.hasPrefix(commentPrefix) && $0.hasSuffix(" -->") }) {
            let json = line.dropFirst(commentPrefix.count).dropLast(4)
            if let info = try? JSONDecoder().decode(PageInfo.self, from: Data(json.utf8)) { return info }
        }
        guard let title = lines.first(where: { $0.hasPrefix("# ") }) else { return nil }
        let summary = lines.first { $0.hasPrefix("*") && $0.hasSuffix("*") && $0.count > 2 } ?? "**"
        let number = Int(folder.dropFirst("lesson-".count))
        return PageInfo(
            number: number, folder: folder, title: String(title.dropFirst(2)),
            summary: String(summary.dropFirst().dropLast()), takeaways: [], figure: nil, figureAlt: nil)
    }

    /// Every lesson page in `root`, by number (pages without one last, by folder name).
    static func pages(in root: String) -> [PageInfo] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let found = names.filter { $0.hasPrefix("lesson-") }.compactMap { name -> PageInfo? in
            guard let readme = try? String(contentsOfFile: root + "/" + name + "/README.md", encoding: .utf8) else {
                return nil
            }
            return info(readme: readme, folder: name)
        }
        return found.sorted { a, b in
            switch (a.number, b.number) {
            case (let x?, let y?): x != y ? x < y : a.folder < b.folder
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.folder < b.folder
            }
        }
    }

    /// The index as Markdown sections; `page` is the file a lesson link opens (`README.md` or
    /// `index.html`) and `glossary` the glossary's file. A `site`'s index (`explorer export`,
    /// `explorer serve`) speaks to the students who open it, not to whoever runs `explorer`.
    static func sections(_ pages: [PageInfo], page: String, glossary: String, site: Bool = false) -> [String] {
        var sections = [
            "# Blur Explorer: the lessons",
            "*Every lesson page in this folder, with what it teaches and its first figure.*",
            site
                ? "Open a lesson. Where it has settings, the bar at the top of its page has a control for each: move "
                    + "one and the figures, tables and text change to what the lesson computed at that value. The tables' "
                    + "columns are explained in the [glossary](\(glossary))."
                : "Runs of `explorer` write here: one folder per lesson (`lesson-03/README.md`, `index.html`, figures "
                    + "and CSV tables). `swift run explorer all` regenerates every page; `explorer lesson N` updates one "
                    + "and its entry here. The tables' columns are explained in the [glossary](\(glossary))."
        ]
        if pages.isEmpty { sections.append("No lesson page has been written yet.") }
        for info in pages {
            let number = info.number.map { ($0 < 10 ? "0" : "") + String($0) + " · " } ?? ""
            sections.append("## [\(number)\(info.title)](\(info.folder)/\(page))")
            sections.append("*\(info.summary)*")
            if !info.takeaways.isEmpty { sections.append(info.takeaways.map { "- " + $0 }.joined(separator: "\n")) }
            if let figure = info.figure {
                sections.append("![\(info.figureAlt ?? "The lesson's first figure")](\(info.folder)/\(figure))")
            }
        }
        return sections
    }

    /// The index page that goes with lesson pages of the kind `page` (`README.md` → `index.md`).
    static func indexPage(for page: String) -> String {
        page == "README.md" ? "index.md" : page
    }

    /// Writes `index.html`, `index.md`, `glossary.html` and `glossary.md` into `root`, each
    /// atomically; with `embed`, the figures of `index.html` are inlined (`PageEmbedder`); a
    /// `site`'s index is worded for students (`sections`).
    ///
    /// - Throws: `LessonError` naming the file that could not be written.
    static func write(in root: String, embed: Bool = false, site: Bool = false) throws(LessonError) {
        let pages = pages(in: root)
        let readme =
            sections(pages, page: "README.md", glossary: "glossary.md", site: site).joined(separator: "\n\n") + "\n"
        // Figures in the index are previews: at most 18rem high, so the list stays a list.
        let html = LessonPage.html(
            title: "Blur Explorer: the lessons", summary: "Every lesson page, with its first figure.",
            sections: sections(pages, page: "index.html", glossary: "glossary.html", site: site)
        )
        .replacingOccurrences(of: "</style>", with: "main img { max-height: 18rem; width: auto; }\n</style>")
        let glossaryHTML = LessonPage.html(
            title: "Glossary of the table columns", summary: "What the numbers in the lessons' tables mean.",
            sections: [Glossary.markdown(indexLink: "index.html")])
        let files: [(String, () throws -> String)] = [
            ("index.md", { readme }),
            ("glossary.md", { Glossary.markdown(indexLink: "index.md") }),
            ("glossary.html", { glossaryHTML }),
            ("index.html", { embed ? try PageEmbedder.embed(html, folder: root) : html })
        ]
        for (name, text) in files {
            let path = root + "/" + name
            do {
                try AtomicFile.write(text: try text(), to: path)
            } catch {
                throw LessonError(path, line: nil, "cannot write the course index: \(error)")
            }
        }
    }
}
