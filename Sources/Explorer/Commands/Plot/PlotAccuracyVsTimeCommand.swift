import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer plot accuracy-vs-time --sigmas 2,8,24 --image IMG`: every method on one chart,
/// time per pixel against largest interior error, with one Pareto front per σ.
struct PlotAccuracyVsTimeCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy-vs-time",
        abstract:
            "Time per pixel against largest interior error (log–log), one point per method and σ, with one Pareto front per σ.",
        discussion: """
            For each σ and method: the method blurs the image (as `compare` does), its largest \
            interior error against the exact Float64 Gaussian is measured in 8-bit units, and its \
            blur is timed on the same image, in place, one thread (one warm-up, then --runs runs, \
            the median). box and gaussian2d, whose cost grows as R², are timed on a 64×64 crop of \
            the image, and their error is computed with the same kernel run in passes (a running-sum \
            box of the same width, the separable Gaussian of the same weights: the catalog's inPasses), which gives the \
            same result to Float32 rounding. Each σ has its own Pareto front, which joins the points \
            of that σ no other point of it beats on both time and error. Each method's points are \
            markers of its own colour and shape, labelled with their σ. A method whose reach leaves \
            no interior at some σ has no point there (the table says so).
              explorer plot accuracy-vs-time --sigmas 2,8,24 --image photo -o survey.png
            """
    )

    @Option(help: "Values of σ, comma-separated.") var sigmas: String = "2,8,24"
    @Option(help: "The image: PNG file, builtin:NAME[@WxH], or photo.") var image: String
    @Option(help: MethodOptions.methodsHelp(default: "all")) var methods: String = "all"
    @Option(help: "Timed runs per point after one warm-up.") var runs: Int = 5
    @OptionGroup var methodOptions: MethodOptions
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode =
        .clamp
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var output: PlotOutputOptions

    var formatOptions: FormatOptions { output.formatOptions }

    /// The side of the crop the O(R²) methods are timed on.
    static let cropSide = 64

    func sigmaValues() throws -> [Double] {
        try SigmaValidation.list(sigmas, limit: 100, limitReason: " (the reference reaches 8σ)")
    }

    func validate() throws {
        let methods = try MethodOptions.list(methods)
        for sigma in try sigmaValues() { try methodOptions.check(methods, sigma: sigma) }
        guard (1...100).contains(runs) else { throw ValidationError("--runs must be 1…100, got \(runs)") }
    }

    /// One method at one σ.
    struct Point {
        var method: MethodEntry
        var sigma: Double
        var parameters: String
        var nanosecondsPerPixel: Double
        var maxError: Double?
        /// Reads per pixel and passes over memory of the method's plan on the picture.
        var counters: CostCounters
        var onFront = false
    }

    var measuresTime: Bool { true }

    func makeReport(_ context: RunContext) throws -> Report {
        let picture = try inputOptions.load(image, in: context)
        let names = try MethodOptions.list(methods)
        let harness =
            context.quickTiming
            ? TimingHarness.quick
            : TimingHarness(warmupRuns: 1, minimumRuns: runs, maximumRuns: runs, budgetSeconds: 0)
        let side = min(Self.cropSide, picture.width, picture.height)
        let crop = picture.cropped(
            to: PixelRect(x: (picture.width - side) / 2, y: (picture.height - side) / 2, width: side, height: side))
        var points: [Point] = []
        for sigma in try sigmaValues() {
            let settings = methodOptions.settings(sigma: sigma)
            let reference = try ReferenceGaussianBlur(sigma: sigma, edges: edges).apply(picture)
            for name in names {
                let method = try usage { try name.method(settings) }
                let measured = try name.inPasses.map { try $0(settings) } ?? method
                let blurred = picture.blurred(by: measured, edges: edges)
                let errors = try ErrorMetrics(comparing: blurred, with: reference, reach: method.reach)
                var work = name.cost == .quadratic ? crop : picture
                let timing = harness.measure(name.name, pixels: work.pixelCount) {
                    method.blur(&work, edges: edges, threads: 1)
                }
                points.append(
                    Point(
                        method: name, sigma: sigma, parameters: method.parameters,
                        nanosecondsPerPixel: timing.nanosecondsPerPixel, maxError: errors.interiorMaxAbsError,
                        counters: method.counters(width: picture.width, height: picture.height, edges: edges)))
            }
        }
        // σ = 2, 8 and 24 are different problems: each σ has a front of its own.
        let sigmaList = try sigmaValues()
        var fronts: [(sigma: Double, points: [Point])] = []
        for sigma in sigmaList {
            let mine = points.indices.filter { points[$0].sigma == sigma }
            let front = Self.paretoFront(mine.map { points[$0] }).map { mine[$0] }
            for i in front { points[i].onFront = true }
            fronts.append((sigma, front.map { points[$0] }.sorted { $0.nanosecondsPerPixel < $1.nanosecondsPerPixel }))
        }

        var plot = Plot(
            title: "Time against accuracy · \(StripSupport.shortName(image)) · labels: σ",
            xLabel: "time (ns per pixel)", yLabel: "largest interior error (8-bit levels)", logX: true, logY: true)
        // Twelve legend entries: a taller picture keeps the legend from squeezing the points.
        plot.height = 1200
        for name in names {
            let mine = points.filter { $0.method == name && $0.maxError != nil }
            // Points, not lines: a method at σ = 2 and at σ = 24 solves two different problems.
            // Each method has a colour and a marker of its own; each point says its σ.
            plot.add(
                name.name, x: mine.map(\.nanosecondsPerPixel), y: mine.map { $0.maxError! }, style: .points,
                labels: mine.map { NumberText.compact($0.sigma) })
        }
        // The fronts in greys, light to dark as σ grows, so no front shares a method's colour.
        for (n, front) in fronts.enumerated() where !front.points.isEmpty {
            plot.add(
                "front, σ = \(NumberText.compact(front.sigma))", x: front.points.map(\.nanosecondsPerPixel),
                y: front.points.map { $0.maxError! }, style: .lines)
            let grey = Float(0.65) * Float(fronts.count - 1 - n) / Float(max(1, fronts.count - 1))
            plot.series[plot.series.count - 1].colour = SIMD4(grey, grey, grey, 1)
        }

        var report = try PlotOutput.write(plot, to: output.output, context: context, columns: nil)
        report.table(table(points, picture: picture, quick: context.quickTiming))
        return report
    }

    /// The indices of the points no other point beats on both time and error (ties kept).
    static func paretoFront(_ points: [Point]) -> [Int] {
        points.indices.filter { i in
            guard let e = points[i].maxError else { return false }
            let t = points[i].nanosecondsPerPixel
            return !points.contains { p in
                guard let pe = p.maxError else { return false }
                return p.nanosecondsPerPixel <= t && pe <= e && (p.nanosecondsPerPixel < t || pe < e)
            }
        }
    }

    func table(_ points: [Point], picture: RGBAImage, quick: Bool) -> Table {
        var table = Table(
            title:
                "Time and largest interior error, \(StripSupport.shortName(image)) (\(picture.width)×\(picture.height)), \(edges.rawValue) edges",
            name: "accuracy-vs-time",
            columns: [
                Table.Column(key: "method", title: "method", alignRight: false),
                Table.Column(key: "sigma", title: "σ"),
                Table.Column(key: "parameters", title: "parameters", alignRight: false),
                Table.Column(key: "nsPerPixel", title: "time", unit: "ns/px"),
                Table.Column(key: "interiorMax", title: "max err", unit: "interior"),
                Table.Column(key: "readsPerPixel", title: "reads", unit: "/px"),
                Table.Column(key: "memoryPasses", title: "passes"),
                Table.Column(key: "paretoFront", title: "front", alignRight: false)
            ])
        for p in points {
            table.append([
                .text(p.method.name), .compact(p.sigma), .text(p.parameters),
                .number(p.nanosecondsPerPixel, digits: 1),
                p.maxError.map { .significant($0, 3) } ?? .text("no interior"),
                .count(p.counters.reads), .count(p.counters.passes),
                .text(p.onFront ? "yes" : "")
            ])
        }
        let crop = min(Self.cropSide, picture.width, picture.height)
        table.notes = [
            "Errors in 8-bit units against a Float64 Gaussian cut at ⌈8σ⌉, over pixels farther than the method's reach from the border; "
                + "box and gaussian2d through the same kernel in passes (equal to Float32 rounding).",
            "Reads: pixels read per output pixel; passes: whole-image reads and writes; both counted from each method's plan.",
            "Timed: the method's blur of the image in place, 1 thread, median of \(quick ? TimingHarness.quick.minimumRuns : runs) runs after a warm-up"
                + "\(quick ? " (quick mode)" : ""); box and gaussian2d on a \(crop)×\(crop) crop. A small image stays in cache: "
                + "`explorer bench --size 2048x2048` times what memory costs too."
        ]
        return table
    }
}
