import ArgumentParser
import Authoring
import BlurKit
import Foundation
import Synchronization

/// Runs a lesson: substitutes its parameters, parses every cell with the explorer's own command
/// line parser, runs the cells in order and writes the page.
///
/// Every cell is parsed before the first one runs, so a typo in the last cell is reported at once
/// and nothing is written. The page is built in a staging folder beside its final place and moved
/// there only when complete; on any error the staging folder is removed and the previous page is
/// left as it was.
struct LessonRunner {
    var lesson: Lesson
    /// Parameter values after `--set`.
    var values: [String: String]
    /// Where the page folder goes (`Output`).
    var outputRoot: String
    /// Short timing runs in timing cells (`--quick`, `EXPLORER_QUICK=1`).
    var quickTiming = false
    /// How the lesson is run again, shown at the foot of the page (`explorer lesson 1`).
    var invocation: String
    /// Cells kept from earlier runs: a cell whose command is unchanged is not run again
    /// (`explorer serve`; nil runs every cell).
    var memo: CellMemo?
    /// A live page's preview while a control moves: quick timing and, once the lesson is known
    /// not to read its own outputs, the cells on two lanes at once — the timing cells in order on
    /// one, the others on the other.
    var preview = false
    /// Whether a preview may use the second lane (an upload's job does: `StaticSite.runState`).
    var mayUseLanes = true
    /// Held shared by this run when other runs go on at once (`explorer export --jobs`): each
    /// timing cell runs alone, the other cells pause for it (nil: no other run).
    var gate: TimingGate?

    /// A cell with its parameters substituted and its command parsed.
    struct PreparedCell {
        var cell: Lesson.Cell
        /// The command as shown after `$ explorer ` (the cell's text, parameters substituted).
        var text: String
        var words: [String]
        var command: any ReportingCommand
        var caption: String?
        /// The prediction question, parameters substituted (`--step` asks it before the cell).
        var predict: String?
    }

    enum PreparedPart {
        case prose(String)
        /// Prose that reads the results of named cells above it (`{{errors.box.interiorMax}}`):
        /// substituted when those cells have run, with `environment` and their results.
        case resultProse(Lesson.Prose, environment: [String: LessonExpression.Value])
        case cell(PreparedCell)
    }

    /// What the page shows, in order.
    enum Item: Equatable, Sendable {
        /// Markdown prose, parameters substituted.
        case prose(String)
        case cell(CellResult)
    }

    /// A cell that ran: its command and its report, with figure paths relative to the page folder.
    struct CellResult: Equatable, Sendable {
        var text: String
        var line: Int
        var report: Report
        var caption: String?
        var hidden: Bool
        var format: OutputFormat
        /// The value the cell's `answer="…"` names, read from its report, for `--step` to compare
        /// with the reader's prediction.
        var answer: Double? = nil
    }

    /// What a run wrote.
    struct Outcome: Sendable {
        /// The page folder (`Output/lesson-01`).
        var folder: String
        var items: [Item]
        var markdown: String
        /// Every file in the page folder, sorted.
        var files: [String]
        var cellCount: Int
        var seconds: Double

        var figureCount: Int { files.filter { $0.hasSuffix(".png") }.count }
        var tableCount: Int { files.filter { $0.hasSuffix(".csv") }.count }

        /// `3 figures, 1 table, 4 cells`.
        var counts: String {
            [(figureCount, "figure"), (tableCount, "table"), (cellCount, "cell")]
                .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        }
    }

    // MARK: - Running

    /// Runs every cell and writes the page; `onItem` sees each piece as soon as it is ready, and
    /// stops the run (nothing written) by throwing.
    ///
    /// - Throws: `LessonError` at a cell's line when it fails, or naming the page folder when the
    ///   page cannot be written. The previous page is then left untouched.
    func run(onItem: (Item) throws(LessonError) -> Void = { _ in }) throws(LessonError) -> Outcome {
        try run(try prepare(), onItem: onItem)
    }

    /// Runs cells already prepared by `prepare()`, and writes the page.
    func run(_ parts: [PreparedPart], onItem: (Item) throws(LessonError) -> Void = { _ in }) throws(LessonError)
        -> Outcome
    {
        let start = Date()
        let folder = PageFolder(root: outputRoot, name: lesson.pageFolderName)
        var staging = try folder.makeStaging()
        do throws(LessonError) {
            var early = usesLanes ? runInLanes(parts, in: staging) : [:]
            // A first run on two lanes (the memo not knowing yet) is run again in order when a cell
            // failed or read another's output: only then could the lanes have changed what it read.
            if memo?.readsOutputs(lesson.path) == nil,
                early.values.contains(where: { (try? $0.get())?.readOutputs != false })
            {
                folder.discard(staging)
                staging = try folder.makeStaging()
                early = [:]
            }
            var items: [Item] = []
            var written: [String: Int] = [:]
            var owners: [String: Int] = [:]
            var done: [Executed] = []
            var results: [String: LessonExpression.Value] = [:]
            var reports: [String: (line: Int, report: Report)] = [:]
            for (index, part) in parts.enumerated() {
                let item: Item
                switch part {
                case .prose(let text):
                    item = .prose(text)
                case .resultProse(let prose, let environment):
                    guard let text = try substitute(prose, environment: environment, results: results, reports: reports)
                    else {
                        // Every section of it was dropped: nothing to show, but one item per part
                        // keeps `--step`'s count.
                        try onItem(.prose(""))
                        continue
                    }
                    item = .prose(text)
                case .cell(let cell):
                    let executed: Executed
                    if let earlier = early[index] {
                        executed = try earlier.get()
                    } else {
                        executed = try execute(cell, in: staging)
                    }
                    try checkFigures(executed.result, written: &written)
                    try checkFiles(executed, line: cell.cell.line, owners: &owners)
                    done.append(executed)
                    var result = executed.result
                    if let id = cell.cell.id {
                        results.merge(CellResults.names(id: id, report: executed.result.report)) { _, new in new }
                        reports[id] = (cell.cell.line, executed.result.report)
                        result.answer = try CellResults.answer(
                            of: cell.cell, in: results, report: result.report, path: lesson.path)
                    }
                    item = .cell(result)
                }
                items.append(item)
                try onItem(item)
            }
            let page = LessonPage(lesson: lesson, values: values, items: items, invocation: invocation)
            try checkTables(page, figures: written.merging(owners) { figure, _ in figure })
            try folder.write(page.markdown, named: "README.md", in: staging)
            try folder.write(page.html, named: "index.html", in: staging)
            if page.html.contains(PointingIsland.scriptTag), let script = PointingIsland.scriptText {
                try folder.write(script, named: PointingIsland.script, in: staging)
            }
            for (name, csv) in page.tables { try folder.write(csv, named: name, in: staging) }
            let files = try folder.commit(staging)
            memo?.keep(
                done.compactMap { executed in executed.key.map { ($0, executed.result.report, executed.written) } },
                folder: folder.path,
                lesson: lesson.path, reads: Set(done.filter(\.readOutputs).map(\.result.line)))
            return Outcome(
                folder: folder.path, items: items, markdown: page.markdown, files: files,
                cellCount: done.count, seconds: Date().timeIntervalSince(start))
        } catch {
            folder.discard(staging)
            throw error
        }
    }

    /// A cell's result, with what the memo needs to keep it.
    struct Executed {
        var result: CellResult
        var key: CellMemo.Key?
        /// Whether the cell read a file an earlier cell wrote.
        var readOutputs: Bool
        /// The names of the files it wrote into the page folder (found when it runs alone).
        var written: [String] = []
    }

    /// Whether this run puts its cells on two lanes: a preview, on two or more cores and with no
    /// other run beside it (`gate`: its lanes would not hold the gate), of a lesson
    /// whose last run showed that no cell reads another's output, or that has not run yet (`run`
    /// then runs it again in order if one did).
    var usesLanes: Bool {
        preview && mayUseLanes && gate == nil && BuildInfo.cores >= 2 && memo != nil
            && memo?.readsOutputs(lesson.path) != true
    }

    /// Runs the cells on two lanes at once, the timing cells in order on one and the others in
    /// order on the other, so a timing never shares its core with another cell's timing; the
    /// timing lane leaves its strips to the other lane (`DeferredFigures`) and, its timings done,
    /// draws those still left itself. Keyed by the cell's index in `parts`.
    func runInLanes(_ parts: [PreparedPart], in staging: String) -> [Int: Result<Executed, LessonError>] {
        var lanes: [[(Int, PreparedCell)]] = [[], []]
        for (index, part) in parts.enumerated() {
            guard case .cell(let cell) = part else { continue }
            lanes[cell.command.measuresTime ? 0 : 1].append((index, cell))
        }
        let results = Mutex<[Int: Result<Executed, LessonError>]>([:])
        let deferred = DeferredFigures()
        // Each lane reads only its own cells; commands are values that running does not change.
        nonisolated(unsafe) let work = lanes
        DispatchQueue.concurrentPerform(iterations: work.count) { lane in
            // The timing lane, its timings done, helps draw what is left.
            defer {
                if lane == 0 { deferred.finish() }
                deferred.drain()
            }
            for (index, cell) in work[lane] {
                let result = Result { () throws(LessonError) in
                    try self.execute(cell, in: staging, beside: true, deferring: lane == 0 ? deferred : nil)
                }
                results.withLock { $0[index] = result }
                if case .failure = result { break }
            }
        }
        var all = results.withLock { $0 }
        if let failure = deferred.firstFailure,
            let index = all.first(where: { (try? $0.value.get())?.result.line == failure.line })?.key
        {
            all[index] = .failure(LessonError(lesson.path, line: failure.line, Explorer.message(for: failure.error)))
        }
        return all
    }

    /// Runs one cell into `staging`, or takes its kept result from the memo.
    ///
    /// - Parameter beside: whether other cells run at the same time (a timing cell's report then
    ///   says so).
    /// - Parameter deferring: where the cell leaves its strips to be drawn (nil: at once).
    func execute(
        _ prepared: PreparedCell, in staging: String, beside: Bool = false,
        deferring: DeferredFigures? = nil
    ) throws(LessonError) -> Executed {
        let key = memo.map { _ in
            CellMemo.key(lesson: lesson.path, cell: prepared, quick: quickTiming && prepared.command.measuresTime)
        }
        if let memo, let key, let (report, files) = memo.reused(key, into: staging) {
            return Executed(result: result(prepared, report: report), key: key, readOutputs: false, written: files)
        }
        let reads = ReadLog()
        var context = RunContext(
            commandLine: (["explorer"] + prepared.words).map(shellQuoted).joined(separator: " "),
            outputFolder: staging,
            quickTiming: quickTiming
        )
        context.previewTiming = preview
        context.reads = reads
        context.figureDeferral = deferring.map { ($0, prepared.cell.line) }
        // Lesson figures are rewritten on every run: zlib's fast level saves a tenth of
        // `explorer all`'s time for files about an eighth larger (docs/performance.md, "explorer all").
        context.figureCompression = .fast
        var report: Report
        // The files the cell wrote, from its journal (the staging folder is not listed per cell:
        // that made a lesson's time grow with the square of its cells).
        var files: [String]?
        do {
            // A cell's outputs are journalled like a typed command's: one path named for two
            // outputs (`-o a.png --strip a.png`) is refused.
            let make = { try AtomicFile.transactionListingFiles { try prepared.command.makeReport(context) } }
            if let gate, prepared.command.measuresTime {
                (report, files) = try gate.alone(make)
            } else {
                gate?.checkpoint()
                (report, files) = try make()
            }
        } catch {
            throw LessonError(lesson.path, line: prepared.cell.line, Explorer.message(for: error))
        }
        for index in report.blocks.indices {
            guard case .figure(var figure) = report.blocks[index] else { continue }
            figure.path = MarkdownRenderer.relative(figure.path, to: staging)
            report.blocks[index] = .figure(figure)
        }
        if beside && prepared.command.measuresTime {
            report.text(
                "Quick timing (a comparison times each method once, in the run that made its output), taken "
                    + "while the lesson's untimed cells ran on the other core: rougher than a full timing.")
        }
        let prefix = staging.hasSuffix("/") ? staging : staging + "/"
        let written = Set((files ?? []).compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
            .sorted()
        return Executed(
            result: result(prepared, report: report), key: key, readOutputs: !reads.isEmpty, written: written)
    }

    func result(_ prepared: PreparedCell, report: Report) -> CellResult {
        CellResult(
            text: prepared.text, line: prepared.cell.line, report: report, caption: prepared.caption,
            hidden: prepared.cell.hidden, format: prepared.command.format)
    }
}
