import BlurCore

/// A strip arranged for a projector: its panels wrapped into rows when that shows them larger,
/// and its text in a face that still stands 24 px tall when the strip is shown 1,200 px wide.
///
/// Issue 26's rule: a figure's text has an em of at least `BitmapFont.projectedEm` (24 px) when
/// the figure is shown `BitmapFont.projectedWidth` (1,200 px) wide. A strip up to 1,500 px wide
/// meets it with the 30-px face and is drawn as it always was. A wider one whose `columns` is
/// nil is tried in every number of rows that leaves no panel alone on a row (6 panels as 1 row
/// of 6, 2 of 3 or 3 of 2; 3 panels only as one row), each at its own automatic scale; the
/// arrangement whose text meets the rule and whose panels show largest on `projectorScreen`
/// (the whole strip seen at once) wins, the fewer rows on a tie.
/// Panels are never resampled to make room for text. The text (captions, badges, notes,
/// legends, and the title in bold) then takes the smallest face of `BitmapFont.figureFaces`
/// (30, 40, 60 px) that meets the rule at the strip's final width — which the face itself
/// widens, as captions and legends grow with it — or, on a strip wider than 3,000 px, the face
/// that comes closest.
extension Strip {
    /// The screen a strip is judged on: it is shown at most this wide and this high, never
    /// enlarged (a 4:3 projector showing a page 1,200 px wide).
    static let projectorScreen = (width: 1200, height: 900)

    /// The face of the strip's captions, badges, notes and legends: 30 px, or larger on a strip
    /// wider than 1,500 px.
    package var captionFace: BitmapFont { layout().captionFont }

    /// The scale the strip is drawn at: `scale`, or the automatic one for its arrangement.
    package var drawnScale: Scale { layout().scale }

    /// Where everything goes, in strip pixels, in the arrangement described above.
    func layout() -> Layout {
        let count = max(panels.count, 1)
        if let columns { return layout(columns: columns) }
        let oneRow = layout(columns: count, captionFont: Self.captionFont)
        if Self.captionFont.isLegible(onFigureWidth: oneRow.width) { return oneRow }
        var best: (layout: Layout, legible: Bool, shown: Double)?
        var tried: Set<Int> = []
        for rows in 1...count {
            let columns = (count + rows - 1) / rows
            // A panel alone on the last row is cut off from the comparison the strip makes.
            guard rows == 1 || (columns >= 2 && (count % columns == 0 || count % columns >= 2)),
                  tried.insert(columns).inserted else { continue }
            let candidate = layout(columns: columns)
            let legible = candidate.captionFont.isLegible(onFigureWidth: candidate.width)
            let shown = Self.shownPanelWidth(candidate)
            if let b = best, (b.legible ? 1 : 0, b.shown) >= (legible ? 1 : 0, shown) { continue }
            best = (candidate, legible, shown)
        }
        return best!.layout
    }

    /// The layout with `columns` panels a row in the smallest face that meets the rule at the
    /// width it gives, else the face with the largest projected em.
    func layout(columns: Int) -> Layout {
        var best: Layout?
        for face in BitmapFont.figureFaces {
            let candidate = layout(columns: columns, captionFont: face)
            if face.isLegible(onFigureWidth: candidate.width) { return candidate }
            if let b = best, b.captionFont.projectedEm(figureWidth: b.width) >= face.projectedEm(figureWidth: candidate.width) { continue }
            best = candidate
        }
        return best!
    }

    /// The width of the widest panel as `projectorScreen` shows the whole strip.
    static func shownPanelWidth(_ layout: Layout) -> Double {
        let fit = min(1, Double(projectorScreen.width) / Double(layout.width), Double(projectorScreen.height) / Double(layout.height))
        return Double(layout.panelFrames.map(\.width).max() ?? 0) * fit
    }
}
