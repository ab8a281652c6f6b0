import Foundation
import XCTest
@testable import ExplorerCLI
import TestSupport

/// A page is replaced in one step: a reader looking at `Output/lesson-07/` while runs write it,
/// and SIGKILL some of them at any moment, always finds a whole page, old or new.
final class PageSwapTests: FolderTestCase {
    func testTheExchangeTradesTwoFoldersAtOnce() throws {
        let a = folder.path + "/a", b = folder.path + "/b"
        try FileManager.default.createDirectory(atPath: a + "/one", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: b + "/two", withIntermediateDirectories: true)
        XCTAssertTrue(PageFolder.exchange(a, b), "renameat2(RENAME_EXCHANGE) on this Linux file system")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a), ["two"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: b), ["one"])
        XCTAssertFalse(PageFolder.exchange(a, folder.path + "/missing"), "nothing to exchange with")
    }

    func testAReaderAlwaysFindsAPageWhileRunsAreKilled() throws {
        let lesson = folder.path + "/07-swap.md"
        try "---\ntitle: Swap\nsummary: S\n---\nA page.\n\n```explorer\nedges\n```\n".write(toFile: lesson, atomically: true, encoding: .utf8)
        let page = folder.path + "/Out/lesson-07/index.html"
        func start() throws -> Process {
            let process = Process()
            process.executableURL = BinaryRunner.executable
            process.arguments = ["lesson", lesson, "--output", folder.path + "/Out"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let first = try start()
        let begun = Date()
        first.waitUntilExit()
        let duration = Date().timeIntervalSince(begun)
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: page))

        let misses = Counter(), looks = Counter()
        let stop = Counter()
        let reader = Thread {
            while stop.value == 0 {
                looks.add()
                if !FileManager.default.fileExists(atPath: page) { misses.add() }
            }
        }
        reader.start()
        var killed = 0
        for run in 0..<24 {
            let process = try start()
            if run % 2 == 1 {
                // Late in the run, where the page is swapped.
                usleep(UInt32(duration * Double.random(in: 0.6...1.1) * 1_000_000))
                if process.isRunning { kill(process.processIdentifier, SIGKILL); killed += 1 }
            }
            process.waitUntilExit()
        }
        stop.add()
        while !reader.isFinished { usleep(1000) }
        XCTAssertGreaterThan(looks.value, 1000)
        XCTAssertEqual(misses.value, 0, "a reader found no page \(misses.value) times in \(looks.value) looks (\(killed) runs killed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: page))
    }
}

/// A counter shared with the reader thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
