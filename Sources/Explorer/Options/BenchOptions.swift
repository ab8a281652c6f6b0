import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// The options and the measurement loop of `bench`, shared with `plot time-vs-sigma`.
struct BenchOptions: ParsableArguments {
    @Option(help: "Image size WxH.") var size: String = "1024x1024"
    @Option(help: "Values of σ, comma-separated.") var sigmas: String = "1,2,5,10,25"
    @Option(help: MethodOptions.methodsHelp(default: "the taught ones, \(MethodOptions.taughtList)")) var methods:
        String = MethodOptions.taughtList
    @Option(help: "Threads: 1, 2, … or auto (all cores).") var threads: String = "1"
    @Option(help: "Timed runs per measurement (default: adaptive, 5–25).") var runs: Int?
    @OptionGroup var methodOptions: MethodOptions
    @Option(
        help: ArgumentHelp(
            "How iterated-box schedules its passes (for measuring each path): automatic, fused, streamed, blocked.",
            visibility: .hidden))
    var boxSchedule: IteratedBox.Schedule = .automatic
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode =
        .clamp
    @Flag(
        help:
            "Also time separable on 8-bit RGBA levels in and out, correctly rounded: a 'separable 8-bit' row after each separable row."
    )
    var eightBitIO = false

    func dimensions() throws -> (Int, Int) {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 64_000_000, parts[1] <= 64_000_000,
            parts[0] * parts[1] <= 64_000_000
        else {
            throw ValidationError(
                "--size must be WIDTHxHEIGHT with at most 64 million pixels, e.g. 2048x2048; got '\(size)'")
        }
        return (parts[0], parts[1])
    }

    func sigmaValues() throws -> [Double] { try SigmaValidation.list(sigmas, example: "1,2,5,10,25") }

    func threadCount() throws -> Int {
        if threads == "auto" { return BuildInfo.cores }
        guard let n = Int(threads), (1...64).contains(n) else {
            throw ValidationError("--threads must be a number 1…64 or auto, got '\(threads)'")
        }
        return n
    }

    func validate() throws {
        _ = try dimensions()
        let methods = try MethodOptions.list(methods)
        for sigma in try sigmaValues() { try methodOptions.check(methods, sigma: sigma) }
        _ = try threadCount()
        if let runs, !(1...1000).contains(runs) { throw ValidationError("--runs must be 1…1000, got \(runs)") }
        if eightBitIO, !methods.contains(.separable) {
            throw ValidationError("--eight-bit-io times separable on 8-bit levels: add separable to --methods")
        }
    }

    /// One timed method at one σ.
    struct Row {
        var method: MethodEntry
        var sigma: Double
        var parameters: String
        var timing: Timing
        var cropped: Bool
        /// Reads per pixel and passes over memory of the method's plan on the full-size image.
        var counters: CostCounters
        /// Timed on 8-bit levels in and out (`RGBA8Image`), not Float32.
        var eightBit = false

        /// The method as the table and the plot name it: "separable 8-bit" for an 8-bit row.
        var series: String { method.name + (eightBit ? " 8-bit" : "") }
    }

    /// What a measurement produced: the rows in method-major order, and what they were timed on.
    struct Measurement {
        var rows: [Row]
        var width: Int
        var height: Int
        var threads: Int
    }

    /// Times every method at every σ on seeded noise of `--size`.
    ///
    /// The O(R²) methods (box, gaussian2d) are timed on a 256×256 crop when one full-size blur
    /// takes over two seconds (`BlurTimer`; the row says so). Progress goes to the context's
    /// progress line.
    func measure(_ context: RunContext) throws -> Measurement {
        let (width, height) = try dimensions()
        let image = BuiltinImage.noise.make(width: width, height: height)
        let cropSize = min(256, width, height)
        let crop = BuiltinImage.noise.make(width: cropSize, height: cropSize)
        let threadCount = try threadCount()
        var harness: TimingHarness = context.quickTiming ? .quick : .standard
        if let runs { harness = TimingHarness(warmupRuns: 1, minimumRuns: runs, maximumRuns: runs, budgetSeconds: 0) }
        let timer = BlurTimer(harness: harness, threads: threadCount, edges: edges)
        let methodNames = try MethodOptions.list(methods)
        let sigmaList = try sigmaValues()
        var rows: [Row] = []
        for name in methodNames {
            for sigma in sigmaList {
                var method = try methodOptions.make(name, sigma: sigma)
                if var box = method as? IteratedBox {
                    box.schedule = boxSchedule
                    method = box
                }
                context.progress?.stage(
                    "bench: \(name.name) σ=\(NumberText.compact(sigma)) (\(rows.count + 1) of \(methodNames.count * sigmaList.count))"
                )
                let quadratic = name.cost == .quadratic && width * height > cropSize * cropSize
                try CostLimit.check(method, width: quadratic ? cropSize : width, height: quadratic ? cropSize : height)
                let (timing, cropped) = timer.time(method, label: name.name, on: image, orCrop: quadratic ? crop : nil)
                rows.append(
                    Row(
                        method: name, sigma: sigma, parameters: method.parameters, timing: timing, cropped: cropped,
                        counters: method.counters(width: width, height: height, edges: edges)))
                if eightBitIO, let separable = method as? Separable {
                    let levels = RGBA8Image(image)
                    let timing = harness.measure("separable 8-bit", pixels: width * height) {
                        withExtendedLifetime(levels.blurred(by: separable, edges: edges, threads: threadCount)) {}
                    }
                    rows.append(
                        Row(
                            method: name, sigma: sigma, parameters: method.parameters + ", 8-bit in and out",
                            timing: timing, cropped: false,
                            counters: method.counters(width: width, height: height, edges: edges), eightBit: true))
                }
            }
        }
        return Measurement(rows: rows, width: width, height: height, threads: threadCount)
    }

    /// The slope of each series' times against σ (`BlurTimer.slope`), nil for one timed at one σ.
    static func slopes(_ rows: [Row]) -> [String: Double] {
        var slopes: [String: Double] = [:]
        for name in Set(rows.map(\.series)) {
            slopes[name] = BlurTimer.slope(
                rows.filter { $0.series == name }.map { ($0.sigma, $0.timing.nanosecondsPerPixel) })
        }
        return slopes
    }

    /// The lines under a timing table or plot: which rows were cropped, and how the blurs were timed.
    ///
    /// - Parameter listCropped: name the cropped measurements (a plot), rather than refer to the
    ///   table's crop column.
    static func timingNotes(
        _ rows: [Row], width: Int, height: Int, threads: Int, quick: Bool, listCropped: Bool = false
    ) -> [String] {
        var notes: [String] = []
        let cropped = rows.filter(\.cropped)
        if listCropped, !cropped.isEmpty {
            var methods: [MethodEntry] = []
            for row in cropped where !methods.contains(row.method) { methods.append(row.method) }
            let list = methods.map { name in
                "\(name.name) at σ = "
                    + cropped.filter { $0.method == name }.map { NumberText.compact($0.sigma) }.joined(separator: ", ")
            }.joined(separator: "; ")
            notes.append("Timed on a 256×256 crop of the image, as a full-size run would take over 2 s: \(list).")
        } else if !cropped.isEmpty {
            notes.append(
                "Rows marked '256² crop' were timed on a 256×256 crop of the image: a full-size run would take over 2 s."
            )
        }
        if let first = rows.first {
            notes.append(
                TimingNote.describe(
                    first.timing, work: .methodBlur, width: width, height: height, threads: threads, quick: quick))
        }
        return notes
    }

    /// The series of `rows` in the order they first appear.
    static func series(_ rows: [Row]) -> [String] {
        var seen: [String] = []
        for row in rows where !seen.contains(row.series) { seen.append(row.series) }
        return seen
    }

    /// Time per pixel against σ on log–log axes, one line per method, each named with its
    /// fitted slope ("separable (slope 0.93)").
    static func timePlot(_ measurement: Measurement) -> Plot {
        let slopes = slopes(measurement.rows)
        var plot = Plot(
            title:
                "Time per pixel against σ, \(measurement.width)×\(measurement.height), \(measurement.threads) thread\(measurement.threads == 1 ? "" : "s")",
            xLabel: "σ (px)", yLabel: "time (ns per pixel)", logX: true, logY: true)
        for name in series(measurement.rows) {
            let rows = measurement.rows.filter { $0.series == name }
            let label =
                slopes[name].map { slope in
                    "\(name) (slope \(NumberText.fixed(slope, digits: 2).replacingOccurrences(of: "-", with: "−")))"
                } ?? name
            plot.add(label, x: rows.map(\.sigma), y: rows.map(\.timing.nanosecondsPerPixel), style: .linesPoints)
        }
        return plot
    }
}
