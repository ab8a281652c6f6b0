import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The baked page without a browser: which controls a cell gets, what the controls escape, where
/// a state's links point, how an upload is reduced and the order a job bakes in.
final class ServeTests: FolderTestCase {
    static let lesson = BinaryRunner.packageRoot.appendingPathComponent("Lessons/03-exact-gaussian.md").path

    /// Which cells a parameter reaches, as `CellMemo` decides (the substituted command changes):
    /// the page puts a control for it beside those cells' results.
    func testEachCellKnowsTheParametersItDependsOn() throws {
        let lesson = try LessonParser.parse(fileAt: Self.lesson)
        XCTAssertEqual(CellDependencies.of(lesson), [["sigma", "image"], [], ["sigma", "image"], ["sigma"], ["sigma"]])
    }

    /// An upload above `ReducedCopy.bound` pixels is reduced by the smallest whole factor that
    /// brings it within; `explorer serve --help` states the bound.
    func testALargeUploadIsReducedWithinTheBound() {
        XCTAssertEqual(ReducedCopy.factor(width: 4000, height: 3000), 7)
        XCTAssertEqual(ReducedCopy.factor(width: 500, height: 500), 1)
        XCTAssertEqual(ReducedCopy.factor(width: 501, height: 500), 2)
        XCTAssertEqual(ReducedCopy.factor(width: 12_000_000, height: 1), 48)
        XCTAssertEqual(ReducedCopy.bound, 250_000)
        XCTAssertTrue(ServeCommand.configuration.discussion.contains("at most 250,000 pixels"))
    }

    /// A state's files are named from its own folder, wherever the page that shows it is; links
    /// into other folders and with a scheme are left alone.
    func testAStatesLinksStartAtItsFolder() {
        let html =
            #"<img src="strip.png"><a href="errors.csv#x">t</a><a href="../lesson-04/index.html">n</a>"#
            + #"<a href="https://example.org/a.png">e</a><div style='background: url("backdrop.png")'></div>"#
        let linked = LivePage.links(html, base: "/jobs/s/p.png/lesson-03/states/sigma-2/")
        XCTAssertTrue(linked.contains(#"src="/jobs/s/p.png/lesson-03/states/sigma-2/strip.png""#), linked)
        XCTAssertTrue(linked.contains(#"href="/jobs/s/p.png/lesson-03/states/sigma-2/errors.csv#x""#), linked)
        XCTAssertTrue(linked.contains(#"href="../lesson-04/index.html""#), linked)
        XCTAssertTrue(linked.contains(#"href="https://example.org/a.png""#), linked)
        XCTAssertTrue(linked.contains(#"url("/jobs/s/p.png/lesson-03/states/sigma-2/backdrop.png")"#), linked)
    }

    /// Text from the lesson is escaped in the controls; the image control is there, hidden until
    /// the page finds a server that takes uploads.
    func testControlsEscapeWhatTheyShow() throws {
        var lesson = try LessonParser.parse(fileAt: Self.lesson)
        lesson.parameters[0].meaning = "<script>alert(1)</script>"
        let html = LivePage.controls(
            lesson: lesson, values: ["sigma": "\"><b>"], note: "<i>n</i>", grids: ["sigma": ["1", "2", "3"]],
            states: [:])
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("\"><b>"))
        XCTAssertFalse(html.contains("<i>"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
        XCTAssertTrue(html.contains(#"min="1.0" max="3.0" step="1.0""#), html)
        XCTAssertTrue(html.contains(#"class="upload" hidden"#), html)
    }

    /// A job bakes the state its page shows first, then the nearest, and leaves a made state as it
    /// is; the student's picture is named by its file name, never by the server's folder.
    func testAJobBakesTheShownStateFirstAndHidesItsFolder() throws {
        let lessons = folder.path + "/L"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        let path = lessons + "/01-one.md"
        try """
        ---
        title: T
        summary: S.
        parameters:
          n:
            kind: integer
            default: 1
            range: [1, 5]
            meaning: m
          image:
            kind: image
            default: builtin:noise@64x64
            smallest: 4x4
            meaning: p
        ---
        Side {{n}}.

        ```explorer
        info {{image}}
        ```
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lesson = try LessonParser.parse(fileAt: path)
        let picture = folder.path + "/secret-server-folder/pic/mine.png"
        try FileManager.default.createDirectory(
            atPath: (picture as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNG.write(RGBAImage(width: 8, height: 8, pixels: [Float](repeating: 0.5, count: 256)), to: picture)
        let root = folder.path + "/job"
        var order: [String] = []
        try StaticSite.job(
            lesson, image: "image", picture: picture, shown: "mine.png", root: root,
            base: "/jobs/s/mine.png/lesson-01/",
            near: ("n", "4"), steps: 5, quick: true
        ) { order.append($0) }
        XCTAssertEqual(order, ["n=4", "n=3", "n=5", "n=2", "defaults"])
        let state = try String(
            contentsOfFile: root + "/lesson-01/states/" + StaticSite.stateFolder("n", "4") + "/state.html",
            encoding: .utf8)
        XCTAssertTrue(state.contains("Side 4."), state)
        XCTAssertTrue(state.contains("mine.png"), state)
        XCTAssertFalse(state.contains("secret-server-folder"), state)
        order = []
        try StaticSite.job(
            lesson, image: "image", picture: picture, shown: "mine.png", root: root,
            base: "/jobs/s/mine.png/lesson-01/",
            near: ("n", "2"), steps: 5, quick: true
        ) { order.append($0) }
        XCTAssertEqual(order, [], "a job started again ran states already made")
        // With a first look: the state asked for from the small copy before anything else (the
        // page's first figures), then that state again from the picture, then the others.
        try FileManager.default.removeItem(atPath: root)
        let small = folder.path + "/secret-server-folder/pic/first/mine.png"
        try FileManager.default.createDirectory(
            atPath: (small as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNG.write(RGBAImage(width: 4, height: 4, pixels: [Float](repeating: 0.5, count: 64)), to: small)
        let made = root + "/lesson-01/states/" + StaticSite.stateFolder("n", "4") + "/state.html"
        var shown: [String] = []
        try StaticSite.job(
            lesson, image: "image", picture: picture, shown: "mine.png", root: root,
            base: "/jobs/s/mine.png/lesson-01/", near: ("n", "4"), steps: 5, quick: true,
            first: (small, "a first look from a copy at 4×4")
        ) {
            order.append($0)
            shown.append((try? String(contentsOfFile: made, encoding: .utf8)) ?? "")
        }
        XCTAssertEqual(order, ["first look: n=4", "n=4", "n=3", "n=5", "n=2", "defaults"])
        XCTAssertTrue(shown[1].contains("<meta name=\"live-first\" content=\"a first look from a copy at 4×4\">"))
        XCTAssertTrue(shown[1].contains("4×4") && !shown[1].contains("8×8"), "the first look is not the small copy's")
        XCTAssertFalse(shown[1].contains("secret-server-folder") || shown[1].contains("first/"), shown[1])
        let final = try String(contentsOfFile: made, encoding: .utf8)
        XCTAssertTrue(final.contains("8×8") && !final.contains("live-first"), "the picture's own state did not follow")
    }

    /// Groups of two parameters' combinations are baked in order while the estimate stays within
    /// the budget; one over it is not, is said in the plan and on the page, and its sample goes.
    func testPairsAreBakedWithinTheBudgetAndThePageSaysWhichAreNot() throws {
        let lesson = try LessonParser.parse(fileAt: Self.lesson)
        let bake = StaticSite.Bake(lesson: lesson, building: folder.path)
        let single = StaticSite.Group(names: ["a"], states: [["2"], ["3"]])
        single.sample = (1_048_576, 1)
        let cheap = StaticSite.Group(names: ["a", "b"], states: [["1", "2"], ["1", "3"]])
        cheap.sample = (1_048_576, 1)
        let dear = StaticSite.Group(names: ["c", "d"], states: [["1", "2"], ["1", "3"], ["2", "2"]])
        dear.sample = (1_048_576, 1)
        dear.folders = ["1&2": "sample"]
        let sample = bake.page + "/states/sample"
        try FileManager.default.createDirectory(atPath: sample, withIntermediateDirectories: true)
        bake.groups = [single, cheap, dear]
        var total = StaticSite.Estimate(states: 7, bytes: 10 * 1_048_576, seconds: 10)
        let plan = StaticSite.plan([bake], total: &total, maxBytes: 13 * 1_048_576, maxSeconds: 100)
        XCTAssertEqual(
            plan,
            [
                "lesson-03: a × b, 2 states, about 2 MiB and 2 s: baked",
                "lesson-03: c × d, 3 states, about 3 MiB and 3 s: not baked, over the budget; they move one at a time"
            ])
        XCTAssertEqual(total.states, 9)
        XCTAssertEqual(total.bytes, 12 * 1_048_576)
        XCTAssertTrue(single.baked && cheap.baked, "a single parameter's states are always baked")
        XCTAssertFalse(dear.baked)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sample), "the left-out group's sample stayed")
        XCTAssertEqual(
            StaticSite.note(bake),
            StaticSite.note + "; a and b together; c and d one at a time (3 combinations were over the budget)")
        // The time budget counts too.
        cheap.baked = false
        total = StaticSite.Estimate(states: 7, bytes: 0, seconds: 99)
        XCTAssertEqual(
            StaticSite.plan([bake], total: &total, maxBytes: nil, maxSeconds: 100).filter { $0.hasSuffix(": baked") },
            [])
    }
}
