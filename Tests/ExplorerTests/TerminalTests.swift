import BlurKit
import XCTest

@testable import Authoring
@testable import ExplorerCLI

/// The terminal classroom: pictures encoded to their published protocols, tables that fit, long
/// tables summarised, notes said once, numbers at a consistent precision.
final class TerminalTests: XCTestCase {
    /// Red, green / blue, white.
    static let rgba2x2: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]

    // MARK: - Encoders

    func testKittyEncodesA2x2ImageAsOneAPCCode() {
        // base64 of the 16 bytes, worked out by hand in groups of three bytes.
        XCTAssertEqual(
            KittyGraphics.encodeRGBA(Self.rgba2x2, width: 2, height: 2),
            "\u{1B}_Ga=T,f=32,s=2,v=2,q=2,m=0;/wAA/wD/AP8AAP///////w==\u{1B}\\")
    }

    func testKittySplitsLongPayloadsIntoChunksOf4096WithKeysOnlyOnTheFirst() {
        let payload = [UInt8](repeating: 0, count: 3072 + 3)  // 4096 + 4 base64 characters
        let codes = KittyGraphics.encodePNG(payload, columns: 10, rows: 5)
        let parts = codes.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        XCTAssertEqual(parts.count, 2)
        XCTAssertTrue(parts[0].hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=10,r=5,m=1;"))
        XCTAssertEqual(parts[0].count, "\u{1B}_Ga=T,f=100,q=2,c=10,r=5,m=1;".count + 4096)
        XCTAssertEqual(parts[1], "\u{1B}_Gm=0;AAAA")
    }

    func testITerm2EncodesTheFileInOneOSCSequence() {
        XCTAssertEqual(
            ITermImages.encode([1, 2, 3], columns: 2),
            "\u{1B}]1337;File=inline=1;size=3;width=2;preserveAspectRatio=1:AQID\u{07}")
    }

    func testHalfBlocksDrawTwoPixelsPerCell() {
        let image = RGBAImage(width: 2, height: 2, rgba8: Self.rgba2x2)
        XCTAssertEqual(
            HalfBlocks.render(image, columns: 2, rows: 1, trueColour: true),
            "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m▀\u{1B}[0m")
        XCTAssertEqual(
            HalfBlocks.render(image, columns: 2, rows: 1, trueColour: false),
            "\u{1B}[38;5;196m\u{1B}[48;5;21m▀\u{1B}[38;5;46m\u{1B}[48;5;231m▀\u{1B}[0m")
    }

    func testHalfBlocksAverageWhenShrinkingAndRepeatColoursOnlyWhenTheyChange() {
        // 4×4: left half black, right half white, shrunk to 2×2 pixels = one row of 2 cells.
        var bytes: [UInt8] = []
        for _ in 0..<4 { bytes += [0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255] }
        let image = RGBAImage(width: 4, height: 4, rgba8: bytes)
        XCTAssertEqual(
            HalfBlocks.render(image, columns: 2, rows: 1, trueColour: true),
            "\u{1B}[38;2;0;0;0m\u{1B}[48;2;0;0;0m▀\u{1B}[38;2;255;255;255m\u{1B}[48;2;255;255;255m▀\u{1B}[0m")
    }

    func testHalfBlocksAreaAverageTheZonePlateSoItsFineRingsTurnGrey() {
        // 1024² shrunk to 64² pixels: every output pixel averages a 16×16 area. The rings near the
        // corners are finer than one output pixel, so their average is the plate's mid grey; a
        // shrink that sampled every other pixel instead would alias them into coarse rings of
        // full contrast.
        let plate = BuiltinImage.zoneplate.make(width: 1024, height: 1024)
        let pixels = HalfBlocks.scaled(plate, width: 64, height: 64)
        let corner = (0..<8).flatMap { y in (0..<8).map { x in Int(pixels[y * 64 + x].x) } }
        XCTAssertLessThan(corner.max()! - corner.min()!, 40, "\(corner)")
        XCTAssertEqual(Double(corner.reduce(0, +)) / 64, 127, accuracy: 20)
        // The centre, whose rings are wider than an output pixel, keeps its contrast.
        let centre = (28..<36).flatMap { y in (28..<36).map { x in Int(pixels[y * 64 + x].x) } }
        XCTAssertGreaterThan(centre.max()! - centre.min()!, 150)
    }

    func testPalette256PicksTheCubeOrTheGreyRamp() {
        XCTAssertEqual(HalfBlocks.palette256(SIMD3(255, 0, 0)), 196)
        XCTAssertEqual(HalfBlocks.palette256(SIMD3(255, 255, 255)), 231)
        XCTAssertEqual(HalfBlocks.palette256(SIMD3(128, 128, 128)), 244)  // grey 8 + 10·12
        XCTAssertEqual(HalfBlocks.palette256(SIMD3(0, 0, 0)), 16)
    }

    func testPicturesKeepTheirShapeInsideTheBox() {
        // 480×320 into 80×24 cells: 80 columns wide, 2·rows ≈ 80·320/480 ≈ 53 pixels → 27 rows > 24, so
        // height bound: scale 48/320 = 0.15 → 72 columns, 24 rows.
        let cells = InlineImages.cells(width: 480, height: 320, box: (80, 24))
        XCTAssertEqual(cells.columns, 72)
        XCTAssertEqual(cells.rows, 24)
    }

    func testDetectionFollowsWhatTheTerminalAnnounces() {
        XCTAssertEqual(
            InlineImages.resolve(.auto, environment: ["TERM": "xterm-256color"], tty: false, quiet: false), .none,
            "pipes")
        XCTAssertEqual(InlineImages.resolve(.blocks, environment: ["NO_COLOR": "1"], tty: true, quiet: false), .none)
        XCTAssertEqual(InlineImages.resolve(.auto, environment: ["TERM": "dumb"], tty: true, quiet: false), .none)
        XCTAssertEqual(InlineImages.resolve(.auto, environment: [:], tty: true, quiet: true), .none, "--quiet")
        XCTAssertEqual(
            InlineImages.resolve(.auto, environment: ["TERM": "xterm-kitty"], tty: true, quiet: false), .kitty)
        XCTAssertEqual(
            InlineImages.resolve(.auto, environment: ["TERM_PROGRAM": "iTerm.app"], tty: true, quiet: false), .iTerm2)
        XCTAssertEqual(
            InlineImages.resolve(
                .auto, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"],
                tty: true, quiet: false), .halfBlocks(trueColour: false), "tmux does not pass images on")
        XCTAssertEqual(
            InlineImages.resolve(
                .auto, environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], tty: true, quiet: false),
            .halfBlocks(trueColour: true))
        XCTAssertEqual(
            InlineImages.resolve(.blocks, environment: ["TERM": "xterm-kitty"], tty: true, quiet: false),
            .halfBlocks(trueColour: false))
        XCTAssertEqual(
            InlineImages.resolve(.none, environment: ["TERM": "xterm-kitty"], tty: true, quiet: false), .none)
    }

    // MARK: - Tables

    static func wideTable(rows: Int) -> Table {
        var table = Table(
            title: "Errors", name: "errors",
            columns: [
                Table.Column(key: "method", title: "method", alignRight: false),
                Table.Column(key: "parameters", title: "parameters", alignRight: false),
                Table.Column(key: "error", title: "max err", unit: "interior"),
                Table.Column(key: "range", title: "min–max", unit: "ns/px", priority: 2),
                Table.Column(key: "psnr", title: "PSNR", unit: "dB", priority: 1)
            ])
        for n in 0..<rows {
            table.append([
                .text("iterated-box"), .text("3 passes, widths 5, 5, 7"), .integer(n), .text("10.1–12.9"),
                .number(42.5, digits: 1)
            ])
        }
        table.notes = ["Errors in 8-bit units."]
        return table
    }

    func testATableTooWideLeavesOutTheLeastImportantColumnsAndSaysWhere() {
        let text = TextRenderer.render(
            Self.wideTable(rows: 2), style: TerminalStyle(width: 56, colour: false),
            complete: .file("Output/lesson-03/errors.csv"))
        for line in text.split(separator: "\n") { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 56, String(line)) }
        XCTAssertFalse(text.contains("10.1–12.9"), text)
        XCTAssertTrue(text.contains("42.5"), "PSNR (priority 1) fits once min–max (priority 2) is out:\n\(text)")
        XCTAssertTrue(
            text.replacingOccurrences(of: "\n", with: " ").contains(
                "Not shown at 56 columns: min–max; they are in Output/lesson-03/errors.csv."), text)
        let csv = DataRenderer.csv(Self.wideTable(rows: 2))
        XCTAssertTrue(csv.hasPrefix("method,parameters,error,range,psnr\n"), "the CSV keeps every column")
    }

    func testAWideTextColumnWrapsInsteadOfOverflowing() {
        var table = Table(columns: [
            Table.Column(key: "n", title: "#"), Table.Column(key: "s", title: "summary", alignRight: false)
        ])
        table.append([
            .integer(1), .text("A blur makes each pixel the mean of its neighbours; the radius says how many.")
        ])
        let text = TextRenderer.render(table, style: TerminalStyle(width: 30, colour: false))
        XCTAssertEqual(
            text,
            """
            #  summary
            ─  ───────────────────────────
            1  A blur makes each pixel the
               mean of its neighbours; the
               radius says how many.
            """)
    }

    func testALongTableShowsItsFirstAndLastRowsAndWhereAllAre() {
        let text = TextRenderer.render(Self.wideTable(rows: 30), style: TerminalStyle(width: 120, colour: false))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("iterated-box") }
        XCTAssertEqual(rows.count, TextRenderer.headRows + TextRenderer.tailRows)
        XCTAssertTrue(text.contains("⋮ 15 more rows; `--format csv` prints all 30"), text)
        XCTAssertTrue(rows.last!.contains(" 29 "), "the last row is shown")
        let markdown = MarkdownRenderer.render(Self.wideTable(rows: 30))
        XCTAssertTrue(markdown.contains("<details>\n<summary>30 rows</summary>\n<table>"), markdown)
        XCTAssertEqual(markdown.components(separatedBy: "<tr>").count - 1, 31, "the page keeps every row")
    }

    func testALessonSaysEachNoteOnce() {
        var report = Report()
        report.table(Self.wideTable(rows: 1))
        let cell = LessonRunner.CellResult(
            text: "compare x", line: 1, report: report, caption: nil, hidden: false, format: .text)
        var terminal = LessonTerminal(pageFolder: "Output/lesson-03", style: TerminalStyle(width: 120, colour: false))
        let first = terminal.render(.cell(cell)) ?? "", second = terminal.render(.cell(cell)) ?? ""
        XCTAssertTrue(first.contains("Errors in 8-bit units."))
        XCTAssertFalse(second.contains("Errors in 8-bit units."), second)
        XCTAssertTrue(first.contains("Output/lesson-03/errors.csv") || !first.contains("Not shown"))
    }

    func testACommandWiderThanTheTerminalContinuesWithABackslash() {
        let text = LessonTerminal.command(
            "strip a.png b.png -o strip.png --captions \"zero|clamp|mirror|wrap\" --title \"Edge modes\"", width: 40)
        XCTAssertEqual(
            text,
            """
            $ explorer strip a.png b.png -o \\
                strip.png --captions \\
                "zero|clamp|mirror|wrap" --title \\
                "Edge modes"
            """)
    }

    func testAProseTableFitsTheTerminalLikeACommandTable() {
        let text = LessonTerminal.prose(
            """
            | method | what it costs per pixel |
            |---|---|
            | `box` | (2R+1)² reads, which grows quickly with the radius |
            """, style: TerminalStyle(width: 30, colour: false))
        XCTAssertEqual(
            text,
            """
                    what it costs per
            method  pixel
            ──────  ──────────────────────
            box     (2R+1)² reads, which
                    grows quickly with the
                    radius
            """)
    }

    // MARK: - Numbers

    func testMeasuredValuesKeepTheirDigitsAndDropRoundOff() {
        XCTAssertEqual(NumberText.measured(7.152e-17, 4, floor: 1e-6), "< 1e−6")
        XCTAssertEqual(NumberText.measured(0, 4, floor: 1e-6), "0")
        XCTAssertEqual(NumberText.measured(1.389e-5, 4, floor: 1e-6), "1.389e−5")
        XCTAssertEqual(NumberText.measured(0.0356999, 4, floor: 1e-6), "0.03570")
        XCTAssertEqual(NumberText.measured(2.14199, 4, floor: 1e-6), "2.142")
        XCTAssertEqual(NumberText.floor(forLargest: 19.4), 1e-5)
        XCTAssertEqual(NumberText.floor(forLargest: 1), 1e-6)
    }

    func testWrapCutsWordsLongerThanALine() {
        XCTAssertEqual(
            TextRenderer.wrap("see /a/very/long/path/name.png now", width: 10),
            "see\n/a/very/lo\nng/path/na\nme.png now")
        XCTAssertEqual(TextRenderer.fold("    let x = a + b", width: 12), "    let x =\n      a + b")
    }
}
