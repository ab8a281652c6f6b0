// swift-tools-version:6.2
import Foundation
import PackageDescription

// The live server's HTTP front, a package of its own so that the explorer's package names no
// SwiftNIO (docs/live-in-class.md): `explorer-serve`, which `explorer serve` runs, and
// `explorer-lab`, the explorer with the front built in (docs/lab.md). SwiftPM names a package
// reached by path after its folder: the explorer's package is this folder's parent.
let explorerPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "BlurExplorerServer",
    products: [
        .executable(name: "explorer-serve", targets: ["explorer-serve"]),
        .executable(name: "explorer-lab", targets: ["explorer-lab"])
    ],
    // Each lower bound is the version built and tested with (docs/development.md: no Package.resolved).
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
