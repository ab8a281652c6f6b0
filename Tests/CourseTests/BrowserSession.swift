import BlurKit
import Foundation
import TestSupport
import XCTest

/// The server, chromedriver and one WebDriver session (W3C WebDriver, https://www.w3.org/TR/webdriver2/).
struct BrowserSession {
    var server: Process
    var driver: Process
    var driverURL: String
    var session: String
    var site: String

    /// The explorer's server (or `command`, a static file server) and a browser window `width` ×
    /// `height` pixels.
    static func start(command: [String]? = nil, width: Int = 1200, height: Int = 1600) throws -> BrowserSession {
        let browser = "/usr/bin/chromium", driverPath = "/usr/bin/chromedriver"
        for path in [browser, driverPath, "/usr/bin/curl"] where !FileManager.default.isExecutableFile(atPath: path) {
            let reason = "\(path) is missing (apt-get install chromium chromium-driver curl)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        if command == nil { try requireFront() }
        let command = try command ?? [BinaryRunner.executable.path, "serve", "--port", "0"] + liveSite()
        let server = try launch(command[0], Array(command.dropFirst()), folder: BinaryRunner.packageRoot)
        var driver: Process?
        do {
            let line = try waitForLine(server, containing: "Serving")
            guard let start = line.range(of: "http://"),
                let end = line[start.lowerBound...].firstIndex(where: { $0 == " " || $0 == ")" })
            else {
                throw BrowserError("no URL in '\(line)'")
            }
            let port = try freePort()
            driver = try launch(driverPath, ["--port=\(port)"], folder: BinaryRunner.packageRoot)
            return try session(
                server: server, driver: driver!, driverURL: "http://127.0.0.1:\(port)",
                site: String(line[start.lowerBound..<end]), browser: browser, width: width, height: height)
        } catch {
            driver?.terminate()
            server.interrupt()
            driver?.waitUntilExit()
            server.waitUntilExit()
            throw error
        }
    }

    /// `--site` and `--lessons` for `explorer serve` in the tests: lessons 1, 3 and 8 baked once
    /// per test run (quick timing, about 6 steps a slider), with a lessons folder holding only
    /// them, so the server bakes nothing more and starts at once.
    static func liveSite() throws -> [String] {
        try baked.get()
    }

    private static let baked: Result<[String], any Error> = Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(getpid())").path
        let lessons = root + "/L", site = root + "/site", files = FileManager.default
        try? files.removeItem(atPath: root)
        // Removed when the tests end, whatever happens in them.
        atexit {
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(getpid())"))
        }
        try files.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        let shipped = BinaryRunner.packageRoot.appendingPathComponent("Lessons").path
        for name in try files.contentsOfDirectory(atPath: shipped)
        where name == "images" || ["01-", "03-", "08-"].contains(where: name.hasPrefix) {
            try files.copyItem(atPath: shipped + "/" + name, toPath: lessons + "/" + name)
        }
        let export = try BinaryRunner.run(["export", "--output", site, "--lessons", lessons, "--quick"])
        guard export.status == 0 else { throw BrowserError("the test site did not bake: \(export.standardError)") }
        return ["--site", site, "--lessons", lessons]
    }

    /// Skips (fails with `CI=true`) unless the live server's HTTP front is built: `explorer serve`
    /// runs `Server/.build/debug/explorer-serve`, which `swift test` does not build (it is the
    /// package in Server/, so that the explorer's package names no SwiftNIO).
    static func requireFront() throws {
        let front = BinaryRunner.packageRoot.appendingPathComponent("Server/.build/debug/explorer-serve").path
        guard !FileManager.default.isExecutableFile(atPath: front) else { return }
        let reason = "\(front) is missing (build it once: swift build --package-path Server)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(reason) }
        throw XCTSkip(reason)
    }

    static func session(
        server: Process, driver: Process, driverURL: String, site: String, browser: String, width: Int, height: Int
    )
        throws -> BrowserSession
    {
        for _ in 0..<100 {
            if let status = try? request("GET", driverURL + "/status"),
                (status["value"] as? [String: Any])?["ready"] as? Bool == true
            {
                break
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let answer = try request(
            "POST", driverURL + "/session",
            [
                "capabilities": [
                    "alwaysMatch": [
                        "browserName": "chrome",
                        "goog:chromeOptions": [
                            "binary": browser,
                            "args": [
                                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                "--window-size=\(width),\(height)"
                            ]
                        ]
                    ]
                ]
            ])
        guard let value = answer["value"] as? [String: Any], let session = value["sessionId"] as? String else {
            throw BrowserError("chromedriver did not start a session: \(answer)")
        }
        return BrowserSession(
            server: server, driver: driver, driverURL: driverURL + "/session/" + session, session: session, site: site)
    }

    func stop() {
        _ = try? Self.request("DELETE", driverURL)
        driver.terminate()
        server.interrupt()
        driver.waitUntilExit()
        server.waitUntilExit()
        for process in [driver, server] {
            if let log = process.environment?["SERVE_TEST_LOG"] { try? FileManager.default.removeItem(atPath: log) }
        }
    }

    func open(_ path: String) throws {
        _ = try Self.request("POST", driverURL + "/url", ["url": site + path])
    }

    @discardableResult
    func script(_ body: String) throws -> String {
        let answer = try Self.request("POST", driverURL + "/execute/sync", ["script": body, "args": []])
        return answer["value"].map { "\($0)" } ?? ""
    }

    /// Makes the page's viewport exactly `width`×`height` CSS pixels, as a device of that size
    /// shows it (a window cannot be narrower than about 500 px in headless Chromium); a phone's
    /// (narrower than 600) as a mobile device.
    func viewport(width: Int, height: Int) throws {
        _ = try Self.request(
            "POST", driverURL + "/goog/cdp/execute",
            [
                "cmd": "Emulation.setDeviceMetricsOverride",
                "params": ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600]
            ])
    }

    /// Marks the window, so a test can tell an update in place from a reload.
    func markPage() throws -> String {
        try script("window.explorerMark = 'kept'; return window.explorerMark;")
    }

    func mainText() throws -> String {
        try script("return document.querySelector('main').innerText;")
    }

    /// Moves slider `name` through `values` as a drag does (an input event every 40 ms), lets go
    /// (a change event) and waits until it has.
    func drag(_ name: String, through values: [String]) throws {
        let list = values.map { "'\($0)'" }.joined(separator: ",")
        try script(
            """
            var s = document.querySelector('input[type=range][data-parameter=\(name)]'), values = [\(list)], i = 0;
            window.explorerDragged = false;
            (function step() {
              if (i < values.length) { s.value = values[i++]; s.dispatchEvent(new Event('input')); setTimeout(step, 40); }
              else { s.dispatchEvent(new Event('change')); window.explorerDragged = true; }
            })();
            """)
        for _ in 0..<200 {
            if try script("return window.explorerDragged === true ? 'yes' : 'no'") == "yes" { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BrowserError("the drag through \(values) did not end in 10 s")
    }

    /// The requests of the page that failed (HTTP 400 or more), one per line; empty when none did.
    func failedRequests() throws -> String {
        try script(
            """
            return performance.getEntriesByType('resource').filter(function (e) { return e.responseStatus >= 400; })
              .map(function (e) { return e.responseStatus + ' ' + e.name; }).join('\\n');
            """)
    }

    /// The `url(…)` backgrounds of the page's style that do not load, one per line.
    func missingBackgrounds() throws -> String {
        try script(
            """
            var missing = [], text = Array.prototype.map.call(document.querySelectorAll('style'), function (s) { return s.textContent; }).join('');
            (text.match(/url\\("[^"]+"\\)/g) || []).forEach(function (u) {
              var request = new XMLHttpRequest(); request.open('HEAD', u.slice(5, -2), false); request.send();
              if (request.status !== 200) { missing.push(request.status + ' ' + u); }
            });
            return missing.join('\\n');
            """)
    }

    /// Waits until no run is under way (nor the full timing a let-go's preview announced), the last
    /// answer applied and every image loaded; returns the status line.
    func waitForRun() throws -> String {
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<1200 {
            let state = try script(
                """
                var f = document.getElementById('live-controls'), s = document.getElementById('live-status');
                var loaded = Array.prototype.every.call(document.images, function (i) { return i.complete && i.naturalWidth > 0; });
                return (f.classList.contains('busy') || f.classList.contains('timing') || !loaded || s.textContent === '' || s.textContent.indexOf('uploading') === 0 ? 'wait|' : 'done|') + s.textContent;
                """)
            if state.hasPrefix("done|") { return String(state.dropFirst(5)) }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw BrowserError("the page did not finish a run in 300 s")
    }

    /// The first figure of the page, as the browser draws it (a PNG screenshot of the element).
    func figure() throws -> Data {
        let found = try Self.request("POST", driverURL + "/element", ["using": "css selector", "value": "main img"])
        guard let element = (found["value"] as? [String: Any])?.values.first as? String else {
            throw BrowserError("no figure: \(found)")
        }
        let shot = try Self.request("GET", driverURL + "/element/\(element)/screenshot")
        guard let text = shot["value"] as? String, let data = Data(base64Encoded: text) else {
            throw BrowserError("no screenshot")
        }
        return data
    }

    func sendFile(_ path: String, to selector: String) throws {
        let found = try Self.request("POST", driverURL + "/element", ["using": "css selector", "value": selector])
        guard let element = (found["value"] as? [String: Any])?.values.first as? String else {
            throw BrowserError("no \(selector)")
        }
        _ = try Self.request("POST", driverURL + "/element/\(element)/value", ["text": path])
    }

    // MARK: - Plumbing

    struct BrowserError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Starts `path` with `arguments` in `folder`, its output into a log of its own and
    /// `environment` added to this process's.
    static func launch(_ path: String, _ arguments: [String], folder: URL, environment: [String: String] = [:]) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("serve-test-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["SERVE_TEST_LOG": log.path]) { $1 }
        try process.run()
        return process
    }

    static func waitForLine(_ process: Process, containing text: String) throws -> String {
        guard let log = process.environment?["SERVE_TEST_LOG"] else { throw BrowserError("no log") }
        defer { try? FileManager.default.removeItem(atPath: log) }
        for _ in 0..<600 {
            let content = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = content.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            guard process.isRunning else { throw BrowserError("the server stopped: \(content)") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw BrowserError("the server did not start in 60 s")
    }

    /// A port nothing listens on now: bind port 0 and read what the system chose.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BrowserError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One WebDriver request through curl (Foundation's URLSession on Linux stumbles over
    /// chromedriver's answers); the answer's JSON object.
    static func request(_ method: String, _ url: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "--max-time", "300", "-X", method, url]
        if body != nil { arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"] }
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        if let body { input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: body)) }
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BrowserError("curl \(method) \(url) failed with status \(process.terminationStatus)")
        }
        return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}
