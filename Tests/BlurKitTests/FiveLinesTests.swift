import BlurKit
import Foundation
import XCTest

/// The lines of the DocC article "Blurring an image in five lines"
/// (`Sources/BlurCore/BlurCore.docc/BlurringAnImageInFiveLines.md`), compiled and run as written.
final class FiveLinesTests: XCTestCase {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let packageRoot = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let article = packageRoot.appendingPathComponent("Sources/BlurCore/BlurCore.docc/BlurringAnImageInFiveLines.md")

    func testTheFiveLinesBlurThePhotograph() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("five-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Lessons/images/photo.png"),
                                         to: folder.appendingPathComponent("photo.png"))
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }

        // article: begin
        let image = try PNG.read("photo.png")
        let kernel = try GaussianKernel1D(sigma: 4)
        let method = Separable(weights: kernel.weights.map(Float.init))
        let blurred = Blur.apply(method, to: image)
        try PNG.write(blurred, to: "blurred.png")
        // article: end

        let written = try PNG.read(folder.appendingPathComponent("blurred.png").path)
        XCTAssertEqual(written.width, image.width)
        XCTAssertEqual(written.height, image.height)
        // Against the exact Gaussian (Float64, cut at 8σ), the 3σ kernel is within one 8-bit
        // level in the interior.
        let reference = try ReferenceGaussianBlur(sigma: 4, edges: .clamp).apply(image)
        let error = try ErrorMetrics(comparing: blurred, with: reference, reach: method.reach)
        XCTAssertLessThan(try XCTUnwrap(error.interiorMaxAbsError), 1)
    }

    /// The article shows the lines the test above runs.
    func testTheArticleShowsTheLinesTheTestRuns() throws {
        let source = try String(contentsOf: Self.thisFile, encoding: .utf8)
        let run = source.components(separatedBy: "// article: begin\n")[1].components(separatedBy: "        // article: end")[0]
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let block = text.components(separatedBy: "```swift\n")[1].components(separatedBy: "```")[0]
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(block, ["import BlurKit"] + run)
    }
}
