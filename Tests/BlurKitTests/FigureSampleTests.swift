import Foundation
import XCTest
@testable import BlurKit

/// Renders the sample figures; with `BLURKIT_FIGURE_SAMPLES=/some/folder` set, also writes them
/// there as PNG to be looked at (the way a teacher would see them projected).
final class FigureSampleTests: XCTestCase {
    static let folder = ProcessInfo.processInfo.environment["BLURKIT_FIGURE_SAMPLES"]

    func save(_ image: RGBAImage, _ name: String) throws {
        guard let folder = Self.folder else { return }
        try PNG.write(image, to: folder + "/" + name)
    }

    func testFourPanelStripWithInsetAndDifference() throws {
        let source = BuiltinImage.edges.make(width: 256, height: 256)
        let box = BoxAverage(radius: 3).apply(source, edges: .clamp)
        let twice = BoxAverage(radius: 2).apply(BoxAverage(radius: 2).apply(source, edges: .clamp), edges: .clamp)
        var strip = Strip(title: "Box blur against iterated box · r = 3")
        strip.add(source, caption: "original", "builtin:edges")
        strip.add(box, caption: "box · r = 3", "one pass")
        strip.add(twice, caption: "box ∗ box · r = 2", "two passes")
        strip.addDifference(twice, reference: box, amplification: 16, caption: "two − one", "max err 12.3 (8-bit)")
        strip.inset = Strip.Inset(x: 150, y: 100, width: 32, height: 32)
        let image = try strip.render()
        XCTAssertEqual(image.width, strip.layout().width)
        try save(image, "strip-four-panels.png")
    }
}

extension FigureSampleTests {
    static func samplePlot() -> Plot {
        let sigmas = [1.0, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32]
        var plot = Plot(title: "Error against σ (builtin:edges)", xLabel: "σ (px)", yLabel: "max |error| (8-bit units)", logX: true, logY: true)
        plot.add("box ×1", x: sigmas, y: sigmas.map { 14 / (1 + 0.05 * $0) })
        plot.add("box ×3", x: sigmas, y: sigmas.map { 2.4 / (1 + 0.1 * $0) }, style: .linesPoints)
        plot.add("separable, 3σ", x: sigmas, y: sigmas.map { 0.011 * (1 + 0.01 * $0) }, style: .points)
        plot.add("downsampled ×4", x: sigmas, y: sigmas.map { 0.5 * $0 }, style: .steps)
        return plot
    }

    func testSamplePlots() throws {
        guard let folder = Self.folder else { return }
        let plot = Self.samplePlot()
        _ = try plot.write(name: "plot-gnuplot", in: folder)
        _ = try plot.write(name: "plot-fallback", in: folder, searchPath: "/nonexistent")
        var linear = Plot(title: "Box kernel, r = 3: impulse response", xLabel: "offset (px)", yLabel: "weight")
        linear.add("box", x: (-6...6).map(Double.init), y: (-6...6).map { abs($0) <= 3 ? 1.0 / 7 : 0 }, style: .impulses)
        linear.add("Gaussian σ = 2", x: stride(from: -6.0, through: 6, by: 0.25).map { $0 },
                   y: stride(from: -6.0, through: 6, by: 0.25).map { exp(-$0 * $0 / 8) / (2 * 2.5066) })
        _ = try linear.write(name: "plot-linear-gnuplot", in: folder)
        _ = try linear.write(name: "plot-linear-fallback", in: folder, searchPath: "")
    }
}

extension FigureSampleTests {
    /// A 48×48 disc with a soft transparent edge: shows the checkerboard and a whole enlargement.
    static func translucentDisc(size: Int = 48) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        let c = Double(size) / 2
        for y in 0..<size { for x in 0..<size {
            let r = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
            let a = Float(max(0, min(1, (c - 2 - r) / 6)))
            image[x, y] = SIMD4(0.1, 0.45, 0.85, a)
        } }
        return image
    }

    func testSmallTranslucentAndLargeReducedStrips() throws {
        let disc = Self.translucentDisc()
        let blurred = BoxAverage(radius: 2).apply(disc, edges: .zero)
        var small = Strip(title: "Alpha: a translucent disc, blurred")
        small.add(disc, caption: "original", "48×48, soft edge")
        small.add(blurred, caption: "box · r = 2", "premultiplied")
        small.addDifference(blurred, reference: disc, amplification: 4, caption: "difference")
        small.inset = Strip.Inset(x: 4, y: 20, width: 8, height: 8)
        try save(try small.render(), "strip-small-alpha.png")

        let big = BuiltinImage.zoneplate.make(width: 1024, height: 768)
        var large = Strip(title: "Zone plate 1024×768, reduced to fit")
        large.add(big, caption: "zone plate")
        let boxed = BoxAverage(radius: 4).apply(big, edges: .mirror)
        large.add(boxed, caption: "box · r = 4")
        large.addDifference(boxed, reference: big, amplification: 1, caption: "box − original")
        large.inset = Strip.Inset(x: 900, y: 640, width: 64, height: 64, zoom: 4)
        try save(try large.render(), "strip-large-reduced.png")
        if let folder = Self.folder { try AtomicFile.write(text: large.altText() + "\n" + small.altText() + "\n", to: folder + "/alt.txt") }

        let checker = BuiltinImage.checker.make(width: 128, height: 128)
        var grid = Strip(title: "Six panels in two rows")
        for r in 0..<6 {
            let out = r == 0 ? checker : BoxAverage(radius: r).apply(checker, edges: .wrap)
            grid.add(out, caption: r == 0 ? "original" : "box · r = \(r)")
        }
        grid.columns = 3
        try save(try grid.render(), "strip-grid.png")
    }
}
