import BlurKit
import Foundation
import XCTest

/// The lines of the DocC article "Blurring an image in one call"
/// (`Sources/BlurCore/BlurCore.docc/BlurringAnImageInOneCall.md`), compiled and run as written,
/// and the one call against the methods built by hand.
final class OneCallTests: XCTestCase {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let packageRoot = thisFile.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article = packageRoot.appendingPathComponent(
        "Sources/BlurCore/BlurCore.docc/BlurringAnImageInOneCall.md")

    func testTheArticlesLinesBlurThePhotograph() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-call-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("Lessons/images/photo.png"),
            to: folder.appendingPathComponent("photo.png"))
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }

        // article: begin
        let image = try PNG.read("photo.png")
        let blurred = try image.blurred(sigma: 4, method: .separable, edges: .reflect)
        try PNG.write(blurred, to: "blurred.png")
        // article: end

        let written = try PNG.read(folder.appendingPathComponent("blurred.png").path)
        XCTAssertEqual(written.width, image.width)
        XCTAssertEqual(written.height, image.height)
        // Against the exact Gaussian (Float64, cut at 8σ), the 3σ kernel is within one 8-bit
        // level in the interior.
        let reference = try ReferenceGaussianBlur(sigma: 4, edges: .reflect).apply(image)
        let error = try ErrorMetrics(comparing: blurred, with: reference, reach: 12)
        XCTAssertLessThan(try XCTUnwrap(error.interiorMaxAbsError), 1)
    }

    /// The article shows the lines the test above runs.
    func testTheArticleShowsTheLinesTheTestRuns() throws {
        let source = try String(contentsOf: Self.thisFile, encoding: .utf8)
        let run = source.components(separatedBy: "// article: begin\n")[1].components(
            separatedBy: "        // article: end")[0]
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let block = try XCTUnwrap(blocks.first { $0.hasPrefix("import BlurKit\n") })
        XCTAssertEqual(block.split(separator: "\n").map(String.init), ["import BlurKit"] + run)
    }

    /// The one call builds the method the catalog declares and runs it through the pipeline: the
    /// same pixels as the method built by hand.
    func testTheOneCallIsTheCatalogsMethod() throws {
        let image = BuiltinImage.cutout.make(width: 40, height: 30)
        let kernel = try GaussianKernel1D(sigma: 2.5)
        XCTAssertEqual(
            try image.blurred(sigma: 2.5),
            image.blurred(by: Separable(weights: kernel.weights.map(Float.init))))
        XCTAssertEqual(
            try image.blurred(sigma: 3, method: .iteratedBox, edges: .wrap, parameters: [.iterations: 5]),
            image.blurred(by: IteratedBox(widths: try BoxWidths.forSigma(3, passes: 5)), edges: .wrap))
        XCTAssertEqual(
            try image.blurred(radius: 2, method: .box, edges: .mirror, linear: true),
            image.blurred(by: BoxAverage(radius: 2), edges: .mirror, linear: true))
        XCTAssertNotEqual(
            try image.blurred(sigma: 3, method: .iteratedBox, parameters: [.iterations: 5]),
            try image.blurred(sigma: 3, method: .iteratedBox))
    }

    /// A value out of range is refused with the parameter named, before any pixel is touched.
    func testTheOneCallNamesTheParameterItRefuses() {
        let image = RGBAImage(width: 4, height: 4)
        XCTAssertThrowsError(try image.blurred(sigma: -1)) { error in
            XCTAssertEqual("\(error)", "sigma must be a finite number greater than 0, got -1.0")
        }
        XCTAssertThrowsError(try image.blurred(sigma: 2, method: .iteratedBox, parameters: [.iterations: 50])) {
            error in
            XCTAssertEqual("\(error)", "iterations must be 1…20, got 50")
        }
        XCTAssertThrowsError(try image.blurred(sigma: 2, method: .deriche, parameters: [.eightBitPasses: 1])) { error in
            XCTAssertEqual("\(error)", "eight-bit-passes applies to extended-box and stack, not deriche")
        }
        XCTAssertThrowsError(try image.blurred(radius: -1, method: .box)) { error in
            XCTAssertEqual("\(error)", "radius must be 0 or more, got -1")
        }
    }
}
