import BlurKit
import Foundation

/// What made each output pixel of a `blur --cells` figure, written beside the figure as JSON
/// (`impulse-box-r1-cells.json`) for the live page: pointing at a cell shows the neighbourhood the
/// blur read, each level times its weight, and the weighted sum that became the stored level.
/// Everything is computed here, by the run; the page only looks it up.
///
/// Written for methods that are one fixed weighted sum (box, gaussian2d, separable) with a reach of
/// at most `maximumRadius`, on an opaque picture blurred as stored (not in linear light) with an
/// edge mode that reads the picture's own pixels (not `zero`), so the sum shown is the blur's
/// arithmetic.
struct CellsExplanation: Encodable {
    /// Where the value grid lies in its PNG (`ValueGrid`'s layout): the PNG's size, the corner of
    /// the first cell and a cell's side, in pixels.
    var pictureWidth: Int
    var pictureHeight: Int
    var left: Int
    var top: Int
    var cell: Int
    /// The blurred picture's size in cells.
    var width: Int
    var height: Int
    var method: String
    var edges: String
    /// The neighbourhood's radius R: each output pixel reads (2R+1)² inputs.
    var radius: Int
    /// The weight of each offset, rows dy = −R…R of columns dx = −R…R: the method's own impulse
    /// response.
    var weights: [[Double]]
    /// Each output pixel, row by row.
    var pixels: [Pixel]

    struct Pixel: Encodable {
        /// The 8-bit levels (red channel) the blur read around the pixel, the edge mode applied.
        var levels: [[Double]]
        /// Each level times its weight.
        var terms: [[Double]]
        /// The sum of the terms, before rounding.
        var sum: Double
        /// The level stored in the output.
        var stored: Int
    }

    static let methods: Set<String> = ["box", "gaussian2d", "separable"]
    static let maximumRadius = 4

    /// The explanation of `blurred`, made from `original` by `method` with `edges` and drawn as
    /// `grid`, or nil when the blur is not a plain weighted sum this can show.
    static func make(original: RGBAImage, blurred: RGBAImage, method: any BlurMethod, edges: EdgeMode,
                     grid: RGBAImage) -> CellsExplanation? {
        let r = method.reach
        // With zero edges the padding is transparent, and the colour is divided by the alpha the
        // sum gathered: not the plain weighted sum this shows.
        guard methods.contains(method.name), r <= maximumRadius, edges != .zero, PNG.isOpaque(original),
              original.width == blurred.width, original.height == blurred.height else { return nil }
        // An impulse at the centre c of a picture 4R+1 wide: the response within R of c reads no
        // pixel beyond the picture, so the edge mode plays no part in it.
        let side = 4 * r + 1, c = 2 * r
        var impulse = RGBAImage(width: side, height: side, fill: SIMD4(0, 0, 0, 1))
        impulse.pixels[4 * (c * side + c)] = 1
        let response = impulse.blurred(by: method, edges: .zero)
        // out(x, y) = Σ w(dx, dy) · in(x + dx, y + dy), so w(d) = response(c − d).
        let weights = (-r...r).map { dy in (-r...r).map { dx in Double(response[c - dx, c - dy].x) } }
        var pixels: [Pixel] = []
        for y in 0..<blurred.height {
            for x in 0..<blurred.width {
                var levels: [[Double]] = [], terms: [[Double]] = [], sum = 0.0
                for dy in -r...r {
                    var levelRow: [Double] = [], termRow: [Double] = []
                    for dx in -r...r {
                        var level = 0.0
                        if let sx = edges.sourceIndex(x + dx, count: original.width),
                           let sy = edges.sourceIndex(y + dy, count: original.height) {
                            level = Double(original[sx, sy].x) * 255
                        }
                        let term = level * weights[dy + r][dx + r]
                        levelRow.append(rounded(level, 3))
                        termRow.append(rounded(term, 4))
                        sum += term
                    }
                    levels.append(levelRow)
                    terms.append(termRow)
                }
                pixels.append(Pixel(levels: levels, terms: terms, sum: rounded(sum, 4),
                                    stored: Int(RGBAImage.quantize(blurred[x, y].x))))
            }
        }
        // ValueGrid draws a 24-px margin and the grid centred, at the bottom, below the title.
        let gridWidth = blurred.width * ValueGrid.cellSize + 1, gridHeight = blurred.height * ValueGrid.cellSize + 1
        return CellsExplanation(pictureWidth: grid.width, pictureHeight: grid.height, left: (grid.width - gridWidth) / 2,
                                top: grid.height - 24 - gridHeight, cell: ValueGrid.cellSize, width: blurred.width,
                                height: blurred.height, method: method.name, edges: edges.rawValue, radius: r,
                                weights: weights.map { $0.map { rounded($0, 6) } }, pixels: pixels)
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }

    /// The JSON file's path beside the figure at `figure` (`…-cells.png` → `…-cells.json`).
    static func path(beside figure: String) -> String {
        (figure as NSString).deletingPathExtension + ".json"
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(text: String(decoding: try encoder.encode(self), as: UTF8.self), to: path)
    }
}
