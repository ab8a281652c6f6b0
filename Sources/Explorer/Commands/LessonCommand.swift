import ArgumentParser
import Authoring
import Foundation

/// `explorer lesson 3`: walk through a lesson in the terminal and write its page into `Output/`.
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Run a lesson: its prose and results in the terminal, its page in Output/lesson-NN/.",
        discussion: """
            The lesson is a number (3), a slug (exact-gaussian) or a path to a lesson file. Each cell \
            runs in order; the page (README.md, index.html, figures and CSV tables) is written only \
            when every cell succeeded, replacing the previous one. See Lessons/README.md for the format. \
            A lesson file may be at most 1 MiB.

            Text fits the terminal (COLUMNS when set, else the terminal's width, else 80). On a \
            terminal each figure is drawn where it is made (--images): with the kitty graphics \
            protocol or iTerm2 inline images when the terminal announces one, else in half blocks \
            (▀); pipes, NO_COLOR, TERM=dumb and --quiet get none. --step pauses before each cell, \
            asks the cell's prediction question when it has one, and runs the cell on Enter; where the \
            cell names the result it asks about (answer="…"), a number typed before Enter is checked \
            against that result once the cell has run. q stops, and the page is then not written.

            Examples:
              explorer lesson 1
              explorer lesson averaging --set radius=5
              explorer lesson 3 --parameters
              explorer lesson Lessons/01-averaging.md --output /tmp/pages --quiet
              explorer lesson 3 --step
            """
    )

    @Argument(help: ArgumentHelp("Lesson number, slug or path to a lesson file.", valueName: "lesson"))
    var lesson: String

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Override a parameter of the lesson (repeatable).", valueName: "name=value"))
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

    @Flag(help: "Pause before each cell (with its prediction question) until Enter; q stops. Needs a terminal.")
    var step = false

    @Option(
        help: ArgumentHelp(
            "Figures in the terminal: auto, inline (kitty or iTerm2 protocol), blocks (▀) or none.",
            valueName: "mode"))
    var images: InlineImages.Option = .auto

    func validate() throws {
        if step {
            guard isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 else {
                throw ValidationError("--step needs a terminal to pause in (standard input and output are not one)")
            }
            guard !quiet && format == .text else {
                throw ValidationError("--step shows the walk-through; it cannot go with --quiet or --format markdown")
            }
        }
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
        } catch  where error == Self.stopped {
            print(
                TerminalStyle.current().dim("Stopped. The page was not written: it is written when every cell has run.")
            )
        } catch {
            throw error.report()
        }
    }

    /// Thrown when the reader types `q` at a `--step` pause: the runner discards the page.
    static let stopped = LessonError("", line: nil, "stopped by the reader", exitCode: 0)

    func runLesson() throws(LessonError) {
        let path = lesson.hasSuffix(".md") || lesson.contains("/") ? lesson : try lessons.library().path(for: lesson)
        let parsed = try LessonParser.parse(fileAt: path)
        if parameters {
            print(LessonParameterList(lesson: parsed).text(markdown: format == .markdown), terminator: "")
            return
        }
        let values = try parsed.values(settings: settings.compactMap(Self.split))
        let style = TerminalStyle.current(images: images, quiet: quiet)
        let runner = LessonRunner(
            lesson: parsed, values: values, outputRoot: page.output, quickTiming: page.quickTiming,
            invocation: Self.invocation(lesson: parsed, settings: settings))
        let folder = PageFolder(root: page.output, name: parsed.pageFolderName).path
        let walkThrough = !quiet && format == .text
        let parts = try runner.prepare()
        let root = page.output, name = parsed.pageFolderName
        var terminal = LessonTerminal(pageFolder: folder, style: style) { file in
            Self.stagedFile(file, root: root, page: name)
        }
        if walkThrough { print(LessonTerminal.header(parsed, values: values, style: style)) }
        // The number the reader typed at the last pause, compared with the cell's answer once it ran.
        var guess: Double?
        if step { guess = try pause(before: parts, at: 0, style: style) }
        var index = 0
        var section = CourseSections.Section.other
        let outcome = try runner.run(parts) { (item) throws(LessonError) in
            index += 1
            var shown = item
            if case .prose(let text) = item {
                shown = .prose(
                    CourseSections.terminal(CourseSections.pieces(text, section: &section), answers: answers))
            }
            if walkThrough, let text = terminal.render(shown) { print("\n" + text) }
            if step, case .cell(let result) = item, let guess, let answer = result.answer,
                let name = Self.answerName(parts, before: index)
            {
                print("\n" + LessonTerminal.predictionCheck(guess: guess, result: answer, name: name, style: style))
            }
            if step { guess = try pause(before: parts, at: index, style: style) }
        }
        if embed { try PageEmbedder.embedPage(in: outcome.folder) }
        try CourseIndex.write(in: page.output)
        if format == .markdown && !quiet { print(outcome.markdown, terminator: "") }
        let summary = Self.summary(outcome)
        if format == .markdown {
            var standardError = StandardError()
            print(summary, to: &standardError)
        } else {
            print((walkThrough ? "\n" : "") + style.dim(TextRenderer.wrap(summary, width: style.width)))
        }
    }

    /// With `--step`: when `parts[index]` is a cell that shows, asks its prediction question and
    /// waits for Enter; `q` (or the end of input) stops the lesson. Where the cell names the result
    /// its question asks about (`answer="…"`), a number typed before Enter is the prediction,
    /// returned to be compared with that result once the cell has run.
    func pause(before parts: [LessonRunner.PreparedPart], at index: Int, style: TerminalStyle) throws(LessonError)
        -> Double?
    {
        guard index < parts.count, case .cell(let cell) = parts[index], !cell.cell.hidden else { return nil }
        if let text = cell.predict {
            print("\n" + style.yellow(TextRenderer.wrap("Predict: " + text, width: style.proseWidth)))
        }
        let asks = cell.predict != nil && cell.cell.answer != nil
        print(
            style.dim(
                asks
                    ? "a number then Enter: check it · [Enter] run the cell · q then Enter: stop"
                    : "[Enter] run the next cell · q then Enter: stop"))
        guard let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() != "q" else {
            throw Self.stopped
        }
        return asks ? LessonTerminal.typedNumber(answer) : nil
    }

    /// The `answer="…"` of the cell `parts[index - 1]`, the one whose result just arrived.
    static func answerName(_ parts: [LessonRunner.PreparedPart], before index: Int) -> String? {
        guard index >= 1, index - 1 < parts.count, case .cell(let cell) = parts[index - 1] else { return nil }
        return cell.cell.answer
    }

    /// Where a figure a cell just wrote is while the lesson runs: in the page's staging folder
    /// (`Output/.lesson-03.tmp-XXXXXX`, see `PageFolder`), the newest one that holds it.
    static func stagedFile(_ file: String, root: String, page: String) -> String? {
        let manager = FileManager.default
        let candidates = ((try? manager.contentsOfDirectory(atPath: root)) ?? [])
            .filter { $0.hasPrefix(".\(page).tmp-") }
            .map { root + "/" + $0 + "/" + file }
            .filter { manager.fileExists(atPath: $0) }
        func modified(_ path: String) -> Date {
            ((try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
        }
        return candidates.max { modified($0) < modified($1) }
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
