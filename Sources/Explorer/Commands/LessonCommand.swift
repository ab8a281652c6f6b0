import ArgumentParser
import Foundation

/// `explorer lesson 3`: walk through a lesson in the terminal and write its page into `Output/`.
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Run a lesson: its prose and results in the terminal, its page in Output/lesson-NN/.",
        discussion: """
        The lesson is a number (3), a slug (exact-gaussian) or a path to a lesson file. Each cell \
        runs in order; the page (README.md, index.html, figures and CSV tables) is written only \
        when every cell succeeded, replacing the previous one. See Lessons/README.md for the format.

        Examples:
          explorer lesson 1
          explorer lesson averaging --set radius=5
          explorer lesson 3 --parameters
          explorer lesson Lessons/01-averaging.md --output /tmp/pages --quiet
        """
    )

    @Argument(help: ArgumentHelp("Lesson number, slug or path to a lesson file.", valueName: "lesson"))
    var lesson: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Override a parameter of the lesson (repeatable).", valueName: "name=value"))
    var settings: [String] = []

    @OptionGroup var lessons: LessonFolderOptions
    @OptionGroup var page: PageOptions

    /// What `explorer lesson` prints: the walk-through, or the page's Markdown.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, markdown
    }

    @Option(help: "What to print: text (the walk-through) or markdown (the page).")
    var format: Format = .text

    @Flag(help: "Print only the summary of what was written (and errors).")
    var quiet = false

    @Flag(help: "List the lesson's parameters (kind, default, accepted values, meaning) and run nothing.")
    var parameters = false

    @Flag(help: "Show the answers to the exercises in the terminal (the page always folds them away).")
    var answers = false

    @Flag(help: "Write index.html as a single file, its figures and tables inlined, for mailing to students.")
    var embed = false

    func validate() throws {
        for setting in settings where Self.split(setting) == nil {
            throw ValidationError("--set takes name=value, got '\(setting)'")
        }
    }

    static func split(_ setting: String) -> (name: String, value: String)? {
        guard let equals = setting.firstIndex(of: "="), equals > setting.startIndex else { return nil }
        return (String(setting[..<equals]), String(setting[setting.index(after: equals)...]))
    }

    func run() throws {
        do throws(LessonError) {
            try runLesson()
        } catch {
            throw error.report()
        }
    }

    func runLesson() throws(LessonError) {
        let path = lesson.hasSuffix(".md") || lesson.contains("/") ? lesson : try lessons.library().path(for: lesson)
        let parsed = try LessonParser.parse(fileAt: path)
        if parameters {
            print(LessonParameterList(lesson: parsed).text(markdown: format == .markdown), terminator: "")
            return
        }
        let values = try parsed.values(settings: settings.compactMap(Self.split))
        let style = TerminalStyle.current()
        let runner = LessonRunner(lesson: parsed, values: values, outputRoot: page.output, quickTiming: page.quickTiming,
                                  invocation: Self.invocation(lesson: parsed, settings: settings))
        let folder = PageFolder(root: page.output, name: parsed.pageFolderName).path
        let walkThrough = !quiet && format == .text
        let parts = try runner.prepare()
        if walkThrough { print(LessonTerminal.header(parsed, values: values, style: style)) }
        var section = CourseSections.Section.other
        let outcome = try runner.run(parts) { item in
            var shown = item
            if case .prose(let text) = item {
                shown = .prose(CourseSections.terminal(CourseSections.pieces(text, section: &section), answers: answers))
            }
            guard walkThrough, let text = LessonTerminal.render(shown, pageFolder: folder, style: style) else { return }
            print("\n" + text)
        }
        if embed { try PageEmbedder.embedPage(in: outcome.folder) }
        try CourseIndex.write(in: page.output)
        if format == .markdown && !quiet { print(outcome.markdown, terminator: "") }
        let summary = Self.summary(outcome)
        if format == .markdown {
            var standardError = StandardError()
            print(summary, to: &standardError)
        } else {
            print((walkThrough ? "\n" : "") + style.dim(summary))
        }
    }

    /// `explorer lesson 1 --set radius=3`: how to make the same page again.
    static func invocation(lesson: Lesson, settings: [String]) -> String {
        (["explorer", "lesson", lesson.number.map(String.init) ?? lesson.fileName] + settings.flatMap { ["--set", $0] })
            .map(shellQuoted).joined(separator: " ")
    }

    /// One line: where the page went and what it holds.
    static func summary(_ outcome: LessonRunner.Outcome) -> String {
        "Wrote \(outcome.folder)/: README.md, index.html, \(outcome.counts) in \(NumberText.fixed(outcome.seconds, digits: 1)) s."
    }
}
