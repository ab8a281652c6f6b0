import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer compare INPUT.png --sigma S --methods …`: each method's error against the exact
/// Float64 Gaussian, and its time.
struct CompareCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare blur methods against an exact Float64 Gaussian: error, impulse response and time.",
        discussion: """
            The reference is a separable Float64 Gaussian truncated at ⌈8σ⌉ with the same edge mode. \
            Errors are in 8-bit units (0–255), over R, G, B and A: on the interior (pixels farther than \
            the method's reach from the border) and on the border band separately. Times come from the \
            timing harness: one warm-up, then adaptive runs, median with min–max.

            --strip FILE.png also draws the images: the original and each method's result in the top \
            row, the exact reference and |method − reference| for each method (or those --difference \
            names) below, each amplified on its own (--amplify, default: the largest power of two that \
            keeps that panel's largest difference on the colour scale; the factor is in its caption) \
            and coloured with the inferno map.
              explorer compare photo --sigma 4 --methods box,separable --strip strip-box.png --inset 200,120,40,30

            \(CostLimit.help) The reference's ⌈8σ⌉ is at most 512, so σ is at most 64 here.
            """
    )

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @Option(
        help: "Standard deviation σ of the Gaussian every method approximates (at most 100: the reference reaches 8σ).")
    var sigma: Double = 3
    @Option(help: MethodOptions.methodsHelp(default: "the taught ones, \(MethodOptions.taughtList)")) var methods:
        String = MethodOptions.taughtList
    @OptionGroup var methodOptions: MethodOptions
    @Option(help: "How pixels beyond the border are read: zero, clamp, reflect, mirror, wrap.") var edges: EdgeMode =
        .clamp
    @Option(help: "Threads for the timed blurs.") var threads: Int = 1
    @Option(help: "premultiplied (weigh colour by alpha) or straight (blur colour as stored, to show its error).")
    var alpha: AlphaMode = .premultiplied
    @Flag(inversion: .prefixedNo, help: "Time each method (--no-time skips the timing columns).") var time = true
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var stripOptions: StripOptions
    @OptionGroup var closeUps: CloseUpOptions
    @Option(
        help: ArgumentHelp(
            "With --strip: the methods that get a difference panel, comma-separated, or none (default: every method).",
            valueName: "methods"))
    var difference: String?
    @Option(
        help:
            "With --strip: multiply differences by this before colouring (default: automatic per panel, stated in its caption)."
    )
    var amplify: Double?
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        try stripOptions.check(closeUps)
        try methodOptions.check(try MethodOptions.list(methods), sigma: sigma)
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64, got \(threads)") }
        guard sigma <= 100 else {
            throw ValidationError("--sigma \(sigma) is above compare's limit of 100 (the reference reaches 8σ)")
        }
        try StripSupport.checkAmplification(amplify)
        _ = try differenceMethods()
        if stripOptions.strip == nil {
            if difference != nil { throw ValidationError("--difference needs --strip FILE.png") }
            if amplify != nil { throw ValidationError("--amplify needs --strip FILE.png") }
        }
    }

    /// The methods that get a difference panel: `--difference`, or every method.
    func differenceMethods() throws -> [MethodEntry] {
        let chosen = try MethodOptions.list(methods)
        guard let difference else { return chosen }
        if difference == "none" { return [] }
        let named = try MethodOptions.list(difference)
        for name in named where !chosen.contains(name) {
            throw ValidationError("--difference names \(name.name), which is not among --methods \(methods)")
        }
        return named
    }

    /// One method's outcome, kept for tables and strips.
    struct Outcome {
        var name: MethodEntry
        var method: any BlurMethod
        var output: RGBAImage
        var errors: ErrorMetrics
        var impulse: ImpulseSummary
        var timing: Timing?
    }

    func compute(_ context: RunContext) throws -> (image: RGBAImage, reference: ReferenceImage, outcomes: [Outcome]) {
        let image = try inputOptions.load(input, in: context)
        let reference = try ReferenceGaussianBlur(sigma: sigma, edges: edges).apply(image)
        var harness: TimingHarness = context.quickTiming ? .quick : .standard
        // The run that makes the output below is the very work timed, just before: it is the
        // warm-up (caches, page faults), so the harness adds none of its own.
        harness.warmupRuns = 0
        var outcomes: [Outcome] = []
        for name in try MethodOptions.list(methods) {
            let method = try methodOptions.make(name, sigma: sigma)
            try CostLimit.check(method, width: image.width, height: image.height)
            try CostLimit.checkImpulse(method)
            var timing: Timing?
            var output = image
            if time && context.previewTiming {
                // A live page's preview times the one run that makes the output: no repeats.
                let seconds = TimingHarness.seconds {
                    output = image.blurred(by: method, edges: edges, alpha: alpha, threads: threads)
                }
                timing = Timing(label: name.name, pixels: image.pixelCount, seconds: [seconds])
            } else {
                output = image.blurred(by: method, edges: edges, alpha: alpha, threads: threads)
            }
            let errors = try ErrorMetrics(comparing: output, with: reference, reach: method.reach)
            // A kernel belongs to the linear filter: with 8-bit passes a single white pixel spreads
            // below one level and vanishes, so the impulse columns describe the Float32 passes.
            var floatPasses = methodOptions
            floatPasses.eightBitPasses = false
            let impulse = try ImpulseSummary.measure(
                methodOptions.eightBitPasses ? try floatPasses.make(name, sigma: sigma) : method,
                sigma: sigma)
            if time && timing == nil {
                timing = harness.measure(name.name, pixels: image.pixelCount) {
                    _ = image.blurred(by: method, edges: edges, alpha: alpha, threads: threads)
                }
            }
            outcomes.append(
                Outcome(name: name, method: method, output: output, errors: errors, impulse: impulse, timing: timing))
        }
        return (image, reference, outcomes)
    }

    var measuresTime: Bool { time }

    /// Each method's reads (one run, as a preview makes and times it) and the exact reference's.
    var readsPerPixel: Double {
        let methods = (try? MethodOptions.list(methods)) ?? []
        let reads = methods.compactMap { name in
            (try? methodOptions.make(name, sigma: sigma))?.counters(width: 1024, height: 1024, edges: edges).reads
        }
        return reads.reduce(0, +) + Self.referenceReads(sigma: sigma)
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let (image, reference, outcomes) = try compute(context)
        var report = Report()
        report.table(table(outcomes, image: image, context: context))
        // Where each method's difference panel is brightest, for prose that says where
        // (`{{errors.box.worstX}}`): the pixel, and its distance from the picture's centre.
        let exact = reference.rgbaImage()
        for o in outcomes {
            let worst = ErrorMetrics.largestDifference(o.output, exact)
            let key = CellResults.rowKey(o.name.name)
            let dx = Double(worst.x) - Double(image.width) / 2, dy = Double(worst.y) - Double(image.height) / 2
            report.measures["\(key).worstX"] = Double(worst.x)
            report.measures["\(key).worstY"] = Double(worst.y)
            report.measures["\(key).worstFromCentre"] = (dx * dx + dy * dy).squareRoot()
        }
        if outcomes.count == 2 {
            let difference = try ErrorMetrics.maxAbsDifference(outcomes[0].output, outcomes[1].output)
            report.text(
                "Largest difference between \(outcomes[0].name.name) and \(outcomes[1].name.name) anywhere in the image: "
                    + "\(NumberText.significant(difference, 3)) (8-bit units).")
        }
        if let path = stripOptions.strip {
            let plan = context.inLesson ? try pointingPlan(outcomes) : nil
            let figure = try StripSupport.write(
                try strip(image: image, reference: exact, outcomes: outcomes), to: path, context: context,
                pointing: plan)
            report.figure(figure)
            if plan != nil { report.pageExtra(StripSupport.pointingIsland(for: figure)) }
        }
        return report
    }

    /// The strip: the original and each method's result in the top row; the exact reference and
    /// the difference panels in the row below, all at one amplification so they compare.
    func strip(image: RGBAImage, reference: RGBAImage, outcomes: [Outcome]) throws -> Strip {
        let sigmaText = NumberText.compact(sigma)
        var strip = Strip(
            title: stripOptions.title
                ?? "Blur methods against the exact Gaussian · σ = \(sigmaText) · \(StripSupport.shortName(input))")
        strip.inset = try stripOptions.parsedInset(width: image.width, height: image.height)
        strip.add(image, caption: "original", "\(image.width)×\(image.height)")
        for o in outcomes {
            var figure =
                o.errors.interiorMaxAbsError.map { "max err \(NumberText.significant($0, 3))" }
                ?? o.errors.borderMaxAbsError.map { "max err \(NumberText.significant($0, 3)) (border)" } ?? "max err —"
            if let t = o.timing { figure += " · \(NumberText.fixed(t.nanosecondsPerPixel, digits: 1)) ns/px" }
            strip.add(o.output, caption: o.name.name, o.method.parameters, figure)
        }
        let chosen = try differenceMethods()
        let differenced = outcomes.filter { chosen.contains($0.name) }
        if !differenced.isEmpty {
            let largest = differenced.map { Strip.largestDifference($0.output, reference: reference) }
            strip.add(reference, caption: "exact Gaussian", "Float64 reference")
            // Each panel is amplified on its own (its factor in its caption), so a small error
            // beside a large one still shows.
            for (o, worst) in zip(differenced, largest) {
                let amplification = amplify.map(Float.init) ?? Strip.automaticAmplification(largest: worst)
                strip.addDifference(
                    o.output, reference: reference, amplification: amplification,
                    caption: "|\(o.name.name) − exact|",
                    "largest \(StripSupport.eightBit(worst)) · ×\(Strip.number(amplification))")
            }
            strip.columns = outcomes.count + 1
        }
        StripSupport.placeAutomaticInset(stripOptions.inset, on: &strip)
        try closeUps.apply(to: &strip)
        return strip
    }

    /// Which panels of `strip(…)` a page may point at: the original is the input, each method's
    /// result and the exact reference are its blurs (kernels of the Float32 passes, as in the table).
    func pointingPlan(_ outcomes: [Outcome]) throws -> FigurePointing.Plan {
        var floatPasses = methodOptions
        floatPasses.eightBitPasses = false
        var outputs: [(panel: Int, kernel: PointingKernel)] = []
        for (i, o) in outcomes.enumerated() {
            let method = methodOptions.eightBitPasses ? try floatPasses.make(o.name, sigma: sigma) : o.method
            outputs.append((i + 1, PointingKernel.of(method, edges: edges, linear: false)))
        }
        if !(try differenceMethods()).isEmpty {
            outputs.append(
                (outcomes.count + 1, PointingKernel.reference(try ReferenceGaussianBlur(sigma: sigma, edges: edges))))
        }
        return FigurePointing.Plan(input: 0, outputs: outputs)
    }

    func table(_ outcomes: [Outcome], image: RGBAImage, context: RunContext) -> Table {
        var columns = [
            Table.Column(key: "method", title: "method", alignRight: false),
            Table.Column(key: "parameters", title: "parameters", alignRight: false),
            Table.Column(key: "effectiveSigma", title: "eff. σ", unit: "px"),
            Table.Column(key: "interiorMax", title: "max err", unit: "interior"),
            Table.Column(key: "interiorRMSE", title: "RMSE", unit: "interior"),
            Table.Column(key: "interiorPSNR", title: "PSNR", unit: "dB", priority: 3),
            Table.Column(key: "borderMax", title: "max err", unit: "border", priority: 1),
            Table.Column(key: "impulseLinf", title: "impulse L∞", priority: 2),
            Table.Column(key: "readsPerPixel", title: "reads", unit: "/px"),
            Table.Column(key: "memoryPasses", title: "passes")
        ]
        if time {
            columns += [
                Table.Column(key: "nsPerPixel", title: "time", unit: "ns/px"),
                Table.Column(key: "nsPerPixelRange", title: "min–max", unit: "ns/px", priority: 4)
            ]
        }
        var table = Table(
            title: "Blur methods against the exact Gaussian, σ = \(NumberText.compact(sigma)), \(edges.rawValue) edges",
            name: "errors", columns: columns)
        func value(_ x: Double?, _ digits: Int) -> Table.Cell { x.map { .significant($0, digits) } ?? .empty }
        for o in outcomes {
            let counters = o.method.counters(width: image.width, height: image.height, edges: edges)
            var row: [Table.Cell] = [
                .text(o.name.name), .text(o.method.parameters), .number(o.impulse.effectiveSigma, digits: 3),
                value(o.errors.interiorMaxAbsError, 3), value(o.errors.interiorRMSE, 3),
                o.errors.interiorPSNR.map { $0.isFinite ? .number($0, digits: 1) : .text("∞") } ?? .empty,
                value(o.errors.borderMaxAbsError, 3), value(o.impulse.deviation, 3),
                .count(counters.reads), .count(counters.passes)
            ]
            if let t = o.timing {
                row += [
                    .number(t.nanosecondsPerPixel, digits: 1),
                    .text(
                        "\(NumberText.fixed(t.minimumNanosecondsPerPixel, digits: 1))–\(NumberText.fixed(t.maximumNanosecondsPerPixel, digits: 1))"
                    )
                ]
            }
            table.append(row)
        }
        table.notes = [
            "Every column measures against one Gaussian: point-sampled at pixel centres and normalised. Errors in "
                + "8-bit units against the Float64 blur with it (σ = \(NumberText.compact(sigma)), cut at ⌈8σ⌉); "
                + "interior = farther than the method's reach from the border. Impulse L∞: largest difference "
                + "between the method's 1-D impulse response and \(KernelAnalysis.idealWeightsDescription). Reads: pixels read per "
                + "output pixel; passes: whole-image reads and writes (both counted from the method's plan)."
        ]
        if methodOptions.eightBitPasses {
            table.notes.append(
                "With --eight-bit-passes each pass is stored as 8-bit levels (Pillow's arithmetic for extended-box, "
                    + "OpenCV's for stack); the errors include that rounding. Eff. σ and impulse L∞ are those of the "
                    + "same passes in Float32: rounding to levels is not a kernel (a single white pixel vanishes).")
        }
        if let first = outcomes.first?.timing {
            table.notes.append(
                TimingNote.describe(
                    first, width: image.width, height: image.height, threads: threads, quick: context.quickTiming,
                    preview: context.previewTiming))
        }
        return table
    }
}
