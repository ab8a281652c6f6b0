import BlurKit
import Foundation
import TestSupport
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The data a page needs to point at a strip's blurred pictures (`FigurePointing`): panel
/// rectangles that find each image pixel in the rendered PNG, the pixels the strip draws over,
/// and kernels checked against weights computed here by hand.
final class FigurePointingTests: FolderTestCase {
    /// A box of radius 2 is 1/5 on each axis, one sum everywhere.
    func testABoxIsAFifthOnEachAxis() {
        let kernel = PointingKernel.of(BoxAverage(radius: 2), edges: .reflect, linear: false)
        XCTAssertEqual(kernel.exact, "everywhere")
        XCTAssertEqual(kernel.radius, 2)
        XCTAssertNil(kernel.grid)
        for w in (kernel.x ?? []) + (kernel.y ?? []) { XCTAssertEqual(w, 0.2, accuracy: 1e-7) }
        XCTAssertEqual(kernel.x?.count, 5)
        XCTAssertEqual(kernel.edges, "reflect")
        XCTAssertEqual([kernel.reachX, kernel.reachY], [2, 2])
        XCTAssertEqual(kernel.weightSum, 1, accuracy: 1e-6)
    }

    /// One horizontal pass of 1, 2, 1 over 4 reaches one pixel across and none down.
    func testAHorizontalPassReachesAlongRowsOnly() {
        var pass = Separable(weights: [0.25, 0.5, 0.25])
        pass.directions = .rows
        let kernel = PointingKernel.of(pass, edges: .clamp, linear: false)
        XCTAssertEqual(kernel.exact, "everywhere")
        XCTAssertEqual([kernel.radius, kernel.reachX, kernel.reachY], [1, 1, 0])
        for (w, e) in zip(kernel.x ?? [], [0.25, 0.5, 0.25]) { XCTAssertEqual(w, e, accuracy: 1e-7) }
        XCTAssertEqual(kernel.y ?? [], [0, 1, 0])
    }

    /// Three boxes of width 3: the weights 1, 3, 6, 7, 6, 3, 1 over 27 (the convolution of three
    /// 1, 1, 1), exact only away from the border.
    func testThreeBoxesAreTheirConvolution() {
        let kernel = PointingKernel.of(IteratedBox(radius: 1, iterations: 3), edges: .clamp, linear: false)
        XCTAssertEqual(kernel.exact, "interior")
        XCTAssertEqual(kernel.radius, 3)
        let expected = [1.0, 3, 6, 7, 6, 3, 1].map { $0 / 27 }
        XCTAssertEqual(kernel.x?.count, 7)
        XCTAssertEqual(kernel.y?.count, 7)
        for (w, e) in zip(kernel.x ?? [], expected) { XCTAssertEqual(w, e, accuracy: 1e-6) }
        for (w, e) in zip(kernel.y ?? [], expected) { XCTAssertEqual(w, e, accuracy: 1e-6) }
        XCTAssertTrue(kernel.note.contains("nearer the border than 3 px"), kernel.note)
    }

    /// A blur on a grid of half the size depends on where the pixel lies: no weights, and why.
    func testADownsampledBlurIsNotOneKernel() {
        let kernel = PointingKernel.of(
            Downsampled(factor: 2, inner: BoxAverage(radius: 1)), edges: .clamp, linear: false)
        XCTAssertEqual(kernel.exact, "none")
        XCTAssertNil(kernel.x)
        XCTAssertNil(kernel.grid)
        XCTAssertTrue(kernel.note.contains("not one kernel"), kernel.note)
    }

    /// The Float64 reference's weights are the normalised point samples of the Gaussian.
    func testTheReferenceIsThePointSampledGaussian() throws {
        let kernel = PointingKernel.reference(try ReferenceGaussianBlur(sigma: 1, edges: .clamp))
        XCTAssertEqual(kernel.radius, 8)
        let raw = (-8...8).map { exp(-Double($0 * $0) / 2) }
        let total = raw.reduce(0, +)
        for (w, e) in zip(kernel.x ?? [], raw.map { $0 / total }) { XCTAssertEqual(w, e, accuracy: 1e-9) }
        XCTAssertEqual(kernel.weightSum, 1, accuracy: 1e-12)
    }

    /// A strip of an input and its blur with a close-up, shown at actual size: every pixel the data
    /// does not list is in the rendered strip exactly where the panel rectangle and scale say, and
    /// every listed one is not (the close-up's outline covers them).
    func testPanelRectanglesFindEachPixelInTheStrip() throws {
        let (input, output) = Self.pictures(width: 400, height: 40)
        let (data, picture) = try Self.pointing(input, output, inset: PixelRect(x: 100, y: 10, width: 30, height: 20))
        XCTAssertEqual([data.width, data.height], [picture.width, picture.height])
        XCTAssertEqual(data.panels.map(\.role), ["input", "output"])
        XCTAssertEqual(data.panels.map(\.kernel), [nil, 0])
        XCTAssertEqual([data.enlarge, data.reduce], [1, 0])
        XCTAssertEqual(data.closeUpRegion, FigurePointing.Rect(PixelRect(x: 100, y: 10, width: 30, height: 20)))
        for (panel, image) in zip(data.panels, [input, output]) {
            XCTAssertTrue(panel.readable)
            XCTAssertFalse(panel.patches.isEmpty, "the close-up's outline covers pixels around its region")
            let patched = Self.patches(panel)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let shown = Self.level(picture[panel.frame.x + x, panel.frame.y + y])
                    if let patch = patched[[x, y]] {
                        XCTAssertEqual(patch, Self.level(image[x, y]), "patch (\(x), \(y))")
                        XCTAssertNotEqual(shown, patch, "(\(x), \(y)) is listed but shown as it is")
                    } else {
                        XCTAssertEqual(shown, Self.level(image[x, y]), "(\(x), \(y)) of \(panel.caption)")
                    }
                }
            }
        }
        // The JSON a page reads.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(data)) as? [String: Any]
        let panels = try XCTUnwrap(json?["panels"] as? [[String: Any]])
        XCTAssertEqual(panels.first?["role"] as? String, "input")
        XCTAssertEqual((json?["kernels"] as? [[String: Any]])?.first?["method"] as? String, "box")
    }

    /// A strip too wide for actual size is reduced, so its full panels average pixels: the page
    /// reads only the close-up, where each pixel not listed is shown as it is.
    func testAReducedStripIsReadOnItsCloseUp() throws {
        let (input, output) = Self.pictures(width: 1400, height: 30)
        let (data, picture) = try Self.pointing(input, output, inset: PixelRect(x: 600, y: 5, width: 40, height: 20))
        XCTAssertEqual(data.enlarge, 0)
        XCTAssertGreaterThan(data.reduce, 1)
        let region = try XCTUnwrap(data.closeUpRegion), zoom = try XCTUnwrap(data.closeUpZoom)
        for (panel, image) in zip(data.panels, [input, output]) {
            XCTAssertFalse(panel.readable)
            let patched = Self.patches(panel), closeUp = try XCTUnwrap(panel.closeUp)
            XCTAssertTrue(patched.keys.allSatisfy { region.x..<region.x + region.width ~= $0[0] }, "\(patched.keys)")
            for y in region.y..<region.y + region.height {
                for x in region.x..<region.x + region.width {
                    let shown = Self.level(
                        picture[
                            closeUp.x + (x - region.x) * zoom + zoom / 2, closeUp.y + (y - region.y) * zoom + zoom / 2])
                    XCTAssertEqual(
                        patched[[x, y]] ?? shown, Self.level(image[x, y]), "(\(x), \(y)) of \(panel.caption)")
                }
            }
        }
    }

    /// Too many covered pixels to list with their levels are listed as runs along rows.
    func testCoveredPixelsBecomeRuns() {
        let patches = [[1, 0], [2, 0], [5, 0], [0, 1], [1, 1]].map { $0 + [9, 9, 9, 255] }
        XCTAssertEqual(FigurePointing.runs(patches), [[0, 1, 3], [0, 5, 6], [1, 0, 2]])
    }

    static func pictures(width: Int, height: Int) -> (RGBAImage, RGBAImage) {
        var input = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                input[x, y] = SIMD4(Float(x * 7 % 256) / 255, Float(y * 15 % 256) / 255, Float(x * y % 256) / 255, 1)
            }
        }
        return (input, input.blurred(by: BoxAverage(radius: 1), edges: .clamp))
    }

    static func pointing(_ input: RGBAImage, _ output: RGBAImage, inset: PixelRect) throws -> (
        FigurePointing, RGBAImage
    ) {
        var strip = Strip(title: "t")
        strip.add(input, caption: "original")
        strip.add(output, caption: "box")
        strip.inset = Strip.Inset(inset)
        let picture = try strip.render()
        let kernel = PointingKernel.of(BoxAverage(radius: 1), edges: .clamp, linear: false)
        return (
            FigurePointing.make(
                strip: strip, picture: picture, plan: .init(input: 0, outputs: [(panel: 1, kernel: kernel)])), picture
        )
    }

    static func level(_ v: SIMD4<Float>) -> [Int] { (0..<4).map { Int((v[$0] * 255).rounded()) } }

    static func patches(_ panel: FigurePointing.Panel) -> [[Int]: [Int]] {
        Dictionary(uniqueKeysWithValues: panel.patches.map { ([$0[0], $0[1]], Array($0[2...])) })
    }

    /// A value grid (`blur --cells`): the output panel's frame puts each image pixel on its cell
    /// as `ValueGrid` draws it (the cell's fill, not the grid line), and every level of the input
    /// and the output is listed.
    func testAValueGridsCellsAreItsOutputPixels() throws {
        var input = RGBAImage(width: 9, height: 7, fill: SIMD4(0, 0, 0, 1))
        input[4, 3] = SIMD4(1, 1, 1, 1)
        let output = input.blurred(by: BoxAverage(radius: 1), edges: .clamp)
        let grid = try ValueGrid.render(output, title: "a title long enough to be wider than the grid is, or not")
        let kernel = PointingKernel.of(BoxAverage(radius: 1), edges: .clamp, linear: false)
        let data = FigurePointing.cells(original: input, blurred: output, grid: grid, kernel: kernel)
        XCTAssertEqual([data.width, data.height, data.enlarge], [grid.width, grid.height, ValueGrid.cellSize])
        XCTAssertEqual(data.panels.map(\.role), ["input", "output"])
        XCTAssertEqual(data.panels.map(\.patches.count), [63, 63])
        let frame = data.panels[1].frame, cell = ValueGrid.cellSize
        for (x, y) in [(0, 0), (4, 3), (8, 6)] {
            // A pixel of the cell's fill, clear of the grid lines and of the printed level.
            let sx = frame.x + x * cell + 3, sy = frame.y + y * cell + 3
            let shown = grid[sx, sy], level = output[x, y]
            XCTAssertEqual(RGBAImage.quantize(shown.x), RGBAImage.quantize(level.x), "cell (\(x), \(y))")
            XCTAssertEqual(
                Array(Self.patches(data.panels[1])[[x, y]] ?? []).first, Int(RGBAImage.quantize(level.x)))
        }
        XCTAssertEqual(Self.patches(data.panels[0])[[4, 3]], [255, 255, 255, 255])
    }

    /// In a lesson, `blur --strip` writes the data beside the strip and the page loads the script;
    /// a grown blur's output is offset by its reach and read beyond the picture as transparent, a
    /// region blur's says where it was blurred.
    func testALessonWritesTheDataAndTheScript() throws {
        let text = """
            ---
            title: Pointing
            summary: S.
            ---
            ```explorer
            blur builtin:edges@40x30 -o g.png --method box --radius 2 --grow --strip grown.png
            ```

            ```explorer
            blur builtin:edges@40x30 -o r.png --method box --radius 2 --region 10,5,12,8 --strip region.png
            ```
            """
        let path = folder.path + "/05-pointing.md"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try LessonRunner(
            lesson: try LessonParser.parse(fileAt: path), values: [:], outputRoot: folder.path + "/Output",
            quickTiming: true, invocation: "explorer lesson 05-pointing.md"
        ).run()
        XCTAssertTrue(Set(outcome.files).isSuperset(of: ["grown.pointing.json", "region.pointing.json", "pointing.js"]))
        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("data-figure=\"grown.png\" data-pointing=\"grown.pointing.json\""), html)
        XCTAssertEqual(html.components(separatedBy: PointingIsland.scriptTag).count, 3)
        func json(_ name: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: outcome.folder + "/" + name))
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let grown = try json("grown.pointing.json"), region = try json("region.pointing.json")
        let grownPanels = try XCTUnwrap(grown["panels"] as? [[String: Any]])
        XCTAssertEqual(grownPanels[1]["offset"] as? Int, 2)
        XCTAssertEqual(grownPanels[1]["imageWidth"] as? Int, 44)
        XCTAssertEqual((grown["kernels"] as? [[String: Any]])?.first?["edges"] as? String, "zero")
        let regionPanels = try XCTUnwrap(region["panels"] as? [[String: Any]])
        XCTAssertEqual(
            regionPanels[1]["region"] as? [String: Int], ["x": 10, "y": 5, "width": 12, "height": 8])
        XCTAssertNil(regionPanels[0]["region"])
    }

    /// The page block escapes the figure's name in its attributes and names the data beside it.
    func testTheIslandEscapesItsNames() {
        let figure = Figure(path: "/tmp/out/a\"<b>.png", altText: "", caption: nil)
        let island = StripSupport.pointingIsland(for: figure)
        XCTAssertEqual(island.data, "a\"<b>.pointing.json")
        let html = island.html(id: "pointing-1")
        XCTAssertTrue(html.contains("data-figure=\"a&quot;&lt;b&gt;.png\""), html)
        XCTAssertTrue(html.contains("data-pointing=\"a&quot;&lt;b&gt;.pointing.json\""), html)
        XCTAssertTrue(html.hasSuffix(PointingIsland.scriptTag), html)
        XCTAssertEqual(island.files, ["a\"<b>.pointing.json"])
    }
}
