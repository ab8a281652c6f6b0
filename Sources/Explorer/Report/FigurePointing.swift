import Authoring
import BlurKit
import Foundation
import ShippedFiles

/// What a lesson page needs to explain any pixel of a strip's blurred pictures (issue 39): where
/// each panel lies in the strip's PNG, which panel is the input and which are blurred from it,
/// and each blur's weights. Written beside the strip as JSON (`strip.pointing.json`); the page's
/// script (`Report/Resources/pointing.js`) reads the levels from the PNG itself, computes the
/// weighted sum of the pointed pixel's neighbourhood and shows it beside the pointer, with the
/// stored level, so the reader sees that the sum is the output.
///
/// The PNG shows a panel's pixels as they are (whole enlargements, nearest neighbour) except where
/// the strip draws over them (the close-up's outline, badges) or composites them over a
/// checkerboard (transparency): those pixels' levels are listed here (`patches`), found by
/// comparing the rendered strip with the panels' own images, so the page never reads a covered
/// level. A reduced panel averages pixels, so only its close-up is read.
struct FigurePointing: Encodable, Sendable {
    /// A rectangle in strip or image pixels.
    struct Rect: Encodable, Sendable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        init(_ r: PixelRect) { (x, y, width, height) = (r.x, r.y, r.width, r.height) }
    }

    /// One panel of the strip.
    struct Panel: Encodable, Sendable {
        /// The panel's first caption line (`box`, `original`).
        var caption: String
        /// `input`, `output` (a blur of the input: `kernel` says which) or `other` (not pointable).
        var role: String
        /// Index into `kernels`, for an output.
        var kernel: Int?
        /// The picture and its close-up, in strip pixels.
        var frame: Rect
        var closeUp: Rect?
        var imageWidth: Int
        var imageHeight: Int
        /// The part of an output that was blurred (`blur --region`); elsewhere it is the input.
        var region: Rect?
        /// An output grown by a border of this width (`blur --grow`): its pixel (x, y) is the sum
        /// around the input's (x − offset, y − offset).
        var offset: Int?
        /// Whether the full panel shows each image pixel as a square of its own (else only the
        /// close-up and `patches` give levels).
        var readable: Bool
        /// `[x, y, r, g, b, a]`: 8-bit levels of the pixels the PNG does not show as they are.
        var patches: [[Int]]
        /// When they are too many to list (`maximumPatches`: a strip's labels over a panel, a
        /// transparent picture), only where they are: runs `[y, x₀, x₁]` of row y, x₀ ≤ x < x₁.
        var covered: [[Int]]
    }

    /// The strip's size in pixels.
    var width: Int
    var height: Int
    /// Image pixels to strip pixels: a whole enlargement (`enlarge` ≥ 1, `reduce` 0) or a reduction.
    var enlarge: Int
    var reduce: Int
    /// The image region every close-up shows, and its enlargement.
    var closeUpRegion: Rect?
    var closeUpZoom: Int?
    var panels: [Panel]
    var kernels: [PointingKernel]

    /// What a command says about its strip: which panel is the input, and each output panel's kernel.
    struct Plan: Sendable {
        var input: Int
        var outputs: [(panel: Int, kernel: PointingKernel)]
        /// Outputs blurred only inside a rectangle, by panel.
        var regions: [Int: PixelRect] = [:]
        /// Outputs grown by a border, by panel.
        var offsets: [Int: Int] = [:]
    }

    /// The largest number of patched pixels a panel lists with their levels; of a panel with more
    /// (labels over it, a transparent picture) only their places are listed (`covered`), and the
    /// page says which levels it cannot read.
    static let maximumPatches = 20_000

    /// The pointing data of `strip` as drawn in `picture` (`strip.render()`), following `plan`.
    static func make(strip: Strip, picture: RGBAImage, plan: Plan) -> FigurePointing {
        let geometry = strip.geometry
        var kernels: [PointingKernel] = []
        var roles: [Int: (String, Int?)] = [plan.input: ("input", nil)]
        for output in plan.outputs {
            roles[output.panel] = ("output", kernels.count)
            kernels.append(output.kernel)
        }
        let enlarge: Int, reduce: Int
        switch geometry.scale {
        case .enlarge(let n): (enlarge, reduce) = (n, 0)
        case .reduce(let n): (enlarge, reduce) = (0, n)
        }
        var panels: [Panel] = []
        for (i, panel) in strip.panels.enumerated() {
            let role = roles[i] ?? ("other", nil)
            var patches: [[Int]] = [], covered: [[Int]] = []
            if role.0 != "other" {
                patches = Self.patches(panel.image, panel: i, geometry: geometry, picture: picture)
                if patches.count > maximumPatches { (patches, covered) = ([], Self.runs(patches)) }
            }
            panels.append(
                Panel(
                    caption: panel.caption.first ?? "", role: role.0, kernel: role.1,
                    frame: Rect(geometry.panelFrames[i]), closeUp: geometry.insetFrames[i].map(Rect.init),
                    imageWidth: panel.image.width, imageHeight: panel.image.height,
                    region: plan.regions[i].map(Rect.init), offset: plan.offsets[i], readable: enlarge > 0,
                    patches: patches, covered: covered))
        }
        return FigurePointing(
            width: picture.width, height: picture.height, enlarge: enlarge, reduce: reduce,
            closeUpRegion: geometry.insetRegion.map(Rect.init), closeUpZoom: geometry.insetZoom, panels: panels,
            kernels: kernels)
    }

    /// The pointing data of a value grid (`blur --cells`): `blurred`'s pixels as cells of
    /// `ValueGrid.cellSize` pixels in `grid`, each with its level printed over it, blurred by
    /// `kernel` from `original`, which the figure does not show. Every level of both is listed
    /// (`patches`; a grid is at most 32×32), so the page reads none from the picture.
    static func cells(original: RGBAImage, blurred: RGBAImage, grid: RGBAImage, kernel: PointingKernel)
        -> FigurePointing
    {
        func panel(_ caption: String, _ image: RGBAImage, _ frame: PixelRect, kernel: Int?) -> Panel {
            let patches = (0..<image.height).flatMap { y in
                (0..<image.width).map { x in [x, y] + (0..<4).map { Int(RGBAImage.quantize(image[x, y][$0])) } }
            }
            return Panel(
                caption: caption, role: kernel == nil ? "input" : "output", kernel: kernel, frame: Rect(frame),
                closeUp: nil, imageWidth: image.width, imageHeight: image.height, region: nil, offset: nil,
                readable: false, patches: patches, covered: [])
        }
        // `ValueGrid.render`: the grid centred, its margin (24 px) below it.
        let cell = ValueGrid.cellSize, width = blurred.width * cell, height = blurred.height * cell
        let frame = PixelRect(
            x: (grid.width - width - 1) / 2, y: grid.height - 24 - height - 1, width: width, height: height)
        return FigurePointing(
            width: grid.width, height: grid.height, enlarge: cell, reduce: 0, closeUpRegion: nil, closeUpZoom: nil,
            panels: [
                panel("input", original, PixelRect(x: 0, y: 0, width: 0, height: 0), kernel: nil),
                panel(kernel.method, blurred, frame, kernel: 0)
            ],
            kernels: [kernel])
    }

    /// The pixels of `image` (panel `panel`) that `picture` does not show as they are where the
    /// page reads them: on the full panel when it is enlarged, else on the close-up (pixels
    /// outside a reduced panel's close-up are not listed: the page reads none of them).
    static func patches(_ image: RGBAImage, panel: Int, geometry: Strip.Geometry, picture: RGBAImage) -> [[Int]] {
        // The pixels read, the strip position of the first and the step between two.
        let area: PixelRect, origin: (x: Int, y: Int), step: Int
        if case .enlarge(let n) = geometry.scale, let first = geometry.fullPosition(panel: panel, x: 0, y: 0) {
            (area, origin, step) = (image.bounds, first, n)
        } else if let region = geometry.insetRegion, let zoom = geometry.insetZoom,
            let first = geometry.closeUpPosition(panel: panel, x: region.x, y: region.y)
        {
            (area, origin, step) = (region, first, zoom)
        } else {
            return []
        }
        var patches: [[Int]] = []
        let (width, shownWidth, shownHeight) = (image.width, picture.width, picture.height)
        image.pixels.withUnsafeBufferPointer { own in
            picture.pixels.withUnsafeBufferPointer { shown in
                for y in area.y..<area.maxY {
                    let sy = origin.y + (y - area.y) * step
                    for x in area.x..<area.maxX {
                        let sx = origin.x + (x - area.x) * step, i = 4 * (y * width + x)
                        if sx < shownWidth, sy < shownHeight {
                            let j = 4 * (sy * shownWidth + sx)
                            // Drawn as it is (the common case, exact), or to the same 8-bit levels.
                            if own[i] == shown[j] && own[i + 1] == shown[j + 1] && own[i + 2] == shown[j + 2]
                                && own[i + 3] == shown[j + 3]
                            {
                                continue
                            }
                            if RGBAImage.quantize(own[i]) == RGBAImage.quantize(shown[j])
                                && RGBAImage.quantize(own[i + 1]) == RGBAImage.quantize(shown[j + 1])
                                && RGBAImage.quantize(own[i + 2]) == RGBAImage.quantize(shown[j + 2])
                                && RGBAImage.quantize(own[i + 3]) == RGBAImage.quantize(shown[j + 3])
                            {
                                continue
                            }
                        }
                        patches.append([x, y] + (0..<4).map { Int(RGBAImage.quantize(own[i + $0])) })
                    }
                }
            }
        }
        return patches
    }

    /// `patches` (in row order) as runs `[y, x₀, x₁]` of consecutive pixels.
    static func runs(_ patches: [[Int]]) -> [[Int]] {
        var runs: [[Int]] = []
        for p in patches {
            if let last = runs.last, last[0] == p[1], last[2] == p[0] {
                runs[runs.count - 1][2] += 1
            } else {
                runs.append([p[1], p[0], p[0] + 1])
            }
        }
        return runs
    }

    /// The file the pointing data of the figure at `figure` is written to (`a.png` → `a.pointing.json`).
    static func path(beside figure: String) -> String {
        (figure as NSString).deletingPathExtension + ".pointing.json"
    }

    /// Writes the data as JSON (keys sorted, so a run writes the same bytes each time).
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(text: String(decoding: try encoder.encode(self), as: UTF8.self), to: path)
    }
}

/// The page-only block that makes a strip pointable: it names the figure and its pointing data
/// (both files beside the page) and loads the page's script, `pointing.js`, which the lesson
/// writes beside the page (`LessonRunner`). On the live and exported pages the script's `src` is
/// made to work like every other link (`LivePage.links`).
struct PointingIsland: HTMLIsland, Equatable {
    var idStem: String { "pointing" }
    /// The strip's file name and its pointing data's.
    var figure: String
    var data: String
    var files: [String] { [data] }

    /// The script the page loads, a file beside it.
    static let script = "pointing.js"
    /// The element that loads it (once per island; the script runs its setup once).
    static let scriptTag = "<script src=\"\(script)\"></script>"

    func html(id: String) -> String {
        let escape = LessonPage.escapeHTML
        return "<div class=\"figure-pointing\" id=\"\(escape(id))\" hidden data-figure=\"\(escape(figure))\" "
            + "data-pointing=\"\(escape(data))\"></div>\n\(Self.scriptTag)"
    }

    func css(id: String) -> String { "" }

    /// The script's text, shipped in the executable.
    static var scriptText: String? {
        ShippedFiles.contents(of: "Sources/Explorer/Report/Resources/" + script).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
