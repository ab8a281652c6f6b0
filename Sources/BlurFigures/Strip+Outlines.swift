import BlurCanvas
import BlurCore

/// Rectangles drawn on a strip's panels: the region a blur covered, the margin it read around
/// it, the original frame inside a grown extent.
extension Strip {
    /// A rectangle in a panel's image pixels, outlined on the panel with a short label.
    package struct Outline: Sendable, Equatable {
        /// How the outline is drawn.
        package enum Style: Sendable, Equatable {
            /// 2 px of the accent colour inside 1 px of near-black, like the inset's outline.
            case solid
            /// Dashes of a second colour (sky blue on near-black): a margin or a frame that is
            /// read or kept, next to a solid outline.
            case dashed
        }

        /// The rectangle in the panel's image pixels: top-left corner (x, y), then its size. It
        /// is drawn only on panels whose image holds all of it, and only when not empty.
        package var x: Int, y: Int, width: Int, height: Int
        /// A few words drawn in a badge at the outline's top-left corner (nil: none).
        package var label: String?
        /// Solid for the region itself, dashed for a margin or frame beside it.
        package var style: Style
        /// The panels (0-based) to draw it on; nil draws it on every panel it fits on.
        package var panels: [Int]?

        /// An outline of the `width`×`height` rectangle at (x, y); by default solid, unlabelled
        /// and on every panel it fits on.
        package init(
            x: Int, y: Int, width: Int, height: Int, label: String? = nil, style: Style = .solid, panels: [Int]? = nil
        ) {
            self.x = x; self.y = y; self.width = width; self.height = height
            self.label = label; self.style = style; self.panels = panels
        }

        var rect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }
    }

    /// The colour of dashed outlines: the Okabe–Ito sky blue of the plots' second palette.
    static let dashedOutlineColour = FigureColour.hex(0x56B4E9)

    /// Whether `outline` is drawn on panel `index`: listed (or no list), and inside its image.
    func draws(_ outline: Outline, onPanel index: Int) -> Bool {
        guard outline.panels.map({ $0.contains(index) }) ?? true, outline.width > 0, outline.height > 0 else {
            return false
        }
        let image = panels[index].image
        return outline.rect.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            == outline.rect
    }

    /// Draws the outlines of panel `index`, whose picture fills `frame` at `scale` (their labels
    /// are badges, placed by `badgePlan`).
    func drawOutlines(panel index: Int, frame: PixelRect, scale: Scale, on canvas: inout Canvas) {
        for outline in outlines where draws(outline, onPanel: index) {
            let shown = Self.displayed(outline.rect, scale: scale).offsetBy(dx: frame.x, dy: frame.y)
            switch outline.style {
            case .solid:
                Self.drawHighlight(around: shown, on: &canvas)
            case .dashed:
                canvas.strokeRect(shown.expanded(by: 3), colour: FigureColour.text, lineWidth: 1)
                Self.strokeDashed(shown.expanded(by: 2), colour: Self.dashedOutlineColour, on: &canvas)
            }
        }
    }

    /// A 2 px dashed rectangle: 10 px dashes, 6 px gaps, along each side.
    static func strokeDashed(_ rect: PixelRect, colour: SIMD4<Float>, on canvas: inout Canvas) {
        let dash = 10, gap = 6
        for start in stride(from: rect.x, to: rect.x + rect.width, by: dash + gap) {
            let length = min(dash, rect.x + rect.width - start)
            canvas.fill(PixelRect(x: start, y: rect.y, width: length, height: 2), colour: colour)
            canvas.fill(PixelRect(x: start, y: rect.y + rect.height - 2, width: length, height: 2), colour: colour)
        }
        for start in stride(from: rect.y, to: rect.y + rect.height, by: dash + gap) {
            let length = min(dash, rect.y + rect.height - start)
            canvas.fill(PixelRect(x: rect.x, y: start, width: 2, height: length), colour: colour)
            canvas.fill(PixelRect(x: rect.x + rect.width - 2, y: start, width: 2, height: length), colour: colour)
        }
    }

    /// The outlines in words, for the alt text.
    func outlinesAltText() -> String? {
        let described = outlines.compactMap { outline -> String? in
            let on = panels.indices.filter { draws(outline, onPanel: $0) }.map { String($0 + 1) }
            guard !on.isEmpty else { return nil }
            let what = outline.label.map { "'\($0)'" } ?? "a rectangle"
            let style = outline.style == .solid ? "an orange outline" : "a dashed blue outline"
            return
                "\(what), \(outline.width)×\(outline.height) at (\(outline.x), \(outline.y)), drawn as \(style) on panel\(on.count == 1 ? "" : "s") \(on.joined(separator: ", "))"
        }
        return described.isEmpty ? nil : "Outlined: " + described.joined(separator: "; ") + "."
    }
}
