import Foundation

/// Times blur methods the way `bench` and the time-against-σ plot report them: in place, on one
/// image, through one `TimingHarness`, and fits how the time grows with σ.
///
/// Each run blurs the working image in place, as the kernels do: no copy is timed (the warm-up
/// run makes the one copy away from the caller's image). Blurring blurred noise costs the same as
/// blurring noise: the kernels do not depend on pixel values.
package struct BlurTimer: Sendable {
    /// A full-size blur that takes longer than this, in seconds, is timed on the crop instead.
    package static let cropAboveSeconds = 2.0

    /// How many runs, and how long.
    package var harness: TimingHarness
    /// Threads each blur is given.
    package var threads: Int
    /// The edge mode each blur reads with.
    package var edges: EdgeMode

    /// A timer with `harness`, `threads` and `edges`.
    package init(harness: TimingHarness, threads: Int, edges: EdgeMode = .clamp) {
        self.harness = harness
        self.threads = threads
        self.edges = edges
    }

    /// Times `method` on `image`; with a `crop`, one probe blur of `image` comes first, and when it
    /// takes over `cropAboveSeconds` the method is timed on `crop` instead (`cropped` says so).
    ///
    /// - Parameters:
    ///   - method: the blur to time.
    ///   - label: what was timed, carried into the timing.
    ///   - image: the image to blur: the runs blur one copy of it in turn, each run the previous
    ///     run's result.
    ///   - crop: a smaller image for methods that may be too slow at full size; nil times `image`.
    package func time(
        _ method: any BlurMethod, label: String, on image: RGBAImage,
        orCrop crop: RGBAImage? = nil
    ) -> (timing: Timing, cropped: Bool) {
        var target = image
        var cropped = false
        if let crop {
            let probe = TimingHarness.seconds { method.blur(&target, edges: edges, threads: threads) }
            target = image
            if probe > Self.cropAboveSeconds {
                target = crop
                cropped = true
            }
        }
        // A copy of its own, as `blurred(by:)` makes (on huge pages where the system gives them),
        // so that no run pays for copying on write.
        var work = RGBAImage(
            width: target.width, height: target.height,
            pixels: PixelMemory.array(count: target.pixels.count) { buffer, initialized in
                _ = buffer.initialize(from: target.pixels)
                initialized = target.pixels.count
            })
        let timing = harness.measure(label, pixels: work.pixelCount) {
            method.blur(&work, edges: edges, threads: threads)
        }
        return (timing, cropped)
    }

    /// The least-squares slope of log(time) against log(σ): about 0 for a method whose cost does
    /// not depend on σ, 1 for O(σ), 2 for O(σ²); nil for fewer than two points or a single σ.
    package static func slope(_ points: [(sigma: Double, nanoseconds: Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let xs = points.map { Foundation.log($0.sigma) }, ys = points.map { Foundation.log($0.nanoseconds) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxx = zip(xs, xs).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - mx) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        return sxx > 0 ? sxy / sxx : nil
    }
}
