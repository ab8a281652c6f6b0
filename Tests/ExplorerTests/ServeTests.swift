import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `explorer serve` without a browser: what a request may name, and the messages it gets.
final class ServeTests: XCTestCase {
    static let lesson = BinaryRunner.packageRoot.appendingPathComponent("Lessons/03-exact-gaussian.md").path

    func live() throws -> LiveLesson {
        LiveLesson(lesson: try LessonParser.parse(fileAt: Self.lesson), maxPixels: 12_000_000)
    }

    /// A value outside the range gets the message `explorer lesson 3 --set sigma=9` prints.
    func testOutOfRangeValueGetsTheCommandLinesMessage() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let live = try live()
        XCTAssertThrowsError(try live.values(settings: ["sigma=9"], folder: folder)) { error in
            let failure = error as! LiveLesson.Failure
            XCTAssertEqual(failure.status, 400)
            XCTAssertEqual(
                failure.message,
                "\((Self.lesson as NSString).lastPathComponent):5: --set sigma=9: sigma must be a number in 0.5…6; 9 is above it"
            )
        }
        XCTAssertThrowsError(try live.values(settings: ["sigma=wide"], folder: folder))
        XCTAssertThrowsError(try live.values(settings: ["radius=3"], folder: folder))
        XCTAssertEqual(try live.values(settings: ["sigma=4.5"], folder: folder)["sigma"], "4.5")
    }

    /// A page may not name a file for an image: only a shipped picture, builtin:… or an upload
    /// that page made (another page's upload of the same name is not its own).
    func testImageValuesAreNeverPaths() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let live = try live()
        for value in [
            "/etc/passwd", "../Lessons/images/photo.png", "Lessons/images/photo.png", "upload:../../etc", "upload:ffff",
            "Package.swift", "README.md"
        ] {
            XCTAssertThrowsError(try live.values(settings: ["image=\(value)"], folder: folder, session: "a1"), value)
        }
        XCTAssertThrowsError(try live.values(settings: ["image=builtin:noise@10000x10000"], folder: folder))
        XCTAssertEqual(try live.values(settings: ["image=builtin:checker"], folder: folder)["image"], "builtin:checker")
        let body = try XCTUnwrap(folder.incoming("body-1"))
        try Data("png".utf8).write(to: URL(fileURLWithPath: body))
        let upload = try folder.storeUpload(moving: body, session: "a1", fileName: "My Red Photo.PNG")
        XCTAssertEqual(upload.name, "My-Red-Photo.png")
        XCTAssertEqual(
            try live.values(settings: ["image=upload:My-Red-Photo.png"], folder: folder, session: "a1")["image"],
            upload.path)
        XCTAssertThrowsError(
            try live.values(settings: ["image=upload:My-Red-Photo.png"], folder: folder, session: "b2"))
    }

    /// Upload names are plain file names ending .png, whatever the browser sent.
    func testUploadNamesArePlainFileNames() {
        XCTAssertEqual(ServeFolder.uploadName("red.png"), "red.png")
        XCTAssertEqual(ServeFolder.uploadName("../../etc/passwd"), "passwd.png")
        XCTAssertEqual(ServeFolder.uploadName(".hidden.png"), "hidden.png")
        XCTAssertEqual(ServeFolder.uploadName("été 2024.png"), "ete-2024.png")
        XCTAssertEqual(ServeFolder.uploadName(""), "picture.png")
        XCTAssertTrue(ServeFolder.isFileName(ServeFolder.uploadName(String(repeating: "x", count: 500))))
    }

    /// A page keeps its uploads while it asks; a page silent for longer than the lifetime loses them.
    func testAPageKeepsItsUploadsWhileOpen() throws {
        let folder = try ServeFolder(sessionLifetime: 0.2)
        defer { folder.remove() }
        for session in ["a1", "b2"] {
            let body = try XCTUnwrap(folder.incoming("body-\(session)"))
            try Data("png".utf8).write(to: URL(fileURLWithPath: body))
            _ = try folder.storeUpload(moving: body, session: session, fileName: "x.png")
        }
        Thread.sleep(forTimeInterval: 0.15)
        folder.touch("a1")
        Thread.sleep(forTimeInterval: 0.15)
        folder.touch("a1")
        XCTAssertNotNil(folder.upload("x.png", session: "a1"))
        XCTAssertNil(folder.upload("x.png", session: "b2"), "a page silent past its lifetime keeps its upload")
    }

    /// Runs a page shows are kept however many runs other pages make.
    func testTheRunAPageShowsIsKept() throws {
        let folder = try ServeFolder(maximumRuns: 2)
        defer { folder.remove() }
        let shown = try folder.makeRun()
        folder.touch("a1", shown: shown.id)
        let first = try folder.makeRun()
        for _ in 0..<5 { _ = try folder.makeRun() }
        XCTAssertTrue(folder.hasRun(shown.id))
        XCTAssertFalse(folder.hasRun(first.id))
    }

    /// A page's links work where it is served: figures from its run, lessons at /lesson/N.
    func testLinksPointWhereThePageIsServed() {
        let page = """
            <a href="../lesson-02/index.html">prev</a> <a href="../index.html">All</a> <a href="../glossary.html#psnr">PSNR</a>
            <img src="strip-box.png"> <a href="errors.csv">csv</a> <a href="#top">top</a> <a href="https://example.org/x">x</a>
            <style>.glass { background: url("backdrop-photo.png") 0 0; }</style>
            """
        let live = LivePage.links(page, base: "/run/ab12/lesson-03/", site: .live)
        for expected in [
            "href=\"/lesson/2\"", "href=\"/\"", "href=\"/glossary#psnr\"", "src=\"/run/ab12/lesson-03/strip-box.png\"",
            "href=\"/run/ab12/lesson-03/errors.csv\"", "href=\"#top\"", "href=\"https://example.org/x\"",
            "url(\"/run/ab12/lesson-03/backdrop-photo.png\")"
        ] {
            XCTAssertTrue(live.contains(expected), expected + " in " + live)
        }
        let exported = LivePage.links(page, base: "states/sigma-5/", site: .export)
        XCTAssertTrue(exported.contains("href=\"../lesson-02/index.html\""), exported)
        XCTAssertTrue(exported.contains("src=\"states/sigma-5/strip-box.png\""), exported)
    }

    /// The class's cache: two pages asking for the same values make one run; a page's request
    /// still waiting when it asks again is superseded; a preview takes a full run of the same values.
    func testTheClassSharesOneRunPerValue() async throws {
        let scheduler = RunScheduler(width: 1)
        let page = LiveLesson.Page(html: "x", seconds: 0, run: "r1", folder: "lesson-03")
        let key = RunScheduler.Key(lesson: 3, values: ["sigma": "3"], quick: false)
        let slow: RunScheduler.Work = { _ in
            Thread.sleep(forTimeInterval: 0.3)
            return .success(page)
        }
        async let first = scheduler.result(key, session: "a", isKept: { _ in true }, work: slow)
        try await Task.sleep(nanoseconds: 50_000_000)
        async let second = scheduler.result(key, session: "b", isKept: { _ in true }, work: slow)
        let answers = await [first, second]
        for answer in answers {
            guard case .page(let got) = answer else { return XCTFail("\(answer)") }
            XCTAssertEqual(got.run, "r1")
        }
        let made = await scheduler.runsMade
        XCTAssertEqual(made, 1)
        let quick = RunScheduler.Key(lesson: 3, values: ["sigma": "3"], quick: true)
        _ = await scheduler.result(quick, session: "c", isKept: { _ in true }, work: slow)
        let madeAfterPreview = await scheduler.runsMade
        XCTAssertEqual(madeAfterPreview, 1)

        // Page d: its first request waits behind page e's run and is superseded by its second.
        let other = RunScheduler.Key(lesson: 3, values: ["sigma": "4"], quick: false)
        async let busy = scheduler.result(other, session: "e", isKept: { _ in true }, work: slow)
        try await Task.sleep(nanoseconds: 50_000_000)
        async let old = scheduler.result(
            RunScheduler.Key(lesson: 3, values: ["sigma": "5"], quick: false), session: "d",
            isKept: { _ in true }, work: slow)
        try await Task.sleep(nanoseconds: 50_000_000)
        async let new = scheduler.result(
            RunScheduler.Key(lesson: 3, values: ["sigma": "6"], quick: false), session: "d",
            isKept: { _ in true }, work: slow)
        let (_, oldAnswer, newAnswer) = await (busy, old, new)
        guard case .superseded = oldAnswer else { return XCTFail("the older request ran: \(oldAnswer)") }
        guard case .page = newAnswer else { return XCTFail("\(newAnswer)") }
        let madeAtEnd = await scheduler.runsMade
        XCTAssertEqual(madeAtEnd, 3)
    }

    /// A let-go is answered at once by the preview while the full run waits in a lane of its own;
    /// a preview never waits behind a full run; a full run no page wants any more is not made.
    func testALetGoIsAnsweredByThePreviewWhileTheFullTimingRuns() async throws {
        let scheduler = RunScheduler(width: 1)
        let preview: RunScheduler.Work = { _ in
            .success(LiveLesson.Page(html: "p", seconds: 0, run: "p", folder: "lesson-03", quick: true))
        }
        let full: RunScheduler.Work = { _ in
            Thread.sleep(forTimeInterval: 0.6)
            return .success(LiveLesson.Page(html: "f", seconds: 0, run: "f", folder: "lesson-03", quick: false))
        }
        func key(_ sigma: String) -> RunScheduler.Key {
            RunScheduler.Key(lesson: 3, values: ["sigma": sigma], quick: true)
        }
        var start = Date()
        let letGo = await scheduler.result(
            key("3"), session: "a", isKept: { _ in true }, work: preview, full: (key("3").full, full))
        guard case .page(let shown) = letGo else { return XCTFail("\(letGo)") }
        XCTAssertTrue(shown.quick)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.4, "the let-go waited for the full run")

        start = Date()
        let other = await scheduler.result(key("4"), session: "b", isKept: { _ in true }, work: preview)
        guard case .page = other else { return XCTFail("\(other)") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.4, "a preview waited behind a full run")

        // Page c lets go at 5 while the full run of 3 runs, then drags on: 5's full run is dropped.
        _ = await scheduler.result(
            key("5"), session: "c", isKept: { _ in true }, work: preview, full: (key("5").full, full))
        _ = await scheduler.result(key("6"), session: "c", isKept: { _ in true }, work: preview)

        let timed = await scheduler.result(key("3").full, session: "a", isKept: { _ in true }, work: full)
        guard case .page(let final) = timed else { return XCTFail("\(timed)") }
        XCTAssertFalse(final.quick)
        try await Task.sleep(nanoseconds: 200_000_000)
        let made = await scheduler.runsMade
        XCTAssertEqual(made, 5, "previews of 3, 4, 5 and 6 and one full run")
    }

    /// A full run no page wants any more (its page let go, then dragged on) stops at its next
    /// cell, so the next let-go's full run does not wait behind it; one some page still waits
    /// for runs to its end.
    func testAFullRunNoPageWantsStopsAtItsNextCell() async throws {
        let scheduler = RunScheduler(width: 1)
        let preview: RunScheduler.Work = { _ in
            .success(LiveLesson.Page(html: "p", seconds: 0, run: "p", folder: "lesson-03", quick: true))
        }
        // Forty cells of 50 ms; the stop is read after each, as `LiveLesson.run` reads it.
        let full: RunScheduler.Work = { stop in
            for _ in 0..<40 {
                Thread.sleep(forTimeInterval: 0.05)
                if stop.isStopped { return .failure(LiveLesson.Failure(status: 503, message: "stopped")) }
            }
            return .success(LiveLesson.Page(html: "f", seconds: 0, run: "f", folder: "lesson-03", quick: false))
        }
        func key(_ sigma: String) -> RunScheduler.Key {
            RunScheduler.Key(lesson: 3, values: ["sigma": sigma], quick: true)
        }
        _ = await scheduler.result(
            key("3"), session: "a", isKept: { _ in true }, work: preview, full: (key("3").full, full))
        try await Task.sleep(nanoseconds: 100_000_000)
        // The page drags on: the full run of 3 is no longer wanted.
        _ = await scheduler.result(key("4"), session: "a", isKept: { _ in true }, work: preview)
        let start = Date()
        _ = await scheduler.result(
            key("5"), session: "a", isKept: { _ in true }, work: preview, full: (key("5").full, full))
        let timed = await scheduler.result(key("5").full, session: "a", isKept: { _ in true }, work: full)
        guard case .page(let page) = timed else { return XCTFail("\(timed)") }
        XCTAssertFalse(page.quick)
        // 2 s of its own; the full run of 3, had it run on, would have held the lane 1.9 s more.
        XCTAssertLessThan(Date().timeIntervalSince(start), 3.0, "the full run of 5 waited for the unwanted run of 3")
        let status = await scheduler.status()
        XCTAssertEqual(status.runsStopped, 1)
    }

    /// `LiveLesson.run` reads the stop after each cell: a run stopped is a 503 and leaves no run folder.
    func testAStoppedRunLeavesNoRunFolder() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let live = try live()
        let stop = RunStop()
        stop.stop()
        XCTAssertThrowsError(
            try live.run(
                values: try live.values(settings: [], folder: folder), settings: [], quick: true,
                folder: folder, stop: stop)
        ) { error in
            XCTAssertEqual((error as? LiveLesson.Failure)?.status, 503)
        }
        let runs = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/runs")
        XCTAssertEqual(runs, [], "a stopped run left its folder")
    }

    /// Background runs wait while a page drags over a large upload and for `quiet` after; a list
    /// given `first` goes ahead of those listed before; a preview of a value the background made
    /// is answered from the cache, with no run of its own.
    func testTheBackgroundYieldsToADragAndItsRunsAnswerPreviews() async throws {
        let scheduler = RunScheduler(width: 2, quiet: .milliseconds(400))
        let page: RunScheduler.Work = { _ in
            .success(LiveLesson.Page(html: "w", seconds: 0, run: "w", folder: "lesson-03", quick: true))
        }
        func key(_ sigma: String) -> RunScheduler.Key {
            RunScheduler.Key(lesson: 3, values: ["sigma": sigma], quick: true)
        }
        _ = await scheduler.result(key("3"), session: "a", isKept: { _ in true }, work: page, pausesBackground: true)
        await scheduler.warm([(key("1"), page), (key("2"), page)])
        await scheduler.warm([(key("4"), page), (key("1"), page)], first: true)
        let listed = await scheduler.warming
        XCTAssertEqual(listed, [key("4"), key("1"), key("2")], "the list given first goes ahead, each key once")
        let paused = await scheduler.status()
        XCTAssertEqual(paused.runsMade, 1, "a background run started right after a page's preview")
        var status = paused
        for _ in 0..<100 where status.warming > 0 {
            try await Task.sleep(nanoseconds: 50_000_000)
            status = await scheduler.status()
        }
        XCTAssertEqual(status.warming, 0, "the background did not run once the page was quiet")
        XCTAssertEqual(status.runsMade, 4)
        _ = await scheduler.result(key("4"), session: "b", isKept: { _ in true }, work: page)
        let made = await scheduler.runsMade
        XCTAssertEqual(made, 4, "a preview of a value the background made ran again")
    }

    /// Which cells a parameter reaches, as `CellMemo` decides (the substituted command changes):
    /// the page puts a control for it beside those cells' results.
    func testEachCellKnowsTheParametersItDependsOn() throws {
        XCTAssertEqual(try live().dependencies, [["sigma", "image"], [], ["sigma", "image"], ["sigma"], ["sigma"]])
    }

    /// An upload above `ReducedCopy.bound` pixels is reduced by the smallest whole factor that
    /// brings it within, each pixel the mean of its block; `explorer serve --help` states the bound.
    func testALargeUploadGetsAReducedCopyWithinTheBound() {
        XCTAssertEqual(ReducedCopy.factor(width: 4000, height: 3000), 7)
        XCTAssertEqual(ReducedCopy.factor(width: 500, height: 500), 1)
        XCTAssertEqual(ReducedCopy.factor(width: 501, height: 500), 2)
        XCTAssertEqual(ReducedCopy.factor(width: 12_000_000, height: 1), 48)
        let image = RGBAImage(
            width: 4, height: 2,
            pixels: [Float]([
                0, 0, 0, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1, 0.5, 0.5, 0.5, 1,
                1, 1, 1, 1, 0, 0, 0, 1, 0.25, 0.25, 0.25, 1, 0.75, 0.75, 0.75, 1
            ]))
        let small = ReducedCopy.reduce(image, by: 2)
        XCTAssertEqual([small.width, small.height], [2, 1])
        XCTAssertEqual(small[0, 0], SIMD4<Float>(0.5, 0.5, 0.5, 1))
        XCTAssertEqual(small[1, 0], SIMD4<Float>(0.5, 0.5, 0.5, 1))
        XCTAssertEqual(ReducedCopy.bound, 250_000)
        XCTAssertTrue(ServeCommand.configuration.discussion.contains("more than 250,000 pixels"))
    }

    /// Only plain files of runs the server made are served; no traversal, no symbolic links.
    func testOnlyTheServersOwnRunFilesAreServed() throws {
        let folder = try ServeFolder()
        defer { folder.remove() }
        let run = try folder.makeRun()
        try FileManager.default.createDirectory(atPath: run.folder + "/lesson-03", withIntermediateDirectories: false)
        try Data("png".utf8).write(to: URL(fileURLWithPath: run.folder + "/lesson-03/a.png"))
        try FileManager.default.createSymbolicLink(
            atPath: run.folder + "/lesson-03/b.png", withDestinationPath: "/etc/passwd")
        XCTAssertNotNil(folder.file(run: run.id, page: "lesson-03", name: "a.png"))
        XCTAssertNil(folder.file(run: run.id, page: "lesson-03", name: "b.png"))
        XCTAssertNil(folder.file(run: run.id, page: "lesson-03", name: "../a.png"))
        XCTAssertNil(folder.file(run: run.id, page: "..", name: "passwd"))
        XCTAssertNil(folder.file(run: "0", page: "lesson-03", name: "a.png"))
        XCTAssertNil(folder.file(run: "../runs", page: "lesson-03", name: "a.png"))
        folder.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
    }

    /// About a hundred slider steps of 1, 2 or 5 times a power of ten.
    func testIndexLinksEveryLessonAndEscapesItsText() {
        let html = LivePage.index(entries: [(3, "Boxes <b>bold</b> [x]", "σ \"quoted\""), (12, "Survey", "All methods")]
        )
        XCTAssertTrue(html.contains("href=\"/lesson/3\""), html)
        XCTAssertTrue(html.contains("href=\"/lesson/12\""), html)
        XCTAssertFalse(html.contains("<b>bold</b>"), html)
        XCTAssertTrue(html.contains("&lt;b&gt;bold"), html)
    }

    func testSliderStep() {
        XCTAssertEqual(LivePage.sliderStep(0.5, 6), 0.1, accuracy: 1e-12)
        XCTAssertEqual(LivePage.sliderStep(1, 25), 0.5, accuracy: 1e-12)
        XCTAssertEqual(LivePage.sliderStep(0, 1), 0.01, accuracy: 1e-12)
    }

    /// Text from the lesson and the page is escaped in the controls.
    func testControlsEscapeWhatTheyShow() throws {
        var lesson = try LessonParser.parse(fileAt: Self.lesson)
        lesson.parameters[0].meaning = "<script>alert(1)</script>"
        let html = LivePage.controls(lesson: lesson, values: ["sigma": "\"><b>"], client: "c1", message: "<i>bad</i>")
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("\"><b>"))
        XCTAssertFalse(html.contains("<i>"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
    }
}
