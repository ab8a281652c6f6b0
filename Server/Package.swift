// swift-tools-version:6.2
import Foundation
import PackageDescription

// The live server's HTTP front, a package of its own so that the explorer's package names no
// SwiftNIO: a newcomer's `swift run explorer lesson 1` resolves and builds none of it (docs/live-in-class.md). Built once with `swift build --package-path Server`; `explorer serve` finds
// `Server/.build/debug/explorer-serve` (or release) and runs it.
//
// - `explorer-serve`: HTTP on Hummingbird 2 (SwiftNIO's HTTP/1 parser) with limits on the head,
//   URL and body, timeouts and a Host check; it serves the baked site's files and runs students'
//   uploads as jobs (`explorer serve-job`, a child process each).
// - `explorer-lab`: the explorer with the front built in, one file for a lab (docs/lab.md): the explorer's package's `ExplorerCLI` library with `ServeFront`.

// The explorer's package is this folder's parent; SwiftPM names a package reached by path after
// its folder, whatever a clone of it is called.
let explorerPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "BlurExplorerServer",
    products: [
        .executable(name: "explorer-serve", targets: ["explorer-serve"]),
        .executable(name: "explorer-lab", targets: ["explorer-lab"])
    ],
    // Each lower bound is the version this package is built and tested with (no Package.resolved
    // is committed: docs/development.md, "Why there is no Package.resolved").
    dependencies: [
        .package(path: explorerPackage.path),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0")
    ],
    targets: [
        .target(
            name: "ServeFront",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        .executableTarget(name: "explorer-serve", dependencies: ["ServeFront"]),
        .executableTarget(
            name: "explorer-lab",
            dependencies: [
                "ServeFront",
                .product(name: "ExplorerCLI", package: explorerPackage.lastPathComponent)
            ]
        )
    ]
)
