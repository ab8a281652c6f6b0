import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// Every lesson off its default path: three pictures of different kinds and sizes, every parameter
/// at both ends of its declared range (all at their minimum in one run, all at their maximum in
/// another), in quick mode; then the sentences whose numbers must follow the parameters, and the
/// commands a page shows, pasted into its folder.
final class LessonSweepTests: XCTestCase {
    static let packageRoot = BinaryRunner.packageRoot
    static let lessonsFolder = packageRoot.appendingPathComponent("Lessons")

    var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func explorer(_ arguments: [String], in directory: URL? = nil) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: directory ?? Self.packageRoot, environment: ["EXPLORER_QUICK": "1"])
    }

    static func shippedLessons() throws -> [Lesson] {
        try FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)
            .filter { $0.hasSuffix(".md") && $0.first?.isNumber == true }.sorted()
            .map { try LessonParser.parse(fileAt: lessonsFolder.appendingPathComponent($0).path) }
    }

    /// The three sweep pictures: an odd-sized RGBA with transparent and half-transparent parts, a
    /// greyscale PNG, and a palette PNG over 1000 pixels wide.
    func writeSweepImages() throws -> [String] {
        let rgba = TestPNG.data(width: 161, height: 121, colourType: .rgba) { x, y in
            let inDisc = (x - 90) * (x - 90) + (y - 60) * (y - 60) < 900
            let alpha: UInt8 = x < 30 ? 0 : x < 80 ? 128 : 255
            return inDisc ? [250, 240, 200, alpha] : [UInt8(x * 255 / 160), UInt8(y * 2), 90, alpha]
        }
        let grey = TestPNG.data(width: 203, height: 151, colourType: .grey) { x, y in
            [((x / 16) + (y / 16)) % 2 == 0 ? 230 : UInt8(20 + (x + y) % 60)]
        }
        var palette: [UInt8] = []
        for i in 0..<256 { palette += [UInt8(i), UInt8(255 - i), UInt8((i * 7) % 256)] }
        let wide = TestPNG.data(width: 1001, height: 167, colourType: .palette, palette: palette) { x, y in
            [UInt8((x / 9 + y / 13) % 256)]
        }
        var paths: [String] = []
        for (name, data) in [("odd-rgba-161x121.png", rgba), ("grey-203x151.png", grey), ("palette-1001x167.png", wide)]
        {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            paths.append(url.path)
        }
        let photographs = try TestPhotographs.write(into: folder)
        return paths + [photographs.opaque, photographs.cutout]
    }

    // MARK: - Prose that reads results

    /// The dotted names of named cells in a section's condition.
    static func readsResult(_ condition: String, cells: Set<String>) -> Bool {
        CellResults.dottedNames(in: "{{" + condition + "}}").contains {
            cells.contains(String($0.prefix { $0 != "." }))
        }
    }

    func testEverySectionAboutAResultHasABranchForTheOtherCase() throws {
        var problems: [String] = []
        for lesson in try Self.shippedLessons() {
            let cells = Set(lesson.cells.compactMap(\.id))
            for case .prose(let prose) in lesson.parts {
                // One entry per open section: its line, whether it reads a result, whether it has an else.
                var open: [(line: Int, result: Bool, sawElse: Bool)] = []
                for (offset, text) in prose.lines.enumerated() {
                    let line = prose.line + offset
                    let trimmed = text.trimmingCharacters(in: .whitespaces)
                    if text.contains("image == \"") || text.contains("image != \"") {
                        problems.append(
                            "\(lesson.fileName):\(line): prose keyed to one picture; read the result instead")
                    }
                    if trimmed.hasPrefix("{{#if "), trimmed.hasSuffix("}}") {
                        let condition = String(trimmed.dropFirst("{{#if ".count).dropLast(2))
                        open.append((line, Self.readsResult(condition, cells: cells), false))
                    } else if trimmed == "{{else}}", !open.isEmpty {
                        open[open.count - 1].sawElse = true
                    } else if trimmed == "{{/if}}", let section = open.popLast(), section.result, !section.sawElse {
                        problems.append(
                            "\(lesson.fileName):\(section.line): a section about a result has no {{else}} for the other case"
                        )
                    }
                }
            }
        }
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// `--set` arguments putting every number, integer and choice parameter at one end.
    static func ends(of lesson: Lesson, maximum: Bool) -> [String] {
        lesson.parameters.flatMap { parameter -> [String] in
            let value: String?
            switch parameter.kind {
            case .number, .integer:
                value = (maximum ? parameter.maximum : parameter.minimum).map { NumberText.compact($0) }
            case .choice, .method:
                value = maximum ? parameter.choices.last : parameter.choices.first
            case .image, .text:
                value = nil
            }
            return value.map { ["--set", "\(parameter.name)=\($0)"] } ?? []
        }
    }

    // MARK: - The sweep

    func testEveryShippedParameterIsDeclaredCompletely() throws {
        for lesson in try Self.shippedLessons() {
            for parameter in lesson.parameters {
                XCTAssertTrue(
                    parameter.isComplete,
                    "\(lesson.fileName): parameter \(parameter.name) lacks a meaning, range, choices or smallest size")
            }
        }
    }

    /// Every run of the sweep, as `explorer lesson N --quick` makes it (`LessonCommand`: the
    /// `--set` values checked, the cells run, the page written), but in this process, so that the
    /// runs of one lesson share a `CellMemo` as `explorer export`'s states do: a cell whose command
    /// comes out the same in two runs (one that reads neither the picture nor a parameter at that
    /// end) is run once and its result kept; a cell that reads another's output always runs. The
    /// runs at one end of a lesson's ranges go in order on one of two threads (the machines running
    /// the suite have two cores), the lessons with the most cells first; a cell's figures are
    /// hard-linked from the run that made them, all under `folder`.
    func testEveryLessonRunsOnThreePicturesAtBothEndsOfItsParameters() throws {
        let images = try writeSweepImages()
        let lessons = try Self.shippedLessons()
        // Per lesson and end: the `--set` values of each run.
        var planned: [(lesson: Int, runs: [[String]])] = []
        for (index, lesson) in lessons.enumerated() {
            let hasImage = lesson.parameters.contains { $0.kind == .image }
            for maximum in [false, true] {
                let settings = Self.ends(of: lesson, maximum: maximum).filter { $0 != "--set" }
                let pictures: [String?] = hasImage ? images : [nil]
                planned.append((index, pictures.map { image in settings + (image.map { ["image=\($0)"] } ?? []) }))
            }
        }
        planned.sort { lessons[$0.lesson].cells.count > lessons[$1.lesson].cells.count }
        let memos = lessons.map { _ in CellMemo() }
        let failures = Mutex<[String]>([])
        let next = Mutex(0)
        let root = folder.path
        let plans = planned
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let job = next.withLock { next in
                    next += 1
                    return next - 1
                }
                guard job < plans.count else { return }
                let lesson = lessons[plans[job].lesson]
                for (run, settings) in plans[job].runs.enumerated() {
                    let invocation = LessonCommand.invocation(lesson: lesson, settings: settings) + " --quick"
                    do {
                        let values = try lesson.values(settings: settings.compactMap(LessonCommand.split))
                        let outcome = try LessonRunner(
                            lesson: lesson, values: values, outputRoot: root + "/out-\(job)-\(run)", quickTiming: true,
                            invocation: LessonCommand.invocation(lesson: lesson, settings: settings),
                            memo: memos[plans[job].lesson]
                        ).run()
                        for page in ["README.md", "index.html"]
                        where !FileManager.default.fileExists(atPath: outcome.folder + "/" + page) {
                            failures.withLock { $0.append("\(invocation): no \(page) in \(outcome.folder)") }
                        }
                    } catch {
                        failures.withLock { $0.append("\(invocation): \(error)") }
                    }
                }
            }
        }
        let messages = failures.withLock { $0 }
        XCTAssertEqual(messages, [], messages.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(planned.map(\.runs.count).reduce(0, +), 2 * 5 * 7)
    }

    func testBelowTheSmallestSizeTheLessonStopsBeforeRunning() throws {
        let output = folder.appendingPathComponent("Output")
        let previous = output.appendingPathComponent("lesson-03")
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        try Data("previous page".utf8).write(to: previous.appendingPathComponent("README.md"))
        let small = try explorer(["lesson", "3", "--set", "image=builtin:noise@159x120", "--output", output.path])
        XCTAssertEqual(small.status, 64, small.standardError)
        XCTAssertEqual(small.standardOutput, "")
        XCTAssertEqual(
            small.standardError,
            "Lessons/03-exact-gaussian.md:10: image=builtin:noise@159x120 is 159×120; this lesson needs an image of at least 160×120 pixels\n"
        )
        let missing = try explorer(["lesson", "8", "--set", "image=/nonexistent/picture.png", "--output", output.path])
        XCTAssertEqual(missing.status, 1, missing.standardError)
        XCTAssertEqual(missing.standardError.split(separator: "\n").count, 1, missing.standardError)
        let range = try explorer(["lesson", "9", "--set", "shift=41", "--output", output.path])
        XCTAssertEqual(range.status, 64, range.standardError)
        XCTAssertTrue(
            range.standardError.contains("--set shift=41: shift must be a whole number in 0…40; 41 is above it"),
            range.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), ["lesson-03"])
        XCTAssertEqual(
            try String(contentsOf: previous.appendingPathComponent("README.md"), encoding: .utf8), "previous page")
    }

    func testParametersAreListed() throws {
        let result = try explorer(["lesson", "9", "--parameters"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("shift      integer  12"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("a whole number in 0…40"), result.standardOutput)
        XCTAssertTrue(
            result.standardOutput.contains("how far the panel moves from rest, in pixels"), result.standardOutput)
    }

    // MARK: - Prose that follows the parameters

    /// The page's Markdown for `lesson` with `settings`.
    func page(_ lesson: String, _ settings: [String]) throws -> String {
        try pages([(lesson, settings)])[0]
    }

    /// `page` for each of `runs`, one per core at once (`BinaryRunner.lessonPages`), in the order asked.
    func pages(_ runs: [(lesson: String, settings: [String])]) throws -> [String] {
        try BinaryRunner.lessonPages(runs, under: folder).map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    func firstMatch(_ pattern: String, in text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
    }

    /// Lesson 2's check of the outer product quotes the 1-D centre weight and its square; both
    /// change with σ and are the numbers in the tables beside the sentence.
    func testLessonTwoQuotesItsOwnTables() throws {
        var quoted: [String] = []
        let sigmas = ["1.5", "3"]
        for (sigma, text) in zip(sigmas, try pages(sigmas.map { ("2", ["sigma=\($0)"]) })) {
            guard let numbers = firstMatch(#"normalised 1-D centre, (0\.\d{7}), squared is (0\.\d{7})"#, in: text)
            else {
                XCTFail("no outer-product sentence for σ = \(sigma)")
                continue
            }
            XCTAssertTrue(text.contains("| 0 | "), "the 1-D table has a row for x = 0")
            XCTAssertNotNil(
                firstMatch(
                    #"\| 0 \| 0\.\d+ \| "# + NSRegularExpression.escapedPattern(for: numbers[0]) + " \\|", in: text),
                "the 1-D table's centre is \(numbers[0]) for σ = \(sigma)")
            XCTAssertTrue(
                text.contains(numbers[1]), "the 2-D table holds the centre weight \(numbers[1]) for σ = \(sigma)")
            quoted.append(numbers[0])
        }
        XCTAssertEqual(quoted.first, "0.3843973", "σ = 1.5: 1 / (1 + 2e^(−1/4.5)), by hand")
        XCTAssertEqual(quoted.last, "0.3457912", "σ = 3: 1 / (1 + 2e^(−1/18)), by hand")
    }

    /// Lesson 9 says how far its Gaussian reaches against the shift, and the motion report beside
    /// it states the same reach.
    func testLessonNineComparesItsReachWithTheShift() throws {
        let both = try pages([("9", ["shift=30"]), ("9", ["shift=12", "sigma=5"])])
        let far = both[0]
        XCTAssertTrue(far.contains("reaches ⌊3σ + ½⌋ = 24 pixels, no farther than the 30 pixels"), far)
        XCTAssertTrue(far.contains("reach 24 px"), "the motion report states the reach")
        XCTAssertFalse(far.contains("8-σ"))
        let near = both[1]
        XCTAssertTrue(near.contains("reaches ⌊3σ + ½⌋ = 15 pixels, farther than the 12 pixels"), near)
        XCTAssertTrue(near.contains("reach 15 px"), "the motion report states the reach")
    }

    /// Lesson 8 reads the scale, the box width and the region's share from the glass report, so
    /// the prose states what the report above it says; a larger picture gets a larger blur.
    func testLessonEightReadsTheGlassItDrew() throws {
        let images = try writeSweepImages()
        var widths: [Int] = []
        let pictures = [images[1], "photo"]
        for (image, text) in zip(pictures, try pages(pictures.map { ("8", ["image=\($0)"]) })) {
            guard let prose = firstMatch(#"pixels: three boxes of width (\d+), which reach (\d+) pixels"#, in: text),
                let report = firstMatch(#"Blur: three boxes of width (\d+) .*?plus (\d+) px around"#, in: text)
            else {
                XCTFail("lesson 8 on \(image): no box width in the prose or in the report")
                continue
            }
            XCTAssertEqual(prose, report, "lesson 8 on \(image)")
            widths.append(Int(prose[0]) ?? 0)
        }
        XCTAssertEqual(widths.last, 57, "30 points at scale 1")
        XCTAssertLessThan(widths.first ?? 0, 57, "a 203×151 picture has a scale below 1")
    }

    /// Lesson 6 quotes Apple's box width and the σ it achieves for r = σ; both follow σ and
    /// match the `boxes` report above the sentence.
    func testLessonSixQuotesApplesWidthFromItsTable() throws {
        var widths: [String] = []
        let sigmas = ["3", "8"]
        for (sigma, text) in zip(sigmas, try pages(sigmas.map { ("6", ["sigma=\($0)"]) })) {
            guard
                let prose = firstMatch(
                    #"here d = (\d+), and three boxes of \d+ achieve σ = ([\d.]+) for r = "#, in: text),
                let report = firstMatch(
                    #"made odd = (\d+), three passes of width \d+, which achieve σ = ([\d.]+) px"#, in: text)
            else {
                XCTFail("lesson 6, σ = \(sigma): no width in the prose or the report")
                continue
            }
            XCTAssertEqual(prose, report, "σ = \(sigma)")
            widths.append(prose[0])
        }
        // d = ⌊r·3·√(2π)/4 + ½⌋ made odd, by hand: r = 3 gives ⌊6.14⌋ = 6 → 7; r = 8 gives ⌊15.54⌋ = 15.
        XCTAssertEqual(widths, ["7", "15"])
    }

    // MARK: - Shown commands re-run

    /// Every `$ explorer …` line of lessons 1 and 7, pasted in the page's folder, runs: each
    /// lesson's commands in order, the two lessons at once (one per core).
    func testShownCommandsRunInThePageFolder() throws {
        let lessons = ["1", "7"]
        let root = folder
        let problems = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: lessons.count) { index in
            let lesson = lessons[index]
            func fail(_ text: String) { problems.withLock { $0.append("lesson \(lesson): \(text)") } }
            do {
                let output = root.appendingPathComponent("shown-\(lesson)")
                let result = try BinaryRunner.run(
                    ["lesson", lesson, "--quiet", "--quick", "--output", output.path], in: Self.packageRoot,
                    environment: ["EXPLORER_QUICK": "1"])
                guard result.status == 0 else { return fail(result.standardError) }
                guard
                    let page = try FileManager.default.contentsOfDirectory(atPath: output.path).first(where: {
                        $0.hasPrefix("lesson-")
                    }).map({ output.appendingPathComponent($0) })
                else { return fail("no page in \(output.path)") }
                let markdown = try String(contentsOf: page.appendingPathComponent("README.md"), encoding: .utf8)
                let commands = markdown.split(separator: "\n").filter { $0.hasPrefix("$ explorer ") }.map {
                    String($0.dropFirst("$ explorer ".count))
                }
                if commands.isEmpty { fail("no command shown") }
                for command in commands {
                    let rerun = try BinaryRunner.run(
                        try ShellWords.split(command), in: page, environment: ["EXPLORER_QUICK": "1"])
                    if rerun.status != 0 { fail("explorer \(command): \(rerun.standardError)") }
                }
            } catch {
                fail("\(error)")
            }
        }
        let messages = problems.withLock { $0 }
        XCTAssertEqual(messages, [], messages.joined(separator: "\n"))
    }
}
