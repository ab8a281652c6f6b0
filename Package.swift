// swift-tools-version:6.2
import PackageDescription

// The library is four modules by concern under one umbrella, as swift-collections' `Collections`:
// BlurCore (images, kernels, blur methods, measurement; no C dependency), BlurPNG (the only
// module that needs libpng), BlurFigures (strips, plots, canvases, bitmap font, colour maps) and
// BlurEffects (glass, tint, vibrancy). BlurKit re-exports all four, so `import BlurKit` is all a
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
        .library(name: "BlurKit", targets: ["BlurKit"]),
        .library(name: "BlurCore", targets: ["BlurCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "BlurCore", swiftSettings: optimisedEvenInDebug),
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
                .product(name: "Ink", package: "Ink"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            path: "Sources/Explorer"
        ),
        .testTarget(name: "BlurKitTests", dependencies: [
            "BlurKit", "BlurCore", "BlurPNG", "BlurFigures", "BlurEffects", .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "ExplorerTests", dependencies: [
            "explorer", "BlurKit", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
    ]
)
