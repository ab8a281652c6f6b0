import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// The glass report's numbers as text, its contrast table, its warnings and its strip.
extension GlassCommand {
    static func percent(_ x: Double) -> String { NumberText.fixed(100 * x, digits: 0) + " %" }

    static func colour(_ c: SIMD4<Float>) -> String { GlassDemo.css(c) }

    static func ratio(_ r: Double) -> String { NumberText.fixed(r, digits: 2) + ":1" }

    /// A contrast ratio: the number for data formats, `5.65:1` for people.
    static func ratioCell(_ r: Double) -> Table.Cell { Table.Cell(value: .number(r), display: ratio(r)) }

    /// Whether `content`, regular, is large text under WCAG at its scale: at least 24 CSS px
    /// (18 pt), that is 24 × scale pixels of the picture.
    static func isLargeText(_ content: GlassLabel) -> Bool {
        ContrastCheck.isLargeText(pixels: content.pixelSize, bold: false, scale: content.scale)
    }

    /// The label's size for people: `30 px`, or `60 px (30 pt at scale 2)`.
    static func labelSizeText(_ content: GlassLabel) -> String {
        let pixels = NumberText.compact(content.pixelSize, significant: 3) + " px"
        guard content.scale != 1 else { return pixels }
        return pixels + " (\(content.font.pixelSize) pt at scale \(NumberText.compact(content.scale, significant: 3)))"
    }

    /// Text fewer pixels high than this cannot keep its strokes and counters apart (the bitmap
    /// faces need about 9 rows for a lower-case letter with its ascender and descender), so a
    /// contrast ratio, however high, does not make it readable.
    static let smallestReadablePixels = 9.0

    /// The body-text verdict for `content`: yes or no, with the label's size beside it when the
    /// label is drawn too small to read (`smallestReadablePixels`), since WCAG's ratio then speaks
    /// for the colours alone.
    static func bodyTextCell(_ check: ContrastCheck, content: GlassLabel?) -> Table.Cell {
        let verdict = check.meetsBodyText ? "yes" : "no"
        guard let content, content.pixelSize < smallestReadablePixels else { return .text(verdict) }
        return .text("\(verdict), but \(NumberText.compact(content.pixelSize, significant: 3)) px is too small to read")
    }

    /// The large-text verdict for `content`: yes or no where the label is large text under WCAG
    /// (`isLargeText`), else a dash with its size, since 3:1 does not apply.
    static func largeTextCell(_ check: ContrastCheck, content: GlassLabel?) -> Table.Cell {
        guard let content, !isLargeText(content) else {
            return .text(check.meetsLargeText ? "yes" : "no")
        }
        return .text("— (\(Self.labelSizeText(content)))")
    }

    func contrastTable(frosted: GlassRendering, fallback: GlassRendering, content: GlassLabel?) -> Table {
        var table = Table(
            title: "Label contrast (WCAG 2.x)", name: "contrast",
            columns: [
                Table.Column(key: "rendering", title: "rendering", alignRight: false),
                Table.Column(key: "label", title: "label", alignRight: false),
                Table.Column(key: "background", title: "behind the label", alignRight: false),
                Table.Column(key: "contrast", title: "contrast"),
                Table.Column(key: "bodyText", title: "body text", unit: "≥ 4.5:1", alignRight: false),
                Table.Column(key: "largeText", title: "large text", unit: "≥ 3:1", alignRight: false)
            ])
        let c = frosted.contrast
        let worst = frosted.image[c.x, c.y]
        table.append([
            .text("glass (worst pixel)"), .text(Self.colour(frosted.labelColour)),
            .text("\(Self.colour(worst)) at (\(c.x), \(c.y))"), Self.ratioCell(c.ratio),
            Self.bodyTextCell(c, content: content), Self.largeTextCell(c, content: content)
        ])
        let f = fallback.contrast
        table.append([
            .text("Reduce Transparency"), .text(Self.colour(fallback.labelColour)),
            .text("\(Self.colour(fallback.fill ?? worst)) (opaque)"), Self.ratioCell(f.ratio),
            Self.bodyTextCell(f, content: content), Self.largeTextCell(f, content: content)
        ])
        table.notes = [
            "WCAG contrast (L1 + 0.05) / (L2 + 0.05) of the relative luminances, lighter over darker. Glass: the worst of the \(frosted.label.width)×\(frosted.label.height) "
                + "pixels behind the label. The label is black or white, whichever reads better on the glass; the "
                + "fallback colour is chosen to give it at least 4.5:1. Large text (3:1) is at least 18 pt (24 px at scale 1), "
                + "or 14 pt (18.66 px) bold; the label is \(content.map { Self.labelSizeText($0) + " regular" } ?? "not drawn")."
        ]
        return table
    }

    /// What the user's tint did: the glass fails 4.5:1; the style's own tint may not.
    func tintWarning(frosted: GlassRendering, fallback: GlassRendering, glass: Glass, image: RGBAImage, choice: Choice)
        throws -> String
    {
        var text =
            "with --tint \(tint!) the label on the glass reaches only \(Self.ratio(frosted.contrast.ratio)) at its worst pixel, "
            + "below 4.5:1 for body text\(frosted.contrast.meetsLargeText ? " (large text, 3:1, passes)" : " and 3:1 for large text")"
        var own = glass
        own.preset.tint = style.preset().tint
        own.labelColour = own.preset.labelColour
        let ownRendering = try own.render(over: image, blur: choice.effect)
        if ownRendering.contrast.meetsBodyText {
            text +=
                "; the style's own tint \(Tint.hex(own.preset.tint)) gives \(Self.ratio(ownRendering.contrast.ratio))"
        }
        return text + "; the Reduce Transparency fallback gives \(Self.ratio(fallback.contrast.ratio))."
    }

    func altText(_ rendering: GlassRendering, preset: GlassPreset) -> String {
        let what =
            rendering.reducedTransparency
            ? "an opaque \(Self.colour(rendering.fill!)) panel (the Reduce Transparency fallback)"
            : "a \(styleName) frosted-glass panel"
        let text = label.isEmpty ? "" : " labelled “\(label)” in \(Self.colour(rendering.labelColour))"
        return
            "\(input) with \(what) at \(rendering.panel)\(text); label contrast \(Self.ratio(rendering.contrast.ratio))"
            + (rendering.reducedTransparency ? "." : " at its worst pixel.")
    }

    func makeStrip(
        _ frostedImage: RGBAImage, _ frosted: GlassRendering, _ fallbackImage: RGBAImage,
        _ fallback: GlassRendering, preset: GlassPreset
    ) throws -> Strip {
        var strip = Strip(title: "\(styleName.capitalizedFirst) glass and its Reduce Transparency fallback")
        strip.add(
            frostedImage, caption: "\(styleName) glass\(downsample > 1 ? ", 1/\(downsample) resolution" : "")",
            "worst contrast \(Self.ratio(frosted.contrast.ratio))")
        strip.add(
            fallbackImage, caption: "Reduce Transparency \(Self.colour(fallback.fill!))",
            "contrast \(Self.ratio(fallback.contrast.ratio))")
        return strip
    }
}
