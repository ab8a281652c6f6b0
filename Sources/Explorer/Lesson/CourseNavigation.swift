import Authoring
import Foundation

/// The links of a lesson page to the previous and next lesson in its folder and back to the
/// course index, as one line for the top and the foot of the page.
///
/// Neighbours come from the lessons folder the lesson was read from (`NN-slug.md` files in
/// number order); a lesson file with no number, or alone in its folder, links to the index
/// only. A neighbour's title comes from its front matter (its slug when that cannot be read).
struct CourseNavigation: Equatable, Sendable {
    /// A neighbouring lesson: its page folder (`lesson-02`) and what the link says.
    struct Link: Equatable, Sendable {
        var folder: String
        var label: String
    }

    var previous: Link?
    var next: Link?

    /// The neighbours of `lesson` in the folder it was read from.
    static func of(_ lesson: Lesson) -> CourseNavigation {
        guard let number = lesson.number else { return CourseNavigation() }
        let folder = (lesson.path as NSString).deletingLastPathComponent
        guard let library = try? LessonLibrary(folder: folder.isEmpty ? "." : folder),
            let index = library.entries.firstIndex(where: { $0.number == number })
        else { return CourseNavigation() }
        func link(_ entry: LessonLibrary.Entry) -> Link {
            let title = (try? LessonParser.parse(fileAt: entry.path).title) ?? entry.slug
            let folder = "lesson-" + (entry.number < 10 ? "0" : "") + String(entry.number)
            return Link(
                folder: folder, label: "\(entry.number < 10 ? "0" : "")\(entry.number) · \(LessonPage.pageText(title))")
        }
        return CourseNavigation(
            previous: index > 0 ? link(library.entries[index - 1]) : nil,
            next: index + 1 < library.entries.count ? link(library.entries[index + 1]) : nil)
    }

    /// The line of links; `page` is the page file each link opens (`README.md` or `index.html`).
    /// The course's index is `index.md` beside Markdown pages (the output folder's README.md is
    /// the committed note on what the folder holds) and `index.html` beside HTML ones.
    func line(page: String) -> String {
        var parts: [String] = []
        if let previous { parts.append("← [\(previous.label)](../\(previous.folder)/\(page))") }
        parts.append("[All lessons](../\(CourseIndex.indexPage(for: page)))")
        if let next { parts.append("[\(next.label)](../\(next.folder)/\(page)) →") }
        return parts.joined(separator: " · ")
    }
}
