import BlurKit
import TestSupport
import XCTest

@testable import ExplorerCLI

/// `explorer glass` and `explorer motion` run as a user runs them, and the live glass panel they
/// put on a lesson's HTML page.
final class GlassCommandTests: XCTestCase {
    var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs explorer in quick timing mode and checks it succeeded.
    @discardableResult
    func explorer(
        _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> BinaryRunner.Result {
        var env = ["EXPLORER_QUICK": "1", "REDUCE_TRANSPARENCY": "0"]
        for (k, v) in environment { env[k] = v }
        let result = try BinaryRunner.run(arguments, environment: env)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        return result
    }

    /// A 96×64 picture whose alpha falls from 1 at the left to 0.2 at the right, over seeded noise:
    /// an opaque panel is visible as alpha 255 where the picture had less.
    func translucentInput() throws -> String {
        var image = BuiltinImage.noise.make(width: 96, height: 64)
        for y in 0..<64 { for x in 0..<96 { image[x, y].w = 1 - 0.8 * Float(x) / 95 } }
        let file = path("translucent.png")
        try PNG.write(image, to: file)
        return file
    }

    static let panel = PixelRect(x: 16, y: 12, width: 64, height: 40)
    static let panelText = "16,12,64,40"

    /// The panel's pixels fully inside its rounded corners (default radius 12).
    static func coveredPixels(_ rect: PixelRect = panel) -> [(x: Int, y: Int)] {
        var pixels: [(Int, Int)] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where Glass.coverage(x: x, y: y, of: rect, cornerRadius: 12) == 1 {
                pixels.append((x, y))
            }
        }
        return pixels
    }

    static func byte(_ v: Float) -> Int { Int(RGBAImage.quantize(v)) }

    // MARK: - Reduce Transparency

    func testFallbackPanelIsOpaqueUniformAndItsLabelReachesAA() throws {
        let input = try translucentInput()
        let out = path("fallback.png")
        let result = try explorer([
            "glass", input, "-o", out, "--panel", Self.panelText, "--label", "Hi", "--reduce-transparency", "--format",
            "json"
        ])
        let rows = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let labelHex = try XCTUnwrap(rows.last?["label"] as? String)
        XCTAssertTrue(["#000000", "#FFFFFF"].contains(labelHex), labelHex)
        let label: SIMD4<Float> = labelHex == "#000000" ? SIMD4(0, 0, 0, 1) : SIMD4(1, 1, 1, 1)

        let image = try PNG.read(out)
        let covered = Self.coveredPixels()
        // The fill is the most common colour of the panel (the label covers far less of it).
        var counts: [SIMD4<Float>: Int] = [:]
        for (x, y) in covered { counts[image[x, y], default: 0] += 1 }
        let fill = try XCTUnwrap(counts.max { $0.value < $1.value }?.key)
        XCTAssertEqual(Self.byte(fill.w), 255, "the fallback panel is opaque")
        XCTAssertGreaterThan(counts[fill]!, covered.count / 2)
        XCTAssertGreaterThanOrEqual(Contrast.ratio(fill, label), 4.5, "label \(labelHex) on the fill")
        // Every other covered pixel is the label's glyph blended over the fill: on the segment
        // fill → label, opaque; so the panel is one colour apart from the text.
        var glyphPixels = 0
        for (x, y) in covered where image[x, y] != fill {
            glyphPixels += 1
            let p = image[x, y]
            XCTAssertEqual(Self.byte(p.w), 255, "opaque at (\(x), \(y))")
            let t = ((p - fill) * (label - fill)).sum() / ((label - fill) * (label - fill)).sum()
            let onSegment = fill + (label - fill) * t
            for c in 0..<3 {
                XCTAssertEqual(
                    p[c], onSegment[c], accuracy: 1.5 / 255, "pixel (\(x), \(y)) is fill blended with the label")
            }
        }
        XCTAssertGreaterThan(glyphPixels, 20, "the label is drawn")
        // The contrast the command printed is the one of the PNG's fill.
        let printed = try XCTUnwrap(rows.last?["contrast"] as? Double)
        XCTAssertEqual(printed, Contrast.ratio(fill, label), accuracy: 1e-3)
    }

    func testReduceTransparencyEnvironmentSwitchesGlassToTheFallback() throws {
        let input = try translucentInput()
        let common = ["glass", input, "--panel", Self.panelText, "--style", "dark", "--label", "Hi"]
        try explorer(common + ["-o", path("glass.png")])
        try explorer(common + ["-o", path("flag.png"), "--reduce-transparency"])
        let env = try explorer(common + ["-o", path("env.png")], environment: ["REDUCE_TRANSPARENCY": "1"])
        XCTAssertTrue(
            env.standardOutput.contains("Reduce Transparency is on (REDUCE_TRANSPARENCY=1)"), env.standardOutput)
        let glass = try PNG.read(path("glass.png")), flag = try PNG.read(path("flag.png")),
            fromEnv = try PNG.read(path("env.png"))
        XCTAssertEqual(fromEnv.rgba8(), flag.rgba8(), "REDUCE_TRANSPARENCY=1 draws what --reduce-transparency draws")
        XCTAssertNotEqual(fromEnv.rgba8(), glass.rgba8())
        let (x, y) = (Self.panel.maxX - 3, Self.panel.maxY - 14)
        XCTAssertLessThan(Self.byte(glass[x, y].w), 255, "the glass over a translucent picture lets it through")
        XCTAssertEqual(Self.byte(fromEnv[x, y].w), 255)
    }

    // MARK: - Glass

    func testOutsideThePanelTheOutputEqualsTheInput() throws {
        let input = try translucentInput()
        let original = try PNG.read(input).rgba8()
        for extra in [
            ["--style", "light"], ["--style", "tint", "--sigma", "3", "--downsample", "4"], ["--reduce-transparency"]
        ] {
            let out = path("out.png")
            try explorer(["glass", input, "-o", out, "--panel", Self.panelText, "--label", "Hi"] + extra)
            let written = try PNG.read(out)
            XCTAssertEqual(written.width, 96)
            let bytes = written.rgba8()
            var changedInside = 0
            for y in 0..<64 {
                for x in 0..<96 {
                    let i = 4 * (y * 96 + x)
                    if Self.panel.contains(x: x, y: y) {
                        if bytes[i..<i + 4] != original[i..<i + 4] { changedInside += 1 }
                    } else {
                        XCTAssertEqual(
                            Array(bytes[i..<i + 4]), Array(original[i..<i + 4]),
                            "pixel (\(x), \(y)) outside the panel, \(extra)")
                    }
                }
            }
            XCTAssertGreaterThan(changedInside, Self.panel.area / 2, "the panel is drawn, \(extra)")
        }
    }

    func testStylesUseApplesBoxWidthsAndATintThatFailsIsReported() throws {
        // UIImage+ImageEffects: light r = 30 → d = ⌊30·1.87997 + ½⌋ = 56 → 57; dark r = 20 → 38 → 39.
        let light = try explorer(["glass", "photo", "-o", path("light.png")])
        XCTAssertTrue(light.standardOutput.contains("three boxes of width 57"), light.standardOutput)
        let dark = try explorer(["glass", "photo", "-o", path("dark.png"), "--style", "dark"])
        XCTAssertTrue(dark.standardOutput.contains("three boxes of width 39"), dark.standardOutput)
        XCTAssertTrue(dark.standardOutput.contains("#FFFFFF"), "white text on dark glass")
        // A nearly clear white tint lets the red saucer through behind black text.
        let thin = try explorer(["glass", "photo", "-o", path("thin.png"), "--tint", "FFFFFF1A"])
        XCTAssertTrue(
            thin.standardOutput.contains("with --tint FFFFFF1A the label on the glass reaches only"),
            thin.standardOutput)
    }

    func testStripShowsBothRenderings() throws {
        let result = try explorer(["glass", "photo", "-o", path("strip.png"), "--strip", "--format", "json"])
        let strip = try PNG.read(path("strip.png"))
        XCTAssertGreaterThan(strip.width, 2 * 480, "two 480-pixel panels side by side")
        XCTAssertFalse(result.standardOutput.contains("glass-demo"))
    }

    /// A built-in mask without a size is made the panel's size; a sized one or a file is read as given.
    func testABuiltinMaskTakesThePanelsSize() {
        let panel = PixelRect(x: 40, y: 40, width: 80, height: 40)
        XCTAssertEqual(GlassCommand.maskSource("builtin:checker", panel: panel), "builtin:checker@80x40")
        XCTAssertEqual(GlassCommand.maskSource("builtin:checker@8x8", panel: panel), "builtin:checker@8x8")
        XCTAssertEqual(GlassCommand.maskSource("mask.png", panel: panel), "mask.png")
    }

    func testBadValuesAreUsageErrorsThatNameThem() throws {
        for (arguments, expected) in [
            (["--tint", "blue"], "\"blue\""),
            (["--panel", "1,2,3"], "--panel 1,2,3: expected four numbers X,Y,W,H"),
            (["--panel", "9223372036854775807,0,10,10"], "out of range"),
            (["--sigma", "2", "--blur-radius", "3"], "not both"),
            (["--downsample", "0"], "--downsample")
        ] {
            let result = try BinaryRunner.run(["glass", "photo", "-o", path("x.png")] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(expected), result.standardError)
        }
        let long = try BinaryRunner.run([
            "glass", "photo", "-o", path("x.png"), "--panel", "10,10,60,30", "--label",
            "a label far too long for this panel"
        ])
        XCTAssertEqual(long.status, 1)
        XCTAssertTrue(long.standardError.contains("widen --panel or shorten --label"), long.standardError)
        let outside = try BinaryRunner.run(["glass", "photo", "-o", path("x.png"), "--panel", "400,300,200,100"])
        XCTAssertEqual(outside.status, 1)
        XCTAssertTrue(outside.standardError.contains("400,300,200,100"), outside.standardError)
    }

    // MARK: - Motion

    func testParallaxIsExactInsideAndDiffersNearTheSnapshotEdges() throws {
        let result = try explorer([
            "motion", "builtin:noise@160x120", "--sigma", "3", "--frames", "4", "--shift", "6", "--format", "json"
        ])
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let tables = try XCTUnwrap(object["tables"] as? [[String: Any]])
        let frames = try XCTUnwrap(
            tables.compactMap { $0["rows"] as? [[String: Any]] }.first { $0.first?["interiorMax"] != nil })
        XCTAssertEqual(frames.count, 4)
        for row in frames {
            let interior = try XCTUnwrap(row["interiorMax"] as? Double), edge = try XCTUnwrap(row["edgeMax"] as? Double)
            // 8-bit units: Float32 rounding of values near 1 is about 255 · 6e-8.
            XCTAssertLessThanOrEqual(interior, 1e-4, "interior of frame \(row["frame"] ?? "?")")
            XCTAssertGreaterThan(edge, 0.01, "near the edges of frame \(row["frame"] ?? "?")")
            XCTAssertGreaterThan(row["interiorPixels"] as? Int ?? 0, 0)
        }
        let live = try XCTUnwrap(tables.first?["rows"] as? [[String: Any]])
        // 1/60 s and 0.2 s: the share is time / interval, so 12× smaller at 0.2 s.
        let full = live.filter { $0["blur"] as? String == "full resolution" }
        let share60 = try XCTUnwrap(full.first { $0["interval"] as? String == "1/60 s" }?["coreShare"] as? Double)
        let share5 = try XCTUnwrap(full.first { $0["interval"] as? String == "0.2 s" }?["coreShare"] as? Double)
        XCTAssertEqual(share60 / share5, 12, accuracy: 1e-9)
        XCTAssertEqual(
            full.first { ($0["interval"] as? String)?.hasPrefix("0 ") == true }?["coreShare"] as? Double, 100)
    }

    func testMotionStripAndIntervals() throws {
        let out = path("frames.png")
        let result = try explorer([
            "motion", "builtin:noise@160x120", "--sigma", "2", "--frames", "4", "--shift", "4",
            "--interval", "1/30", "0.5", "--strip", "-o", out
        ])
        XCTAssertTrue(result.standardOutput.contains("1/30 s"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("1/60 s"))
        XCTAssertEqual(try PNGInfo.read(out).recordedCommand?.contains("motion builtin:noise@160x120"), true)
    }

    // MARK: - The page

    static let lesson = """
        ---
        title: Glass
        summary: A panel the browser blurs too.
        ---
        ## Glass

        ```explorer
        glass builtin:noise@96x64 -o panel.png --panel 16,12,64,40 --label Hi --style dark --scale 1
        ```

        After the panel.

        ```explorer
        glass builtin:noise@96x64 -o quiet.png --panel 16,12,64,40 --label Hi --no-demo
        ```
        """

    func testLessonPageHasTheLiveDemoWithTheComputedFallback() throws {
        let file = path("07-glass.md")
        try Self.lesson.write(toFile: file, atomically: true, encoding: .utf8)
        let output = path("Output")
        try explorer(["lesson", file, "--output", output, "--quiet"])
        let page = output + "/lesson-07"
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        let readme = try String(contentsOfFile: page + "/README.md", encoding: .utf8)
        let csv = try String(contentsOfFile: page + "/contrast.csv", encoding: .utf8)
        // The fallback colour the explorer computed, from the contrast table's second row.
        let fallback = try XCTUnwrap(
            csv.split(separator: "\n").first { $0.hasPrefix("Reduce Transparency") }?
                .split(separator: ",")[2].split(separator: " ").first.map(String.init))
        XCTAssertTrue(fallback.hasPrefix("#"), csv)

        XCTAssertEqual(
            html.components(separatedBy: "<figure class=\"glass-demo\"").count, 2,
            "one demo: the second cell says --no-demo")
        XCTAssertTrue(
            html.contains("backdrop-filter: blur(19.49px) saturate(1.8)"), "dark: boxes of 39, σ = √((39² − 1)/4)")
        XCTAssertTrue(html.contains("url(\"backdrop-panel.png\")"))
        let media = try XCTUnwrap(html.range(of: "@media (prefers-reduced-transparency: reduce) {"))
        let rule = html[media.upperBound...].prefix(while: { $0 != "}" })
        XCTAssertTrue(
            rule.contains("backdrop-filter: none") && rule.contains("background-color: \(fallback)"), String(rule))
        // After its cell's results, before the next prose.
        let demo = try XCTUnwrap(html.range(of: "<figure class=\"glass-demo\""))
        XCTAssertLessThan(try XCTUnwrap(html.range(of: "panel.png")).lowerBound, demo.lowerBound)
        XCTAssertLessThan(demo.lowerBound, try XCTUnwrap(html.range(of: "After the panel.")).lowerBound)
        XCTAssertFalse(readme.contains("glass-demo"), "only the HTML page has the demo")
        XCTAssertTrue(FileManager.default.fileExists(atPath: page + "/backdrop-panel.png"))
    }

    func testNegativeSaturationBecomesSaturateAndHueRotate() {
        var demo = GlassDemo(
            background: "b.png", width: 10, height: 10, panel: PixelRect(x: 1, y: 1, width: 5, height: 5),
            cornerRadius: 2, blurSigma: 9.4868, saturation: -1, tint: SIMD4(0, 122 / 255, 1, 0.6),
            fallback: SIMD4(0.2, 0.4, 0.8, 1), labelColour: SIMD4(0, 0, 0, 1), label: "<b>", fontSize: 30)
        XCTAssertEqual(demo.filter, "blur(9.49px) saturate(1) hue-rotate(180deg)")
        XCTAssertTrue(demo.css(id: "d").contains("background-color: rgba(0, 122, 255, 0.6)"))
        XCTAssertTrue(demo.html(id: "d").contains("&lt;b&gt;"), "the label is escaped")
        demo.saturation = 1
        XCTAssertEqual(demo.filter, "blur(9.49px)")
    }
}

/// Issue 25: glass sizes are points, scaled to the picture, and 3:1 is only for large text.
final class GlassScaleTests: FolderTestCase {
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func testTheBlurRadiusFollowsThePicturesScale() throws {
        for (image, width) in [("builtin:noise@480x320", "57"), ("builtin:noise@1500x1000", "177")] {
            let result = try explorer(["glass", image, "-o", folder.appendingPathComponent("g.png").path])
            XCTAssertEqual(result.status, 0, result.standardError)
            let text = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
            XCTAssertTrue(text.contains("three boxes of width \(width)"), text)
        }
        let explicit = try explorer([
            "glass", "builtin:noise@1500x1000", "-o", folder.appendingPathComponent("g.png").path, "--scale", "2"
        ])
        let text = explicit.standardOutput.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("30 pt × scale 2 = 60 px"), text)
    }

    func testAnEighteenPixelLabelIsNotLargeText() throws {
        let result = try explorer([
            "glass", "photo", "-o", folder.appendingPathComponent("g.png").path, "--panel", "0,0,160,30",
            "--format", "csv"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains(",— (18 px)"), result.standardOutput)
        XCTAssertFalse(ContrastCheck.isLargeText(pixelSize: 18, bold: false))
        XCTAssertTrue(ContrastCheck.isLargeText(pixelSize: 19, bold: true))
        XCTAssertTrue(ContrastCheck.isLargeText(pixelSize: 24, bold: false))
    }

    /// The label is sized in points like the panel's blur: on a 3000×2000 picture (scale 6.25) it
    /// is as tall, relative to the picture, as on a 480×320 one, not a 30-px speck.
    func testTheLabelFollowsThePicturesScale() throws {
        func label(_ width: Int, _ height: Int) throws -> (content: GlassLabel, mask: RGBAImage) {
            let command = try GlassCommand.parse(["builtin:noise@\(width)x\(height)", "-o", path("g.png")])
            let image = RGBAImage(width: width, height: height)
            let scale = command.pointScale(for: image)
            let content = try XCTUnwrap(
                try command.labelContent(for: try GlassCommand.panelRect(nil, in: image), scale: scale))
            return (content, content.mask())
        }
        let small = try label(480, 320), large = try label(3000, 2000)
        XCTAssertEqual(small.content.pixelSize, 30)
        XCTAssertEqual(large.content.pixelSize, 187.5)
        XCTAssertEqual(Double(large.mask.height) / 2000, Double(small.mask.height) / 320, accuracy: 1.0 / 2000)
        XCTAssertEqual(Double(large.mask.width) / 3000, Double(small.mask.width) / 480, accuracy: 1.0 / 3000)
        // Drawn, not blank: the enlarged glyphs cover about as much of their box as the face's do.
        func inked(_ mask: RGBAImage) -> Double {
            var sum = 0.0
            for y in 0..<mask.height { for x in 0..<mask.width { sum += Double(mask[x, y].w) } }
            return sum / Double(mask.pixelCount)
        }
        XCTAssertEqual(inked(large.mask), inked(small.mask), accuracy: 0.1 * inked(small.mask))

        let result = try explorer(["glass", "builtin:noise@3000x2000", "-o", path("big.png")])
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("188 px (30 pt at scale 6.25) regular"), text)
    }

    /// WCAG's large text is 18 pt (24 CSS px): at scale 2 a 30-pt label (60 px) is large and an
    /// 18-pt one (36 px, above 24 px) is not, since 36 px there is 18 pt.
    func testLargeTextIsJudgedInPointsAtTheScaleUsed() throws {
        XCTAssertTrue(ContrastCheck.isLargeText(pixels: 60, bold: false, scale: 2))
        XCTAssertFalse(ContrastCheck.isLargeText(pixels: 36, bold: false, scale: 2))
        XCTAssertTrue(ContrastCheck.isLargeText(pixels: 37.4, bold: true, scale: 2))
        XCTAssertTrue(ContrastCheck.isLargeText(pixels: 24, bold: false, scale: 0.8))
        let result = try explorer([
            "glass", "photo", "-o", path("g.png"), "--scale", "2", "--panel", "0,0,330,50", "--format", "csv"
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains(",— (36 px (18 pt at scale 2))"), result.standardOutput)
    }

    /// A label that fits at neither size says so, with its size in points and pixels.
    func testALabelTooLargeForThePanelAtItsScaleIsRefused() throws {
        let result = try explorer(["glass", "builtin:noise@3000x2000", "-o", path("g.png"), "--panel", "0,0,400,100"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("even at 18 pt (112 px at scale 6.25)"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("g.png")))
    }
}
