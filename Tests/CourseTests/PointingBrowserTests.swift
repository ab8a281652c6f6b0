import BlurKit
import Foundation
import TestSupport
import XCTest

/// Pointing at a blurred picture of a lesson's static page (issue 39), in headless Chromium: the
/// page written by `explorer lesson 3`, served by Python's static file server as any host would.
final class PointingBrowserTests: XCTestCase {
    /// Tapping a pixel of lesson 3's gaussian2d panel (on its close-up, then on the full panel)
    /// shows the weighted sum the page computed from the strip's own pixels; each channel's sum is
    /// the stored level within one level, and that level is the library's own gaussian2d blur of
    /// the photo at that pixel.
    func testTheSumBesideThePointerIsTheBlurredPixel() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pointing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try BinaryRunner.run(["lesson", "3", "--quick", "--output", output.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let session = try BrowserSession.start(
            command: ["/usr/bin/python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "-d", output.path],
            width: 1366)
        defer { session.stop() }
        try session.open("lesson-03/index.html")
        let photo = try PNG.read(BinaryRunner.packageRoot.appendingPathComponent("Lessons/images/photo.png").path)
        let blurred = try photo.blurred(sigma: 3, method: .gaussian2D, edges: .clamp)
        // (x, y) of the photo; on the close-up (which shows x 256…319, y 192…255 at σ = 3) and off it.
        for (x, y, closeUp) in [(280, 210, true), (100, 60, false)] {
            let tip = try point(
                session, figure: "strip-box-vs-gaussian-image.png", panel: "gaussian2d", x: x, y: y,
                closeUp: closeUp)
            XCTAssertTrue(tip.contains("gaussian2d (R=9, 19×19 taps), clamp edges"), tip)
            XCTAssertTrue(tip.contains("The central 7×7 of 19×19 weights"), tip)
            let shown = try XCTUnwrap(Self.pixel(in: tip), tip)
            // A CSS pixel of the figure (the page's lead figure is drawn smaller than the strip)
            // spans `scale` strip pixels: a tap lands within one of them on each axis.
            let scale = try Double(session.script(Self.scale)) ?? 1
            let slack = 2 * Int(scale.rounded(.up))
            XCTAssertLessThanOrEqual(abs(shown.x - x) + abs(shown.y - y), slack, "pointed at (\(x), \(y)): \(tip)")
            for (c, name) in ["red", "green", "blue"].enumerated() {
                let (sum, stored) = try XCTUnwrap(Self.sum(name, in: tip), tip)
                XCTAssertLessThanOrEqual(abs(sum - Double(stored)), 1, "\(name) at \(shown): \(tip)")
                let expected = Int((blurred[shown.x, shown.y][c] * 255).rounded())
                XCTAssertEqual(stored, expected, "\(name) at \(shown): the page read another pixel")
            }
        }
        // The pinned tooltip's → moves the pixel by one; a tap elsewhere hides the tooltip.
        let before = try XCTUnwrap(
            Self.pixel(in: try session.script("return document.querySelector('.pointing-tip').innerText;")))
        try session.script(
            "Array.prototype.find.call(document.querySelectorAll('.pointing-tip button'), function (b) { return b.textContent === '→'; }).click();"
        )
        let moved = try session.script("return document.querySelector('.pointing-tip').innerText;")
        XCTAssertEqual(Self.pixel(in: moved).map { [$0.x, $0.y] }, [before.x + 1, before.y], moved)
        XCTAssertNotNil(Self.sum("red", in: moved), moved)
        try session.script("document.querySelector('main h1').click();")
        XCTAssertEqual(
            try session.script("return document.querySelector('.pointing-tip').hidden ? 'hidden' : 'shown';"), "hidden")
        XCTAssertEqual(try session.failedRequests().split(separator: "\n").filter { !$0.hasSuffix("/favicon.ico") }, [])
    }

    /// Taps image pixel (x, y) of the panel captioned `panel` of strip `figure` (on its close-up
    /// when `closeUp`), and returns the tooltip's text once it shows a sum.
    func point(_ session: BrowserSession, figure: String, panel: String, x: Int, y: Int, closeUp: Bool) throws -> String
    {
        let answer = try session.script(
            """
            var img = Array.prototype.find.call(document.querySelectorAll('main img'), function (i) { return i.src.endsWith('/\(figure)'); });
            var marker = document.querySelector('.figure-pointing[data-figure="\(figure)"]');
            if (!img || !marker || !img.classList.contains('pointable')) { return 'not pointable'; }
            var request = new XMLHttpRequest(); request.open('GET', new URL(marker.dataset.pointing, img.src), false); request.send();
            var data = JSON.parse(request.responseText);
            var p = data.panels.find(function (p) { return p.caption === '\(panel)'; });
            img.scrollIntoView({ block: 'center' });
            var box = img.getBoundingClientRect(), k = img.clientWidth / data.width;
            var sx = \(closeUp) ? p.closeUp.x + (\(x) - data.closeUpRegion.x + 0.5) * data.closeUpZoom : p.frame.x + (\(x) + 0.5) * data.enlarge;
            var sy = \(closeUp) ? p.closeUp.y + (\(y) - data.closeUpRegion.y + 0.5) * data.closeUpZoom : p.frame.y + (\(y) + 0.5) * data.enlarge;
            img.dispatchEvent(new MouseEvent('click', { clientX: box.left + img.clientLeft + sx * k,
              clientY: box.top + img.clientTop + sy * k, bubbles: true }));
            return 'clicked';
            """)
        XCTAssertEqual(answer, "clicked")
        var tip = ""
        for _ in 0..<100 {
            tip = try session.script(
                "var t = document.querySelector('.pointing-tip'); return t && !t.hidden ? t.innerText : '';")
            if tip.contains("blue: Σ") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return tip
    }

    /// Strip pixels a CSS pixel of lesson 3's strip spans, as drawn.
    static let scale = """
        var img = Array.prototype.find.call(document.querySelectorAll('main img'), function (i) {
          return i.src.endsWith('/strip-box-vs-gaussian-image.png'); });
        return String(img.naturalWidth / img.clientWidth);
        """

    /// The pixel a tooltip names: `pixel (280, 210)`.
    static func pixel(in tip: String) -> (x: Int, y: Int)? {
        guard let range = tip.range(of: #"pixel \((\d+), (\d+)\)"#, options: .regularExpression) else { return nil }
        let numbers = tip[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// A channel's line: `red: Σ = 148.41 → stored 148 (off by 0.41)`.
    static func sum(_ channel: String, in tip: String) -> (Double, Int)? {
        guard let range = tip.range(of: channel + #": Σ = [0-9.]+ → stored \d+"#, options: .regularExpression) else {
            return nil
        }
        let parts = tip[range].split(separator: " ")
        guard let sum = Double(parts[3]), let stored = Int(parts[6]) else { return nil }
        return (sum, stored)
    }
}
