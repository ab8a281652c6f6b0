import Foundation
import BlurCore
import BlurPNG

/// One picture of panels side by side at one scale, each with a caption, for projecting.
///
/// A strip shows results next to each other: images (transparent pixels over a checkerboard),
/// difference panels (|method − reference| amplified and coloured with a perceptually ordered
/// colour map, with a legend bar giving the scale in 8-bit units), and optionally the same region
/// of every panel enlarged below it (nearest neighbour, so pixels show; the region is outlined on
/// each full panel). Small images are enlarged by a whole factor and large ones reduced, so a
/// strip of four 256×256 panels is about 1100–1700 px wide and its 30 px captions stay legible
/// when projected.
///
/// ```swift
/// var strip = Strip(title: "Box blur against the exact Gaussian · σ = 3")
/// strip.add(reference, caption: "exact Gaussian", "Float64 reference")
/// strip.add(box, caption: "box, r = 3", "max err 4.1 (8-bit)")
/// strip.addDifference(box, reference: reference, amplification: 16, caption: "box − exact")
/// strip.inset = Strip.Inset(x: 96, y: 96, width: 32, height: 32)
/// try PNG.write(try strip.render(), to: "Output/strip-box-vs-gaussian.png", command: commandLine)
/// let alt = strip.altText()   // for the page's <img alt=…>
/// ```
public struct Strip: Sendable {
    /// One picture in the strip and the lines under it.
    public struct Panel: Sendable {
        public enum Kind: Sendable {
            /// The image as it is (transparent parts over a checkerboard).
            case image
            /// `|image − reference|` per pixel, times `amplification`, through the colour map.
            case difference(reference: RGBAImage, amplification: Float)
        }

        public var image: RGBAImage
        /// One or two short lines: what the panel is, then a number that matters.
        public var caption: [String]
        public var kind: Kind

        public init(image: RGBAImage, caption: [String] = [], kind: Kind = .image) {
            self.image = image
            self.caption = caption
            self.kind = kind
        }

        /// A difference panel: `|image − reference| × amplification` through the strip's colour map.
        public static func difference(_ image: RGBAImage, reference: RGBAImage, amplification: Float,
                                      caption: [String] = []) -> Panel {
            Panel(image: image, caption: caption, kind: .difference(reference: reference, amplification: amplification))
        }

        var amplification: Float? {
            if case .difference(_, let a) = kind { a } else { nil }
        }
    }

    /// A region of the images shown enlarged under every panel.
    public struct Inset: Sendable, Equatable {
        /// The region, in the panels' image pixels.
        public var region: PixelRect
        /// The enlargement; nil picks the largest whole factor that keeps the inset within the
        /// panel's displayed size.
        public var zoom: Int?

        public init(_ region: PixelRect, zoom: Int? = nil) {
            self.region = region
            self.zoom = zoom
        }

        public init(x: Int, y: Int, width: Int, height: Int, zoom: Int? = nil) {
            self.init(PixelRect(x: x, y: y, width: width, height: height), zoom: zoom)
        }
    }

    /// How image pixels map to strip pixels.
    public enum Scale: Sendable, Equatable, CustomStringConvertible {
        /// Each image pixel becomes an n×n square (nearest neighbour).
        case enlarge(Int)
        /// Each n×n block of image pixels becomes one strip pixel (its average; for difference
        /// panels its maximum, so an isolated error stays visible).
        case reduce(Int)

        func displayed(_ length: Int) -> Int {
            switch self {
            case .enlarge(let n): length * n
            case .reduce(let n): (length + n - 1) / n
            }
        }

        func displayed(_ position: Double) -> Double {
            switch self {
            case .enlarge(let n): position * Double(n)
            case .reduce(let n): position / Double(n)
            }
        }

        /// "actual size", "enlarged 3×", "reduced to 1/2".
        public var description: String {
            switch self {
            case .enlarge(let n): n == 1 ? "actual size" : "enlarged \(n)×"
            case .reduce(let n): "reduced to 1/\(n)"
            }
        }
    }

    public var title: String?
    public var panels: [Panel]
    public var inset: Inset?
    /// Panels per row; nil puts all panels in one row.
    public var columns: Int?
    /// nil chooses automatically (see `automaticScale`).
    public var scale: Scale?
    /// The colour map of difference panels; inferno makes "no difference" black.
    public var colourMap: ColourMap = .inferno
    /// Rectangles outlined on the panels (`Strip+Outlines.swift`).
    public var outlines: [Outline] = []

    public init(title: String? = nil, panels: [Panel] = [], inset: Inset? = nil) {
        self.title = title
        self.panels = panels
        self.inset = inset
    }

    /// Appends an image panel.
    public mutating func add(_ image: RGBAImage, caption: String...) {
        panels.append(Panel(image: image, caption: caption))
    }

    /// Appends a difference panel: `|image − reference| × amplification`, colour-mapped.
    public mutating func addDifference(_ image: RGBAImage, reference: RGBAImage, amplification: Float, caption: String...) {
        panels.append(.difference(image, reference: reference, amplification: amplification, caption: caption))
    }

    // MARK: - Layout

    static let margin = 32
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
    /// column or this.
    static let textWidth = 1200
    static let titleLines = 3
    static let titleFont = BitmapFont.title
    static let captionFont = BitmapFont.caption

    /// The scale chosen when `scale` is nil: the largest whole enlargement (at most 16×) that keeps
    /// one row of panels within 1400 px; panels wider than 2400 px in all are reduced by the
    /// smallest whole factor that brings them to 1600 px or less.
    public var automaticScale: Scale {
        let n = max(1, min(columns ?? panels.count, panels.count))
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
        var insetZoom: Int?
        var titleTop: Int
        var panelFrames: [PixelRect]
        var insetFrames: [PixelRect?]
        var captionTops: [Int]
        /// The title broken into lines that fit the strip.
        var titleLines: [String]
        /// Each panel's caption lines, clipped to the column.
        var captions: [[String]]
        var legendFrames: [PixelRect]
        /// The distinct amplifications, in panel order, each with its legend.
        var legendAmplifications: [Float]
    }

    func layout() -> Layout {
        let scale = self.scale ?? automaticScale
        let columns = max(1, min(columns ?? panels.count, max(panels.count, 1)))
        let captionFont = Self.captionFont
        let sizes = panels.map { (scale.displayed($0.image.width), scale.displayed($0.image.height)) }
        let insetZoom: Int? = inset.map { inset in
            if let zoom = inset.zoom { return zoom }
            let fitW = (sizes.map(\.0).min() ?? 0) / max(inset.region.width, 1)
            let fitH = (sizes.map(\.1).min() ?? 0) / max(inset.region.height, 1)
            return max(1, min(fitW, fitH))
        }
        let insetSize = inset.map { ($0.region.width * insetZoom!, $0.region.height * insetZoom!) }
        var columnWidth = sizes.map(\.0).max() ?? 0
        columnWidth = max(columnWidth, insetSize?.0 ?? 0)
        let panelColumnWidth = columnWidth
        for panel in panels { for line in panel.caption { columnWidth = max(columnWidth, captionFont.measure(line).width) } }
        columnWidth = min(columnWidth, max(panelColumnWidth, Self.textWidth))
        let captions = panels.map { $0.caption.map { captionFont.clipped($0, width: columnWidth) } }

        var amplifications: [Float] = []
        for panel in panels { if let a = panel.amplification, !amplifications.contains(a) { amplifications.append(a) } }
        let legendHeight = ColourLegend(map: colourMap, title: "", maximum: 1).height

        let panelsWidth = columns * columnWidth + (columns - 1) * Self.columnGap
        let legendsWidth = amplifications.isEmpty ? 0
            : amplifications.count * Self.legendWidth + (amplifications.count - 1) * Self.columnGap
        let titleLines = title.map {
            Self.titleFont.wrapped($0, width: max(panelsWidth, legendsWidth, Self.textWidth), maxLines: Self.titleLines)
        } ?? []
        let titleWidth = titleLines.map { Self.titleFont.measure($0).width }.max() ?? 0
        let width = 2 * Self.margin + max(panelsWidth, legendsWidth, titleWidth)

        var y = Self.margin
        let titleTop = y
        if title != nil { y += titleLines.count * Self.titleFont.lineHeight + Self.titleGap }
        var panelFrames: [PixelRect] = [], insetFrames: [PixelRect?] = [], captionTops: [Int] = []
        let left = (width - panelsWidth) / 2
        var first = 0
        while first < panels.count {
            let row = first..<min(first + columns, panels.count)
            let panelHeight = row.map { sizes[$0].1 }.max() ?? 0
            let lines = row.map { panels[$0].caption.count }.max() ?? 0
            for (c, i) in row.enumerated() {
                let cellX = left + c * (columnWidth + Self.columnGap)
                panelFrames.append(PixelRect(x: cellX + (columnWidth - sizes[i].0) / 2, y: y, width: sizes[i].0, height: sizes[i].1))
                var captionTop = y + panelHeight + Self.captionGap
                if let insetSize {
                    let top = y + panelHeight + Self.insetGap
                    insetFrames.append(PixelRect(x: cellX + (columnWidth - insetSize.0) / 2, y: top, width: insetSize.0, height: insetSize.1))
                    captionTop = top + insetSize.1 + Self.captionGap
                } else {
                    insetFrames.append(nil)
                }
                captionTops.append(captionTop)
            }
            y += panelHeight + (insetSize.map { Self.insetGap + $0.1 } ?? 0) + Self.captionGap + lines * captionFont.lineHeight
            first = row.upperBound
            if first < panels.count { y += Self.rowGap }
        }
        var legendFrames: [PixelRect] = []
        if !amplifications.isEmpty {
            y += Self.legendGap
            var x = (width - legendsWidth) / 2
            for _ in amplifications {
                legendFrames.append(PixelRect(x: x, y: y, width: Self.legendWidth, height: legendHeight))
                x += Self.legendWidth + Self.columnGap
            }
            y += legendHeight
        }
        return Layout(width: width, height: y + Self.margin, scale: scale, columns: columns, columnWidth: columnWidth,
                      insetZoom: insetZoom, titleTop: titleTop, panelFrames: panelFrames, insetFrames: insetFrames,
                      captionTops: captionTops, titleLines: titleLines, captions: captions, legendFrames: legendFrames, legendAmplifications: amplifications)
    }

    // MARK: - Rendering

    /// Draws the strip.
    ///
    /// - Throws: `BlurKitError` when there are no panels, an image is empty, a difference panel's
    ///   reference has another size than its image, or the inset region leaves a panel's image.
    public func render() throws -> RGBAImage {
        try validate()
        let layout = layout()
        var canvas = Canvas(width: layout.width, height: layout.height, background: FigureColour.background)
        for (n, line) in layout.titleLines.enumerated() {
            canvas.draw(text: line, x: Self.margin, y: layout.titleTop + n * Self.titleFont.lineHeight,
                        font: Self.titleFont, colour: FigureColour.text)
        }
        for (i, panel) in panels.enumerated() {
            let frame = layout.panelFrames[i]
            let shown = displayedImage(panel)
            canvas.fill(frame.expanded(by: 1), colour: FigureColour.frame)
            drawPicture(shown.full, in: frame, zoom: layout.scale.enlargement, on: &canvas)
            drawOutlines(panel: i, frame: frame, scale: layout.scale, on: &canvas)
            if let inset, let insetFrame = layout.insetFrames[i], let zoom = layout.insetZoom {
                let r = inset.region
                let outline = PixelRect(x: frame.x + Int(layout.scale.displayed(Double(r.x)).rounded(.down)),
                                        y: frame.y + Int(layout.scale.displayed(Double(r.y)).rounded(.down)),
                                        width: max(2, layout.scale.displayed(r.width)), height: max(2, layout.scale.displayed(r.height)))
                Self.drawHighlight(around: outline, on: &canvas)
                canvas.fill(insetFrame.expanded(by: 3), colour: FigureColour.accent)
                let region = shown.original.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
                drawPicture(region, in: insetFrame, zoom: zoom, on: &canvas)
                Self.badge("zoom ×\(zoom)", x: insetFrame.x + 6, y: insetFrame.y + 6, on: &canvas)
            }
            if let a = panel.amplification {
                Self.badge("|diff| ×\(Self.number(a))", x: frame.x + 6, y: frame.y + 6, on: &canvas)
            }
            let centre = layout.panelFrames[i].x + layout.panelFrames[i].width / 2
            for (n, line) in layout.captions[i].enumerated() {
                canvas.draw(text: line, x: centre, y: layout.captionTops[i] + n * Self.captionFont.lineHeight,
                            font: Self.captionFont, colour: n == 0 ? FigureColour.text : FigureColour.mutedText, alignment: .centre)
            }
        }
        for (frame, a) in zip(layout.legendFrames, layout.legendAmplifications) {
            legend(amplification: a).draw(on: &canvas, x: frame.x, y: frame.y, width: frame.width)
        }
        return canvas.image
    }

    /// The legend of difference panels amplified by `amplification`: the full colour scale spans
    /// 0 to 255 / amplification in 8-bit units.
    public func legend(amplification: Float) -> ColourLegend {
        ColourLegend(map: colourMap, title: "|difference| ×\(Self.number(amplification)), in 8-bit units",
                     maximum: 255 / Double(amplification))
    }

    /// Checks that the strip can be rendered (`render` does this first).
    ///
    /// - Throws: `BlurKitError` for a strip without panels or with an empty panel, or an inset
    ///   outside the panels.
    public func validate() throws {
        guard !panels.isEmpty else { throw BlurKitError("a strip needs at least one panel") }
        for (i, panel) in panels.enumerated() {
            guard panel.image.width > 0, panel.image.height > 0 else {
                throw BlurKitError("panel \(i + 1) of the strip is an empty \(panel.image.width)×\(panel.image.height) image")
            }
            if case .difference(let reference, let a) = panel.kind {
                guard reference.width == panel.image.width, reference.height == panel.image.height else {
                    throw BlurKitError("difference panel \(i + 1): image is \(panel.image.width)×\(panel.image.height) but its reference is \(reference.width)×\(reference.height)")
                }
                guard a > 0, a.isFinite else {
                    throw BlurKitError("difference panel \(i + 1): amplification must be positive, got \(a)")
                }
            }
            if let inset {
                let r = inset.region, inside = r.intersection(panel.image.bounds)
                guard !r.isEmpty, inside == r else {
                    throw BlurKitError("inset region \(r.width)×\(r.height) at (\(r.x), \(r.y)) is not inside panel \(i + 1)'s \(panel.image.width)×\(panel.image.height) image")
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
    private func displayedImage(_ panel: Panel) -> (original: RGBAImage, full: RGBAImage) {
        let scale = self.scale ?? automaticScale
        var original = panel.image
        var isDifference = false
        if case .difference(let reference, let a) = panel.kind {
            original = Self.differenceMap(panel.image, reference: reference, amplification: a, map: colourMap)
            isDifference = true
        }
        guard case .reduce(let n) = scale, n > 1 else { return (original, original) }
        return (original, Self.reduce(original, by: n, keepingMaximum: isDifference))
    }

    /// Draws `picture` enlarged by `zoom` into `frame`, over a checkerboard where it has any
    /// transparency.
    private func drawPicture(_ picture: RGBAImage, in frame: PixelRect, zoom: Int, on canvas: inout Canvas) {
        if Self.hasTransparency(picture) {
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

    /// A small dark label with light text in a panel's corner.
    static func badge(_ text: String, x: Int, y: Int, on canvas: inout Canvas) {
        let font = BitmapFont.label
        let size = font.measure(text)
        canvas.fillRoundedRect(x: Double(x), y: Double(y), width: Double(size.width + 14), height: Double(size.height + 4),
                               radius: 7, colour: FigureColour.hex(0x1C1C1E, alpha: 0.78))
        canvas.draw(text: text, x: x + 7, y: y + 2, font: font, colour: FigureColour.hex(0xFFFFFF))
    }

    // MARK: - Pixels

    /// `|image − reference| × amplification` through `map`, per pixel.
    ///
    /// The difference of a pixel is the largest over R, G, B of |Δ(c·α)| and |Δα|, on
    /// premultiplied values — what differs in what is seen; colour under fully transparent pixels
    /// does not count. A difference d (0...1) is drawn as `map.colour(at: d × amplification)`, so
    /// the top of the colour scale is `255 / amplification` in 8-bit units and anything larger
    /// saturates.
    public static func differenceMap(_ image: RGBAImage, reference: RGBAImage, amplification: Float,
                                     map: ColourMap = .inferno) -> RGBAImage {
        let d = difference(image, reference: reference)
        var out = RGBAImage(width: image.width, height: image.height)
        for i in 0..<d.count { out[i % image.width, i / image.width] = map.colour(at: d[i] * amplification) }
        return out
    }

    /// The per-pixel difference `differenceMap` draws, 0...1 (multiply by 255 for 8-bit units):
    /// `ErrorMetrics.pixelDifferences`, what the error tables measure.
    public static func difference(_ image: RGBAImage, reference: RGBAImage) -> [Float] {
        precondition(image.width == reference.width && image.height == reference.height,
                     "image \(image.width)×\(image.height) and reference \(reference.width)×\(reference.height) must have one size")
        return ErrorMetrics.pixelDifferences(image, reference)
    }

    static func hasTransparency(_ image: RGBAImage) -> Bool {
        stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 1 }
    }

    /// Each n×n block (cut at the borders) becomes its premultiplied average, or its maximum.
    static func reduce(_ image: RGBAImage, by n: Int, keepingMaximum: Bool) -> RGBAImage {
        let w = (image.width + n - 1) / n, h = (image.height + n - 1) / n
        var out = RGBAImage(width: w, height: h)
        for by in 0..<h { for bx in 0..<w {
            var sum = SIMD4<Float>.zero, count: Float = 0
            for y in (by * n)..<min(image.height, by * n + n) { for x in (bx * n)..<min(image.width, bx * n + n) {
                let p = image[x, y]
                if keepingMaximum {
                    sum = pointwiseMax(sum, p)
                } else {
                    sum += SIMD4(p.x * p.w, p.y * p.w, p.z * p.w, p.w)
                }
                count += 1
            } }
            if keepingMaximum {
                out[bx, by] = sum
            } else {
                let a = sum.w / count
                out[bx, by] = a > 0 ? SIMD4(sum.x / sum.w, sum.y / sum.w, sum.z / sum.w, a) : .zero
            }
        } }
        return out
    }

    /// A number as short text: `16`, `2.5`.
    public static func number(_ x: Float) -> String {
        x == x.rounded() && abs(x) < 1e7 ? String(Int(x)) : String(format: "%g", Double(x))
    }

    // MARK: - Alt text

    /// A description of the strip for readers who cannot see it: title, each panel with its
    /// caption, the scale, the inset, and each difference panel's amplification, colour scale and
    /// largest difference.
    public func altText() -> String {
        let layout = layout()
        var parts: [String] = []
        if let title { parts.append(title + ".") }
        let sizes = Set(panels.map { "\($0.image.width)×\($0.image.height)" }).sorted()
        parts.append("\(panels.count) panel\(panels.count == 1 ? "" : "s") side by side (\(sizes.joined(separator: ", ")) pixels, \(layout.scale.description)).")
        for (i, panel) in panels.enumerated() {
            let caption = panel.caption.isEmpty ? "no caption" : panel.caption.joined(separator: ", ")
            switch panel.kind {
            case .image:
                parts.append("Panel \(i + 1): \(caption).")
            case .difference(let reference, let a):
                var text = "Panel \(i + 1): \(caption); difference map, |difference| × \(Self.number(a)) in the \(colourMap.name) colour map (darkest = no difference, full scale = \(Plot.short(255 / Double(a))) in 8-bit units)"
                if reference.width == panel.image.width, reference.height == panel.image.height {
                    let largest = (Self.difference(panel.image, reference: reference).max() ?? 0) * 255
                    text += ", largest difference \(Plot.short(Double(largest))) in 8-bit units"
                }
                parts.append(text + ".")
            }
        }
        if let inset, let zoom = layout.insetZoom {
            parts.append("Below each panel, the region \(inset.region.width)×\(inset.region.height) at (\(inset.region.x), \(inset.region.y)) enlarged \(zoom)× with visible pixels; it is outlined in orange on each panel.")
        }
        if let outlined = outlinesAltText() { parts.append(outlined) }
        return parts.joined(separator: " ")
    }
}

extension Strip.Scale {
    /// The whole enlargement applied when drawing (1 when reducing: reduction happens first).
    var enlargement: Int {
        if case .enlarge(let n) = self { n } else { 1 }
    }
}
