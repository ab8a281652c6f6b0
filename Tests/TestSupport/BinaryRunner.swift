import Foundation
import XCTest

/// Runs the built `explorer` binary, as swift-argument-parser's end-to-end tests do.
public enum BinaryRunner {
    /// The package's root folder (where Package.swift is), from this file's place in `Tests/TestSupport/`.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the built products; `swift test` builds `explorer` there too.
    ///
    /// As in swift-argument-parser's tests: on Linux the test runner is itself in that folder.
    public static var productsFolder: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return packageRoot.appendingPathComponent(".build/debug")
        #else
            return Bundle.main.bundleURL
        #endif
    }

    public static var executable: URL { productsFolder.appendingPathComponent("explorer") }

    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `explorer` with `arguments` in `folder` (the package root by default), without colour
    /// (`NO_COLOR=1`) and with `environment` added.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty command cannot fill a pipe
    /// and block while the other one is read.
    public static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: executable.path])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let id = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-out-\(id)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-err-\(id)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outURL, encoding: .utf8),
            standardError: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// `run` for each of `argumentLists`, one per core at once (`concurrentPerform`; the machines
    /// running the suite have two, and a test waiting for one explorer leaves the other idle); the
    /// results in the order asked.
    ///
    /// - Throws: the first error `run` threw, once every run has ended.
    public static func runAll(_ argumentLists: [[String]], in folder: URL? = nil, environment: [String: String] = [:])
        throws -> [Result]
    {
        let lock = NSLock()
        nonisolated(unsafe) var results = [Swift.Result<Result, any Error>?](repeating: nil, count: argumentLists.count)
        DispatchQueue.concurrentPerform(iterations: argumentLists.count) { index in
            let result = Swift.Result { try run(argumentLists[index], in: folder, environment: environment) }
            lock.withLock { results[index] = result }
        }
        return try results.map { try $0!.get() }
    }

    /// The Markdown page of each of `runs` (`explorer lesson N --format markdown`, each setting a
    /// `--set`), run from the package root in quick mode, one per core at once (`runAll`), each into a
    /// folder of its own under `folder`; the pages in the order asked, every run must succeed.
    public static func lessonPages(_ runs: [(lesson: String, settings: [String])], under folder: URL) throws
        -> [String]
    {
        let arguments = runs.map { run in
            [
                "lesson", run.lesson, "--format", "markdown", "--output",
                folder.appendingPathComponent("pages-\(UUID())").path
            ]
                + run.settings.flatMap { ["--set", $0] }
        }
        let results = try runAll(arguments, in: packageRoot, environment: ["EXPLORER_QUICK": "1"])
        for (run, result) in zip(runs, results) {
            XCTAssertEqual(result.status, 0, "lesson \(run.lesson) \(run.settings): \(result.standardError)")
        }
        return results.map(\.standardOutput)
    }
}
