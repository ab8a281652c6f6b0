import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// The built-in zone plate stays within the pixel grid's limit: no local frequency above π.
final class ZonePlateTests: XCTestCase {
    /// The local frequency measured from the phase differences between neighbouring pixels,
    /// `√(Δxφ² + Δyφ²)`, stays ≤ π everywhere (a step above π between samples would alias) and
    /// comes within 2 % of π, so the plate still spans the whole band.
    func testLocalFrequencyNeverExceedsPi() {
        for (width, height) in [(256, 256), (360, 200), (65, 33)] {
            var largest = 0.0
            for y in 0..<(height - 1) {
                for x in 0..<(width - 1) {
                    let phase = BuiltinImage.zonePlatePhase(x: x, y: y, width: width, height: height)
                    let alongX = BuiltinImage.zonePlatePhase(x: x + 1, y: y, width: width, height: height) - phase
                    let alongY = BuiltinImage.zonePlatePhase(x: x, y: y + 1, width: width, height: height) - phase
                    largest = max(largest, (alongX * alongX + alongY * alongY).squareRoot())
                }
            }
            XCTAssertLessThanOrEqual(largest, Double.pi, "\(width)×\(height)")
            XCTAssertGreaterThan(largest, 0.98 * Double.pi, "\(width)×\(height)")
        }
    }

    /// The pixels are ½ + ½·cos(phase), checked at three pixels computed by hand.
    func testPixelsFollowThePhase() {
        let image = BuiltinImage.zoneplate.make(width: 64, height: 48)
        // Centre (32, 24): r = 0, phase 0, value 1. Corner (0, 0): r² = 32² + 24² = 1600 = ρ²,
        // s = π/(2·40), phase = 1600·π/80 = 20π, value ½ + ½·cos(20π) = 1.
        XCTAssertEqual(image[32, 24].x, 1, accuracy: 1e-6)
        XCTAssertEqual(image[0, 0].x, 1, accuracy: 1e-5)
        // (32 + 4, 24): r² = 16, phase = 16π/80 = π/5, value ½ + ½·cos(π/5) ≈ 0.904508.
        XCTAssertEqual(image[36, 24].x, 0.904508, accuracy: 1e-5)
    }
}
