import BlurCanvas
import BlurCore

/// Badges on a strip's panels — "|diff| ×16" on a difference panel, "zoom ×5" on each close-up,
/// an outline's label — in the face of the captions (30 px, larger on a strip over 1,500 px
/// wide: `Strip+Arrangement.swift`), so a projected strip reads them.
///
/// A badge covers part of what it labels, so it goes on a panel only when it is small beside it:
/// a corner badge at most `badgeShare` of the panel's (or close-up's) width and height, an
/// outline's label at most the panel's width and `badgeShare` of its height, each clear of the
/// inset's outline and of the badges placed before it; the difference panels' badges all go on
/// their panels or none do, so the panels read alike. Otherwise a badge's text moves below the
/// picture, where nothing is covered or cut off: a panel's into its caption (muted, after the
/// caption's own lines; "|diff| ×16" is left out when a caption line already states ×16, as
/// `compare` and `strip` captions do), the close-ups' zoom, the same for every panel, into one
/// note under the panels.
extension Strip {
    /// A badge's face on a strip up to 1,500 px wide: the captions' 30-px one.
    static let badgeFont = BitmapFont.caption
    /// The largest share of a panel's (or close-up's) width and height a badge may cover.
    static let badgeShare = (width: 0.6, height: 0.2)
    /// Space between a corner badge and the panel's edge.
    static let badgeInset = 6

    /// A badge placed on the strip: its text and the rounded box it is drawn in.
    struct Badge: Equatable {
        var text: String
        var frame: PixelRect
    }

    /// Where each panel's badges go, relative to the panel's (or its close-up's) top-left corner.
    struct BadgePlan {
        /// Per panel: badges on the panel's picture.
        var onPanel: [[Badge]]
        /// Per panel: badges on the panel's close-up.
        var onInset: [[Badge]]
        /// Per panel: the badge texts that did not fit, as caption lines.
        var captionLines: [[String]]
        /// Lines for under the panels: the close-ups' zoom when its badge does not fit.
        var notes: [String]
    }

    /// The size of the box a badge of `text` is drawn in `font`: the text with 7 px either side
    /// and 2 px above and below.
    static func badgeSize(_ text: String, font: BitmapFont = badgeFont) -> (width: Int, height: Int) {
        let size = font.measure(text)
        return (size.width + 14, size.height + 4)
    }

    /// Whether a `width`×`height` badge is small enough for an area of `area` (width, height).
    static func badgeFits(_ badge: (width: Int, height: Int), in area: (Int, Int)) -> Bool {
        Double(badge.width) <= badgeShare.width * Double(area.0)
            && Double(badge.height) <= badgeShare.height * Double(area.1)
    }

    /// A rectangle of image pixels as shown on a panel at `scale`, relative to the panel's corner
    /// (at least 2 px each way, so a one-pixel region stays visible).
    static func displayed(_ r: PixelRect, scale: Scale) -> PixelRect {
        PixelRect(
            x: Int(scale.displayed(Double(r.x)).rounded(.down)), y: Int(scale.displayed(Double(r.y)).rounded(.down)),
            width: max(2, scale.displayed(r.width)), height: max(2, scale.displayed(r.height)))
    }

    /// The badge of a difference panel amplified by `a`.
    static func differenceBadge(_ a: Float) -> String { "|diff| ×\(number(a))" }

    /// Whether a caption line states the factor `×a` (not as the start of a longer number).
    static func captionStates(_ lines: [String], factor a: Float) -> Bool {
        let factor = "×" + number(a)
        return lines.contains { line in
            var rest = Substring(line)
            while let range = rest.range(of: factor) {
                rest = rest[range.upperBound...]
                guard let next = rest.first, next.isNumber || next == "." else { return true }
            }
            return false
        }
    }

    /// Places the badges of panels whose pictures are `sizes` (displayed), with close-ups of
    /// `insetSize` at `insetZoom`, in `font`.
    func badgePlan(
        sizes: [(Int, Int)], scale: Scale, insetSize: (Int, Int)?, insetZoom: Int?, font: BitmapFont = badgeFont
    ) -> BadgePlan {
        func badgeSize(_ text: String) -> (width: Int, height: Int) { Self.badgeSize(text, font: font) }
        var plan = BadgePlan(onPanel: [], onInset: [], captionLines: [], notes: [])
        let zoomBadge = insetZoom.map { "zoom ×\($0)" }
        var zoomFits = false
        if let insetSize, let zoomBadge { zoomFits = Self.badgeFits(badgeSize(zoomBadge), in: insetSize) }
        if let zoom = insetZoom, !zoomFits { plan.notes.append("close-ups of the orange boxes: zoom ×\(zoom)") }
        // Difference panels show their factor alike: all on the panels, or all in the captions.
        let differenceBadgesFit = zip(panels, sizes).allSatisfy { panel, area in
            panel.amplification.map { Self.badgeFits(badgeSize(Self.differenceBadge($0)), in: area) } ?? true
        }
        for (i, panel) in panels.enumerated() {
            let area = sizes[i]
            var placed: [Badge] = [], lines: [String] = []
            // The inset's outline marks what the strip points at: no corner badge covers it.
            let keep = inset.map { Self.displayed($0.region, scale: scale).expanded(by: 3) }
            func place(
                _ text: String, at candidates: [(Int, Int)], in area: (Int, Int), avoiding: [PixelRect],
                spanning: Bool = false
            ) -> Badge? {
                let size = badgeSize(text)
                let fits =
                    spanning
                    ? size.width <= area.0 - 2 * Self.badgeInset && Self.badgeFits((0, size.height), in: area)
                    : Self.badgeFits(size, in: area)
                guard fits else { return nil }
                // A candidate moves left or right into the area, never up or down: that is the
                // next candidate's job.
                for (x, y) in candidates where y >= 2 && y + size.height <= area.1 - 2 {
                    let frame = PixelRect(
                        x: min(max(x, 2), area.0 - size.width - 2), y: y, width: size.width, height: size.height)
                    if avoiding.allSatisfy({ $0.intersection(frame).isEmpty }) {
                        return Badge(text: text, frame: frame)
                    }
                }
                return nil
            }
            if let a = panel.amplification {
                let text = Self.differenceBadge(a), size = badgeSize(text), m = Self.badgeInset
                let corners = [
                    (m, m), (area.0 - size.width - m, m), (m, area.1 - size.height - m),
                    (area.0 - size.width - m, area.1 - size.height - m)
                ]
                if differenceBadgesFit,
                    let badge = place(text, at: corners, in: area, avoiding: keep.map { [$0] } ?? [])
                {
                    placed.append(badge)
                } else if !Self.captionStates(panel.caption, factor: a) {
                    lines.append(text)
                }
            }
            for outline in outlines where draws(outline, onPanel: i) {
                guard let label = outline.label else { continue }
                // Solid outlines are labelled inside their top-left corner, dashed ones just below
                // their bottom-left, so a region's label and its margin's differ; inside only when
                // the label leaves most of the region uncovered, else just outside it.
                let shown = Self.displayed(outline.rect, scale: scale), size = badgeSize(label)
                let roomy = Self.badgeFits(size, in: (shown.width, shown.height))
                let above = (shown.x + 4, shown.y - 7 - size.height), below = (shown.x + 4, shown.maxY + 7)
                let top = (shown.x + 4, shown.y + 4), bottom = (shown.x + 4, shown.maxY - 4 - size.height)
                let candidates =
                    outline.style == .solid
                    ? (roomy ? [top] : []) + [above, below] : [below] + (roomy ? [bottom] : []) + [above]
                if let badge = place(
                    label, at: candidates, in: area,
                    avoiding: placed.map(\.frame) + (keep.map { [$0] } ?? []), spanning: true)
                {
                    placed.append(badge)
                } else {
                    lines.append((outline.style == .solid ? "outlined: " : "dashed: ") + label)
                }
            }
            var onInset: [Badge] = []
            if let insetSize, let zoomBadge, zoomFits,
                let badge = place(zoomBadge, at: [(Self.badgeInset, Self.badgeInset)], in: insetSize, avoiding: [])
            {
                onInset.append(badge)
            }
            plan.onPanel.append(placed)
            plan.onInset.append(onInset)
            plan.captionLines.append(lines)
        }
        return plan
    }

    /// Draws a badge in `font`: light text on a dark rounded box.
    static func draw(_ badge: Badge, font: BitmapFont = badgeFont, on canvas: inout Canvas) {
        let frame = badge.frame
        canvas.fillRoundedRect(
            x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height),
            radius: 9, colour: FigureColour.hex(0x1C1C1E, alpha: 0.78))
        canvas.draw(text: badge.text, x: frame.x + 7, y: frame.y + 2, font: font, colour: FigureColour.hex(0xFFFFFF))
    }
}
