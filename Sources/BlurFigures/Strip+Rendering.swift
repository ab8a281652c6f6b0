import BlurCanvas
import BlurCore

/// Drawing a strip: checks, panels, insets, badges, captions and legends on one canvas.
extension Strip {
    /// Draws the strip.
    ///
    /// - Throws: `BlurKitError` when there are no panels, an image is empty, a difference panel's
    ///   reference has another size than its image, or the inset region leaves a panel's image.
    public func render() throws -> RGBAImage {
        try validate()
        let layout = layout()
        var canvas = Canvas(width: layout.width, height: layout.height, background: FigureColour.background)
        for (n, line) in layout.titleLines.enumerated() {
            canvas.draw(
                text: line, x: Self.margin, y: layout.titleTop + n * layout.titleFont.lineHeight,
                font: layout.titleFont, colour: FigureColour.text)
        }
        for (i, panel) in panels.enumerated() {
            let frame = layout.panelFrames[i]
            let shown = displayedImage(panel, scale: layout.scale)
            canvas.fill(frame.expanded(by: 1), colour: FigureColour.frame)
            drawPicture(shown.full, in: frame, zoom: layout.scale.enlargement, on: &canvas)
            drawOutlines(panel: i, frame: frame, scale: layout.scale, on: &canvas)
            if let inset, let insetFrame = layout.insetFrames[i], let zoom = layout.insetZoom {
                let r = inset.region
                Self.drawHighlight(
                    around: Self.displayed(r, scale: layout.scale).offsetBy(dx: frame.x, dy: frame.y), on: &canvas)
                canvas.fill(insetFrame.expanded(by: 3), colour: FigureColour.accent)
                let region = shown.original.cropped(to: r)
                drawPicture(region, in: insetFrame, zoom: zoom, on: &canvas)
            }
            for badge in layout.badges[i] { Self.draw(badge, font: layout.captionFont, on: &canvas) }
            let centre = layout.captionCentres[i]
            for (n, line) in layout.captions[i].enumerated() {
                canvas.draw(
                    text: line, x: centre, y: layout.captionTops[i] + n * layout.captionFont.lineHeight,
                    font: layout.captionFont,
                    colour: layout.captionLeads[i][n] ? FigureColour.text : FigureColour.mutedText, alignment: .centre)
            }
        }
        for (n, line) in layout.notes.enumerated() {
            canvas.draw(
                text: line, x: layout.width / 2, y: layout.notesTop + n * layout.captionFont.lineHeight,
                font: layout.captionFont, colour: FigureColour.mutedText, alignment: .centre)
        }
        for (frame, a) in zip(layout.legendFrames, layout.legendAmplifications) {
            legend(amplification: a, textSize: layout.captionFont.pixelSize, titleLines: layout.legendTitleLines).draw(
                on: &canvas, x: frame.x, y: frame.y, width: frame.width)
        }
        return canvas.image
    }

    /// The legend of difference panels amplified by `amplification`: the full colour scale spans
    /// 0 to 255 / amplification in 8-bit units. Its text is `textSize` px (a face of
    /// `BitmapFont.figureFaces`), its bar as much taller than 22 px; its height leaves room for
    /// `titleLines` (1 or 2) title lines.
    package func legend(amplification: Float, textSize: Int = 30, titleLines: Int = ColourLegend.titleLines)
        -> ColourLegend
    {
        var legend = ColourLegend(
            map: colourMap, title: "|difference| ×\(Self.number(amplification)), in 8-bit units",
            maximum: 255 / Double(amplification))
        legend.textSize = textSize
        legend.barHeight = legend.barHeight * textSize / 30
        legend.reservedTitleLines = titleLines
        return legend
    }

    /// Checks that the strip can be rendered (`render` does this first).
    ///
    /// - Throws: `BlurKitError` for a strip without panels or with an empty panel, or an inset
    ///   outside the panels.
    package func validate() throws {
        guard !panels.isEmpty else { throw BlurKitError("a strip needs at least one panel") }
        for (i, panel) in panels.enumerated() {
            guard panel.image.width > 0, panel.image.height > 0 else {
                throw BlurKitError(
                    "panel \(i + 1) of the strip is an empty \(panel.image.width)×\(panel.image.height) image")
            }
            if case .difference(let reference, let a) = panel.kind {
                guard reference.width == panel.image.width, reference.height == panel.image.height else {
                    throw BlurKitError(
                        "difference panel \(i + 1): image is \(panel.image.width)×\(panel.image.height) but its reference is \(reference.width)×\(reference.height)"
                    )
                }
                guard a > 0, a.isFinite else {
                    throw BlurKitError("difference panel \(i + 1): amplification must be positive, got \(a)")
                }
            }
            if let inset {
                let r = inset.region, inside = r.intersection(panel.image.bounds)
                guard !r.isEmpty, inside == r else {
                    throw BlurKitError(
                        "inset region \(r.width)×\(r.height) at (\(r.x), \(r.y)) is not inside panel \(i + 1)'s \(panel.image.width)×\(panel.image.height) image"
                    )
                }
            }
        }
        if let zoom = inset?.zoom, zoom < 1 { throw BlurKitError("inset zoom must be at least 1, got \(zoom)") }
        if let columns, columns < 1 { throw BlurKitError("a strip needs at least one column, got \(columns)") }
        switch scale {
        case .enlarge(let n)?, .reduce(let n)?:
            guard n >= 1 else { throw BlurKitError("strip scale factor must be at least 1, got \(n)") }
        case nil: break
        }
    }

    /// The picture a panel shows at full resolution (`original`) and at the strip's scale
    /// before enlargement (`full`: reduced when the scale reduces, else the original).
    private func displayedImage(_ panel: Panel, scale: Scale) -> (original: RGBAImage, full: RGBAImage) {
        var original = panel.image
        var isDifference = false
        if case .difference(let reference, let a) = panel.kind {
            original = Self.differenceMap(panel.image, reference: reference, amplification: a, map: colourMap)
            isDifference = true
        }
        guard case .reduce(let n) = scale, n > 1 else { return (original, original) }
        return (original, PanelPixels.reduce(original, by: n, keepingMaximum: isDifference))
    }

    /// Draws `picture` enlarged by `zoom` into `frame`, over a checkerboard where it has any
    /// transparency.
    private func drawPicture(_ picture: RGBAImage, in frame: PixelRect, zoom: Int, on canvas: inout Canvas) {
        if PanelPixels.hasTransparency(picture) {
            canvas.fillCheckerboard(frame)
        } else {
            canvas.fill(frame, colour: FigureColour.checkerLight)
        }
        canvas.draw(picture, x: frame.x, y: frame.y, zoom: zoom)
    }

    /// An outline just outside `rect`, visible on any picture: 2 px of the accent colour
    /// inside 1 px of near-black; the pixels of `rect` stay uncovered.
    static func drawHighlight(around rect: PixelRect, on canvas: inout Canvas) {
        canvas.strokeRect(rect.expanded(by: 3), colour: FigureColour.text, lineWidth: 1)
        canvas.strokeRect(rect.expanded(by: 2), colour: FigureColour.accent, lineWidth: 2)
    }
}

extension Strip.Scale {
    /// The whole enlargement applied when drawing (1 when reducing: reduction happens first).
    var enlargement: Int {
        if case .enlarge(let n) = self { n } else { 1 }
    }
}
