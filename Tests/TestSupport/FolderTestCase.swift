import Foundation
import XCTest

/// A test case that runs the built `explorer` in a fresh temporary folder of its own, removed
/// afterwards, with quick timing (`EXPLORER_QUICK=1`).
open class FolderTestCase: XCTestCase {
    public var folder: URL!

    override open func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.self)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override open func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the built `explorer` in the test's folder, in quick mode, with `environment` added.
    open func explorer(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder, environment: environment.merging(["EXPLORER_QUICK": "1"]) { $1 })
    }

    /// The Markdown page of `lesson` run with `settings` (`name=value`, each a `--set`) from the
    /// package root, in quick mode, into the test's folder; the run must succeed.
    open func lessonPage(_ lesson: String, _ settings: [String]) throws -> String {
        try lessonPages([(lesson, settings)])[0]
    }

    /// `lessonPage` for each of `runs`, one per core at once (`BinaryRunner.lessonPages`), each into a
    /// folder of its own; the pages in the order asked, every run must succeed.
    open func lessonPages(_ runs: [(lesson: String, settings: [String])]) throws -> [String] {
        try BinaryRunner.lessonPages(runs, under: folder)
    }
}

extension XCTestCase {
    /// A new empty folder under the system's temporary folder, removed when the test ends.
    ///
    /// - Parameter prefix: the start of the folder's name, to tell the tests' folders apart.
    public func temporaryFolder(_ prefix: String = "blurkit") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
