import ArgumentParser
import Foundation

/// `explorer all`: every lesson's page, regenerated.
struct AllCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Run every lesson and write every page into Output/lesson-NN/, one line per lesson.",
        discussion: """
        A lesson that fails is reported with its file and line and keeps its previous page; the \
        other lessons still run, and the exit status is then non-zero.
        """
    )

    @OptionGroup var lessons: LessonFolderOptions
    @OptionGroup var page: PageOptions

    func run() throws {
        let library: LessonLibrary
        do throws(LessonError) {
            library = try lessons.library()
        } catch {
            throw error.report()
        }
        let style = TerminalStyle.current()
        var failures: [LessonError] = []
        var written: [LessonRunner.Outcome] = []
        let start = Date()
        for entry in library.entries {
            let label = "lesson \(entry.number < 10 ? "0" : "")\(entry.number)  \(entry.slug)"
            do throws(LessonError) {
                let lesson = try LessonParser.parse(fileAt: entry.path)
                let values = try lesson.values(settings: [])
                let runner = LessonRunner(lesson: lesson, values: values, outputRoot: page.output,
                                          quickTiming: page.quickTiming, invocation: LessonCommand.invocation(lesson: lesson, settings: []))
                let outcome = try runner.run()
                written.append(outcome)
                print("\(style.bold(label))  \(outcome.counts) in \(NumberText.fixed(outcome.seconds, digits: 1)) s")
            } catch {
                failures.append(error)
                print("\(style.bold(label))  \(style.yellow("failed")) (previous page kept)")
                _ = error.report()
            }
        }
        let figures = written.reduce(0) { $0 + $1.figureCount }
        let tables = written.reduce(0) { $0 + $1.tableCount }
        let seconds = NumberText.fixed(Date().timeIntervalSince(start), digits: 1)
        print(TextRenderer.wrap("Wrote \(written.count) of \(library.entries.count) lesson pages into \(page.output)/: "
            + "\(figures) figures, \(tables) tables, in \(seconds) s.", width: style.width))
        if !failures.isEmpty {
            throw failures.count == 1 ? ExitCode(failures[0].exitCode) : ExitCode.failure
        }
    }
}
