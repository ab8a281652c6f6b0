import BlurKit
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// A live page's runs redo only the cells a change reaches (`CellMemo`), and a preview runs its
/// cells on two lanes with the same result as one after another.
final class CellMemoTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cell-memo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// One cell that depends on `radius`, one that does not, one that reads the first's output,
    /// and one that times.
    static let lesson = """
        ---
        title: Kept cells
        summary: Which cells a change reaches.
        parameters:
          radius:
            kind: integer
            default: 1
            range: [1, 3]
            meaning: the box's radius
        ---
        ```explorer
        blur builtin:impulse@9x9 -o moved-r{{radius}}.png --method box --radius {{radius}}
        ```

        ```explorer
        blur builtin:checker@16x16 -o still.png --method box --radius 2
        ```

        ```explorer
        info moved-r{{radius}}.png
        ```

        ```explorer
        compare builtin:checker@24x24 --methods box --sigma 1
        ```
        """

    func runner(radius: Int, memo: CellMemo?, root: String, preview: Bool = false) throws -> LessonRunner {
        let path = folder + "/01-kept.md"
        if !FileManager.default.fileExists(atPath: path) {
            try Self.lesson.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let lesson = try LessonParser.parse(fileAt: path)
        return LessonRunner(
            lesson: lesson, values: try lesson.values(settings: [("radius", "\(radius)")]),
            outputRoot: root, quickTiming: true, invocation: "explorer lesson 1",
            memo: memo, preview: preview)
    }

    static func inode(_ path: String) -> UInt {
        var info = stat()
        return stat(path, &info) == 0 ? UInt(info.st_ino) : 0
    }

    func testAnUnchangedCellIsTakenFromTheMemoAndItsFigureLinked() throws {
        let memo = CellMemo()
        let first = try runner(radius: 1, memo: memo, root: folder + "/run1").run()
        XCTAssertEqual(memo.readsOutputs(folder + "/01-kept.md"), true, "the third cell reads the first cell's output")
        let second = try runner(radius: 2, memo: memo, root: folder + "/run2").run()
        // The cell that does not use the radius: the same file (a hard link), the same report.
        XCTAssertEqual(Self.inode(first.folder + "/still.png"), Self.inode(second.folder + "/still.png"))
        XCTAssertNotEqual(Self.inode(first.folder + "/still.png"), 0)
        // The cell that does: run again, a new file with a new name.
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.folder + "/moved-r2.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.folder + "/moved-r1.png"))
        // The same command as before (the compare cell) is kept, timings included.
        guard case .cell(let before) = first.items.last!, case .cell(let after) = second.items.last! else {
            return XCTFail("the last item is the compare cell")
        }
        XCTAssertEqual(before.report, after.report)
        // Without a memo every cell runs: a new file.
        let third = try runner(radius: 2, memo: nil, root: folder + "/run3").run()
        XCTAssertNotEqual(Self.inode(first.folder + "/still.png"), Self.inode(third.folder + "/still.png"))
    }

    func testACellThatReadsAnotherCellsOutputIsNotKept() throws {
        let memo = CellMemo()
        let runner = try runner(radius: 1, memo: memo, root: folder + "/run1")
        _ = try runner.run()
        let cells = try runner.prepare().compactMap { part -> LessonRunner.PreparedCell? in
            if case .cell(let cell) = part { cell } else { nil }
        }
        let staging = folder + "/probe"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        // `info moved-r1.png`: its text is unchanged, but its input is another cell's output.
        XCTAssertNil(memo.reuse(CellMemo.key(lesson: runner.lesson.path, cell: cells[2], quick: false), into: staging))
        // `blur … -o still.png`: kept, and its figure linked into the new folder.
        XCTAssertNotNil(
            memo.reuse(CellMemo.key(lesson: runner.lesson.path, cell: cells[1], quick: false), into: staging))
        XCTAssertTrue(FileManager.default.fileExists(atPath: staging + "/still.png"))
        // A timed cell is kept under its timing mode only.
        XCTAssertNil(memo.reuse(CellMemo.key(lesson: runner.lesson.path, cell: cells[3], quick: false), into: staging))
        XCTAssertNotNil(
            memo.reuse(CellMemo.key(lesson: runner.lesson.path, cell: cells[3], quick: true), into: staging))
    }

    func testAFigureGoneFromTheKeptRunIsMadeAgain() throws {
        let memo = CellMemo()
        let first = try runner(radius: 1, memo: memo, root: folder + "/run1").run()
        try FileManager.default.removeItem(atPath: first.folder)
        let second = try runner(radius: 2, memo: memo, root: folder + "/run2").run()
        let data = try XCTUnwrap(FileManager.default.contents(atPath: second.folder + "/still.png"))
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    /// A kept cell's other outputs come along with it: `blur -o hidden.png --no-figure` has no
    /// figure in its report, yet `info hidden.png` below it reads the file, on every run (lesson 1's
    /// `info impulse-box-r1.png`, below `blur -o impulse-box-r1.png --cells …`, failed on every
    /// live run after the first).
    func testAKeptCellBringsTheFilesALaterCellReads() throws {
        let path = folder + "/02-hidden.md"
        try """
        ---
        title: Hidden output
        summary: A cell reads another cell's file that is not a figure.
        parameters:
          radius:
            kind: integer
            default: 1
            range: [1, 3]
            meaning: the box's radius
        ---
        ```explorer
        blur builtin:impulse@9x9 -o hidden.png --method box --radius 1 --no-figure
        ```

        ```explorer
        info hidden.png
        ```

        ```explorer
        kernel --sigma {{radius}}
        ```
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let memo = CellMemo()
        var folders: [String] = []
        for radius in [1, 2, 3] {
            let runner = LessonRunner(
                lesson: lesson, values: try lesson.values(settings: [("radius", "\(radius)")]),
                outputRoot: folder + "/hidden\(radius)", quickTiming: true, invocation: "explorer lesson 2", memo: memo)
            folders.append(try runner.run().folder)
        }
        XCTAssertEqual(memo.readsOutputs(path), true)
        // The blur cell was kept and reused: its output is the first run's file, linked.
        XCTAssertEqual(Self.inode(folders[0] + "/hidden.png"), Self.inode(folders[2] + "/hidden.png"))
        XCTAssertNotEqual(Self.inode(folders[2] + "/hidden.png"), 0)
    }

    /// A lesson that does not read its own outputs, run as a preview on two lanes: the same page
    /// as one cell after another, apart from timings and the note under the timed cell.
    static let laneLesson = """
        ---
        title: Lanes
        summary: Cells on two lanes.
        parameters:
          radius:
            kind: integer
            default: 1
            range: [1, 3]
            meaning: the box's radius
        ---
        ```explorer
        compare builtin:checker@24x24 --methods box,separable --sigma {{radius}} --strip c-r{{radius}}.png
        ```

        ```explorer
        blur builtin:impulse@9x9 -o a-r{{radius}}.png --method box --radius {{radius}}
        ```

        ```explorer
        kernel --sigma {{radius}}
        ```

        ```explorer
        blur builtin:checker@16x16 -o b-r{{radius}}.png --method separable --sigma {{radius}}
        ```
        """

    /// Masks the two timing columns of a compare table (`| 23.9 | 23.6–26.1 |`) and durations.
    static func maskTimeColumns(_ markdown: String) -> String {
        // A strip caption joins its time with ", " or " · " as the text fits, which the time's
        // own length decides: the separator before a masked time is masked too.
        LessonPageTests.maskTimings(
            markdown.replacingOccurrences(
                of: #"(?m)\| [0-9.]+ \| [0-9.]+–[0-9.]+ \|$"#, with: "| <time> | <time> |",
                options: .regularExpression)
        )
        .replacingOccurrences(of: #"(,| ·) <time>"#, with: " <time>", options: .regularExpression)
    }

    func testAPreviewOnTwoLanesGivesTheSamePageAsOneLane() throws {
        let path = folder + "/02-lanes.md"
        try Self.laneLesson.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        func make(_ memo: CellMemo?, preview: Bool, root: String) throws -> LessonRunner.Outcome {
            try LessonRunner(
                lesson: lesson, values: try lesson.values(settings: [("radius", "2")]), outputRoot: root,
                quickTiming: true, invocation: "explorer lesson 2", memo: memo, preview: preview
            ).run()
        }
        let memo = CellMemo()
        // The first run teaches the memo that no cell reads another's output.
        _ = try make(memo, preview: false, root: folder + "/full")
        XCTAssertEqual(memo.readsOutputs(path), false)
        let runner = LessonRunner(
            lesson: lesson, values: try lesson.values(settings: [("radius", "3")]), outputRoot: folder + "/lanes",
            quickTiming: true, invocation: "explorer lesson 2", memo: memo, preview: true)
        XCTAssertEqual(runner.usesLanes, BuildInfo.cores >= 2)
        let lanes = try runner.run()
        let single = try LessonRunner(
            lesson: lesson, values: try lesson.values(settings: [("radius", "3")]), outputRoot: folder + "/single",
            quickTiming: true, invocation: "explorer lesson 2"
        ).run()
        XCTAssertEqual(lanes.files, single.files)
        let note = "taken while the lesson's untimed cells ran on the other core"
        for (a, b) in zip(lanes.items, single.items) {
            guard case .cell(let x) = a, case .cell(let y) = b else { XCTAssertEqual(a, b); continue }
            XCTAssertEqual(x.line, y.line)
            // A preview's timing note says its one run; the plain run's, its median of runs.
            func withoutTimingNote(_ text: String) -> String {
                text.components(separatedBy: "\n").filter { !$0.contains("Timed: ") }.joined(separator: "\n")
            }
            let shown = withoutTimingNote(Self.maskTimeColumns(MarkdownRenderer.render(x.report)))
            let plain = withoutTimingNote(Self.maskTimeColumns(MarkdownRenderer.render(y.report)))
            if x.line == lanes.items.compactMap({ if case .cell(let c) = $0 { c.line } else { nil } }).first,
                runner.usesLanes
            {
                XCTAssertTrue(shown.contains(note), "the timed cell says it ran beside others")
                XCTAssertEqual(
                    shown.components(separatedBy: "\n").filter { !$0.contains(note) }.joined(separator: "\n")
                        .trimmingCharacters(in: .whitespacesAndNewlines),
                    plain.trimmingCharacters(in: .whitespacesAndNewlines))
            } else {
                XCTAssertEqual(shown, plain)
            }
        }
        // Figures are the same pixels on two lanes as on one.
        for name in ["a-r3.png", "b-r3.png"] {
            let p = try PNG.read(lanes.folder + "/" + name), q = try PNG.read(single.folder + "/" + name)
            XCTAssertEqual(p.pixels, q.pixels, name)
        }
        // The timing cell's strip, drawn by the untimed lane, is there and whole (its captions
        // carry the times, which differ from run to run).
        let strip = try PNG.read(lanes.folder + "/c-r3.png"), alone = try PNG.read(single.folder + "/c-r3.png")
        XCTAssertEqual([strip.width, strip.height], [alone.width, alone.height])
    }
}
