import Foundation
import Synchronization
import XCTest
@testable import ExplorerCLI

/// The strips a timing lane leaves are drawn by the other lane, in order, after its own cells,
/// and the first failure is reported by its cell's line.
final class DeferredFiguresTests: XCTestCase {
    struct Broken: Error {}

    func testJobsRunOnTheDrainingThreadAndFailuresKeepTheirLine() {
        let deferred = DeferredFigures()
        let log = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                defer { deferred.finish() }
                deferred.add(line: 30) { log.withLock { $0.append("strip 30") } }
                deferred.add(line: 12) { throw Broken() }
                deferred.add(line: 40) { throw Broken() }
                deferred.add(line: 50) { log.withLock { $0.append("strip 50") } }
            } else {
                log.withLock { $0.append("own cells") }
                deferred.drain()
            }
        }
        XCTAssertEqual(log.withLock { $0 }.filter { $0.hasPrefix("strip") }, ["strip 30", "strip 50"])
        XCTAssertEqual(deferred.firstFailure?.line, 12)
    }
}
