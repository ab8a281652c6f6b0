import ArgumentParser
import BlurKit
import Foundation

/// Close-ups and outlines on a strip (`blur --strip`, `compare --strip`, `strip`): a corner
/// enlarged below or beside every panel, the enlargement of any inset, rectangles outlined on the panels.
///
/// A corner close-up shows how an edge mode fills what lies beyond the border: at a corner,
/// both a row and a column of padding meet. `--inset-zoom` makes a close-up as large as a
/// projector needs, even wider than its panel (the strip's column then widens).
struct CloseUpOptions: ParsableArguments {
    /// A corner of the image.
    enum Corner: String, CaseIterable, ExpressibleByArgument {
        case topLeft = "top-left"
        case topRight = "top-right"
        case bottomLeft = "bottom-left"
        case bottomRight = "bottom-right"
    }

    @Option(
        help: ArgumentHelp(
            "With a strip: enlarge this corner of every panel below or beside it (top-left, top-right, bottom-left, bottom-right).",
            valueName: "corner"))
    var cornerInset: Corner?
    @Option(help: ArgumentHelp("With --corner-inset: the corner region's side in image pixels.", valueName: "px"))
    var cornerSize: Int = 24
    @Option(
        help: ArgumentHelp(
            "With a strip's inset: its enlargement (default: the largest whole factor that keeps it within the panel's size).",
            valueName: "n"))
    var insetZoom: Int?
    @Option(
        help: ArgumentHelp(
            "With a strip: outline this rectangle on every panel, optionally labelled (repeatable).",
            valueName: "x,y,w,h[=label]"))
    var outline: [String] = []

    var isUsed: Bool { cornerInset != nil || insetZoom != nil || !outline.isEmpty }

    func validate() throws {
        guard (1...4096).contains(cornerSize) else {
            throw ValidationError("--corner-size must be 1…4096, got \(cornerSize)")
        }
        if let insetZoom, !(1...64).contains(insetZoom) {
            throw ValidationError("--inset-zoom must be 1…64, got \(insetZoom)")
        }
        for text in outline { _ = try Self.parseOutline(text) }
    }

    /// `X,Y,W,H` or `X,Y,W,H=label` as an outline on panels of `width`×`height` (percentages
    /// are of those sides, as for `--inset`).
    static func parseOutline(_ text: String, width: Int = 0, height: Int = 0) throws -> Strip.Outline {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let rect: PixelRect
        do {
            rect = try RectangleSpec(parsing: String(parts[0]), option: "--outline").resolved(
                width: width, height: height)
        } catch {
            throw ValidationError("\(error)")
        }
        let label = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        return Strip.Outline(
            x: rect.x, y: rect.y, width: rect.width, height: rect.height, label: label.isEmpty ? nil : label)
    }

    /// Adds the corner inset, the inset's zoom and the outlines to `strip`, whose panels are in.
    ///
    /// - Throws: `ValidationError` when `--corner-inset` is given with `--inset`, or
    ///   `--inset-zoom` without any inset.
    func apply(to strip: inout Strip) throws {
        if let cornerInset {
            guard strip.inset == nil else { throw ValidationError("give --inset or --corner-inset, not both") }
            let width = strip.panels.map(\.image.width).min() ?? 0, height = strip.panels.map(\.image.height).min() ?? 0
            let w = min(cornerSize, width), h = min(cornerSize, height)
            let right = cornerInset == .topRight || cornerInset == .bottomRight
            let bottom = cornerInset == .bottomLeft || cornerInset == .bottomRight
            strip.inset = Strip.Inset(x: right ? width - w : 0, y: bottom ? height - h : 0, width: w, height: h)
        }
        if let insetZoom {
            guard strip.inset != nil else { throw ValidationError("--inset-zoom needs --inset or --corner-inset") }
            strip.inset?.zoom = insetZoom
        }
        let width = strip.panels.map(\.image.width).min() ?? 0, height = strip.panels.map(\.image.height).min() ?? 0
        strip.outlines += try outline.map { try Self.parseOutline($0, width: width, height: height) }
    }
}
