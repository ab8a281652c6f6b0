import BlurCore

/// Where a strip puts each panel's picture and close-up, for a page that maps a pointer on the
/// strip's PNG back to the panel's image pixels (`FigurePointing` in the explorer).
extension Strip {
    /// A strip's panel placement, in strip pixels, as `render()` draws it.
    package struct Geometry: Sendable, Equatable {
        /// The rendered strip's size.
        package var width: Int
        package var height: Int
        /// How image pixels map to strip pixels on the full panels.
        package var scale: Scale
        /// Each panel's picture, in strip pixels, in panel order.
        package var panelFrames: [PixelRect]
        /// Each panel's close-up, in strip pixels (nil: no close-up).
        package var insetFrames: [PixelRect?]
        /// The image region every close-up shows, and its enlargement (nil: no close-up).
        package var insetRegion: PixelRect?
        package var insetZoom: Int?

        /// The strip pixel where image pixel (x, y) of panel `panel` is drawn on the full panel:
        /// the centre of its square when enlarged, nil when the panel is reduced (a strip pixel
        /// then averages several image pixels).
        package func fullPosition(panel: Int, x: Int, y: Int) -> (x: Int, y: Int)? {
            guard case .enlarge(let n) = scale else { return nil }
            let frame = panelFrames[panel]
            return (frame.x + x * n + n / 2, frame.y + y * n + n / 2)
        }

        /// The strip pixel where image pixel (x, y) of panel `panel` is drawn on its close-up, or
        /// nil when the pixel is outside the close-up's region.
        package func closeUpPosition(panel: Int, x: Int, y: Int) -> (x: Int, y: Int)? {
            guard let region = insetRegion, let zoom = insetZoom, let frame = insetFrames[panel],
                x >= region.x, y >= region.y, x < region.maxX, y < region.maxY
            else { return nil }
            return (frame.x + (x - region.x) * zoom + zoom / 2, frame.y + (y - region.y) * zoom + zoom / 2)
        }
    }

    /// The placement of the panels as `render()` draws them (before any legend is appended
    /// below the strip, which moves nothing).
    package var geometry: Geometry {
        let layout = layout()
        return Geometry(
            width: layout.width, height: layout.height, scale: layout.scale, panelFrames: layout.panelFrames,
            insetFrames: layout.insetFrames, insetRegion: inset?.region, insetZoom: layout.insetZoom)
    }
}
