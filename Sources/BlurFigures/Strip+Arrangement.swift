import BlurCanvas
import BlurCore

/// A strip arranged for a projector: its panels wrapped into rows when that shows them larger,
/// its close-ups below or beside their pictures, and its text in a face that still stands 24 px
/// tall when the strip is shown 1,200 px wide.
///
/// Issue 26's rule: a figure's text has an em of at least `BitmapFont.projectedEm` (24 px) when
/// the figure is shown `BitmapFont.projectedWidth` (1,200 px) wide. Issue 36's rule: the whole
/// strip, captions and colour legends included, is seen at once on a 1920×1080 projector
/// (`projectorScreen`), and its panels as large there as the arrangement allows.
///
/// The candidates are every number of rows that leaves no panel alone on a row (6 panels as 1
/// row of 6, 2 of 3 or 3 of 2; 3 panels only as one row; only the author's `columns` when set),
/// each with its close-ups below the pictures and, when the strip has an inset, beside them (to
/// the right, as tall as the picture at most, the caption under the pair), each at its own
/// automatic scale. A strip whose one row in the 30-px face is at most 1,500 px wide keeps one
/// row, as it always did. The candidate wins whose text meets issue 26's rule, then whose widest
/// panel is shown widest when the whole strip is scaled down (never up) to fit the screen; on a
/// tie, the fewer rows and close-ups below. Stacked close-ups make a strip tall, so a landscape
/// picture mostly gets its close-ups beside it (six 480×320 panels in 2 rows of 3: about 2,560
/// px wide instead of 1,560, 1,650 tall instead of 2,100), while a strip whose close-ups below
/// still fit the screen unscaled keeps them there.
/// Panels are never resampled to make room for text. The text (captions, badges, notes,
/// legends, and the title in bold) then takes the smallest face of `BitmapFont.figureFaces`
/// (30, 40, 60 px) that meets the rule at the strip's final width — which the face itself
/// widens, as captions and legends grow with it — or, on a strip wider than 3,000 px, the face
/// that comes closest.
extension Strip {
    /// The screen a strip is judged on: it is shown at most this wide and this high, never
    /// enlarged (a 1920×1080 projector).
    static let projectorScreen = (width: 1920, height: 1080)

    /// The face of the strip's captions, badges, notes and legends: 30 px, or larger on a strip
    /// wider than 1,500 px.
    package var captionFace: BitmapFont { layout().captionFont }

    /// The scale the strip is drawn at: `scale`, or the automatic one for its arrangement.
    package var drawnScale: Scale { layout().scale }

    /// Per panel, the width its caption may take without widening the strip: its picture's,
    /// or its picture's and close-up's when the close-up stands beside it.
    package var captionWidths: [Int] {
        let layout = layout()
        return panels.indices.map { i in
            let closeUp = layout.closeUpsBeside ? layout.insetFrames[i].map { Self.insetGap + $0.width } ?? 0 : 0
            return layout.panelFrames[i].width + closeUp
        }
    }

    /// Where everything goes, in strip pixels, in the arrangement described above.
    func layout() -> Layout {
        let placements = inset == nil ? [false] : [false, true]
        if let columns { return Self.best(placements.map { layout(columns: columns, closeUpsBeside: $0) }) }
        let count = max(panels.count, 1)
        let oneRow = placements.map { layout(columns: count, captionFont: Self.captionFont, closeUpsBeside: $0) }
            .filter { Self.captionFont.isLegible(onFigureWidth: $0.width) }
        if !oneRow.isEmpty { return Self.best(oneRow) }
        var candidates: [Layout] = []
        var tried: Set<Int> = []
        for rows in 1...count {
            let columns = (count + rows - 1) / rows
            // A panel alone on the last row is cut off from the comparison the strip makes.
            guard rows == 1 || (columns >= 2 && (count % columns == 0 || count % columns >= 2)),
                tried.insert(columns).inserted
            else { continue }
            candidates += placements.map { layout(columns: columns, closeUpsBeside: $0) }
        }
        return Self.best(candidates)
    }

    /// The layout with `columns` panels a row in the smallest face that meets the rule at the
    /// width it gives, else the face with the largest projected em.
    func layout(columns: Int, closeUpsBeside: Bool = false) -> Layout {
        var best: Layout?
        for face in BitmapFont.figureFaces {
            let candidate = layout(columns: columns, captionFont: face, closeUpsBeside: closeUpsBeside)
            if face.isLegible(onFigureWidth: candidate.width) { return candidate }
            if let b = best,
                b.captionFont.projectedEm(figureWidth: b.width) >= face.projectedEm(figureWidth: candidate.width)
            {
                continue
            }
            best = candidate
        }
        return best!
    }

    /// The first of `candidates` (not empty) whose text is legible, then whose panels show
    /// widest on `projectorScreen`.
    static func best(_ candidates: [Layout]) -> Layout {
        var best: (layout: Layout, legible: Int, shown: Double)?
        for candidate in candidates {
            let legible = candidate.captionFont.isLegible(onFigureWidth: candidate.width) ? 1 : 0
            let shown = shownPanelWidth(candidate)
            if let b = best, (b.legible, b.shown) >= (legible, shown) { continue }
            best = (candidate, legible, shown)
        }
        return best!.layout
    }

    /// The width of the widest panel as `projectorScreen` shows the whole strip.
    static func shownPanelWidth(_ layout: Layout) -> Double {
        let fit = min(
            1, Double(projectorScreen.width) / Double(layout.width),
            Double(projectorScreen.height) / Double(layout.height))
        return Double(layout.panelFrames.map(\.width).max() ?? 0) * fit
    }
}
