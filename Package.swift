// swift-tools-version:6.2
import PackageDescription

// The library is four modules by concern under one umbrella, as swift-collections' `Collections`:
// BlurCore (images, kernels, blur methods, measurement; its one C dependency is FFTW, for the
// fft method), BlurPNG (the only module that needs libpng), BlurFigures (strips, plots,
// canvases, bitmap font, colour maps) and BlurEffects (glass, tint, vibrancy). BlurKit re-exports all four, so `import BlurKit` is all a
// user needs.
//
// Every library module is compiled with optimisation even in the default debug configuration,
// so the timings a lesson prints after `swift run` are not those of an unoptimised build (see
// README, "Timings").
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
        .executable(name: "explorer-serve", targets: ["explorer-serve"]),
        .library(name: "BlurKit", targets: ["BlurKit"]),
        .library(name: "BlurCore", targets: ["BlurCore"]),
    ],
    // Off by default, so `swift run explorer lesson 1` never builds SwiftNIO. On
    // (`swift build -c release --traits LiveServer`), explorer carries the live server's HTTP front
    // itself and `explorer serve` needs no second program: one file for a lab (README, "One
    // binary for a lab").
    traits: [
        .trait(name: "LiveServer", description: "Links explorer-serve's HTTP front into explorer, so one file serves the lessons live."),
    ],
    // Each lower bound is the version this package is built and tested with (there is no
    // Package.resolved: README, "Why there is no Package.resolved").
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The live server's HTTP stack, used only by `explorer-serve`: building it (SwiftNIO) takes
        // minutes, so `swift run explorer lesson 1` does not (README, "Live in class").
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation` (README, "Documentation"); a command plugin is
        // built only when it is run, so it costs a plain `swift build` nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3f",
            providers: [.apt(["libfftw3-dev"])]
        ),
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(name: "BlurCore", dependencies: ["CFFTW"], swiftSettings: optimisedEvenInDebug),
        .target(name: "BlurPNG", dependencies: ["BlurCore", "CPNG"], swiftSettings: optimisedEvenInDebug),
        .target(
            name: "BlurFigures",
            dependencies: ["BlurCore", "BlurPNG"],
            exclude: ["make_figure_data.py"],
            swiftSettings: optimisedEvenInDebug
        ),
        .target(name: "BlurEffects", dependencies: ["BlurCore", "BlurFigures"], swiftSettings: optimisedEvenInDebug),
        .target(name: "BlurKit", dependencies: ["BlurCore", "BlurPNG", "BlurFigures", "BlurEffects"]),
        .executableTarget(
            name: "explorer",
            dependencies: [
                "BlurKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CCmark",
                .product(name: "Yams", package: "Yams"),
                "ShippedFiles",
                .target(name: "ServeFront", condition: .when(traits: ["LiveServer"])),
            ],
            path: "Sources/Explorer",
            resources: [
                .embedInCode("Serve/Resources/live.js"), .embedInCode("Serve/Resources/explain.js"),
                .embedInCode("Serve/Resources/live.css"),
            ]
        ),
        // MARK: Files built into the binary
        // The lessons, their pictures and the marked source regions, compiled into `explorer` so
        // that the binary copied alone runs every lesson (README, "One binary for a lab").
        .target(name: "ShippedFiles", plugins: ["EmbedFilesPlugin"]),
        .plugin(name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles"),
        // MARK: end of files built into the binary
        // `explorer serve` runs this program beside it: HTTP in front (limits, timeouts, Host check),
        // lesson runs behind, in an `explorer serve-worker` process it starts. The front is a
        // module of its own so that explorer can carry it too (the LiveServer trait).
        .target(
            name: "ServeFront",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "explorer-serve", dependencies: ["ServeFront"], path: "Sources/ExplorerServe"),
        // Tests by speed: the library's unit tests (seconds), the command tests (the built
        // explorer, run in temporary folders), and the slow course tests (every lesson swept
        // over its parameters, tmux, Chromium, the live server over HTTP). `swift test` runs all three;
        // `swift test --filter BlurKitTests` the fast ones.
        .target(
            name: "TestSupport",
            dependencies: ["BlurKit", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "BlurKitTests", dependencies: [
            "BlurKit", "BlurCore", "BlurPNG", "BlurFigures", "BlurEffects", "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "ExplorerTests", dependencies: [
            "explorer", "BlurKit", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "CourseTests", dependencies: ["explorer", "BlurKit", "TestSupport"]),
    ]
)
