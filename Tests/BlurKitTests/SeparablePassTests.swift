@testable import BlurCore
import XCTest

/// `Separable.directions`: one pass alone is the two-pass blur's intermediate image.
final class SeparablePassTests: XCTestCase {
    let weights: [Float] = [0.25, 0.5, 0.25]

    func impulse() -> RGBAImage {
        var image = RGBAImage(width: 7, height: 5)
        image[3, 2] = SIMD4(1, 1, 1, 1)
        return image
    }

    func testTheHorizontalPassBlursOnlyTheRow() {
        var rows = Separable(weights: weights)
        rows.directions = .rows
        var image = impulse()
        rows.blur(&image, edges: .zero, threads: 1)
        XCTAssertEqual([2, 3, 4].map { image[$0, 2].x }, [0.25, 0.5, 0.25])
        for y in [0, 1, 3, 4] { for x in 0..<7 { XCTAssertEqual(image[x, y].x, 0, "(\(x), \(y))") } }
        XCTAssertEqual(rows.parameters, "R=1, 3 taps, rows only")
        XCTAssertEqual(rows.counters(width: 7, height: 5, edges: .zero), CostCounters(reads: 3, passes: 1))
    }

    func testRowsThenColumnsIsBothPasses() {
        var rows = Separable(weights: weights), columns = Separable(weights: weights)
        rows.directions = .rows
        columns.directions = .columns
        for threads in [1, 2] {
            var stepwise = impulse(), whole = impulse()
            rows.blur(&stepwise, edges: .clamp, threads: threads)
            columns.blur(&stepwise, edges: .clamp, threads: threads)
            Separable(weights: weights).blur(&whole, edges: .clamp, threads: threads)
            XCTAssertEqual(stepwise.pixels, whole.pixels)
        }
    }
}
