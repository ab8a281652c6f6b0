import BlurKit
import Foundation
import TestSupport
import XCTest

/// `explorer serve` in a real browser: headless Chromium driven through WebDriver
/// (Debian's `chromium` and `chromium-driver`), against the server on a free port of 127.0.0.1.
///
/// Without Chromium the tests skip and say why; under CI (`CI=true`) they fail instead.
final class ServeBrowserTests: XCTestCase {
    /// The status line of a baked state (`StaticSite.note`).
    static let note = "baked states, one control at a time"

    /// Lesson 3 at σ = 3, then σ moved to 5: the strip's pixels and the prose's window radii
    /// (`{{r4}}`, `{{r3}}`, computed from σ) change without a reload; then a PNG is uploaded.
    func testMovingSigmaRedrawsTheFigureAndTheProse() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/3")
        let before = try session.figure()
        XCTAssertTrue(try session.mainText().contains("radius 12 instead of 9"))
        let marker = try session.markPage()
        try session.script(
            """
            var s = document.querySelector('input[type=range][data-parameter=sigma]');
            s.value = '5'; s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));
            """)
        let status = try session.waitForRun()
        XCTAssertEqual(status, Self.note)
        XCTAssertEqual(
            try session.script("return window.explorerMark === undefined ? 'reloaded' : window.explorerMark"), marker,
            "the page reloaded instead of updating in place")
        XCTAssertTrue(try session.mainText().contains("radius 20 instead of 15"))
        XCTAssertNotEqual(try session.figure(), before, "the strip did not change with σ")
        try uploadedPictureAppearsInTheStrip(session)
    }

    /// Lesson 3's cells have controls of their own, right below their commands, for the parameters
    /// each depends on (none for `source gaussian2d`); the σ control beside the strip moves the top
    /// slider and the URL too, and runs the lesson again.
    func testAControlBesideTheStripMovesTheTopSliderAndReruns() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/3")
        _ = try session.waitForRun()
        let bars = try session.script(
            """
            return Array.prototype.map.call(document.querySelectorAll('main .cell-controls'), function (bar) {
              return bar.dataset.cell + ':' + Array.prototype.map.call(bar.querySelectorAll('[data-parameter]'),
                function (c) { return c.dataset.parameter; }).join(',');
            }).join(' ');
            """)
        XCTAssertEqual(bars, "0:sigma,image 2:sigma,image 3:sigma 4:sigma")
        let below =
            "var b = document.querySelector('main .cell-controls[data-cell=\"0\"]'); return b.previousElementSibling.textContent.slice(0, 18);"
        XCTAssertEqual(try session.script(below), "$ explorer compare")
        let before = try session.figure()
        let marker = try session.markPage()
        try session.script(
            """
            var s = document.querySelector('main .cell-controls[data-cell="0"] input[type=range][data-parameter=sigma]');
            s.value = '5'; s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));
            """)
        let status = try session.waitForRun()
        XCTAssertEqual(status, Self.note)
        XCTAssertEqual(
            try session.script("return window.explorerMark === undefined ? 'reloaded' : window.explorerMark"), marker)
        XCTAssertEqual(
            try session.script("return document.querySelector('#live-controls input[data-parameter=sigma]').value"), "5"
        )
        XCTAssertEqual(
            try session.script(
                "return document.querySelector('#live-controls input[data-parameter=sigma] ~ output').textContent"), "5"
        )
        XCTAssertEqual(
            try session.script(
                """
                return Array.prototype.map.call(document.querySelectorAll('main .cell-controls input[data-parameter=sigma]'),
                  function (c) { return c.value; }).join(',');
                """), "5,5,5,5")
        XCTAssertTrue(try session.script("return location.search").contains("sigma=5"))
        XCTAssertTrue(try session.mainText().contains("radius 20 instead of 15"))
        XCTAssertNotEqual(try session.figure(), before, "the strip did not change with σ")
        XCTAssertEqual(try session.script(below), "$ explorer compare", "the strip's control left its place")
    }

    /// Lesson 1's impulse figure (`blur … --cells`) is pointable as a strip is (`pointing.js`):
    /// tapping the centre cell shows the box's weights 1/9 times the levels it read and the sum,
    /// 255/9 = 28.33, beside the level stored, 28.
    func testPointingAtACellShowsTheWeightedSumThatMadeIt() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/1")
        _ = try session.waitForRun()
        let source = try session.script(
            """
            var marker = document.querySelector('.figure-pointing[data-figure="impulse-box-r1-cells.png"]');
            var img = Array.prototype.find.call(document.querySelectorAll('main img'), function (i) { return i.src.endsWith('/impulse-box-r1-cells.png'); });
            if (!img || !marker) { return 'no pointable cells figure'; }
            var request = new XMLHttpRequest(); request.open('GET', new URL(marker.dataset.pointing, img.src), false); request.send();
            var data = JSON.parse(request.responseText), f = data.panels[1].frame;
            var box = img.getBoundingClientRect(), k = img.clientWidth / data.width;
            img.dispatchEvent(new MouseEvent('click', { clientX: box.left + img.clientLeft + (f.x + 4.5 * data.enlarge) * k,
              clientY: box.top + img.clientTop + (f.y + 4.5 * data.enlarge) * k, bubbles: true }));
            return img.getAttribute('src');
            """)
        XCTAssertTrue(source.hasSuffix("impulse-box-r1-cells.png"), source)
        var tip = ""
        for _ in 0..<50 {
            tip = try session.script(
                "var t = document.querySelector('.pointing-tip'); return t && !t.hidden ? t.innerText : '';")
            if tip.contains("blue: Σ") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(tip.contains("box (R=1)"), tip)
        XCTAssertTrue(tip.contains("pixel (4, 4)"), tip)
        XCTAssertTrue(tip.contains("0.1111"), tip)
        XCTAssertTrue(tip.contains("× 255"), tip)
        XCTAssertTrue(tip.contains("red: Σ = 28.33 → stored 28"), tip)
        XCTAssertEqual(try session.failedRequests(), "")
    }

    /// A 12-megapixel photograph chosen in the page's file picker: the page shows its states,
    /// baked on the server from a reduced copy, and says so, with the copy's size.
    func testALargeUploadIsBakedFromAReducedCopyAndThePageSaysSo() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/3")
        _ = try session.waitForRun()
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent(
            "class-photo-\(UUID().uuidString).png")
        try TestPNG.data(width: 4000, height: 3000, colourType: .grey) { x, y in
            [UInt8((x / 40 + y / 40) % 2 == 0 ? 40 : 210)]
        }
        .write(to: picture)
        defer { try? FileManager.default.removeItem(at: picture) }
        try session.sendFile(picture.path, to: "input[type=file][data-parameter=image]")
        var status = ""
        for _ in 0..<1200 {
            status = try session.script("return document.getElementById('live-status').textContent")
            if status.contains("baked here from") || status.contains("failed") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(status, "\(picture.lastPathComponent) baked here from a reduced copy at 572×429 of 4000×3000")
        XCTAssertTrue(try session.mainText().contains("572×429"), "the page does not show the reduced copy")
        // σ moved: the upload stays, and its σ = 5 state comes from the job too.
        try session.drag("sigma", through: ["5"])
        XCTAssertTrue(try session.waitForRun().hasPrefix(picture.lastPathComponent + " baked here"))
        XCTAssertTrue(try session.mainText().contains("radius 20 instead of 15"))
        XCTAssertEqual(try session.failedRequests(), "")
    }

    /// A drag of σ on lessons 3 and 8: every request answers, every image loads, lesson 8's glass
    /// demo keeps its backdrop, and the page ends at the value let go.
    func testDraggingSigmaLosesNothing() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        for (lesson, values) in [
            ("3", ["4", "5", "6", "5", "4", "5"]), ("8", ["10", "12", "14", "12"])
        ] {
            try session.open("lesson/" + lesson)
            _ = try session.waitForRun()
            try session.drag("sigma", through: values)
            let status = try session.waitForRun()
            XCTAssertEqual(status, Self.note, "lesson \(lesson)")
            XCTAssertEqual(
                try session.script("return document.querySelector('input[data-parameter=sigma]').value"), values.last)
            XCTAssertTrue(
                try session.script("return location.search").contains("sigma=" + values.last!), "lesson \(lesson)")
            XCTAssertEqual(try session.failedRequests(), "", "lesson \(lesson)")
            XCTAssertEqual(try session.missingBackgrounds(), "", "lesson \(lesson)")
        }
    }

    /// Back after a change shows the state before it, controls and figures together; a URL opens
    /// at its values, and reload keeps them.
    func testBackAndTheURLReproduceAState() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/3?sigma=5")
        _ = try session.waitForRun()
        XCTAssertEqual(try session.script("return document.querySelector('input[data-parameter=sigma]').value"), "5")
        XCTAssertTrue(try session.mainText().contains("radius 20 instead of 15"))
        try session.drag("sigma", through: ["4", "3"])
        _ = try session.waitForRun()
        XCTAssertTrue(try session.mainText().contains("radius 12 instead of 9"))
        XCTAssertTrue(try session.script("return location.search").contains("sigma=3") == false, "σ = 3 is the default")
        try session.script("history.back();")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try session.waitForRun()
        XCTAssertEqual(try session.script("return location.search"), "?sigma=5")
        XCTAssertEqual(try session.script("return document.querySelector('input[data-parameter=sigma]').value"), "5")
        XCTAssertTrue(
            try session.mainText().contains("radius 20 instead of 15"), "Back showed other figures than its slider")
        try session.script("location.reload();")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try session.waitForRun()
        XCTAssertEqual(try session.script("return document.querySelector('input[data-parameter=sigma]').value"), "5")
        // A value with no baked state: the control goes back to the value the page shows.
        try session.script(
            """
            var s = document.querySelector('input[data-parameter=sigma]');
            s.max = '9'; s.value = '8'; s.dispatchEvent(new Event('change'));
            """)
        let status = try session.waitForRun()
        XCTAssertEqual(status, "sigma=8 is not one of the baked states")
        XCTAssertEqual(try session.script("return document.querySelector('input[data-parameter=sigma]').value"), "5")
        XCTAssertEqual(try session.script("return location.search"), "?sigma=5")
    }

    /// On a 390-px phone nothing scrolls sideways.
    /// ▶ beside lesson 3's σ slider steps it through every baked value after the one shown, each
    /// state put in place (a `live:replaced` each), and stops at the last with the URL saying so.
    func testPlayStepsTheSliderThroughItsBakedValues() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        try session.open("lesson/3")
        _ = try session.waitForRun()
        let grid = try session.script(
            "return JSON.parse(document.getElementById('live-controls').dataset.grids).sigma.join(' ')")
        let values = grid.split(separator: " ").map(String.init)
        let shown = try session.script("return document.querySelector('input[type=range][data-parameter=sigma]').value")
        let start = try XCTUnwrap(values.firstIndex(of: shown), "σ = \(shown) is not among \(grid)")
        XCTAssertLessThan(start, values.count - 1, "the page opens at the last value: nothing to play")
        try session.script(
            """
            window.replaced = 0;
            document.addEventListener('live:replaced', function () { window.replaced += 1; });
            document.querySelector('#live-controls button.play').click();
            """)
        var label = ""
        for _ in 0..<300 {
            label = try session.script("return document.querySelector('#live-controls button.play').textContent")
            if label == "▶" { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(label, "▶", "the sweep did not end within 30 s")
        XCTAssertEqual(
            try session.script("return String(window.replaced)"), String(values.count - 1 - start),
            "one state shown per value after σ = \(shown) in \(grid)")
        XCTAssertEqual(
            try session.script("return document.querySelector('input[type=range][data-parameter=sigma]').value"),
            values.last)
        XCTAssertTrue(try session.script("return window.location.search").contains("sigma=" + values.last!))
        XCTAssertEqual(try session.script("return document.getElementById('live-status').textContent"), Self.note)
    }

    func testAPhoneScreenDoesNotScrollSideways() throws {
        let session = try BrowserSession.start(width: 390)
        defer { session.stop() }
        for path in ["lesson/3", "lesson/8", ""] {
            try session.open(path)
            if !path.isEmpty { _ = try session.waitForRun() }
            let widths = try session.script("return document.documentElement.scrollWidth + ' ' + window.innerWidth")
            let parts = widths.split(separator: " ").compactMap { Int($0) }
            XCTAssertEqual(parts.count, 2, widths)
            XCTAssertLessThanOrEqual(parts[0], parts[1], "/\(path) is \(widths) wide")
        }
    }

    /// `explorer export` of lesson 3 served by Python's static file server: the slider steps
    /// through the baked states, every request answers and every image loads.
    func testTheExportedSiteRunsFromAStaticServer() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let export = try BinaryRunner.run(["export", "--output", site.path, "--quick", "--steps", "3", "3"])
        XCTAssertEqual(export.status, 0, export.standardError)
        for file in ["index.html", "glossary.html", "assets/live.js", "lesson-03/index.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.path + "/" + file), file)
        }
        // A state's folder: its name readable, then a hash of the exact value.
        let states = try FileManager.default.contentsOfDirectory(atPath: site.path + "/lesson-03/states")
        let five = try XCTUnwrap(states.first { $0.hasPrefix("sigma-5-") }, "\(states)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.path + "/lesson-03/states/" + five + "/state.html"))
        let session = try BrowserSession.start(command: [
            "/usr/bin/python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "0",
            "-d", site.path
        ])
        defer { session.stop() }
        try session.open("lesson-03/index.html")
        XCTAssertTrue(try session.mainText().contains("radius 12 instead of 9"))
        try session.drag("sigma", through: ["5"])
        let status = try session.waitForRun()
        XCTAssertEqual(status, Self.note)
        let shown = try session.script(
            "return location.search + ' ' + document.querySelector('input[data-parameter=sigma]').value + ' ' + document.querySelector('main').innerText.slice(0, 1500)"
        )
        XCTAssertTrue(try session.mainText().contains("radius 20 instead of 15"), shown)
        XCTAssertEqual(try session.failedRequests(), "")
        // A static host takes no uploads: no file control shows, in the top bar or beside a cell.
        XCTAssertEqual(
            try session.script(
                "return String(Array.prototype.filter.call(document.querySelectorAll('input[type=file]'), function (i) { return i.getClientRects().length > 0; }).length)"
            ), "0")
        try session.open("index.html")
        XCTAssertTrue(try session.script("return document.body.innerHTML").contains("lesson-03/index.html"))
    }

    /// A red PNG chosen in the file picker: the lesson reruns on it and the strip turns red.
    ///
    /// Run in the same browser and server as the σ test, which saves starting both again.
    func uploadedPictureAppearsInTheStrip(_ session: BrowserSession) throws {
        let redBefore = try Self.redShare(session.figure())
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent(
            "serve-upload-\(UUID().uuidString).png")
        try TestPNG.data(width: 200, height: 150, colourType: .rgba) { x, y in
            (x / 20 + y / 20) % 2 == 0 ? [230, 20, 20, 255] : [250, 40, 40, 255]
        }.write(to: picture)
        defer { try? FileManager.default.removeItem(at: picture) }
        try session.sendFile(picture.path, to: "input[type=file][data-parameter=image]")
        let status = try session.waitForRun()
        XCTAssertTrue(status.hasPrefix(picture.lastPathComponent + " baked here"), status)
        let page = try session.script("return document.documentElement.outerHTML")
        XCTAssertFalse(page.contains("explorer-serve-"), "the server's folder is on the page")
        XCTAssertFalse(page.contains("/uploads/"), "the server's folder is on the page")
        XCTAssertFalse(page.contains("picture/"), "the job's folder is on the page")
        let name = picture.lastPathComponent
        XCTAssertEqual(try session.script("return document.querySelector('[data-shows=image]').textContent"), name)
        XCTAssertTrue(try session.script("return decodeURIComponent(location.search)").contains("image=upload:" + name))
        let redAfter = try Self.redShare(session.figure())
        XCTAssertGreaterThan(redAfter, 0.2, "the uploaded red picture is not in the strip")
        XCTAssertLessThan(redBefore, 0.05)
    }

    /// The share of strongly red pixels in a PNG.
    static func redShare(_ png: Data) throws -> Double {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-shot-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let image = try PNG.read(file.path)
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if p.x > 0.6 && p.y < 0.25 && p.z < 0.25 { red += 1 }
            }
        }
        return Double(red) / Double(image.width * image.height)
    }
}
