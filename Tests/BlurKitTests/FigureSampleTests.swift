import Foundation
import TestSupport
import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Renders the sample figures a lesson would show and checks their shape. They are written to a
/// temporary folder, or — with `BLURKIT_FIGURE_SAMPLES=/some/folder` — kept there to be looked at
/// the way a teacher would see them projected.
final class FigureSampleTests: XCTestCase {
    func sampleFolder() throws -> String {
        if let kept = ProcessInfo.processInfo.environment["BLURKIT_FIGURE_SAMPLES"] { return kept }
        return try temporaryFolder("blurkit-samples")
    }

    func save(_ strip: Strip, _ name: String) throws -> RGBAImage {
        let image = try strip.render()
        let folder = try sampleFolder()
        try PNG.write(image, to: folder + "/" + name + ".png")
        try AtomicFile.write(text: strip.altText() + "\n", to: folder + "/" + name + ".txt")
        return image
    }

    func testFourPanelStripWithInsetAndDifference() throws {
        let source = BuiltinImage.edges.make(width: 256, height: 256)
        let box = BoxAverage(radius: 3).apply(source, edges: .clamp)
        let twice = BoxAverage(radius: 2).apply(BoxAverage(radius: 2).apply(source, edges: .clamp), edges: .clamp)
        var strip = Strip(title: "One box pass against two · builtin:edges")
        strip.add(source, caption: "original", "256×256")
        strip.add(box, caption: "box · r = 3", "one pass")
        strip.add(twice, caption: "box ∗ box · r = 2", "two passes")
        let largest = (Strip.difference(twice, reference: box).max() ?? 0) * 255
        strip.addDifference(twice, reference: box, amplification: 16, caption: "two − one", "max err \(Plot.short(Double(largest))) (8-bit)")
        strip.inset = Strip.Inset(x: 150, y: 100, width: 32, height: 32)
        let image = try save(strip, "strip-four-panels")
        XCTAssertTrue((1100...1700).contains(image.width), "\(image.width)")
        XCTAssertEqual(strip.layout().insetZoom, 8)
    }

    /// A 48×48 disc with a soft transparent edge: shows the checkerboard and a whole enlargement.
    static func translucentDisc(size: Int = 48) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        let c = Double(size) / 2
        for y in 0..<size { for x in 0..<size {
            let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
            let a = Float(max(0, min(1, (c - 2 - (dx * dx + dy * dy).squareRoot()) / 6)))
            image[x, y] = SIMD4(0.1, 0.45, 0.85, a)
        } }
        return image
    }

    func testSmallTranslucentStrip() throws {
        let disc = Self.translucentDisc()
        let blurred = BoxAverage(radius: 2).apply(disc, edges: .zero)
        var strip = Strip(title: "Alpha: a translucent disc, blurred")
        strip.add(disc, caption: "original", "48×48, soft edge")
        strip.add(blurred, caption: "box · r = 2", "premultiplied")
        strip.addDifference(blurred, reference: disc, amplification: 4, caption: "difference")
        strip.inset = Strip.Inset(x: 4, y: 20, width: 8, height: 8)
        _ = try save(strip, "strip-small-alpha")
        XCTAssertEqual(strip.automaticScale, .enlarge(9))
    }

    func testLargeStripIsReduced() throws {
        let big = BuiltinImage.zoneplate.make(width: 1024, height: 768)
        let boxed = BoxAverage(radius: 4).apply(big, edges: .mirror)
        var strip = Strip(title: "Zone plate 1024×768, shown at half size")
        strip.add(big, caption: "zone plate")
        strip.add(boxed, caption: "box · r = 4")
        strip.addDifference(boxed, reference: big, amplification: 1, caption: "box − original")
        strip.inset = Strip.Inset(x: 900, y: 640, width: 64, height: 64, zoom: 4)
        let image = try save(strip, "strip-large-reduced")
        XCTAssertEqual(strip.automaticScale, .reduce(2))
        XCTAssertLessThan(image.width, 1700)
    }

    func testSixPanelsInTwoRows() throws {
        let checker = BuiltinImage.checker.make(width: 128, height: 128)
        var strip = Strip(title: "Box blurs of growing radius")
        for r in 0..<6 {
            strip.add(r == 0 ? checker : BoxAverage(radius: r).apply(checker, edges: .wrap), caption: r == 0 ? "original" : "box · r = \(r)")
        }
        strip.columns = 3
        _ = try save(strip, "strip-grid")
        let frames = strip.layout().panelFrames
        XCTAssertEqual(frames[3].x, frames[0].x)
        XCTAssertGreaterThan(frames[3].y, frames[0].maxY)
    }

    static func samplePlot() -> Plot {
        let sigmas = [1.0, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32]
        var plot = Plot(title: "Error against σ (builtin:edges)", xLabel: "σ (px)", yLabel: "max |error| (8-bit units)", logX: true, logY: true)
        plot.add("box ×1", x: sigmas, y: sigmas.map { 14 / (1 + 0.05 * $0) })
        plot.add("box ×3", x: sigmas, y: sigmas.map { 2.4 / (1 + 0.1 * $0) }, style: .linesPoints)
        plot.add("separable, 3σ", x: sigmas, y: sigmas.map { 0.011 * (1 + 0.01 * $0) }, style: .points)
        plot.add("downsampled ×4", x: sigmas, y: sigmas.map { 0.5 * $0 }, style: .steps)
        return plot
    }

    func testSamplePlotsWithGnuplotAndWithTheFallback() throws {
        let folder = try sampleFolder()
        let plot = Self.samplePlot()
        XCTAssertTrue(try plot.write(name: "plot-fallback", in: folder, searchPath: "/nonexistent").usedFallback)
        var kernel = Plot(title: "Box kernel, r = 3: impulse response", xLabel: "offset (px)", yLabel: "weight")
        let offsets = Array(stride(from: -6.0, through: 6, by: 0.25))
        kernel.add("box", x: (-6...6).map(Double.init), y: (-6...6).map { abs($0) <= 3 ? 1.0 / 7 : 0 }, style: .impulses)
        kernel.add("Gaussian σ = 2", x: offsets, y: offsets.map { exp(-$0 * $0 / 8) / (2 * (2 * Double.pi).squareRoot()) })
        XCTAssertTrue(try kernel.write(name: "plot-linear-fallback", in: folder, searchPath: "").usedFallback)
        guard let gnuplot = Gnuplot.locate(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "") else {
            throw XCTSkip("gnuplot is not on the PATH")
        }
        let path = (gnuplot as NSString).deletingLastPathComponent
        XCTAssertFalse(try plot.write(name: "plot-gnuplot", in: folder, searchPath: path).usedFallback)
        XCTAssertFalse(try kernel.write(name: "plot-linear-gnuplot", in: folder, searchPath: path).usedFallback)
        try AtomicFile.write(text: plot.sparklines() + "\n\n" + kernel.sparklines() + "\n", to: folder + "/sparklines.txt")
    }
}
