import Foundation

/// One timing harness for every timing column the explorer prints.
///
/// A measurement is a warm-up run, then N timed runs — N adapts so a measurement takes about
/// `budgetSeconds` (between `minimumRuns` and `maximumRuns`) — reported as the median with the
/// minimum and maximum, in nanoseconds per pixel and megapixels per second.
public struct TimingHarness: Sendable {
    /// Untimed runs before the timed ones.
    package var warmupRuns: Int
    /// Timed runs at least, however long they take.
    package var minimumRuns: Int
    /// Timed runs at most, however quick they are.
    package var maximumRuns: Int
    /// About how long a measurement's timed runs take together, in seconds.
    package var budgetSeconds: Double

    /// A harness; the defaults are `standard`'s.
    package init(warmupRuns: Int = 1, minimumRuns: Int = 5, maximumRuns: Int = 25, budgetSeconds: Double = 0.1) {
        precondition(
            warmupRuns >= 0 && minimumRuns >= 1 && maximumRuns >= minimumRuns,
            "runs: warm-up \(warmupRuns), minimum \(minimumRuns), maximum \(maximumRuns)")
        self.warmupRuns = warmupRuns
        self.minimumRuns = minimumRuns
        self.maximumRuns = maximumRuns
        self.budgetSeconds = budgetSeconds
    }

    /// The harness for lessons and `compare`: about 0.1 s per measured method, at least five runs.
    ///
    /// The budget keeps `explorer all`, which makes dozens of measurements, quick
    /// (docs/performance.md, "Timing harness"). Fast methods still get 10–25 runs and slow
    /// ones the minimum of five, and the tables print the spread (minimum–maximum) beside every
    /// median, so a noisy measurement shows as one.
    public static let standard = TimingHarness()
    /// A short harness for tests and `--quick` lesson runs: one warm-up and three runs.
    public static let quick = TimingHarness(warmupRuns: 1, minimumRuns: 3, maximumRuns: 3, budgetSeconds: 0)

    /// Times `body`, which processes `pixels` pixels per run.
    ///
    /// - Parameters:
    ///   - label: what was timed, carried into the result.
    ///   - pixels: pixels per run, for ns/px.
    ///   - body: one run of the work; its result should be consumed by the caller to keep it alive.
    public func measure(_ label: String, pixels: Int, _ body: () -> Void) -> Timing {
        precondition(pixels > 0, "pixels (\(pixels)) must be positive")
        var firstWarmup: Double?
        for _ in 0..<warmupRuns {
            let t = Self.seconds(body)
            if firstWarmup == nil { firstWarmup = t }
        }
        var runs: [Double] = []
        let estimate = firstWarmup ?? Self.seconds(body)
        if warmupRuns == 0 { runs.append(estimate) }
        let wanted = estimate > 0 ? Int(budgetSeconds / estimate) : maximumRuns
        let count = min(maximumRuns, max(minimumRuns, wanted))
        while runs.count < count { runs.append(Self.seconds(body)) }
        return Timing(label: label, pixels: pixels, seconds: runs)
    }

    /// The wall-clock seconds one call of `body` takes.
    package static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
    }
}

/// The runs of one timed operation and their summary.
public struct Timing: Sendable, Equatable {
    /// What was timed (a method's name and parameters).
    public let label: String
    /// Pixels per run, for the per-pixel figures.
    package let pixels: Int
    /// Every timed run, in seconds, in the order run.
    package let seconds: [Double]

    /// A timing from its runs; there must be at least one.
    package init(label: String, pixels: Int, seconds: [Double]) {
        precondition(!seconds.isEmpty, "a timing needs at least one run")
        self.label = label
        self.pixels = pixels
        self.seconds = seconds
    }

    /// The number of timed runs.
    public var runs: Int { seconds.count }
    /// The median run (the mean of the two middle runs for an even count).
    public var medianSeconds: Double {
        let s = seconds.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    /// The quickest run.
    public var minimumSeconds: Double { seconds.min()! }
    /// The slowest run.
    public var maximumSeconds: Double { seconds.max()! }

    /// The median run in nanoseconds per pixel.
    public var nanosecondsPerPixel: Double { medianSeconds * 1e9 / Double(pixels) }
    /// The quickest run in nanoseconds per pixel.
    package var minimumNanosecondsPerPixel: Double { minimumSeconds * 1e9 / Double(pixels) }
    /// The slowest run in nanoseconds per pixel.
    package var maximumNanosecondsPerPixel: Double { maximumSeconds * 1e9 / Double(pixels) }
    /// Pixels per second of the median run, in millions.
    package var megapixelsPerSecond: Double { Double(pixels) / medianSeconds / 1e6 }
}

/// How this build was made, printed with every timing table.
package enum BuildInfo {
    /// Whether BlurKit's kernels were compiled with optimisation (true in debug too: see Package.swift).
    package static var kernelsOptimised: Bool { !_isDebugAssertConfiguration() }

    /// Whether BlurCore was compiled as release compiles it: optimised, as one whole module, so
    /// its generic loops are inlined and specialised across files. Package.swift passes
    /// `-D BLURCORE_WHOLE_MODULE` with `-wmo` in every configuration; without it (a debug build
    /// compiled file by file) some methods run several times slower than in release.
    public static var kernelsAsInRelease: Bool {
        #if BLURCORE_WHOLE_MODULE
            kernelsOptimised
        #else
            false
        #endif
    }

    /// The cores the system reports.
    package static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
