// swift-tools-version:6.2
import PackageDescription

// BlurKit holds every hot loop. It is compiled with optimisation even in the default debug
// configuration, so the timings a lesson prints after `swift run` are not those of an
// unoptimised build (see README, "Timings").
//
// `unsafeFlags` used to bar a package from being depended on by version. SwiftPM 6.2 dropped that
// check for manifests of tools version 6.2 or later (swift-package-manager #8896, #8951), so
// another package can depend on the BlurKit product by version with a Swift 6.2+ toolchain;
// README, "Using BlurKit from another package".
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"])]

let package = Package(
    name: "BlurExplorer",
    products: [
        .executable(name: "explorer", targets: ["explorer"]),
        .library(name: "BlurKit", targets: ["BlurKit"]),
    ],
    // Each lower bound is the version this package is built and tested with (there is no
    // Package.resolved: README, "Why there is no Package.resolved"). Packages still at 0.x may
    // break in a minor release, so they are held to it.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/JohnSundell/Ink", .upToNextMinor(from: "0.6.0")),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", .upToNextMinor(from: "0.27.1")),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(
            name: "BlurKit",
            dependencies: ["CPNG"],
            exclude: ["Figure/make_figure_data.py"],
            swiftSettings: optimisedEvenInDebug
        ),
        .executableTarget(
            name: "explorer",
            dependencies: [
                "BlurKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Ink", package: "Ink"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                "ShippedFiles",
            ],
            path: "Sources/Explorer"
        ),
        // MARK: Files built into the binary (issue 29)
        // The lessons, their pictures and the marked source regions, compiled into `explorer` so
        // that the binary copied alone runs every lesson (README, "One binary for a lab").
        .target(name: "ShippedFiles", plugins: ["EmbedFilesPlugin"]),
        .plugin(name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles"),
        // MARK: end of files built into the binary
        .testTarget(name: "BlurKitTests", dependencies: [
            "BlurKit", .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "ExplorerTests", dependencies: [
            "explorer", "BlurKit", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
    ]
)
