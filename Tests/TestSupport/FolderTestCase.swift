import Foundation
import XCTest

/// A test case that runs the built `explorer` in a fresh temporary folder of its own, removed
/// afterwards, with quick timing (`EXPLORER_QUICK=1`).
class FolderTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.self)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the built `explorer` in the test's folder, in quick mode, with `environment` added.
    func explorer(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder, environment: environment.merging(["EXPLORER_QUICK": "1"]) { $1 })
    }
}
