import ArgumentParser
import Authoring
import Foundation

/// `explorer all`: every lesson's page, regenerated.
struct AllCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Run every lesson and write every page into Output/lesson-NN/, one line per lesson.",
        discussion: """
            A lesson that fails is reported with its file and line and keeps its previous page; the \
            other lessons still run, and the exit status is then non-zero. Then the course's index \
            (index.html, index.md) and the glossary of table columns are written beside the pages.
            """
    )

    @OptionGroup var lessons: LessonFolderOptions
    @OptionGroup var page: PageOptions
    @Flag(help: "Show no progress line on standard error (it appears only on a terminal, after a second).")
    var quiet = false

    @Flag(help: "Write every index.html as a single file, its figures and tables inlined, for mailing to students.")
    var embed = false

    func run() throws {
        let library: LessonLibrary
        do throws(LessonError) {
            library = try lessons.library()
        } catch {
            throw error.report()
        }
        let style = TerminalStyle.current()
        var failures: [LessonError] = []
        var failedLabels: [String] = []
        var written: [LessonRunner.Outcome] = []
        let start = Date()
        let progress = ProgressLine.onTerminal(quiet: quiet)
        defer { progress?.finish() }
        let print: (String) -> Void = { line in progress.map { $0.print(line) } ?? Swift.print(line) }
        // Every lesson is read and its cells parsed first, on all cores at once and before any
        // cell runs, so that no timing shares the machine with this work (parsing is a tenth of
        // the whole in a debug build). Lessons with no timing cell then run two at a time, also
        // before any timing; the lessons that time something run one after another, alone.
        let prepared = Self.prepare(library.entries, page: page)
        progress?.stage("the lessons that time nothing, on all cores")
        var early = Self.runUntimed(prepared, embed: embed)
        for (index, entry) in library.entries.enumerated() {
            let label = "lesson \(entry.number < 10 ? "0" : "")\(entry.number)  \(entry.slug)"
            progress?.stage("\(label) (\(index + 1) of \(library.entries.count))")
            do throws(LessonError) {
                let outcome: LessonRunner.Outcome
                if let done = early.removeValue(forKey: index) {
                    outcome = try done.get()
                } else {
                    let (runner, parts) = try prepared[index].get()
                    outcome = try runner.run(parts)
                    if embed { try PageEmbedder.embedPage(in: outcome.folder) }
                }
                written.append(outcome)
                print("\(style.bold(label))  \(outcome.counts) in \(NumberText.fixed(outcome.seconds, digits: 1)) s")
            } catch {
                failures.append(error)
                failedLabels.append(label.replacingOccurrences(of: "  ", with: " "))
                print("\(style.bold(label))  \(style.yellow("failed")) (previous page kept)")
                _ = error.report()
            }
        }
        progress?.finish()
        let figures = written.reduce(0) { $0 + $1.figureCount }
        let tables = written.reduce(0) { $0 + $1.tableCount }
        let seconds = NumberText.fixed(Date().timeIntervalSince(start), digits: 1)
        do throws(LessonError) {
            try CourseIndex.write(in: page.output, embed: embed)
        } catch {
            failures.append(error)
            _ = error.report()
        }
        print(
            TextRenderer.wrap(
                "Wrote \(written.count) of \(library.entries.count) lesson pages into \(page.output)/: "
                    + "\(figures) figures, \(tables) tables, in \(seconds) s; the index: \(page.output)/index.html."
                    + (failedLabels.isEmpty
                        ? ""
                        : " Failed, previous page kept: \(failedLabels.joined(separator: ", ")) (the errors are above)."),
                width: style.width))
        if !failures.isEmpty {
            throw failures.count == 1 ? ExitCode(failures[0].exitCode) : ExitCode.failure
        }
    }

    /// A prepared lesson: its runner and parsed cells, or the error that stops it.
    typealias Prepared = Result<(LessonRunner, [LessonRunner.PreparedPart]), LessonError>

    /// Runs, on all cores at once, the prepared lessons none of whose cells times anything; keyed
    /// by their index. A lesson that failed to prepare is left to the caller, which reports it.
    static func runUntimed(_ prepared: [Prepared], embed: Bool) -> [Int: Result<LessonRunner.Outcome, LessonError>] {
        let untimed = prepared.indices.filter { index in
            guard case .success(let (_, parts)) = prepared[index] else { return false }
            return !parts.contains { if case .cell(let cell) = $0 { cell.command.measuresTime } else { false } }
        }
        // The prepared lessons are only read.
        nonisolated(unsafe) let lessons = prepared
        let results = onAllCores(untimed.count) { k in
            Result { () throws(LessonError) -> LessonRunner.Outcome in
                let (runner, parts) = try lessons[untimed[k]].get()
                let outcome = try runner.run(parts)
                if embed { try PageEmbedder.embedPage(in: outcome.folder) }
                return outcome
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(untimed, results))
    }

    /// Each lesson's runner and prepared cells (or the error that stops it), in `entries`' order.
    static func prepare(_ entries: [LessonLibrary.Entry], page: PageOptions) -> [Prepared] {
        onAllCores(entries.count) { index in
            Result { () throws(LessonError) -> (LessonRunner, [LessonRunner.PreparedPart]) in
                let lesson = try LessonParser.parse(fileAt: entries[index].path)
                let values = try lesson.values(settings: [])
                let runner = LessonRunner(
                    lesson: lesson, values: values, outputRoot: page.output, quickTiming: page.quickTiming,
                    invocation: LessonCommand.invocation(lesson: lesson, settings: []))
                return (runner, try runner.prepare())
            }
        }
    }

    /// `body(0..<count)` computed on all cores at once, in index order.
    static func onAllCores<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialised in
            // Each slot is written by exactly one iteration.
            nonisolated(unsafe) let slots = buffer
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let work = body
                DispatchQueue.concurrentPerform(iterations: count) {
                    (slots.baseAddress! + $0).initialize(to: work($0))
                }
            }
            initialised = count
        }
    }
}
