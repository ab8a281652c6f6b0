import XCTest
@testable import explorer

final class SourceCommandTests: XCTestCase {
    func testRegionsAreReadFromMarkedSourceFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        func f() {
            // lesson-code: demo
            for i in 0..<3 {
                print(i)
            }
            // end lesson-code
        }
        """.write(to: folder.appendingPathComponent("Demo.swift"), atomically: true, encoding: .utf8)
        let regions = try SourceCommand.regions(in: folder.path)
        XCTAssertEqual(regions, [SourceCommand.Region(name: "demo", file: "Sources/BlurKit/Demo.swift", firstLine: 3,
                                                      lines: ["    for i in 0..<3 {", "        print(i)", "    }"])])
    }
}
