import Authoring
import BlurKit

/// `glass --vibrancy`: the label and its icon drawn plain, vibrant and on the fallback, with the
/// contrast of each against the glass right behind it.
extension GlassCommand {
    /// The three renderings of the same content mask, and its contrasts.
    struct VibrantRendering {
        var effect: Vibrancy
        /// The glass with the content in the plain label colour.
        var plain: RGBAImage
        /// The glass with vibrant content.
        var vibrant: RGBAImage
        /// The opaque fallback with the content in the plain label colour: no vibrancy under
        /// Reduce Transparency.
        var fallback: RGBAImage
        /// Worst contrast over the content's pixels, plain and vibrant, against the glass behind.
        var plainContrast: ContrastCheck
        var vibrantContrast: ContrastCheck
        /// Where the content sits, and its size.
        var at: PixelRect
    }

    /// The renderings with --vibrancy; nil without it.
    func vibrantRendering(
        _ frosted: GlassRendering, _ fallback: GlassRendering, content: GlassLabel,
        preset: GlassPreset
    ) throws -> VibrantRendering? {
        guard vibrancy else { return nil }
        let mask = content.mask()
        let at = frosted.label
        let effect = Vibrancy(
            labelColour: frosted.labelColour, glass: preset.tintOverMid, amount: Float(vibrancyAmount))
        var plain = frosted.image, vibrant = frosted.image, opaque = fallback.image
        GlassLabel.draw(mask, in: frosted.labelColour, x: at.x, y: at.y, on: &plain)
        effect.apply(mask: mask, x: at.x, y: at.y, to: &vibrant)
        GlassLabel.draw(mask, in: fallback.labelColour, x: at.x, y: at.y, on: &opaque)
        let plainContrast = Vibrancy.worstContrast(mask: mask, x: at.x, y: at.y, over: frosted.image) { _ in
            frosted.labelColour
        }
        let vibrantContrast = Vibrancy.worstContrast(mask: mask, x: at.x, y: at.y, over: frosted.image) {
            effect.vibrantColour(over: $0)
        }
        return VibrantRendering(
            effect: effect, plain: plain, vibrant: vibrant, fallback: opaque,
            plainContrast: plainContrast, vibrantContrast: vibrantContrast, at: at)
    }

    /// Two rows under the contrast table's glass row: the plain and the vibrant content, each at
    /// its worst covered pixel.
    func addVibrancyRows(_ v: VibrantRendering, frosted: GlassRendering, content: GlassLabel?, to table: inout Table) {
        func row(_ name: String, _ colour: String, _ check: ContrastCheck) -> [Table.Cell] {
            guard check.ratio.isFinite else { return [.text(name), .text(colour), .text("—"), .empty, .empty, .empty] }
            let behind = frosted.image[check.x, check.y]
            return [
                .text(name), .text(colour), .text("\(Self.colour(behind)) at (\(check.x), \(check.y))"),
                Self.ratioCell(check.ratio), Self.bodyTextCell(check, content: content),
                Self.largeTextCell(check, content: content)
            ]
        }
        let operation = "\(v.effect.operation.rawValue) \(NumberText.compact(Double(v.effect.amount)))"
        table.rows.insert(row("glass, plain label (glyphs)", Self.colour(frosted.labelColour), v.plainContrast), at: 1)
        table.rows.insert(row("glass, vibrant label (glyphs)", operation, v.vibrantContrast), at: 2)
        table.notes.append(
            "Glyph rows: the worst of the pixels the label and its icon cover at least half, each against "
                + "the glass right behind it. Vibrant content has no colour of its own: each pixel is the glass behind it "
                + "\(v.effect.operation == .plusLighter ? "lightened" : "darkened") by \(v.effect.operation.rawValue) "
                + "(a model of UIVibrancyEffect; Apple has not published its filter).")
    }

    /// Plain label, vibrant label and the Reduce Transparency fallback, side by side.
    func makeVibrancyStrip(_ v: VibrantRendering, frosted: GlassRendering, fallback: GlassRendering) -> Strip {
        var strip = Strip(title: "\(styleName.capitalizedFirst) glass: plain label, vibrant label, Reduce Transparency")
        let ratio = { (c: ContrastCheck) in c.ratio.isFinite ? "worst contrast \(Self.ratio(c.ratio))" : "no label" }
        strip.add(v.plain, caption: "plain label \(Self.colour(frosted.labelColour))", ratio(v.plainContrast))
        strip.add(
            v.vibrant,
            caption: "vibrant: \(v.effect.operation.rawValue) \(NumberText.compact(Double(v.effect.amount)))",
            ratio(v.vibrantContrast))
        strip.add(
            v.fallback, caption: "Reduce Transparency \(Self.colour(fallback.fill!))",
            "contrast \(Self.ratio(fallback.contrast.ratio))")
        // A close-up of the whole label, icon and every letter, enlarged as far as the panel's
        // width allows: a close-up that cut the label ("Now Pla") would hide what it is about.
        let crop = v.at.expanded(by: 4).intersection(
            PixelRect(width: frosted.image.width, height: frosted.image.height))
        // A label more than half the picture wide cannot be enlarged twice under its panel: no close-up.
        if !crop.isEmpty, 2 * crop.width <= frosted.image.width { strip.inset = Strip.Inset(crop) }
        return strip
    }
}
