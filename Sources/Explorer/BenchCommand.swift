import ArgumentParser
import BlurKit
import Foundation

/// `explorer bench`: ns per pixel for each method and σ, and how time grows with σ.
struct BenchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the blur methods across σ: ns/px, speed-up over the naive 2-D Gaussian, and the log–log slope of time against σ.",
        discussion: """
        The image is seeded noise (builtin:noise) of --size, RGBA Float32, edges clamped. Each \
        measurement: one warm-up, then adaptive runs (or exactly --runs), median with min–max. \
        The O(R²) methods (box, gaussian2d) are timed on a 256×256 crop when a full-size run would \
        take over two seconds; the table marks those rows. The slope of log(time) against log(σ) \
        is ≈2 for O(R²) methods, ≈1 for separable and ≈0 for running sums.
        """
    )

    @Option(help: "Image size WxH.") var size: String = "1024x1024"
    @Option(help: "Values of σ, comma-separated.") var sigmas: String = "1,2,5,10,25"
    @Option(help: "Methods, comma-separated: \(MethodName.list).") var methods: String = MethodName.list.replacingOccurrences(of: " ", with: "")
    @Option(help: "Threads: 1, 2, … or auto (all cores).") var threads: String = "1"
    @Option(help: "Timed runs per measurement (default: adaptive, 5–25).") var runs: Int?
    @Option(help: "Passes of iterated-box.") var iterations: Int = 3
    @Option(help: "Output format: text, markdown, csv or json.") var format: OutputFormat = .text

    func dimensions() throws -> (Int, Int) {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] * parts[1] <= 64_000_000 else {
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
        _ = try MethodName.parseList(methods)
        _ = try threadCount()
        if let runs, !(1...1000).contains(runs) { throw ValidationError("--runs must be 1…1000, got \(runs)") }
        guard (1...20).contains(iterations) else { throw ValidationError("--iterations must be 1…20, got \(iterations)") }
    }

    struct Row {
        var method: MethodName
        var sigma: Double
        var parameters: String
        var timing: Timing
        var cropped: Bool
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let (width, height) = try dimensions()
        let image = BuiltinImage.noise.make(width: width, height: height)
        let cropSize = min(256, width, height)
        let crop = BuiltinImage.noise.make(width: cropSize, height: cropSize)
        let threadCount = try threadCount()
        var harness: TimingHarness = context.quickTiming ? .quick : .standard
        if let runs { harness = TimingHarness(warmupRuns: 1, minimumRuns: runs, maximumRuns: runs, budgetSeconds: 0) }
        let methodNames = try MethodName.parseList(methods)
        let sigmaList = try sigmaValues()
        let showProgress = !context.inLesson && isatty(STDERR_FILENO) != 0
        var rows: [Row] = []
        for name in methodNames {
            for sigma in sigmaList {
                let method = try BlurSize(sigma: sigma, iterations: iterations).make(name)
                var target = image
                var cropped = false
                if name == .box || name == .gaussian2d, width * height > cropSize * cropSize {
                    let probe = TimingHarness.seconds { method.blur(&target, edges: .clamp, threads: threadCount) }
                    target = image
                    if probe > 2 {
                        target = crop
                        cropped = true
                    }
                }
                if showProgress { FileHandle.standardError.write(Data("bench: \(name.rawValue) σ=\(NumberText.compact(sigma)) …\r".utf8)) }
                let source = target
                let timing = harness.measure(name.rawValue, pixels: source.pixelCount) {
                    var copy = source
                    method.blur(&copy, edges: .clamp, threads: threadCount)
                }
                rows.append(Row(method: name, sigma: sigma, parameters: method.parameters, timing: timing, cropped: cropped))
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\u{1B}[2K".utf8)) }
        var report = Report()
        report.table(table(rows, width: width, height: height, threads: threadCount, context: context))
        return report
    }

    /// The least-squares slope of log(time) against log(σ).
    static func slope(_ points: [(sigma: Double, nanoseconds: Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let xs = points.map { Foundation.log($0.sigma) }, ys = points.map { Foundation.log($0.nanoseconds) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxx = zip(xs, xs).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - mx) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        return sxx > 0 ? sxy / sxx : nil
    }

    func table(_ rows: [Row], width: Int, height: Int, threads: Int, context: RunContext) -> Table {
        var slopes: [MethodName: Double] = [:]
        for name in Set(rows.map(\.method)) {
            slopes[name] = Self.slope(rows.filter { $0.method == name }.map { ($0.sigma, $0.timing.nanosecondsPerPixel) })
        }
        var table = Table(title: "Blur time per pixel, \(width)×\(height) RGBA Float32, \(threads) thread\(threads == 1 ? "" : "s")",
                          name: "bench", columns: [
            Table.Column(key: "method", title: "method", alignRight: false),
            Table.Column(key: "sigma", title: "σ"),
            Table.Column(key: "parameters", title: "parameters", alignRight: false),
            Table.Column(key: "nsPerPixel", title: "median", unit: "ns/px"),
            Table.Column(key: "minNsPerPixel", title: "min", unit: "ns/px"),
            Table.Column(key: "maxNsPerPixel", title: "max", unit: "ns/px"),
            Table.Column(key: "megapixelsPerSecond", title: "speed", unit: "Mpx/s"),
            Table.Column(key: "speedupOverGaussian2d", title: "vs gaussian2d", unit: "×"),
            Table.Column(key: "slope", title: "slope", unit: "log–log"),
            Table.Column(key: "threads", title: "threads"),
            Table.Column(key: "croppedTo256", title: "crop", alignRight: false),
        ])
        for row in rows {
            let naive = rows.first { $0.method == .gaussian2d && $0.sigma == row.sigma }
            let speedup = naive.map { $0.timing.nanosecondsPerPixel / row.timing.nanosecondsPerPixel }
            table.append([
                .text(row.method.rawValue), .compact(row.sigma), .text(row.parameters),
                .number(row.timing.nanosecondsPerPixel, digits: 1), .number(row.timing.minimumNanosecondsPerPixel, digits: 1),
                .number(row.timing.maximumNanosecondsPerPixel, digits: 1), .number(row.timing.megapixelsPerSecond, digits: 1),
                speedup.map { .number($0, digits: 1) } ?? .empty,
                slopes[row.method].map { .number($0, digits: 2) } ?? .empty,
                .integer(threads), .text(row.cropped ? "256² crop" : "no"),
            ])
        }
        let slopeText = slopes.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key.rawValue) \(NumberText.fixed($0.value, digits: 2))" }.joined(separator: ", ")
        table.notes = ["Slope of log(time) against log(σ): \(slopeText) (expected ≈2 for O(R²), ≈1 for separable, ≈0 for running sums)."]
        if rows.contains(where: \.cropped) {
            table.notes.append("Rows marked '256² crop' were timed on a 256×256 crop of the image: a full-size run would take over 2 s.")
        }
        if let first = rows.first {
            table.notes.append(TimingNote.describe(first.timing, image: RGBAImage(width: width, height: height), threads: threads, quick: context.quickTiming)
                .replacingOccurrences(of: "one whole blur of the", with: "the method's blur of the")
                .replacingOccurrences(of: " (premultiply, blur, unpremultiply)", with: ""))
        }
        return table
    }
}
