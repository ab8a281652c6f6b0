import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class EffectsParallaxTests: XCTestCase {
    let background = BuiltinImage.noise.make(width: 48, height: 40)
    let panel = PixelRect(x: 14, y: 12, width: 20, height: 14)

    /// A direct box average: identical sums wherever a crop starts, so translation is exact.
    func directBox(_ radius: Int) -> EffectBlur {
        EffectBlur(reach: radius) { BoxAverage(radius: radius).apply($0, edges: .clamp) }
    }

    /// A running-sum box (horizontal then vertical, clamped edges): the order of additions depends
    /// on where the crop starts, so translated results differ by Float32 rounding.
    func runningBox(_ radius: Int) -> EffectBlur {
        EffectBlur(reach: radius) { image in
            func pass(_ src: RGBAImage, horizontal: Bool) -> RGBAImage {
                var dst = src
                let lines = horizontal ? src.height : src.width, count = horizontal ? src.width : src.height
                func at(_ line: Int, _ i: Int) -> SIMD4<Float> {
                    let c = min(max(i, 0), count - 1)
                    return horizontal ? src[c, line] : src[line, c]
                }
                for line in 0..<lines {
                    var sum = SIMD4<Float>.zero
                    for i in -radius...radius { sum += at(line, i) }
                    for i in 0..<count {
                        let value = sum / Float(2 * radius + 1)
                        if horizontal { dst[i, line] = value } else { dst[line, i] = value }
                        sum += at(line, i + radius + 1) - at(line, i - radius)
                    }
                }
                return dst
            }
            return pass(pass(image, horizontal: true), horizontal: false)
        }
    }

    func testFigureOfEightOffsets() {
        // θ = 2πi/8: (round(6 sin θ), round(3 sin 2θ)).
        let offsets = Parallax.offsets(frames: 8, shift: 6)
        XCTAssertEqual(offsets.map(\.x), [0, 4, 6, 4, 0, -4, -6, -4])
        XCTAssertEqual(offsets.map(\.y), [0, 3, 0, -3, 0, 3, 0, -3])
    }

    func testInteriorIsExactAndEdgesDifferWithADirectBox() throws {
        let parallax = try Parallax(background: background, panel: panel, shift: 6, blur: directBox(3))
        let result = try parallax.measure(offsets: Parallax.offsets(frames: 8, shift: 6))
        XCTAssertEqual(result.interiorMax, 0, "blur commutes with translation")
        XCTAssertGreaterThan(result.edgeMax, 0.01, "the snapshot's edges saw clamped pixels, not the picture")
        for frame in result.frames {
            XCTAssertEqual(frame.interiorPixels + frame.edgePixels, panel.area)
            XCTAssertGreaterThan(frame.interiorPixels, 0)
        }
        // At rest the panel is 6 pixels from every snapshot edge, more than the reach 3: no edge pixels.
        XCTAssertEqual(result.frames[0].edgePixels, 0)
        XCTAssertEqual(result.frames[2].edgePixels, 3 * panel.height, "moved right by 6: three columns within reach")
    }

    func testInteriorDifferenceIsWithinFloat32RoundingWithRunningSums() throws {
        let parallax = try Parallax(background: background, panel: panel, shift: 6, blur: runningBox(3))
        let result = try parallax.measure(offsets: Parallax.offsets(frames: 8, shift: 6))
        // Values in 0...1 summed over 7 terms twice with add/subtract updates: a few ulps of 1.
        XCTAssertLessThanOrEqual(result.interiorMax, 1e-5)
        XCTAssertGreaterThan(result.edgeMax, 0.01)
    }

    func testPictureBorderIsNotAnEdge() throws {
        // The snapshot reaches the picture's left border, where both approaches clamp alike.
        let atBorder = PixelRect(x: 6, y: 12, width: 20, height: 14)
        let parallax = try Parallax(background: background, panel: atBorder, shift: 6, blur: directBox(3))
        XCTAssertEqual(parallax.snapshotRegion.x, 0)
        XCTAssertTrue(parallax.isInterior(x: 0, y: 20))
        let result = try parallax.measure(offsets: [SIMD2(-6, 0)])
        XCTAssertEqual(result.frames[0].edgePixels, 0)
        XCTAssertEqual(result.interiorMax, 0)
    }

    func testWorkPerApproach() throws {
        let parallax = try Parallax(background: background, panel: panel, shift: 6, blur: directBox(3))
        let result = try parallax.measure(offsets: [SIMD2(0, 0), SIMD2(6, -6)])
        XCTAssertEqual(result.snapshotBlurredPixels, (20 + 12) * (14 + 12))
        XCTAssertEqual(result.liveBlurredPixelsPerFrame, Double((20 + 6) * (14 + 6)))
        XCTAssertEqual(result.copiedPixelsPerFrame, 20 * 14)
    }

    func testPlacesContentAtTheOffset() throws {
        let parallax = try Parallax(background: background, panel: panel, shift: 6, blur: directBox(1))
        let content = RGBAImage(width: 20, height: 14, fill: SIMD4(1, 0, 0, 1))
        let placed = parallax.place(content, offset: SIMD2(2, -1))
        XCTAssertEqual(placed[16, 11], SIMD4(1, 0, 0, 1))
        XCTAssertEqual(placed[15, 11], background[15, 11])
        XCTAssertEqual(placed[35, 24], SIMD4(1, 0, 0, 1))
        XCTAssertEqual(placed[36, 24], background[36, 24])
    }

    func testTravelMustStayInsideThePicture() {
        XCTAssertThrowsError(try Parallax(background: background, panel: panel, shift: 15, blur: directBox(1))) {
            XCTAssertTrue("\($0)".contains("15"))
        }
        XCTAssertThrowsError(try Parallax(background: background, panel: panel, shift: -1, blur: directBox(1)))
    }
}
