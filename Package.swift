// swift-tools-version:6.2
import PackageDescription

// The library is four modules by concern under one umbrella, as swift-collections' `Collections`:
// BlurCore (images, kernels, blur methods, measurement; its one C dependency is FFTW, for the
// fft method), BlurPNG (the only module that needs libpng), BlurFigures (strips, plots, colour
// maps; its drawing primitives, canvas and bitmap font, are the module BlurCanvas below it) and
// BlurEffects (glass, tint, vibrancy). BlurKit re-exports all four, so `import BlurKit` is all a
// user needs.

// The library modules a lesson times (the kernels in BlurCore, PNG coding, the glass effects) are
// compiled with optimisation even in the default debug configuration, so the timings a lesson
// prints after `swift run` are not those of an unoptimised build. BlurFigures (layout, text, plots)
// is not: optimised, it took about 20 s more of the first build's CPU on 2 cores, and unoptimised
// it costs a lesson's figures a fraction of a second (docs/performance.md, "First build").
//
// `unsafeFlags` used to bar a package from being depended on by version. SwiftPM 6.2 dropped that
// check for manifests of tools version 6.2 or later (swift-package-manager #8896, #8951), so
// another package can depend on the BlurKit product by version with a Swift 6.2+ toolchain;
// docs/library.md, "Using BlurKit from another package".
//
// Their debug information is line tables only (`-gline-tables-only`, given to the frontend after
// SwiftPM's `-g`): a crash's backtrace still names the file and line, and the full variable
// information, little use in optimised code, took about a tenth of these modules' first build.
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-Xfrontend", "-gline-tables-only"])]

// BlurCore, the kernels, is also compiled as one whole module (`-wmo`), as release compiles it.
// A debug build otherwise compiles a module's files in batches, and a batch can neither inline
// nor specialise what another file defines: with `-O` alone, the running sums, SIMD loads and
// line loops each method calls from another file ran as unspecialised generic calls, iterated-box
// 35–40× slower than release (docs/performance.md, "Debug build against release").
// `-num-threads 2` keeps one object file per source, as SwiftPM's debug build expects (`-wmo`
// alone fails: "index output filenames do not match input source files").
// `-D BLURCORE_WHOLE_MODULE` travels with the flag, so `BuildInfo.kernelsAsInRelease` (the timing
// notes) says "as in release" only when it is true. Only BlurCore: a whole-module module emits
// its interface only when its whole compile ends, so the modules after it cannot start early, and
// all four whole-module made a fresh build 117 s instead of 66 (docs/performance.md, "First build").
let asInReleaseEvenInDebug: [SwiftSetting] = [
    .unsafeFlags([
        "-O", "-wmo", "-num-threads", "2", "-Xfrontend", "-gline-tables-only", "-D", "BLURCORE_WHOLE_MODULE"
    ])
]

let package = Package(
    name: "BlurExplorer",
    products: [
        .executable(name: "explorer", targets: ["explorer"]),
        .library(name: "BlurKit", targets: ["BlurKit"]),
        .library(name: "BlurCore", targets: ["BlurCore"]),
        // The explorer's commands as a library, for the one other program that runs them: the
        // one-file explorer that also serves, in the live server's package (Server/Package.swift).
        .library(name: "ExplorerCLI", targets: ["ExplorerCLI"])
    ],
    // Each lower bound is the version this package is built and tested with (there is no
    // Package.resolved: docs/development.md, "Why there is no Package.resolved").
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The live server's HTTP stack (Hummingbird, SwiftNIO) is not here: it is the package in
        // Server/, so a newcomer's `swift run explorer lesson 1` neither resolves nor builds it
        // (docs/live-in-class.md).
        // `swift package generate-documentation` (docs/library.md, "Documentation"); a command plugin is
        // built only when it is run, so it costs a plain `swift build` nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
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
        // The passes' inner loops in AVX2 (the separable passes also in AVX-512F), which
        // BlurCore picks at run time when the CPU has them (KernelVariant.swift); optimised in
        // debug builds too, and never fusing a multiply
        // and an add, so that they give the Swift loops' results bit for bit.
        .target(name: "CSeparableKernels", cSettings: [.unsafeFlags(["-O2", "-ffp-contract=off"])]),
        .target(name: "BlurCore", dependencies: ["CFFTW", "CSeparableKernels"], swiftSettings: asInReleaseEvenInDebug),
        .target(name: "BlurPNG", dependencies: ["BlurCore", "CPNG"], swiftSettings: optimisedEvenInDebug),
        // The drawing primitives every figure's pixels go through (Canvas, the bitmap font, icons,
        // a strip's pixel loops), optimised even in debug; BlurFigures re-exports them. BlurEffects
        // draws its labels with them, so it compiles beside BlurFigures rather than after it.
        .target(name: "BlurCanvas", dependencies: ["BlurCore"], swiftSettings: optimisedEvenInDebug),
        .target(
            name: "BlurFigures",
            dependencies: ["BlurCore", "BlurPNG", "BlurCanvas"],
            exclude: ["make_figure_data.py"]
        ),
        .target(name: "BlurEffects", dependencies: ["BlurCore", "BlurCanvas"], swiftSettings: optimisedEvenInDebug),
        .target(name: "BlurKit", dependencies: ["BlurCore", "BlurPNG", "BlurFigures", "BlurEffects"]),
        // The lesson format, as a teacher authors it: the parser, front matter, expressions,
        // templates, CommonMark, the report model, Markdown text, display widths. It needs none of
        // the library, so a first build compiles it on the core BlurCore's whole-module job leaves
        // idle, and ExplorerCLI, which waits for the whole library, has that much less to do. Its
        // name sorts before "BlurCore": SwiftPM runs two module jobs at a time, and llbuild starts
        // the ready job with the greatest name first; named after BlurCore, it took the second
        // core first and BlurCore started 9-15 s later (docs/performance.md, "First build
        // (2026-11-28)").
        .target(name: "Authoring", dependencies: ["CCmark"]),
        // The commands, lesson runner, pages and live lesson server: everything `explorer` does.
        .target(
            name: "ExplorerCLI",
            dependencies: [
                "BlurKit",
                "Authoring",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "ShippedFiles"
            ],
            path: "Sources/Explorer",
            // The pages' scripts and style reach the binary through ShippedFiles, as base64
            // text: SwiftPM's `.embedInCode` writes them as byte-array literals, which took the
            // type checker 3 s of the first build.
            exclude: ["Serve/Resources", "Report/Resources"]
        ),
        .executableTarget(name: "explorer", dependencies: ["ExplorerCLI"], path: "Sources/ExplorerMain"),
        // MARK: Files built into the binary
        // The lessons, their pictures and the marked source regions, compiled into `explorer` so
        // that the binary copied alone runs every lesson (docs/lab.md).
        .target(name: "ShippedFiles", plugins: ["EmbedFilesPlugin"]),
        // Its command is Plugins/embed-files.sh, run by /bin/sh.
        .plugin(name: "EmbedFilesPlugin", capability: .buildTool()),
        // MARK: end of files built into the binary
        // Tests by speed: the library's unit tests (seconds), the command tests (the built
        // explorer, run in temporary folders), and the slow course tests (every lesson swept
        // over its parameters, tmux, Chromium, the live server over HTTP). `swift test` runs all three;
        // `swift test --filter BlurKitTests` the fast ones.
        .target(
            name: "TestSupport",
            dependencies: ["BlurKit", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "BlurKitTests",
            dependencies: [
                "BlurKit", "BlurCore", "BlurPNG", "BlurCanvas", "BlurFigures", "BlurEffects", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ExplorerTests",
            dependencies: [
                "explorer", "ExplorerCLI", "Authoring", "BlurKit", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]),
        .testTarget(
            name: "CourseTests", dependencies: ["explorer", "ExplorerCLI", "Authoring", "BlurKit", "TestSupport"])
    ]
)
