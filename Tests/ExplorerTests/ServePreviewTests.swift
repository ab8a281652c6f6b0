import BlurKit
import Foundation
import XCTest
@testable import ExplorerCLI
import TestSupport

/// A large upload's previews: copies of several sizes made once at upload, the size a preview
/// reads chosen from its cells' cost, the page told which copy and at what size, and timing cells
/// timed once in a preview.
final class ServePreviewTests: XCTestCase {
    static let lessons = BinaryRunner.packageRoot.appendingPathComponent("Lessons").path

    /// A server on lesson files of the package, with `picture` uploaded by page `s1` as `big.png`;
    /// its background waits `quiet` after each preview request.
    func server(uploading picture: RGBAImage, quiet: Duration = .seconds(2)) throws -> (server: LessonServer, answer: [String: String]) {
        let folder = try ServeFolder()
        let server = LessonServer(library: try LessonLibrary(folder: Self.lessons), folder: folder,
                                  scheduler: RunScheduler(width: 2, quiet: quiet), maxPixels: 12_000_000)
        let incoming = try XCTUnwrap(folder.incoming("big.png"))
        try FileManager.default.createDirectory(atPath: (incoming as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNG.write(picture, to: incoming, compression: .fast)
        let response = server.upload(LiveRequest(id: 1, method: "POST", path: "/upload", body: "big.png"),
                                     query: [("session", "s1"), ("name", "big.png")])
        XCTAssertEqual(response.status, 200, response.body ?? "")
        let answer = try JSONDecoder().decode([String: String].self, from: Data((response.body ?? "").utf8))
        return (server, answer)
    }

    /// A picture with edges and gradients, `width`×`height`.
    static func picture(width: Int, height: Int) -> RGBAImage {
        var pixels = [Float]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let level: Float = (x / 37 + y / 23) % 2 == 0 ? 0.2 : 0.8
                pixels += [level, Float(x) / Float(width), Float(y) / Float(height), 1]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// An upload gets one copy per bound, each reduced from the picture by its own factor.
    func testAnUploadGetsCopiesOfSeveralSizes() throws {
        let (server, answer) = try server(uploading: Self.picture(width: 1000, height: 1000))
        defer { server.folder.remove() }
        XCTAssertEqual(answer["size"], "1000×1000")
        XCTAssertEqual(answer["reduced"], "500×500")
        XCTAssertEqual(answer["copies"], "500×500, 334×334, 250×250, 167×167")
        XCTAssertEqual(server.folder.reducedUploads("big.png", session: "s1").count, 4)
        XCTAssertEqual(ReducedCopy.bounds, [250_000, 125_000, 62_500, 31_250])
    }

    /// The row-at-a-time reduction gives exactly the reference's shrink (BlurCore's `downsampled`,
    /// step 1), blocks cut at the right and bottom border included.
    func testReducingMatchesTheReferenceShrink() {
        let image = Self.picture(width: 47, height: 31)
        for k in [2, 3, 7] {
            var shrunk = image
            _ = ReferenceBlur.downsampled(image, factor: k, edges: .clamp) { small, _ in
                shrunk = small
                return small
            }
            XCTAssertEqual(ReducedCopy.reduce(image, by: k), shrunk, "K = \(k)")
        }
    }

    /// The cost of lesson 3's cells grows with σ² (the 2-D kernels), so a larger σ previews a
    /// smaller copy, never a larger one; every chosen copy is within the budget of the model
    /// unless it is the smallest; and the picture itself runs the full result.
    func testAPreviewReadsTheCopyChosenForItsSigma() throws {
        let (server, _) = try server(uploading: Self.picture(width: 1000, height: 1000))
        defer { server.folder.remove() }
        let live = try XCTUnwrap(server.lesson("3")).lesson
        var previous = Int.max
        var chosen: [String] = []
        for sigma in ["0.5", "1", "2", "3", "4", "5", "6"] {
            let settings = ["sigma=\(sigma)", "image=upload:big.png"]
            let values = try live.values(settings: settings, folder: server.folder, session: "s1")
            XCTAssertTrue(values["image"]!.hasSuffix("/s1/big.png"), "the full run reads the picture itself")
            let preview = live.preview(values, settings: settings, folder: server.folder, session: "s1")
            XCTAssertEqual(preview.reduced.count, 1)
            let size = try ImageSource.size(of: preview.values["image"]!)
            XCTAssertTrue(preview.values["image"]!.contains("/reduced/"), preview.values["image"]!)
            XCTAssertEqual(preview.reduced.first, "big.png at \(size.width)×\(size.height) of 1000×1000")
            XCTAssertLessThanOrEqual(size.width * size.height, previous, "σ = \(sigma) read a larger copy than a smaller σ")
            previous = size.width * size.height
            chosen.append("\(size.width)×\(size.height)")
        }
        XCTAssertEqual(chosen.first, "500×500", "σ = 0.5 is cheap: the largest copy")
        XCTAssertNotEqual(chosen.last, "500×500", "σ = 6 costs more than σ = 0.5 and must read a smaller copy: \(chosen)")
    }

    /// `choose` keeps to the budget and never picks a copy below the lesson's smallest picture.
    func testChoosingACopy() {
        let sizes = [(width: 572, height: 429), (width: 400, height: 300), (width: 286, height: 215), (width: 200, height: 150)]
        XCTAssertEqual(ReducedCopy.choose(sizes, reads: 0), 0)
        XCTAssertEqual(ReducedCopy.choose(sizes, reads: 1e9), 3)
        XCTAssertEqual(ReducedCopy.choose(sizes, reads: 1e9, smallest: .init(width: 250, height: 200)), 2)
        XCTAssertEqual(ReducedCopy.choose(sizes, reads: 0, smallest: .init(width: 1000, height: 1000)), 0)
        XCTAssertNil(ReducedCopy.choose([], reads: 0))
        for reads in stride(from: 0.0, through: 20_000, by: 500) {
            let index = ReducedCopy.choose(sizes, reads: reads)!
            let seconds = ReducedCopy.seconds(pixels: sizes[index].width * sizes[index].height, reads: reads)
            XCTAssertTrue(seconds <= ReducedCopy.budget || index == sizes.count - 1, "\(reads) reads: \(sizes[index]) takes \(seconds) s")
        }
    }

    /// After an upload's let-go (the page asks for one right after the upload), the page's slider
    /// grid is listed for the background ahead of the shipped picture's, nearest the page's σ
    /// first, each value under the key its drag preview asks for (the reduced copy its cost
    /// chooses), so a warmed value is answered from the cache.
    func testAnUploadsLetGoListsItsSliderGridFirst() async throws {
        let (server, _) = try server(uploading: Self.picture(width: 600, height: 500), quiet: .seconds(600))
        defer { server.folder.remove() }
        let live = try XCTUnwrap(server.lesson("3")).lesson
        // The let-go's preview pauses the background (for `quiet`), so the lists stay as listed.
        let letGo = await server.handle(LiveRequest(id: 2, method: "POST", path: "/lesson/3/run", query: "session=s1&image=upload:big.png"))
        XCTAssertEqual(letGo.status, 200, String((letGo.body ?? "").prefix(300)))
        // The class's grid of the shipped picture, as another page lists it.
        let shipped = server.sliderGrid(number: 3, live: live, settings: [], session: "").map(\.key)
        XCTAssertEqual(shipped.count, 56, "σ = 0.5 … 6 in steps of 0.1")
        await server.warmSliders(number: 3, live: live, settings: [])
        var listed: [RunScheduler.Key] = []
        for _ in 0..<600 where listed.count <= shipped.count {
            try await Task.sleep(nanoseconds: 50_000_000)
            listed = await server.scheduler.warming
        }
        let upload = Array(listed.prefix(listed.count - shipped.count))
        XCTAssertEqual(upload.count, 55, "every step but σ = 3, whose preview the let-go made")
        XCTAssertEqual(Array(listed.suffix(shipped.count)), shipped, "the shipped picture's grid stays listed, after the upload's")
        XCTAssertTrue(upload.allSatisfy { $0.quick && $0.values.contains { $0.hasPrefix("image=") && $0.contains("/reduced/") } },
                      "the upload's grid reads the reduced copies")
        let firstSigmas = upload.prefix(2).compactMap { $0.values.first { $0.hasPrefix("sigma=") } }.sorted()
        XCTAssertEqual(firstSigmas, ["sigma=2.9", "sigma=3.1"], "nearest the page's σ first")
        for sigma in ["0.5", "6"] {
            let settings = ["image=upload:big.png", "sigma=\(sigma)"]
            let values = try live.values(settings: settings, folder: server.folder, session: "s1")
            let preview = live.preview(values, settings: settings, folder: server.folder, session: "s1")
            XCTAssertTrue(upload.contains(RunScheduler.Key(lesson: 3, values: preview.values, quick: true)),
                          "σ = \(sigma) is not listed under the key its drag preview asks for")
        }
    }

    /// The preview itself, through the server: it reads the chosen copy, the answer names the
    /// copy's size and the picture's, and the tables say the timing is one run of a preview.
    func testAPreviewSaysItIsFromAReducedCopyAndAtWhatSize() async throws {
        let (server, _) = try server(uploading: Self.picture(width: 1000, height: 1000))
        defer { server.folder.remove() }
        let response = await server.handle(LiveRequest(id: 2, method: "POST", path: "/lesson/3/run",
                                                       query: "session=s1&sigma=6&image=upload:big.png&quick=1"))
        XCTAssertEqual(response.status, 200, String((response.body ?? "").prefix(300)))
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data((response.body ?? "").utf8)) as? [String: Any])
        let reduced = try XCTUnwrap(answer["reduced"] as? [String])
        XCTAssertEqual(reduced.count, 1)
        XCTAssertTrue(reduced[0].hasPrefix("big.png at ") && reduced[0].hasSuffix(" of 1000×1000"), reduced[0])
        let copy = String(reduced[0].dropFirst("big.png at ".count).prefix { $0 != " " })
        let html = try XCTUnwrap(answer["html"] as? String)
        XCTAssertTrue(html.contains("one whole blur of the \(copy) image"), "the tables do not name the copy's size \(copy)")
        XCTAssertTrue(html.contains("one run, no warm-up (a live page's preview"), "the timing is not said to be a preview's one run")
        XCTAssertFalse(html.contains("/reduced/"), "the page shows where the server keeps the copy")
    }
}
