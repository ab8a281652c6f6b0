import BlurCore
import Foundation

/// Where a line of text sits relative to the x coordinate it is drawn at.
package enum TextAlignment: Sendable {
    /// x is the left edge of the text.
    case left
    /// x is the centre of the text.
    case centre
    /// x is the right edge of the text.
    case right
}

/// The colours the figure library draws with: straight-alpha sRGB-encoded RGBA in 0...1.
package enum FigureColour {
    /// A colour from a 24-bit `0xRRGGBB` value.
    package static func hex(_ rgb: UInt32, alpha: Float = 1) -> SIMD4<Float> {
        SIMD4(Float((rgb >> 16) & 0xFF) / 255, Float((rgb >> 8) & 0xFF) / 255, Float(rgb & 0xFF) / 255, alpha)
    }

    /// The light neutral page behind strips and plots.
    package static let background = hex(0xF3F3F1)
    /// Text on `background`: near-black, WCAG contrast ratio ≈ 15:1.
    package static let text = hex(0x1C1C1E)
    /// Secondary text (second caption lines, legend notes): WCAG contrast ratio ≈ 8:1 on `background`.
    package static let mutedText = hex(0x4A4A4F)
    /// Thin frames around panels.
    package static let frame = hex(0x9A9A9E)
    /// Plot grid lines.
    package static let grid = hex(0xDADAD8)
    /// The zoom-region outline and the inset's frame: a saturated orange seen on dark and light.
    package static let accent = hex(0xFF8A00)
    /// Series colours: the Okabe–Ito palette, distinguishable with the common colour-vision
    /// deficiencies (Okabe & Ito 2008, "Color Universal Design"), without its yellow, which
    /// vanishes on a light page.
    /// After its seven come five of Paul Tol's muted colours (wine, teal, olive, indigo, grey),
    /// so twelve series — the survey's methods — each have a colour of their own.
    package static let series: [SIMD4<Float>] = [
        hex(0x0072B2), hex(0xD55E00), hex(0x009E73), hex(0xCC79A7), hex(0xE69F00), hex(0x56B4E9), hex(0x000000),
        hex(0x882255), hex(0x44AA99), hex(0x999933), hex(0x332288), hex(0x888888)
    ]
    /// The light squares of the checkerboard shown behind transparent pixels: white.
    package static let checkerLight = hex(0xFFFFFF)
    /// The dark squares of that checkerboard: a light grey, so the pattern stays faint.
    package static let checkerDark = hex(0xCBCBCB)
}

/// An RGBA picture to draw figures on: straight alpha, sRGB-encoded values in 0...1.
///
/// Every drawing operation composites its colour *over* what is there (Porter & Duff 1984,
/// "Compositing Digital Images"), with straight alpha: for source colour Cs with alpha As (the
/// colour's alpha times the pixel's coverage) over Cd, Ad:
/// `Ao = As + Ad(1 − As)`, `Co = (Cs·As + Cd·Ad·(1 − As)) / Ao`.
/// Blending works on the sRGB-encoded values, as most 2-D renderers do; edges are anti-aliased by
/// coverage estimated from the distance of each pixel's centre to the shape's boundary.
///
/// ```swift
/// var canvas = Canvas(width: 400, height: 120, background: FigureColour.background)
/// canvas.fillRoundedRect(x: 20, y: 20, width: 200, height: 80, radius: 16, colour: FigureColour.hex(0xFFFFFF, alpha: 0.6))
/// canvas.draw(text: "frosted", x: 120, y: 42, font: .caption, colour: FigureColour.text, alignment: .centre)
/// try PNG.write(canvas.image, to: "glass.png")
/// ```
package struct Canvas: Sendable {
    /// The picture drawn so far.
    package var image: RGBAImage

    /// The picture's width in pixels.
    package var width: Int { image.width }
    /// The picture's height in pixels.
    package var height: Int { image.height }
    /// The whole picture, `(0, 0)` to `(width, height)`: what drawing is clipped to.
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A canvas filled with one colour (transparent by default).
    package init(width: Int, height: Int, background: SIMD4<Float> = .zero) {
        image = RGBAImage(width: width, height: height, fill: background)
    }

    /// A canvas that draws on a copy of `image`.
    package init(image: RGBAImage) { self.image = image }

    // MARK: - Compositing

    /// Composites `colour` over the pixel (x, y) with weight `coverage` (0...1); outside pixels
    /// are ignored.
    package mutating func blend(x: Int, y: Int, colour: SIMD4<Float>, coverage: Float = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = 4 * (y * width + x)
        image.pixels.withUnsafeMutableBufferPointer { p in
            Self.over(p, i, colour, coverage)
        }
    }

    /// "Over" on straight alpha at `pixels[i ..< i + 4]`: `Tint.over`, the one source-over.
    @inline(__always)
    static func over(_ p: UnsafeMutableBufferPointer<Float>, _ i: Int, _ colour: SIMD4<Float>, _ coverage: Float) {
        let out = Tint.over(colour, weight: coverage, on: SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3]))
        p[i] = out.x; p[i + 1] = out.y; p[i + 2] = out.z; p[i + 3] = out.w
    }

    /// Composites `colour` over every pixel of `rect` (clipped to the canvas).
    package mutating func fill(_ rect: PixelRect, colour: SIMD4<Float>) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = width
        image.pixels.withUnsafeMutableBufferPointer { p in
            guard colour.w < 1 else {
                // An opaque colour over anything is that colour exactly (`over` with alpha 1
                // gives C·1 + D·0): store it, row by row.
                p.baseAddress!.withMemoryRebound(to: SIMD4<Float>.self, capacity: p.count / 4) { base in
                    for y in r.y..<r.maxY { (base + y * w + r.x).update(repeating: colour, count: r.width) }
                }
                return
            }
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { Self.over(p, 4 * (y * w + x), colour, 1) } }
        }
    }

    /// Replaces every pixel of `rect` by a checkerboard of `cell`-pixel squares, the usual
    /// backdrop that shows where an image is transparent; the pattern starts light at the
    /// rectangle's top-left corner.
    package mutating func fillCheckerboard(
        _ rect: PixelRect, cell: Int = 8,
        light: SIMD4<Float> = FigureColour.checkerLight,
        dark: SIMD4<Float> = FigureColour.checkerDark
    ) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let odd = ((x - rect.x) / cell + (y - rect.y) / cell) % 2 == 1
                image[x, y] = odd ? dark : light
            }
        }
    }

    /// Composites `source` over the canvas with its top-left corner at (x, y), each source pixel
    /// enlarged to a `zoom`×`zoom` square (nearest neighbour, so single pixels stay visible).
    ///
    /// - Parameters:
    ///   - source: the picture to draw, straight alpha.
    ///   - x: the canvas column of its top-left corner.
    ///   - y: the canvas row of its top-left corner.
    ///   - region: the part of `source` to draw (default: all of it).
    ///   - zoom: the integer enlargement, ≥ 1.
    package mutating func draw(_ source: RGBAImage, x: Int, y: Int, zoom: Int = 1, region: PixelRect? = nil) {
        precondition(zoom >= 1, "zoom (\(zoom)) must be at least 1")
        let full = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        let src = (region ?? full).intersection(full)
        guard !src.isEmpty else { return }
        let target = PixelRect(x: x, y: y, width: src.width * zoom, height: src.height * zoom).intersection(bounds)
        guard !target.isEmpty else { return }
        let w = width, sw = source.width
        source.pixels.withUnsafeBufferPointer { s in
            image.pixels.withUnsafeMutableBufferPointer { p in
                for ty in target.y..<target.maxY {
                    let sy = src.y + (ty - y) / zoom
                    for tx in target.x..<target.maxX {
                        let si = 4 * (sy * sw + src.x + (tx - x) / zoom)
                        Self.over(p, 4 * (ty * w + tx), SIMD4(s[si], s[si + 1], s[si + 2], s[si + 3]), 1)
                    }
                }
            }
        }
    }

    /// Draws the outline of `rect`, `lineWidth` pixels thick, inside the rectangle.
    package mutating func strokeRect(_ rect: PixelRect, colour: SIMD4<Float>, lineWidth: Int = 1) {
        let t = min(lineWidth, rect.width, rect.height)
        guard t > 0 else { return }
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: t), colour: colour)
        fill(PixelRect(x: rect.x, y: rect.maxY - t, width: rect.width, height: t), colour: colour)
        fill(PixelRect(x: rect.x, y: rect.y + t, width: t, height: rect.height - 2 * t), colour: colour)
        fill(PixelRect(x: rect.maxX - t, y: rect.y + t, width: t, height: rect.height - 2 * t), colour: colour)
    }

    // MARK: - Anti-aliased shapes

    /// Draws a straight line with round ends, `lineWidth` pixels wide, anti-aliased.
    ///
    /// Coordinates are continuous: pixel (i, j) covers `[i, i+1) × [j, j+1)`, so a 1-pixel line
    /// through pixel centres runs along `y = j + 0.5`.
    package mutating func strokeLine(
        from a: SIMD2<Double>, to b: SIMD2<Double>, colour: SIMD4<Float>,
        lineWidth: Double = 1, clip: PixelRect? = nil
    ) {
        strokePolyline([a, b], colour: colour, lineWidth: lineWidth, clip: clip)
    }

    /// Draws connected line segments through `points` with round joins, anti-aliased.
    ///
    /// Coverage of a pixel is `clamp(w/2 + ½ − d, 0, 1)`, where d is the distance from its centre
    /// to the nearest segment: overlapping segments take the largest coverage, so joins are not
    /// darkened by double blending.
    ///
    /// - Parameters:
    ///   - points: the vertices, in canvas pixels (pixel (x, y) covers x…x+1, y…y+1); a single
    ///     point draws a disc.
    ///   - colour: straight-alpha sRGB, composited over what is there.
    ///   - lineWidth: the line's width w, in pixels.
    ///   - clip: draw only inside this rectangle (e.g. a plot's frame).
    package mutating func strokePolyline(
        _ points: [SIMD2<Double>], colour: SIMD4<Float>,
        lineWidth: Double = 1, clip: PixelRect? = nil
    ) {
        guard !points.isEmpty else { return }
        let half = lineWidth / 2
        let segments =
            points.count == 1 ? [(points[0], points[0])] : (1..<points.count).map { (points[$0 - 1], points[$0]) }
        let low = points.reduce(points[0]) { pointwiseMin($0, $1) },
            high = points.reduce(points[0]) { pointwiseMax($0, $1) }
        var extent = Self.bounding(low, high, grownBy: half + 1)
        if let clip { extent = extent.intersection(clip) }
        coverageMask(clip: extent, colour: colour) { mask, area in
            for (a, b) in segments {
                let box = Self.bounding(a, b, grownBy: half + 1).intersection(area)
                guard !box.isEmpty else { continue }
                let ab = b - a
                let length2 = (ab * ab).sum()
                for y in box.y..<box.maxY {
                    for x in box.x..<box.maxX {
                        let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                        let t = length2 > 0 ? min(1, max(0, ((p - a) * ab).sum() / length2)) : 0
                        let d = p - (a + t * ab)
                        let c = Float(min(1, max(0, half + 0.5 - (d * d).sum().squareRoot())))
                        let m = (y - area.y) * area.width + (x - area.x)
                        if c > mask[m] { mask[m] = c }
                    }
                }
            }
        }
    }

    /// Fills a rectangle with rounded corners of `radius` pixels, anti-aliased on every edge
    /// (coverage from `RoundedBox`).
    package mutating func fillRoundedRect(
        x: Double, y: Double, width w: Double, height h: Double,
        radius: Double, colour: SIMD4<Float>
    ) {
        guard w > 0, h > 0 else { return }
        let box = Self.bounding(SIMD2(x, y), SIMD2(x + w, y + h), grownBy: 1)
        coverageMask(clip: box, colour: colour) { mask, area in
            for py in area.y..<area.maxY {
                for px in area.x..<area.maxX {
                    let p = SIMD2(Double(px) + 0.5, Double(py) + 0.5)
                    let c = RoundedBox.coverage(point: p, x: x, y: y, width: w, height: h, radius: radius)
                    mask[(py - area.y) * area.width + (px - area.x)] = Float(c)
                }
            }
        }
    }

    /// Fills a disc, anti-aliased (used for plot markers).
    package mutating func fillCircle(
        centre: SIMD2<Double>, radius: Double, colour: SIMD4<Float>, clip: PixelRect? = nil
    ) {
        strokePolyline([centre], colour: colour, lineWidth: 2 * radius, clip: clip)
    }

    /// Fills a convex polygon (vertices in either order), anti-aliased: a pixel's coverage is
    /// `clamp(½ − d, 0, 1)`, d the signed distance from its centre to the nearest edge's line
    /// (negative inside). Used for plot markers.
    package mutating func fillPolygon(_ vertices: [SIMD2<Double>], colour: SIMD4<Float>, clip: PixelRect? = nil) {
        guard vertices.count >= 3 else { return }
        let low = vertices.reduce(vertices[0]) { pointwiseMin($0, $1) },
            high = vertices.reduce(vertices[0]) { pointwiseMax($0, $1) }
        var extent = Self.bounding(low, high, grownBy: 1)
        if let clip { extent = extent.intersection(clip) }
        // Twice the signed area says which way the vertices turn, so every edge's normal points out.
        let turn = zip(vertices, vertices.dropFirst() + [vertices[0]]).map { $0.x * $1.y - $1.x * $0.y }.reduce(0, +)
        let edges = zip(vertices, vertices.dropFirst() + [vertices[0]]).map { a, b -> (SIMD2<Double>, SIMD2<Double>) in
            let d = b - a, length = (d * d).sum().squareRoot()
            let normal = (turn > 0 ? SIMD2(d.y, -d.x) : SIMD2(-d.y, d.x)) / max(length, 1e-12)
            return (a, normal)
        }
        coverageMask(clip: extent, colour: colour) { mask, area in
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                    let distance = edges.map { (($0.1) * (p - $0.0)).sum() }.max()!
                    mask[(y - area.y) * area.width + (x - area.x)] = Float(min(1, max(0, 0.5 - distance)))
                }
            }
        }
    }

    /// Builds a coverage mask over `extent` (clipped to the canvas), lets `body` fill it, then
    /// composites `colour` through it once.
    private mutating func coverageMask(
        clip extent: PixelRect, colour: SIMD4<Float>,
        _ body: (inout [Float], PixelRect) -> Void
    ) {
        let area = extent.intersection(bounds)
        guard !area.isEmpty else { return }
        var mask = [Float](repeating: 0, count: area.width * area.height)
        body(&mask, area)
        let w = width
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let c = mask[(y - area.y) * area.width + (x - area.x)]
                    if c > 0 { Self.over(p, 4 * (y * w + x), colour, c) }
                }
            }
        }
    }

    static func bounding(_ a: SIMD2<Double>, _ b: SIMD2<Double>, grownBy g: Double) -> PixelRect {
        func clamped(_ v: Double) -> Int { Int(max(-1e6, min(1e6, v))) }
        let x0 = clamped((min(a.x, b.x) - g).rounded(.down)), y0 = clamped((min(a.y, b.y) - g).rounded(.down))
        let x1 = clamped((max(a.x, b.x) + g).rounded(.up)), y1 = clamped((max(a.y, b.y) + g).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Text

    /// Draws `text` with its line box's top at `y`; `x` is the left edge, centre or right edge
    /// according to `alignment`. Lines separated by `\n` are aligned each on its own.
    ///
    /// - Returns: the rectangle the text occupies (as `font.measure` gives it).
    @discardableResult
    package mutating func draw(
        text: String, x: Int, y: Int, font: BitmapFont, colour: SIMD4<Float>,
        alignment: TextAlignment = .left
    ) -> PixelRect {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var occupied: PixelRect?
        for (n, line) in lines.enumerated() {
            let lineWidth = (font.lineAdvance(line) + 63) / 64
            let left =
                switch alignment {
                case .left: x
                case .centre: x - lineWidth / 2
                case .right: x - lineWidth
                }
            let baseline = y + n * font.lineHeight + font.ascent
            drawLine(line, penX: left, baseline: baseline, font: font, colour: colour)
            let box = PixelRect(x: left, y: y + n * font.lineHeight, width: lineWidth, height: font.lineHeight)
            occupied = occupied.map { Self.union($0, box) } ?? box
        }
        return occupied ?? PixelRect(x: x, y: y, width: 0, height: font.lineHeight)
    }

    private mutating func drawLine(_ line: Substring, penX: Int, baseline: Int, font: BitmapFont, colour: SIMD4<Float>)
    {
        let w = width, h = height
        image.pixels.withUnsafeMutableBufferPointer { p in
            font.coverage.withUnsafeBufferPointer { cov in
                _ = font.forEachGlyph(in: line) { glyph, pen in
                    let gx = penX + pen + glyph.left, gy = baseline + glyph.top
                    for j in 0..<glyph.height {
                        let y = gy + j
                        guard y >= 0, y < h else { continue }
                        for i in 0..<glyph.width {
                            let x = gx + i
                            guard x >= 0, x < w else { continue }
                            let c = cov[glyph.offset + j * glyph.width + i]
                            if c > 0 { Self.over(p, 4 * (y * w + x), colour, Float(c) / 255) }
                        }
                    }
                }
            }
        }
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}
