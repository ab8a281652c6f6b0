import Foundation
import TestSupport
import XCTest

@testable import ExplorerCLI

/// The live server's HTTP stack is a package of its own (`Server/`), so that a newcomer's first
/// `swift run explorer lesson 1` resolves and builds none of it (docs/live-in-class.md).
final class ServerPackageTests: FolderTestCase {
    /// The packages a manifest names (`.package(url: "…")`), by their last path component.
    static func dependencies(of manifest: String) throws -> [String] {
        let text = try String(
            contentsOfFile: BinaryRunner.packageRoot.appendingPathComponent(manifest).path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: ".package(url: \"") else { return nil }
            return line[start.upperBound...].prefix { $0 != "\"" }.split(separator: "/").last.map(String.init)
        }
    }

    /// SwiftPM resolves every package a manifest names, built or not: the explorer's manifest names
    /// none of the server's (Hummingbird's graph is 28 packages), and the server's names them.
    func testTheExplorersManifestNamesNoServerPackage() throws {
        let explorer = try Self.dependencies(of: "Package.swift")
        XCTAssertTrue(explorer.contains("swift-argument-parser"), "\(explorer)")
        for server in ["hummingbird", "swift-nio", "swift-nio-extras", "swift-log", "swift-http-types"] {
            XCTAssertFalse(explorer.contains(server), "Package.swift names \(server): \(explorer)")
        }
        XCTAssertLessThanOrEqual(explorer.count, 4, "\(explorer)")
        let server = try Self.dependencies(of: "Server/Package.swift")
        XCTAssertTrue(server.contains("hummingbird") && server.contains("swift-nio"), "\(server)")
    }

    /// An explorer with no `explorer-serve` beside it and no package around it says in one line
    /// how to build the front, and exits 1.
    func testServeWithoutTheFrontSaysHowToBuildIt() throws {
        let alone = folder.appendingPathComponent("explorer")
        try FileManager.default.copyItem(at: BinaryRunner.executable, to: alone)
        let process = Process()
        process.executableURL = alone
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, message)
        XCTAssertTrue(message.contains("swift build --package-path Server"), message)
    }

    /// In the package, the front is found where `swift build --package-path Server` puts it:
    /// the explorer's own configuration first.
    func testTheFrontIsFoundInTheServersBuildFolder() throws {
        let package = folder.appendingPathComponent("BlurExplorer").path
        let files = FileManager.default
        for configuration in ["debug", "release"] {
            try files.createDirectory(
                atPath: "\(package)/Server/.build/\(configuration)", withIntermediateDirectories: true)
            XCTAssertTrue(
                files.createFile(
                    atPath: "\(package)/Server/.build/\(configuration)/explorer-serve", contents: Data(),
                    attributes: [.posixPermissions: 0o755]))
        }
        XCTAssertTrue(files.createFile(atPath: "\(package)/Server/Package.swift", contents: Data()))
        try files.createDirectory(
            atPath: "\(package)/.build/x86_64-unknown-linux-gnu/release", withIntermediateDirectories: true)
        XCTAssertEqual(
            ServeCommand.frontProgram(beside: "\(package)/.build/x86_64-unknown-linux-gnu/release/explorer"),
            "\(package)/Server/.build/release/explorer-serve")
        XCTAssertEqual(
            ServeCommand.frontProgram(beside: "\(package)/.build/debug/explorer"),
            "\(package)/Server/.build/debug/explorer-serve")
        try files.removeItem(atPath: "\(package)/Server/.build/debug/explorer-serve")
        XCTAssertEqual(
            ServeCommand.frontProgram(beside: "\(package)/.build/debug/explorer"),
            "\(package)/Server/.build/release/explorer-serve")
        XCTAssertNil(ServeCommand.frontProgram(beside: folder.path + "/explorer"))
    }
}
