import Foundation
import TestSupport
import XCTest

/// Issue 39: a lesson's first figure and its control are on the first screen, for a teacher
/// (1366×900) and a student's phone (390×844): every lesson's static page (`explorer all`, the
/// run `EndToEndTests` checks, served by a static file server) shows the top of its first
/// figure's picture and all of it (the page lifts it under the title); the live page of `explorer serve` (lessons 1, 3 and 8)
/// shows it with the bar's first slider or menu.
final class FirstScreenBrowserTests: XCTestCase {
    static let sizes = [(1366, 900), (390, 844)]

    /// Where the first figure and the first control are drawn, once the images have loaded:
    /// `top bottom height` of each (the control's `-` when there is none), and the viewport's height.
    static let probe = """
        var wait = Date.now() + 10000;
        while (Date.now() < wait && Array.prototype.some.call(document.images, function (i) { return !i.complete; })) {}
        function box(e) { if (!e) { return '- - -'; } var r = e.getBoundingClientRect(); return [r.top, r.bottom, r.height].join(' '); }
        var img = document.querySelector('main img');
        var control = document.querySelector('#live-controls input[type=range], #live-controls select');
        return [box(img), box(control), window.innerHeight, img ? img.getAttribute('src') : ''].join(' ');
        """

    /// `(figure top, bottom, height, control top, bottom, viewport height, figure)` of the page open.
    func measure(_ session: BrowserSession, _ page: String) throws -> (
        Double, Double, Double, Double?, Double?, Double, String
    ) {
        let words = try session.script(Self.probe).split(separator: " ").map(String.init)
        guard words.count >= 7, let top = Double(words[0]), let bottom = Double(words[1]),
            let height = Double(words[2]),
            let viewport = Double(words[6])
        else {
            throw XCTSkip("\(page): cannot measure: \(words)")
        }
        return (top, bottom, height, Double(words[3]), Double(words[4]), viewport, words[7...].joined(separator: " "))
    }

    func testEveryLessonsFirstFigureIsOnTheFirstScreenOfTheStaticPage() throws {
        let (run, output) = try EndToEndTests.course()
        XCTAssertEqual(run.status, 0, run.standardError)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("lesson-") }
            .sorted()
        XCTAssertGreaterThanOrEqual(pages.count, 14, "\(pages)")
        let session = try BrowserSession.start(
            command: ["/usr/bin/python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "-d", output.path])
        defer { session.stop() }
        for (width, height) in Self.sizes {
            try session.viewport(width: width, height: height)
            for page in pages {
                try session.open(page + "/index.html")
                let m = try measure(session, page)
                XCTAssertGreaterThan(m.2, 40, "\(page) at \(width)×\(height): \(m.6) drawn \(m.2) px tall")
                XCTAssertGreaterThanOrEqual(m.0, 0, "\(page) at \(width)×\(height): \(m.6) at \(m.0)")
                XCTAssertLessThanOrEqual(m.1, m.5, "\(page) at \(width)×\(height): \(m.6) ends at \(m.1) of \(m.5)")
            }
        }
    }

    func testTheLivePagesFirstFigureAndSliderAreOnTheFirstScreen() throws {
        let session = try BrowserSession.start()
        defer { session.stop() }
        for (width, height) in Self.sizes {
            try session.viewport(width: width, height: height)
            for page in ["lesson-01/", "lesson-03/", "lesson-08/"] {
                try session.open(page)
                let m = try measure(session, page)
                XCTAssertGreaterThan(m.2, 40, "\(page) at \(width)×\(height): \(m.6) drawn \(m.2) px tall")
                XCTAssertGreaterThanOrEqual(m.0, 0, "\(page) at \(width)×\(height): \(m.6) at \(m.0)")
                XCTAssertLessThanOrEqual(m.1, m.5, "\(page) at \(width)×\(height): \(m.6) ends at \(m.1) of \(m.5)")
                let control = try XCTUnwrap(m.3, "\(page): no slider or menu")
                XCTAssertGreaterThanOrEqual(control, 0, "\(page) at \(width)×\(height): the control at \(control)")
                XCTAssertLessThanOrEqual(
                    m.4 ?? .infinity, m.5, "\(page) at \(width)×\(height): the control ends at \(m.4 ?? 0)")
            }
        }
    }
}
