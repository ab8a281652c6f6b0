import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsLiveCostTests: XCTestCase {
    func testShareIsCostOverInterval() {
        // 5 ms per blur: 0.005 / (1/60) = 0.3 of a core at 60 Hz; 0.005 / 0.2 = 0.025 at 7blur's 0.2 s.
        let costs = LiveCost.commonIntervals.map { LiveCost(secondsPerBlur: 0.005, interval: $0) }
        XCTAssertEqual(costs[0].coreShare, 0.3, accuracy: 1e-12)
        XCTAssertEqual(costs[1].coreShare, 0.025, accuracy: 1e-12)
        XCTAssertTrue(costs[0].keepsUp)
        XCTAssertEqual(costs[0].updatesPerSecond, 60, accuracy: 1e-9)
    }

    func testABlurSlowerThanTheIntervalSaturatesOneCore() {
        // 50 ms per blur at 60 Hz asks for 3 cores' worth; one core delivers 20 updates a second.
        let cost = LiveCost(secondsPerBlur: 0.05, interval: 1.0 / 60)
        XCTAssertEqual(cost.requestedShare, 3, accuracy: 1e-12)
        XCTAssertEqual(cost.coreShare, 1)
        XCTAssertFalse(cost.keepsUp)
        XCTAssertEqual(cost.updatesPerSecond, 20, accuracy: 1e-9)
        // FXBlurView's default interval 0: as fast as possible, a whole core.
        XCTAssertEqual(LiveCost(secondsPerBlur: 0.002, interval: 0).coreShare, 1)
        XCTAssertEqual(LiveCost(secondsPerBlur: 0.002, interval: 0).updatesPerSecond, 500, accuracy: 1e-9)
    }

    func testParsesIntervals() throws {
        XCTAssertEqual(try LiveCost.parseInterval("0.2"), 0.2)
        XCTAssertEqual(try LiveCost.parseInterval("1/60"), 1.0 / 60)
        XCTAssertEqual(try LiveCost.parseInterval("0"), 0)
        for bad in ["abc", "1/0", "-1", "1/2/3", ""] {
            XCTAssertThrowsError(try LiveCost.parseInterval(bad), bad) { XCTAssertTrue("\($0)".contains("\"\(bad)\"")) }
        }
    }
}
