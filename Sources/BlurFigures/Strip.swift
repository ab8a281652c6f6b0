import BlurCore
import BlurPNG
import Foundation

/// One picture of panels side by side at one scale, each with a caption, for projecting.
///
/// A strip shows results next to each other: images (transparent pixels over a checkerboard),
/// difference panels (|method − reference| amplified and coloured with a perceptually ordered
/// colour map, with a legend bar giving the scale in 8-bit units), and optionally the same region
/// of every panel enlarged below it or beside it (nearest neighbour, so pixels show; the region
/// is outlined on each full panel). Small images are enlarged by a whole factor and large ones reduced, so a
/// strip of four 256×256 panels is about 1100–1700 px wide and its 30 px captions stay legible
/// when projected; a wider strip wraps its panels into rows and draws its text larger
/// (`Strip+Arrangement.swift`).
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
        /// What a panel shows: its image, or its difference from a reference.
        public enum Kind: Sendable {
            /// The image as it is (transparent parts over a checkerboard).
            case image
            /// `|image − reference|` per pixel, times `amplification`, through the colour map.
            case difference(reference: RGBAImage, amplification: Float)
        }

        /// The picture shown (for a difference panel, the image compared with the reference).
        public var image: RGBAImage
        /// One or two short lines: what the panel is, then a number that matters.
        public var caption: [String]
        /// Whether the panel shows `image` or its amplified difference from a reference.
        public var kind: Kind

        /// A panel of `image` with its caption lines; an image panel unless `kind` says otherwise.
        public init(image: RGBAImage, caption: [String] = [], kind: Kind = .image) {
            self.image = image
            self.caption = caption
            self.kind = kind
        }

        /// A difference panel: `|image − reference| × amplification` through the strip's colour map.
        package static func difference(
            _ image: RGBAImage, reference: RGBAImage, amplification: Float,
            caption: [String] = []
        ) -> Panel {
            Panel(image: image, caption: caption, kind: .difference(reference: reference, amplification: amplification))
        }

        var amplification: Float? {
            if case .difference(_, let a) = kind { a } else { nil }
        }
    }

    /// A region of the images shown enlarged below or beside every panel.
    public struct Inset: Sendable, Equatable {
        /// The region, in the panels' image pixels.
        public var region: PixelRect
        /// The enlargement; nil picks the largest whole factor that keeps the inset within the
        /// panel's displayed size.
        public var zoom: Int?

        /// A close-up of `region`, enlarged `zoom` times (nil: as much as fits).
        public init(_ region: PixelRect, zoom: Int? = nil) {
            self.region = region
            self.zoom = zoom
        }

        /// A close-up of the `width`×`height` region whose top-left pixel is (x, y), enlarged
        /// `zoom` times (nil: as much as fits).
        package init(x: Int, y: Int, width: Int, height: Int, zoom: Int? = nil) {
            self.init(PixelRect(x: x, y: y, width: width, height: height), zoom: zoom)
        }
    }

    /// How image pixels map to strip pixels.
    package enum Scale: Sendable, Equatable, CustomStringConvertible {
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
        package var description: String {
            switch self {
            case .enlarge(let n): n == 1 ? "actual size" : "enlarged \(n)×"
            case .reduce(let n): "reduced to 1/\(n)"
            }
        }
    }

    /// The line above the panels, wrapped to at most three lines (nil: no title).
    public var title: String?
    /// The panels, left to right, then row by row when `columns` is set.
    public var panels: [Panel]
    /// The region shown enlarged below or beside every panel (nil: none).
    public var inset: Inset?
    /// Panels per row; nil puts all panels in one row, or, for a strip that would be wider than
    /// 1,500 px, in the rows that show them largest (`Strip+Arrangement.swift`).
    package var columns: Int?
    /// nil chooses automatically (see `automaticScale`).
    package var scale: Scale?
    /// The colour map of difference panels; inferno makes "no difference" black.
    package var colourMap: ColourMap = .inferno
    /// Rectangles outlined on the panels (`Strip+Outlines.swift`).
    package var outlines: [Outline] = []

    /// A strip with one row of panels at the automatic scale, difference panels in inferno.
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
    public mutating func addDifference(
        _ image: RGBAImage, reference: RGBAImage, amplification: Float, caption: String...
    ) {
        panels.append(.difference(image, reference: reference, amplification: amplification, caption: caption))
    }
}
