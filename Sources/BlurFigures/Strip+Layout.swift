import BlurCanvas
import BlurCore

/// Where a strip's title, panels, insets, captions and legends go, in strip pixels.
extension Strip {
    /// The blank border around everything a strip draws, in strip pixels.
    package static let margin = 32
    static let columnGap = 28
    static let rowGap = 32
    static let titleGap = 18
    static let insetGap = 14
    static let captionGap = 10
    static let legendGap = 26
    static let legendWidth = 440
    /// The strip width the automatic scale aims at for its panels.
    static let targetPanelsWidth = 1400
    static let maximumEnlargement = 16
    /// Text never makes the strip wider than this unless its panels do: a title wraps within
    /// the panels' width or this (at most `titleLines` lines), a caption is clipped to its
    /// column or this, a note under the panels to the panels' width or this.
    static let textWidth = 1200
    static let titleLines = 3
    /// The narrowest width a caption line is wrapped to in a face larger than 30 px (scaled with
    /// the face: 427 px at 40 px, 640 at 60).
    static let wrapWidth = 320
    /// The faces of a strip up to 1,500 px wide (wider ones: `Strip+Arrangement.swift`).
    static let titleFont = BitmapFont.title
    static let captionFont = BitmapFont.caption

    /// The scale chosen when `scale` is nil, for the columns the strip is arranged in
    /// (`columns`, or as `Strip+Arrangement.swift` chooses): see `automaticScale(columns:)`.
    package var automaticScale: Scale {
        var automatic = self
        automatic.scale = nil
        return automatic.layout().scale
    }

    /// The largest whole enlargement (at most 16×) that keeps one row of `columns` panels within
    /// 1400 px; rows wider than 2400 px are reduced by the smallest whole factor that brings them
    /// to 1600 px or less.
    func automaticScale(columns: Int) -> Scale {
        let n = max(1, min(columns, panels.count))
        let widest = panels.map(\.image.width).max() ?? 1
        let rowWidth = max(1, n * widest)
        if rowWidth > 2400 { return .reduce((rowWidth + 1599) / 1600) }
        return .enlarge(max(1, min(Self.maximumEnlargement, Self.targetPanelsWidth / rowWidth)))
    }

    /// Where everything goes, in strip pixels.
    struct Layout {
        var width: Int
        var height: Int
        var scale: Scale
        var columns: Int
        var columnWidth: Int
        /// The faces of captions, badges, notes and legends, and of the title.
        var captionFont: BitmapFont
        var titleFont: BitmapFont
        var insetZoom: Int?
        /// Whether each close-up stands to the right of its picture (else below it).
        var closeUpsBeside: Bool
        var titleTop: Int
        var panelFrames: [PixelRect]
        var insetFrames: [PixelRect?]
        var captionTops: [Int]
        /// The x each panel's caption lines are centred on: the picture's centre, or the centre of
        /// the picture and its close-up when the close-up stands beside it.
        var captionCentres: [Int]
        /// The title broken into lines that fit the strip.
        var titleLines: [String]
        /// Each panel's caption lines, then the badges that did not fit on it, clipped to the column.
        var captions: [[String]]
        /// Per caption line: whether it is (part of) the caption's first line, drawn in the text
        /// colour; the others are muted.
        var captionLeads: [[Bool]]
        /// Each panel's badges, on its picture and its close-up.
        var badges: [[Badge]]
        /// Lines centred under the panels (`BadgePlan.notes`), clipped to the strip, and the top
        /// of the first.
        var notes: [String]
        var notesTop: Int
        var legendFrames: [PixelRect]
        /// The distinct amplifications, in panel order, each with its legend.
        var legendAmplifications: [Float]
        /// The title lines each legend leaves room for: 1 when every title fits its bar on one line.
        var legendTitleLines: Int
    }

    /// Where everything goes with `columns` panels a row and text in `captionFont` (and the
    /// title in the bold face of its size), each close-up below its picture or, when
    /// `closeUpsBeside`, to its right (centred on the picture's height, the caption under both);
    /// text limits grow with the face.
    func layout(columns requested: Int, captionFont: BitmapFont, closeUpsBeside requestedBeside: Bool = false) -> Layout
    {
        let beside = requestedBeside && inset != nil
        let columns = max(1, min(requested, max(panels.count, 1)))
        let scale = self.scale ?? automaticScale(columns: columns)
        let titleFont = BitmapFont.titleFace(matching: captionFont)
        let textWidth = Self.textWidth * captionFont.pixelSize / Self.captionFont.pixelSize
        var legendWidth = Self.legendWidth * captionFont.pixelSize / Self.captionFont.pixelSize
        let sizes = panels.map { (scale.displayed($0.image.width), scale.displayed($0.image.height)) }
        let insetZoom: Int? = inset.map { inset in
            if let zoom = inset.zoom { return zoom }
            let fitW = (sizes.map(\.0).min() ?? 0) / max(inset.region.width, 1)
            let fitH = (sizes.map(\.1).min() ?? 0) / max(inset.region.height, 1)
            return max(1, min(fitW, fitH))
        }
        let insetSize = inset.map { ($0.region.width * insetZoom!, $0.region.height * insetZoom!) }
        let plan = badgePlan(sizes: sizes, scale: scale, insetSize: insetSize, insetZoom: insetZoom, font: captionFont)
        var columnWidth = sizes.map(\.0).max() ?? 0
        if beside, let insetSize {
            columnWidth += Self.insetGap + insetSize.0
        } else {
            columnWidth = max(columnWidth, insetSize?.0 ?? 0)
        }
        let panelColumnWidth = columnWidth
        // In a face larger than 30 px a long line is wrapped at spaces to the panel's width (at
        // least `wrapWidth`, scaled with the face) rather than spreading the panels apart.
        let wrapWidth = max(panelColumnWidth, Self.wrapWidth * captionFont.pixelSize / Self.captionFont.pixelSize)
        var captionLines: [[String]] = [], captionLeads: [[Bool]] = []
        for (panel, extra) in zip(panels, plan.captionLines) {
            var lines: [String] = [], leads: [Bool] = []
            for (n, line) in (panel.caption + extra).enumerated() {
                let pieces =
                    captionFont.pixelSize > Self.captionFont.pixelSize && captionFont.measure(line).width > wrapWidth
                    ? captionFont.wrapped(line, width: wrapWidth, maxLines: 2) : [line]
                lines += pieces
                leads += Array(repeating: n == 0, count: pieces.count)
            }
            captionLines.append(lines)
            captionLeads.append(leads)
        }
        for lines in captionLines {
            for line in lines { columnWidth = max(columnWidth, captionFont.measure(line).width) }
        }
        columnWidth = min(columnWidth, max(panelColumnWidth, textWidth))
        let captions = captionLines.map { $0.map { captionFont.clipped($0, width: columnWidth) } }

        var amplifications: [Float] = []
        for panel in panels { if let a = panel.amplification, !amplifications.contains(a) { amplifications.append(a) } }

        let panelsWidth = columns * columnWidth + (columns - 1) * Self.columnGap
        let legendsWidth =
            amplifications.isEmpty
            ? 0
            : amplifications.count * legendWidth + (amplifications.count - 1) * Self.columnGap
        let titleLines =
            title.map {
                titleFont.wrapped($0, width: max(panelsWidth, legendsWidth, textWidth), maxLines: Self.titleLines)
            } ?? []
        let titleWidth = titleLines.map { titleFont.measure($0).width }.max() ?? 0
        let notes = plan.notes.map { captionFont.clipped($0, width: max(panelsWidth, textWidth)) }
        let notesWidth = notes.map { captionFont.measure($0).width }.max() ?? 0
        let width = 2 * Self.margin + max(panelsWidth, legendsWidth, titleWidth, notesWidth)
        // Legends widen, within the strip, until every title fits its bar on one line; then
        // they leave room for one title line rather than two.
        let legendTitles = amplifications.map { legend(amplification: $0, textSize: captionFont.pixelSize) }
        let longestTitle = legendTitles.map { captionFont.measure($0.title).width }.max() ?? 0
        let legendRoom =
            amplifications.isEmpty
            ? 0 : (width - 2 * Self.margin - (amplifications.count - 1) * Self.columnGap) / amplifications.count
        var legendTitleLines = ColourLegend.titleLines
        if longestTitle <= max(legendWidth, legendRoom) {
            legendWidth = max(legendWidth, longestTitle)
            legendTitleLines = 1
        }
        let legendsRowWidth = amplifications.count * legendWidth + max(amplifications.count - 1, 0) * Self.columnGap
        let legendHeight = legend(amplification: 1, textSize: captionFont.pixelSize, titleLines: legendTitleLines)
            .height

        var y = Self.margin
        let titleTop = y
        if title != nil { y += titleLines.count * titleFont.lineHeight + Self.titleGap }
        var panelFrames: [PixelRect] = [], insetFrames: [PixelRect?] = [], captionTops: [Int] = [],
            captionCentres: [Int] = [], badges: [[Badge]] = []
        let left = (width - panelsWidth) / 2
        var first = 0
        while first < panels.count {
            let row = first..<min(first + columns, panels.count)
            let panelHeight = row.map { sizes[$0].1 }.max() ?? 0
            let lines = row.map { captions[$0].count }.max() ?? 0
            let picturesHeight = beside ? max(panelHeight, insetSize?.1 ?? 0) : panelHeight
            for (c, i) in row.enumerated() {
                let cellX = left + c * (columnWidth + Self.columnGap)
                let pairWidth = sizes[i].0 + (beside ? Self.insetGap + (insetSize?.0 ?? 0) : 0)
                panelFrames.append(
                    PixelRect(x: cellX + (columnWidth - pairWidth) / 2, y: y, width: sizes[i].0, height: sizes[i].1))
                var captionTop = y + picturesHeight + Self.captionGap
                captionCentres.append(cellX + (columnWidth - pairWidth) / 2 + pairWidth / 2)
                if beside, let insetSize {
                    insetFrames.append(
                        PixelRect(
                            x: panelFrames[i].maxX + Self.insetGap, y: y + max(0, (sizes[i].1 - insetSize.1) / 2),
                            width: insetSize.0, height: insetSize.1))
                } else if let insetSize {
                    let top = y + panelHeight + Self.insetGap
                    insetFrames.append(
                        PixelRect(
                            x: cellX + (columnWidth - insetSize.0) / 2, y: top, width: insetSize.0, height: insetSize.1)
                    )
                    captionTop = top + insetSize.1 + Self.captionGap
                } else {
                    insetFrames.append(nil)
                }
                captionTops.append(captionTop)
                let frame = panelFrames[i], insetFrame = insetFrames[i]
                badges.append(
                    plan.onPanel[i].map { Badge(text: $0.text, frame: $0.frame.offsetBy(dx: frame.x, dy: frame.y)) }
                        + plan.onInset[i].map {
                            Badge(
                                text: $0.text, frame: $0.frame.offsetBy(dx: insetFrame?.x ?? 0, dy: insetFrame?.y ?? 0))
                        })
            }
            let closeUpsHeight = beside ? 0 : (insetSize.map { Self.insetGap + $0.1 } ?? 0)
            y += picturesHeight + closeUpsHeight + Self.captionGap + lines * captionFont.lineHeight
            first = row.upperBound
            if first < panels.count { y += Self.rowGap }
        }
        let notesTop = y + Self.captionGap
        if !notes.isEmpty { y = notesTop + notes.count * captionFont.lineHeight }
        var legendFrames: [PixelRect] = []
        if !amplifications.isEmpty {
            y += Self.legendGap
            var x = (width - legendsRowWidth) / 2
            for _ in amplifications {
                legendFrames.append(PixelRect(x: x, y: y, width: legendWidth, height: legendHeight))
                x += legendWidth + Self.columnGap
            }
            y += legendHeight
        }
        return Layout(
            width: width, height: y + Self.margin, scale: scale, columns: columns, columnWidth: columnWidth,
            captionFont: captionFont, titleFont: titleFont,
            insetZoom: insetZoom, closeUpsBeside: beside, titleTop: titleTop, panelFrames: panelFrames,
            insetFrames: insetFrames, captionTops: captionTops, captionCentres: captionCentres, titleLines: titleLines,
            captions: captions, captionLeads: captionLeads,
            badges: badges, notes: notes, notesTop: notesTop, legendFrames: legendFrames,
            legendAmplifications: amplifications, legendTitleLines: legendTitleLines)
    }
}
