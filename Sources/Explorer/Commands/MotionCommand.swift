import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer motion INPUT.png`: what a live blur costs per refresh, and parallax by moving one
/// blurred snapshot instead of re-blurring every frame.
struct MotionCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract:
            "Live blur against static: the share of one core per update interval; parallax: re-blur every frame or move one blurred snapshot.",
        discussion: """
            Live: one blur of the region behind the panel (the panel plus the blur's reach) is timed, at \
            full resolution and at 1/K (7blur), and divided by each update interval: the share of one \
            core a live blur takes (FXBlurView's dynamic mode; its default interval of 0 means as fast as \
            possible, a whole core).

            Parallax (Apple's MotionEffects sample): over N frames the panel moves up to ±SHIFT pixels \
            in a figure of eight. (a) re-blurs what is behind it every frame; (b) blurs a snapshot of \
            everything the panel can reach once and copies the panel's part of it per frame. Blurring \
            commutes with translation, so the two agree where the blur window stays inside the snapshot \
            (the interior, up to Float32 rounding) and differ within the reach of the snapshot's edges.
            Differences are in 8-bit units (0–255), the largest over R, G, B, A.
            """
    )

    @Argument(help: "Input PNG file, builtin:NAME[@WxH], or photo.") var input: String
    @Option(
        help:
            "The panel X,Y,W,H in pixels or percentages of the picture (default: centred, half the width, a third of the height)."
    ) var panel: String?
    @Option(help: "Standard deviation σ of the Gaussian blur in pixels.") var sigma: Double = 8
    @Option(help: "Frames of parallax motion.") var frames: Int = 8
    @Option(help: "The panel's largest offset from rest along either axis, in pixels.") var shift: Int = 12
    @Option(
        parsing: .upToNextOption,
        help: "Update intervals in seconds for the live blur (0 = as fast as possible), e.g. 0 1/60 0.2.")
    var interval: [String] = ["0", "1/60", "0.2"]
    @Option(help: "Also time the live blur on a copy shrunk by K (7blur uses 4; 1 skips it).") var downsample: Int = 4
    @Flag(help: "Write frames of both approaches and their difference as a strip.") var strip = false
    @Option(name: .shortAndLong, help: "The strip's PNG file (with --strip).") var output: String =
        "parallax-frames.png"
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    func validate() throws {
        try SigmaValidation.check(sigma)
        guard sigma <= 200 else { throw ValidationError("--sigma \(sigma) is above motion's limit of 200") }
        guard (1...240).contains(frames) else { throw ValidationError("--frames must be 1…240, got \(frames)") }
        guard (0...1000).contains(shift) else { throw ValidationError("--shift must be 0…1000 pixels, got \(shift)") }
        guard (1...64).contains(downsample) else {
            throw ValidationError("--downsample must be 1…64, got \(downsample)")
        }
        guard !interval.isEmpty else { throw ValidationError("--interval needs at least one value, e.g. 1/60") }
        do {
            for text in interval { _ = try LiveCost.parseInterval(text) }
            if let panel { _ = try RectangleSpec(parsing: panel, option: "--panel") }
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The blur: a separable Gaussian of σ, or the same through a 1/`factor` copy.
    func blur(factor: Int) throws -> (method: any BlurMethod, effect: EffectBlur) {
        let settings = MethodSettings(sigma: sigma, values: [MethodParameter.downsample.name: Double(factor)])
        let method = try usage { try (factor > 1 ? MethodEntry.downsampled : MethodEntry.separable).method(settings) }
        return (method, EffectBlur(method))
    }

    var measuresTime: Bool { true }

    func makeReport(_ context: RunContext) throws -> Report {
        let image = try inputOptions.load(input, in: context)
        let rect = try GlassCommand.panelRect(panel, in: image)
        let (method, effect) = try blur(factor: 1)
        let parallax = try Parallax(background: image, panel: rect, shift: shift, blur: effect)
        let offsets = Parallax.offsets(frames: frames, shift: shift)
        let measurement = try parallax.measure(offsets: offsets)
        let harness: TimingHarness = context.quickTiming ? .quick : .standard

        var report = Report()
        report.text(
            "Panel \(rect) over \(input) (\(image.width)×\(image.height)), blurred with a separable Gaussian "
                + "of σ = \(NumberText.compact(sigma)) px (\(method.parameters), reach \(method.reach) px), clamped edges."
        )
        if context.reduceTransparency {
            report.warning(
                "Reduce Transparency is on (REDUCE_TRANSPARENCY=1): an app would show an opaque panel and need "
                    + "no blur at all; the numbers below are what the glass would cost.")
        }

        // Live: one region blur, timed, at full resolution and at 1/K.
        let region = effect.region(around: rect, width: image.width, height: image.height)
        var live: [(name: String, timing: Timing)] = []
        live.append(
            (
                "full resolution",
                harness.measure("live", pixels: region.area) { _ = try? effect.blurRegion(of: image, behind: rect) }
            ))
        if downsample > 1 {
            let small = try blur(factor: downsample).effect
            let smallRegion = small.region(around: rect, width: image.width, height: image.height)
            live.append(
                (
                    "1/\(downsample) resolution",
                    harness.measure("live-small", pixels: smallRegion.area) {
                        _ = try? small.blurRegion(of: image, behind: rect)
                    }
                ))
        }
        report.table(liveTable(live, region: region, context: context))

        // Parallax: both approaches, timed per frame.
        let still = parallax.snapshot()
        let moving = offsets.first { $0 != .zero } ?? .zero
        let liveFrame = harness.measure("parallax-live", pixels: rect.area) {
            _ = try? parallax.liveFrame(offset: moving)
        }
        let snapshotOnce = harness.measure("snapshot", pixels: parallax.snapshotRegion.area) { _ = parallax.snapshot() }
        let copy = harness.measure("copy", pixels: rect.area) { _ = parallax.snapshotFrame(still, offset: moving) }
        report.table(
            approachTable(
                measurement, parallax: parallax, liveFrame: liveFrame, snapshotOnce: snapshotOnce, copy: copy,
                context: context))
        report.table(frameTable(measurement))
        // For prose: how many frames differ near the snapshot's edges, and the largest difference inside.
        report.measures["frames"] = Double(measurement.frames.count)
        report.measures["framesDiffering"] = Double(measurement.frames.filter { $0.edgeMax > 0 }.count)
        report.measures["interiorMax"] = Double(measurement.interiorMax) * 255
        report.text(summary(measurement, parallax: parallax, liveFrame: liveFrame, copy: copy))

        if strip {
            let figure = try makeStrip(parallax, still: still, offsets: offsets, measurement: measurement)
            let path = try context.writePNG(try figure.render(), to: output)
            report.figure(Figure(path: path, altText: figure.altText(), caption: nil))
        }
        return report
    }

    // MARK: - Tables

    static func milliseconds(_ seconds: Double) -> Table.Cell { .significant(seconds * 1000, 3) }

    /// An interval as written, with its unit: `0 (as fast as possible)`, `1/60 s`, `0.2 s`.
    static func intervalText(_ text: String, _ value: Double) -> String {
        value == 0 ? "0 (as fast as possible)" : "\(text) s"
    }

    func liveTable(_ live: [(name: String, timing: Timing)], region: PixelRect, context: RunContext) -> Table {
        var table = Table(
            title: "Live blur: the share of one core at each update interval", name: "live-cost",
            columns: [
                Table.Column(key: "blur", title: "blur", alignRight: false),
                Table.Column(key: "msPerBlur", title: "one blur", unit: "ms"),
                Table.Column(key: "interval", title: "update interval", alignRight: false),
                Table.Column(key: "wantedPerSecond", title: "asked", unit: "/s"),
                Table.Column(key: "deliveredPerSecond", title: "delivered", unit: "/s"),
                Table.Column(key: "coreShare", title: "share of one core", unit: "%")
            ])
        for (name, timing) in live {
            for text in interval {
                let value = (try? LiveCost.parseInterval(text)) ?? 0
                let cost = LiveCost(secondsPerBlur: timing.medianSeconds, interval: value)
                table.append([
                    .text(name), Self.milliseconds(timing.medianSeconds), .text(Self.intervalText(text, value)),
                    value == 0 ? Table.Cell(value: .number(.infinity), display: "∞") : .significant(1 / value, 3),
                    .significant(cost.updatesPerSecond, 3),
                    .number(100 * cost.coreShare, digits: 1)
                ])
            }
        }
        table.notes = [
            "One blur = crop the \(region.width)×\(region.height) region behind the panel (panel plus reach), blur it, "
                + "cut out the panel. Share = time per blur / interval, at most 100 % (then the blur runs back to back "
                + "and delivers 1 / time per blur refreshes a second)."
        ]
        if let first = live.first?.timing {
            table.notes.append(
                TimingNote.describe(
                    first, width: region.width, height: region.height,
                    threads: 1, quick: context.quickTiming))
        }
        return table
    }

    func approachTable(
        _ m: ParallaxMeasurement, parallax: Parallax, liveFrame: Timing, snapshotOnce: Timing, copy: Timing,
        context: RunContext
    ) -> Table {
        var table = Table(
            title: "Parallax over \(m.frames.count) frames: re-blur every frame, or move one blurred snapshot",
            name: "parallax-cost",
            columns: [
                Table.Column(key: "approach", title: "approach", alignRight: false),
                Table.Column(key: "blurredOnce", title: "blurred once", unit: "px"),
                Table.Column(key: "msOnce", title: "once", unit: "ms"),
                Table.Column(key: "workPerFrame", title: "work per frame", alignRight: false),
                Table.Column(key: "msPerFrame", title: "per frame", unit: "ms"),
                Table.Column(key: "msTotal", title: "all frames", unit: "ms")
            ])
        let n = Double(m.frames.count)
        table.append([
            .text("(a) re-blur every frame"), .empty, .empty,
            .text("blur \(Int(m.liveBlurredPixelsPerFrame.rounded())) px"), Self.milliseconds(liveFrame.medianSeconds),
            Self.milliseconds(n * liveFrame.medianSeconds)
        ])
        table.append([
            .text("(b) move one blurred snapshot"), .integer(m.snapshotBlurredPixels),
            Self.milliseconds(snapshotOnce.medianSeconds),
            .text("copy \(m.copiedPixelsPerFrame) px"), Self.milliseconds(copy.medianSeconds),
            Self.milliseconds(snapshotOnce.medianSeconds + n * copy.medianSeconds)
        ])
        table.notes = [
            "The snapshot covers every place the panel can reach: the panel grown by \(parallax.shift) px, "
                + "\(parallax.snapshotRegion). Each step is timed like the live blur above (median of \(liveFrame.runs) runs after a warm-up"
                + (context.quickTiming ? ", quick mode" : "") + "); all frames = once + frames × per frame."
        ]
        return table
    }

    func frameTable(_ m: ParallaxMeasurement) -> Table {
        var table = Table(
            title: "(a) against (b), frame by frame (8-bit units)", name: "parallax-difference",
            columns: [
                Table.Column(key: "frame", title: "frame"),
                Table.Column(key: "offset", title: "offset", unit: "px", alignRight: false),
                Table.Column(key: "interiorPixels", title: "interior", unit: "px"),
                Table.Column(key: "interiorMax", title: "max diff", unit: "interior"),
                Table.Column(key: "edgePixels", title: "near edges", unit: "px"),
                Table.Column(key: "edgeMax", title: "max diff", unit: "near edges")
            ])
        for (i, f) in m.frames.enumerated() {
            table.append([
                .integer(i + 1), .text(Self.offsetText(f.offset)), .integer(f.interiorPixels),
                .significant(Double(f.interiorMax) * 255, 3), .integer(f.edgePixels),
                .significant(Double(f.edgeMax) * 255, 3)
            ])
        }
        table.notes = [
            "Interior: pixels whose blur window lies inside the snapshot (or meets only the picture's border). "
                + "Near edges: within the blur's reach of a snapshot edge, where the snapshot's blur saw clamped copies "
                + "instead of the picture."
        ]
        return table
    }

    static func offsetText(_ o: SIMD2<Int>) -> String {
        func signed(_ v: Int) -> String { v > 0 ? "+\(v)" : v < 0 ? "−\(-v)" : "0" }
        return "(\(signed(o.x)), \(signed(o.y)))"
    }

    func summary(_ m: ParallaxMeasurement, parallax: Parallax, liveFrame: Timing, copy: Timing) -> String {
        let interior = Double(m.interiorMax) * 255, edge = Double(m.edgeMax) * 255
        let speedUp = copy.medianSeconds > 0 ? liveFrame.medianSeconds / copy.medianSeconds : .infinity
        return "Over \(m.frames.count) frames the moved snapshot equals the re-blurred panel inside "
            + "(largest difference \(NumberText.significant(interior, 3)), "
            + (interior == 0 ? "bit for bit" : "Float32 rounding") + ")"
            + (edge == 0
                ? " and near the snapshot's edges too. A frame costs "
                : " and differs near the snapshot's edges by up to \(NumberText.significant(edge, 3)) in 8-bit units. A frame costs ")
            + "\(NumberText.significant(liveFrame.medianSeconds * 1000, 3)) ms re-blurred and "
            + "\(NumberText.significant(copy.medianSeconds * 1000, 3)) ms copied, about \(NumberText.significant(speedUp, 2))× less."
    }

    // MARK: - Strip

    /// Three frames (at rest and the two extremes) of both approaches and their amplified difference,
    /// cropped to the snapshot and a margin.
    func makeStrip(_ parallax: Parallax, still: RGBAImage, offsets: [SIMD2<Int>], measurement: ParallaxMeasurement)
        throws -> Strip
    {
        let n = offsets.count
        var chosen: [Int] = []
        for i in [0, n / 4, (3 * n) / 4] where i < n && !chosen.contains(i) { chosen.append(i) }
        let image = parallax.background
        let view = parallax.snapshotRegion.expanded(by: 16).intersection(image.bounds)
        let amplification = Strip.automaticAmplification(largest: Double(measurement.edgeMax) * 255)
        var lives: [RGBAImage] = [], moved: [RGBAImage] = []
        for i in chosen {
            lives.append(
                parallax.place(try parallax.liveFrame(offset: offsets[i]), offset: offsets[i]).cropped(to: view))
            moved.append(
                parallax.place(parallax.snapshotFrame(still, offset: offsets[i]), offset: offsets[i]).cropped(to: view))
        }
        var figure = Strip(title: "Parallax: (a) re-blurred each frame, (b) one blurred snapshot moved")
        figure.columns = chosen.count
        // Frames of a small panel would come out smaller than their captions: show them twice as large.
        if chosen.count * view.width * 2 <= 2000 { figure.scale = .enlarge(2) }
        for (k, i) in chosen.enumerated() {
            figure.add(lives[k], caption: "(a) frame \(i + 1), offset \(Self.offsetText(offsets[i]))")
        }
        for (k, i) in chosen.enumerated() {
            figure.add(moved[k], caption: "(b) frame \(i + 1), snapshot moved")
        }
        for (k, i) in chosen.enumerated() {
            let f = measurement.frames[i]
            figure.addDifference(
                moved[k], reference: lives[k], amplification: amplification,
                caption: "|a − b|, frame \(i + 1)",
                "inside \(NumberText.significant(Double(f.interiorMax) * 255, 2)) · edges \(NumberText.significant(Double(f.edgeMax) * 255, 3))"
            )
        }
        return figure
    }
}
