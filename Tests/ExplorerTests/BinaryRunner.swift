import Foundation
import XCTest

/// Runs the built `explorer` binary, as swift-argument-parser's end-to-end tests do.
enum BinaryRunner {
    /// The folder holding the built products (`.build/debug`), found from the test bundle.
    static var productsFolder: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    static var executable: URL { productsFolder.appendingPathComponent("explorer") }

    /// The package's root folder (where Package.swift is).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `explorer` with `arguments` in `folder` (the package root by default).
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }
}
