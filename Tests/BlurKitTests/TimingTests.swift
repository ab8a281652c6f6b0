import XCTest

@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class TimingTests: XCTestCase {
    func testSummaryOfKnownRuns() {
        let t = Timing(label: "x", pixels: 1_000, seconds: [3e-6, 1e-6, 2e-6, 10e-6])
        XCTAssertEqual(t.medianSeconds, 2.5e-6, accuracy: 1e-15)
        XCTAssertEqual(t.nanosecondsPerPixel, 2.5, accuracy: 1e-9)
        XCTAssertEqual(t.minimumNanosecondsPerPixel, 1, accuracy: 1e-9)
        XCTAssertEqual(t.maximumNanosecondsPerPixel, 10, accuracy: 1e-9)
        XCTAssertEqual(t.megapixelsPerSecond, 400, accuracy: 1e-6)
    }

    func testHarnessRunsWarmupAndTheRequestedCount() {
        var calls = 0
        let harness = TimingHarness(warmupRuns: 2, minimumRuns: 4, maximumRuns: 4, budgetSeconds: 0)
        let t = harness.measure("count", pixels: 10) { calls += 1 }
        XCTAssertEqual(calls, 6, "2 warm-up + 4 timed")
        XCTAssertEqual(t.runs, 4)
    }

    func testKernelsAreOptimisedInEveryConfiguration() {
        XCTAssertTrue(BuildInfo.kernelsOptimised, "BlurKit must be compiled with -O (Package.swift)")
    }

    func testKernelsAreCompiledAsInReleaseInEveryConfiguration() {
        XCTAssertTrue(
            BuildInfo.kernelsAsInRelease,
            "BlurCore must be compiled whole-module with -D BLURCORE_WHOLE_MODULE (Package.swift)")
    }
}
