import XCTest

@testable import BlurCore

/// The box family's rings and the fused sweep's copy of the rows below the seam are not zeroed
/// (`PixelMemory.unzeroedScratch`): every float must be written before it is read. With the
/// scratch filled with NaN instead, every schedule on one and two threads gives the pixels it
/// gives on zeroed scratch, and none is NaN.
final class FreshScratchTests: XCTestCase {
    func testNoFloatOfTheRingsIsReadBeforeItIsWritten() {
        let plans: [(String, (Int, EdgeMode) -> BoxPlan)] = [
            ("box 2 3 1", { BoxPlan(radii: [2, 3, 1], count: $0, edges: $1) }),
            ("box 4 4 5", { BoxPlan(radii: [4, 4, 5], count: $0, edges: $1) }),
            ("box 1 1", { BoxPlan(radii: [1, 1], count: $0, edges: $1) }),
            ("extended 2 α 0.3 × 3", { BoxPlan(radii: [2, 2, 2], count: $0, edges: $1, shape: .extended(alpha: 0.3)) }),
            ("triangle 3", { BoxPlan(radii: [3], count: $0, edges: $1, shape: .triangle) })
        ]
        let saved = PixelMemory.poisonsFreshScratch
        defer { PixelMemory.poisonsFreshScratch = saved }
        for (width, height) in [(45, 61), (19, 90), (33, 38)] {
            let image = BlurReference.randomImage(width: width, height: height, seed: UInt64(width + height))
            for edges in [EdgeMode.zero, .clamp, .reflect, .mirror] {
                for (name, plan) in plans {
                    let rows = plan(width, edges), columns = plan(height, edges)
                    guard BoxPlan.streams(columns, edges: edges) else { continue }
                    for schedule in [IteratedBox.Schedule.fused, .streamed] {
                        for threads in [1, 2] {
                            var outputs: [[Float]] = []
                            for poison in [false, true] {
                                PixelMemory.poisonsFreshScratch = poison
                                var out = image
                                PixelMemory.withPixels(of: &out) { pixels in
                                    boxStreamed(
                                        pixels, width: width, rowPlan: rows, columnPlan: columns, threads: threads,
                                        schedule: schedule)
                                }
                                outputs.append(out.pixels)
                            }
                            let label = "\(width)×\(height) \(edges) \(name) \(schedule) \(threads) threads"
                            XCTAssertFalse(outputs[1].contains { $0.isNaN }, label)
                            XCTAssertTrue(outputs[1] == outputs[0], label)
                        }
                    }
                }
            }
        }
    }
}
