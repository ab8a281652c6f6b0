import ArgumentParser
import BlurKit
import Foundation

/// The options and the measurement loop of `bench`, shared with `plot time-vs-sigma`.
struct BenchOptions: ParsableArguments {
    @Option(help: "Image size WxH.") var size: String = "1024x1024"
    @Option(help: "Values of σ, comma-separated.") var sigmas: String = "1,2,5,10,25"
    @Option(help: "Methods, comma-separated: \(MethodName.list); or all (default: the taught five).") var methods: String = MethodName.taughtList
    @Option(help: "Threads: 1, 2, … or auto (all cores).") var threads: String = "1"
    @Option(help: "Timed runs per measurement (default: adaptive, 5–25).") var runs: Int?
    @Option(help: "Passes of iterated-box and extended-box.") var iterations: Int = 3
    @Option(help: "Order K of young-van-vliet: 3, 4 or 5.") var order: Int = 3
    @Flag(help: "Store every pass as 8-bit levels, as the libraries do: extended-box as Pillow, stack as OpenCV's 8-bit stackBlur. Other methods: a usage error.")
    var eightBitPasses = false
    @Option(help: ArgumentHelp("How iterated-box schedules its passes (for measuring each path): automatic, fused, streamed, blocked.",
                               visibility: .hidden))
    var boxSchedule: IteratedBox.Schedule = .automatic
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode = .clamp
    @Option(help: "Gaussian kernels are cut at R = ⌊T·σ + ½⌋ (OpenCV's float kernels reach 4σ: --truncate 4 times the same kernel sizes).")
    var truncate: Double = GaussianKernel1D.defaultTruncate

    func dimensions() throws -> (Int, Int) {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 64_000_000, parts[1] <= 64_000_000,
              parts[0] * parts[1] <= 64_000_000 else {
            throw ValidationError("--size must be WIDTHxHEIGHT with at most 64 million pixels, e.g. 2048x2048; got '\(size)'")
        }
        return (parts[0], parts[1])
    }

    func sigmaValues() throws -> [Double] {
        let values = sigmas.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("--sigmas takes numbers separated by commas, e.g. 1,2,5,10,25; got '\(sigmas)'")
        }
        for v in values { try SigmaValidation.check(v!, option: "--sigmas") }
        return values.map { $0! }
    }

    func threadCount() throws -> Int {
        if threads == "auto" { return BuildInfo.cores }
        guard let n = Int(threads), (1...64).contains(n) else {
            throw ValidationError("--threads must be a number 1…64 or auto, got '\(threads)'")
        }
        return n
    }

    func validate() throws {
        _ = try dimensions()
        _ = try sigmaValues()
        for name in try MethodName.parseList(methods) { _ = try BlurSize(eightBitPasses: eightBitPasses).storage(for: name) }
        _ = try threadCount()
        if let runs, !(1...1000).contains(runs) { throw ValidationError("--runs must be 1…1000, got \(runs)") }
        guard (1...20).contains(iterations) else { throw ValidationError("--iterations must be 1…20, got \(iterations)") }
        guard (3...5).contains(order) else { throw ValidationError("--order must be 3, 4 or 5, got \(order)") }
        guard truncate.isFinite, truncate > 0, truncate <= 20 else { throw ValidationError("--truncate must be in (0, 20], got \(truncate)") }
    }

    /// One timed method at one σ.
    struct Row {
        var method: MethodName
        var sigma: Double
        var parameters: String
        var timing: Timing
        var cropped: Bool
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
        let methodNames = try MethodName.parseList(methods)
        let sigmaList = try sigmaValues()
        var rows: [Row] = []
        for name in methodNames {
            for sigma in sigmaList {
                var method = try BlurSize(sigma: sigma, iterations: iterations, truncate: truncate, order: order,
                                          eightBitPasses: eightBitPasses).make(name)
                if var box = method as? IteratedBox {
                    box.schedule = boxSchedule
                    method = box
                }
                context.progress?.stage("bench: \(name.rawValue) σ=\(NumberText.compact(sigma)) (\(rows.count + 1) of \(methodNames.count * sigmaList.count))")
                let quadratic = name.isQuadratic && width * height > cropSize * cropSize
                try CostLimit.check(method, width: quadratic ? cropSize : width, height: quadratic ? cropSize : height)
                let (timing, cropped) = timer.time(method, label: name.rawValue, on: image, orCrop: quadratic ? crop : nil)
                rows.append(Row(method: name, sigma: sigma, parameters: method.parameters, timing: timing, cropped: cropped))
            }
        }
        return Measurement(rows: rows, width: width, height: height, threads: threadCount)
    }

    /// The slope of each method's times against σ (`BlurTimer.slope`), nil for a method timed at one σ.
    static func slopes(_ rows: [Row]) -> [MethodName: Double] {
        var slopes: [MethodName: Double] = [:]
        for name in Set(rows.map(\.method)) {
            slopes[name] = BlurTimer.slope(rows.filter { $0.method == name }.map { ($0.sigma, $0.timing.nanosecondsPerPixel) })
        }
        return slopes
    }

    /// The lines under a timing table or plot: which rows were cropped, and how the blurs were timed.
    ///
    /// - Parameter listCropped: name the cropped measurements (a plot), rather than refer to the
    ///   table's crop column.
    static func timingNotes(_ rows: [Row], width: Int, height: Int, threads: Int, quick: Bool, listCropped: Bool = false) -> [String] {
        var notes: [String] = []
        let cropped = rows.filter(\.cropped)
        if listCropped, !cropped.isEmpty {
            var methods: [MethodName] = []
            for row in cropped where !methods.contains(row.method) { methods.append(row.method) }
            let list = methods.map { name in
                "\(name.rawValue) at σ = " + cropped.filter { $0.method == name }.map { NumberText.compact($0.sigma) }.joined(separator: ", ")
            }.joined(separator: "; ")
            notes.append("Timed on a 256×256 crop of the image, as a full-size run would take over 2 s: \(list).")
        } else if !cropped.isEmpty {
            notes.append("Rows marked '256² crop' were timed on a 256×256 crop of the image: a full-size run would take over 2 s.")
        }
        if let first = rows.first {
            notes.append(TimingNote.describe(first.timing, work: .methodBlur, width: width, height: height, threads: threads, quick: quick))
        }
        return notes
    }

    /// Time per pixel against σ on log–log axes, one line per method, each named with its
    /// fitted slope ("separable (slope 0.93)").
    static func timePlot(_ measurement: Measurement) -> Plot {
        let slopes = slopes(measurement.rows)
        var plot = Plot(title: "Time per pixel against σ, \(measurement.width)×\(measurement.height), \(measurement.threads) thread\(measurement.threads == 1 ? "" : "s")",
                        xLabel: "σ (px)", yLabel: "time (ns per pixel)", logX: true, logY: true)
        var seen: [MethodName] = []
        for row in measurement.rows where !seen.contains(row.method) { seen.append(row.method) }
        for name in seen {
            let rows = measurement.rows.filter { $0.method == name }
            let label = slopes[name].map { slope in
                "\(name.rawValue) (slope \(NumberText.fixed(slope, digits: 2).replacingOccurrences(of: "-", with: "−")))"
            } ?? name.rawValue
            plot.add(label, x: rows.map(\.sigma), y: rows.map(\.timing.nanosecondsPerPixel), style: .linesPoints)
        }
        return plot
    }
}
