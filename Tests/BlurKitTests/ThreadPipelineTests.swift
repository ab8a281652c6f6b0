import BlurCore
import Dispatch
import XCTest

/// The two-thread fused iterated box's two halves meet every step, so they must run at the same time: it
/// runs them on a thread of its own, so a blur on two threads called from inside another parallel
/// loop (whose Dispatch workers are all busy) still finishes, with one thread's pixels.
final class ThreadPipelineTests: XCTestCase {
    func testTwoThreadBoxInsideAParallelLoopFinishesWithOneThreadsPixels() {
        var state: UInt64 = 38
        let pixels = (0..<(4 * 96 * 80)).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        let image = RGBAImage(width: 96, height: 80, pixels: pixels)
        let box = IteratedBox(widths: [5, 7, 7])
        let one = image.blurred(by: box, edges: .clamp, threads: 1)
        let results = UnsafeMutablePointer<RGBAImage?>.allocate(capacity: 8)
        results.initialize(repeating: nil, count: 8)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            slots[i] = image.blurred(by: box, edges: .clamp, threads: 2)
        }
        for i in 0..<8 { XCTAssertEqual(results[i]?.pixels, one.pixels, "blur \(i)") }
    }
}
