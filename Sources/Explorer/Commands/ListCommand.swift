import ArgumentParser
import Authoring

/// `explorer list`: every lesson with its number, slug, title and summary.
struct ListCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the lessons: number, slug, title and summary.",
        discussion: "Run one with: explorer lesson NUMBER (or its slug)."
    )

    @OptionGroup var lessons: LessonFolderOptions
    @OptionGroup var formatOptions: FormatOptions

    func run() throws {
        do {
            print(format.render(try makeReport(.terminal()), style: .current()))
        } catch let error as LessonError {
            throw error.report()
        }
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let library = try lessons.library()
        var table = Table(
            title: nil, name: "lessons",
            columns: [
                // A narrow terminal leaves out the summary, then the slug: one line per lesson.
                Table.Column(key: "number", title: "#"),
                Table.Column(key: "slug", title: "slug", alignRight: false, priority: 2),
                Table.Column(key: "title", title: "title", alignRight: false),
                Table.Column(key: "summary", title: "summary", alignRight: false, priority: 1)
            ])
        for entry in library.entries {
            let lesson = try LessonParser.parse(fileAt: entry.path)
            table.append([.integer(entry.number), .text(entry.slug), .text(lesson.title), .text(lesson.summary)])
        }
        var report = Report()
        if table.rows.isEmpty {
            report.text("There are no lessons (files named NN-slug.md) in \(library.folder)/.")
        } else {
            report.table(table)
        }
        return report
    }
}
