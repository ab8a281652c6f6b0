import BlurCore
import Foundation

/// An anti-aliased bitmap font embedded in the source: DejaVu Sans at fixed pixel sizes.
///
/// Each glyph is an 8-bit coverage mask (0 = none, 255 = full) rendered once by FreeType through
/// Pillow (`make_figure_data.py` beside this file), with its advance in 1/64 px and the font's
/// kerning pairs. Text is laid out on a baseline with fractional advances; each glyph is placed
/// at the nearest whole pixel. The faces cover printable ASCII and the symbols captions use
/// (σ × − – — ≈ ≤ ≥ ² ³ µ ° ∞ · ± … → ← Δ π √ ½ ∗, the Greek letters of method parameters
/// α β γ δ θ λ μ ρ ω Σ Π, ⌊ ⌋ and superscript digits); any other character is drawn as `?`.
///
/// ```swift
/// let font = BitmapFont.caption                 // 30 px regular
/// let size = font.measure("separable · σ=3")    // (width: whole pixels, height: 36, one line)
/// canvas.draw(text: "separable · σ=3", x: 40, y: 10, font: font, colour: FigureColour.text)
/// ```
package struct BitmapFont: Sendable {
    /// The em size in pixels the glyphs were rendered at.
    package let pixelSize: Int
    /// Pixels from the top of a line to its baseline.
    package let ascent: Int
    /// Pixels from the baseline to the bottom of a line.
    package let descent: Int

    /// The height of one line of text: `ascent + descent`.
    package var lineHeight: Int { ascent + descent }

    struct Glyph: Sendable {
        /// Advance in 1/64 px.
        var advance: Int
        /// Offset of the mask's top-left corner from the pen position on the baseline.
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        /// Start of the mask in `coverage`.
        var offset: Int
    }

    let glyphs: [UInt32: Glyph]

    /// The height in pixels of `scalar`'s glyph mask; nil when the face has no such glyph.
    package func glyphHeight(_ scalar: Unicode.Scalar) -> Int? { glyphs[scalar.value]?.height }
    /// Kerning in 1/64 px, keyed by `left << 32 | right` scalar values.
    let kerning: [UInt64: Int]
    let coverage: [UInt8]

    // MARK: - Faces

    /// Regular, 18 px: text drawn inside built-in pictures, and 18-pt glass labels.
    package static let label = BitmapFont(decoding: regular18Data)
    /// Regular, 30 px (capitals 22 px): a figure's own text — captions, badges, tick labels,
    /// legends — which a projector needs at 24 px or more.
    package static let caption = BitmapFont(decoding: regular30Data)
    /// Bold, 30 px: titles.
    package static let title = BitmapFont(decoding: bold30Data)
    /// Regular, 40 px: a figure's text when the figure is wider than 1,500 px, so that it still
    /// stands 24 px tall when shown 1,200 px wide (see `figureFace`).
    package static let caption40 = BitmapFont(decoding: regular40Data)
    /// Regular, 60 px: a figure's text when even the 40-px face would show under 24 px.
    package static let caption60 = BitmapFont(decoding: regular60Data)
    /// Bold, 40 px: the title beside `caption40`.
    package static let title40 = BitmapFont(decoding: bold40Data)
    /// Bold, 60 px: the title beside `caption60`.
    package static let title60 = BitmapFont(decoding: bold60Data)

    // MARK: - Projected figures

    /// The width a figure is shown at (a teacher projecting the page): every face's em shrinks
    /// by `projectedWidth / width` on a wider figure.
    package static let projectedWidth = 1200
    /// The smallest em a figure's text may have when the figure is shown `projectedWidth` wide.
    package static let projectedEm = 24

    /// The em this face shows at when a figure `width` px wide is shown `projectedWidth` px wide
    /// (never enlarged: a narrower figure is shown at its own size).
    package func projectedEm(figureWidth width: Int) -> Double {
        Double(pixelSize) * min(1, Double(Self.projectedWidth) / Double(max(width, 1)))
    }

    /// Whether this face's em is at least `projectedEm` on a figure `width` px wide shown
    /// `projectedWidth` px wide: `pixelSize × 1200 ≥ 24 × width`.
    package func isLegible(onFigureWidth width: Int) -> Bool {
        pixelSize * Self.projectedWidth >= Self.projectedEm * width
    }

    /// The regular faces for a figure's own text, smallest first: 30 px up to 1,500 px wide, 40
    /// up to 2,000, 60 up to 3,000.
    package static let figureFaces = [caption, caption40, caption60]

    /// The regular face of `pixelSize` among `figureFaces` (the 30-px one for any other size).
    package static func figureFace(pixelSize: Int) -> BitmapFont {
        figureFaces.first { $0.pixelSize == pixelSize } ?? caption
    }

    /// The bold face (titles) of the same size as the regular `face`.
    package static func titleFace(matching face: BitmapFont) -> BitmapFont {
        switch face.pixelSize {
        case 40: title40
        case 60: title60
        default: title
        }
    }

    // MARK: - Measuring

    /// The size of the box `text` occupies when drawn with this font.
    ///
    /// The width is the sum of the advances and kerning, rounded up to whole pixels; the height
    /// is `lineHeight` times the number of lines (`\n` separates lines; width is the widest).
    package func measure(_ text: String) -> (width: Int, height: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = lines.map { lineAdvance(Substring($0)) }.max() ?? 0
        return ((width + 63) / 64, lineHeight * max(lines.count, 1))
    }

    /// The advance of one line in 1/64 px, kerning included.
    func lineAdvance(_ line: Substring) -> Int {
        forEachGlyph(in: line) { _, _ in }
    }

    static let replacement = UInt32(UInt8(ascii: "?"))

    /// The characters of `text` this font has no glyph for (drawn as `?`), in order.
    package func missingCharacters(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { glyphs[$0.value] == nil && $0 != "\n" }
    }

    /// Calls `body` with each glyph of one line and the pixel position of its pen on the baseline,
    /// starting from pen x = 0 (kept in 1/64 px, rounded to the nearest pixel for each glyph).
    ///
    /// - Returns: the line's advance in 1/64 px, kerning included.
    @discardableResult
    func forEachGlyph(in line: Substring, _ body: (Glyph, Int) -> Void) -> Int {
        var pen = 0
        var previous: UInt32?
        for scalar in line.unicodeScalars {
            let code = glyphs[scalar.value] == nil ? Self.replacement : scalar.value
            if let previous { pen += kerning[UInt64(previous) << 32 | UInt64(code)] ?? 0 }
            let glyph = glyphs[code]!
            body(glyph, (pen + 32) >> 6)
            pen += glyph.advance
            previous = code
        }
        return pen
    }

    // MARK: - Decoding

    /// One face as the generator wrote it: base64 of little-endian int16 tables and the
    /// zero-run-length-coded coverage (see `make_figure_data.py`).
    struct EncodedFace {
        var pixelSize: Int
        var ascent: Int
        var descent: Int
        var metrics: String
        var kerning: String
        var coverage: String
    }

    init(decoding face: EncodedFace) {
        func bytes(_ base64: String) -> [UInt8] {
            [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters)!)
        }
        func int16s(_ raw: [UInt8]) -> [Int] {
            stride(from: 0, to: raw.count - 1, by: 2).map {
                Int(Int16(bitPattern: UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8))
            }
        }
        var coverage: [UInt8] = []
        let packed = bytes(face.coverage)
        var i = 0
        while i < packed.count {
            if packed[i] == 0 {
                coverage.append(contentsOf: repeatElement(0, count: Int(packed[i + 1])))
                i += 2
            } else {
                coverage.append(packed[i])
                i += 1
            }
        }
        let metrics = int16s(bytes(face.metrics))
        var glyphs: [UInt32: Glyph] = [:]
        var offset = 0
        for g in stride(from: 0, to: metrics.count, by: 6) {
            let scalar = UInt32(UInt16(bitPattern: Int16(metrics[g])))
            let glyph = Glyph(
                advance: metrics[g + 1], left: metrics[g + 2], top: metrics[g + 3],
                width: metrics[g + 4], height: metrics[g + 5], offset: offset)
            glyphs[scalar] = glyph
            offset += glyph.width * glyph.height
        }
        precondition(offset == coverage.count, "font data: masks need \(offset) bytes, coverage has \(coverage.count)")
        let pairs = int16s(bytes(face.kerning))
        var kerning: [UInt64: Int] = [:]
        for k in stride(from: 0, to: pairs.count, by: 3) {
            let left = UInt64(UInt16(bitPattern: Int16(pairs[k]))),
                right = UInt64(UInt16(bitPattern: Int16(pairs[k + 1])))
            kerning[left << 32 | right] = pairs[k + 2]
        }
        self.pixelSize = face.pixelSize
        self.ascent = face.ascent
        self.descent = face.descent
        self.glyphs = glyphs
        self.kerning = kerning
        self.coverage = coverage
    }
}
