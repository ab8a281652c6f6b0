import Foundation
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Transactions belong to the thread that opened them: two lesson cells (or two live-page runs)
/// on two threads each keep or undo only their own writes.
final class AtomicFileTransactionTests: XCTestCase {
    struct Stop: Error {}

    func testTransactionsOnTwoThreadsAreSeparate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transactions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kept = folder + "/kept.txt", undone = folder + "/undone.txt"
        // Both threads write inside their transaction before either ends it.
        let bothWrote = DispatchGroup()
        bothWrote.enter()
        bothWrote.enter()
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            _ = try? AtomicFile.transaction {
                try AtomicFile.write(text: "lane \(lane)", to: lane == 0 ? kept : undone)
                bothWrote.leave()
                bothWrote.wait()
                if lane == 1 { throw Stop() }
            }
        }
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "lane 0")
        XCTAssertFalse(FileManager.default.fileExists(atPath: undone), "the failed transaction removed its own file only")
    }

    func testOneThreadStillRefusesAPathNamedTwice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transactions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertThrowsError(try AtomicFile.transaction {
            try AtomicFile.write(text: "a", to: folder + "/same.txt")
            try AtomicFile.write(text: "b", to: folder + "/./same.txt")
        })
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/same.txt"))
    }
}
