import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// The glass command's parts: its preset, panel, mask, scale, blur and label.
extension GlassCommand {
    // MARK: - Parts

    /// The preset after --tint and --saturation.
    func preset() throws -> GlassPreset {
        let colour = try tint.map(Tint.parseHex)
        var preset = style == .tint ? style.preset(tintColour: colour ?? GlassStyle.defaultTintColour) : style.preset()
        if style != .tint, let colour { preset.tint = colour }
        if let saturation { preset.saturation = Float(saturation) }
        if let blurRadius { preset.blurRadius = blurRadius }
        return preset
    }

    /// The panel: `text` (X,Y,W,H), or centred with half the picture's width and a third of its
    /// height (`glass` and `motion` share it).
    static func panelRect(_ text: String?, in image: RGBAImage) throws -> PixelRect {
        if let text {
            return try RectangleSpec(parsing: text, option: "--panel").resolved(
                width: image.width, height: image.height)
        }
        return PixelRect(width: image.width, height: image.height).centred(
            width: max(1, image.width / 2), height: max(1, image.height / 3))
    }

    /// The mask to read: a built-in named without a size (`builtin:checker`) is made the panel's
    /// size, so one command fits every picture; anything else as given.
    static func maskSource(_ text: String, panel: PixelRect) -> String {
        guard text.hasPrefix("builtin:"), !text.contains("@") else { return text }
        return "\(text)@\(panel.width)x\(panel.height)"
    }

    /// Pixels per point on `image`: `--scale`, or the picture's shorter side over 320 (the shipped
    /// 480×320 photograph is scale 1), at least 0.25.
    func pointScale(for image: RGBAImage) -> Double {
        scale ?? max(0.25, Double(min(image.width, image.height)) / 320)
    }

    /// The blur, described, with its σ for CSS.
    struct Choice {
        var method: any BlurMethod
        var words: String
        /// σ of the full-resolution blur in pixels.
        var sigma: Double
        /// How the blur treats transparent pixels (`--alpha`).
        var alpha: AlphaMode = .premultiplied
        var effect: EffectBlur { EffectBlur(method, alpha: alpha) }
    }

    /// The blur at 1/`factor` resolution (factor 1: full resolution).
    ///
    /// Without --sigma: three boxes of width d = ⌊r·3·√(2π)/4 + ½⌋, made odd, with clamped edges,
    /// exactly as `applyBlurWithRadius:` in Apple's UIImage+ImageEffects.m computes them from its
    /// blur radius r (the SVG feGaussianBlur rule; `BoxWidths.appleBoxWidth`). At 1/K, the small
    /// copy gets the boxes for r/K. With --sigma: a separable Gaussian, at 1/K one of σ/K.
    func blurChoice(_ preset: GlassPreset, factor: Int, scale: Double = 1) throws -> Choice {
        if let sigma {
            let settings = MethodSettings(sigma: sigma, values: [MethodParameter.downsample.name: Double(factor)])
            let method = try usage {
                try (factor > 1 ? MethodEntry.downsampled : MethodEntry.separable).method(settings)
            }
            return Choice(
                method: method, words: "a separable Gaussian of σ = \(NumberText.compact(sigma)) px", sigma: sigma,
                alpha: alpha)
        }
        let r = preset.blurRadius * scale
        let d = try BoxWidths.appleBoxWidth(blurRadius: r)
        let boxSigma = GlassPreset.sigma(ofBoxWidth: d)
        let points =
            scale == 1
            ? "\(NumberText.compact(r)) pt at scale 1"
            : "\(NumberText.compact(preset.blurRadius)) pt × scale \(NumberText.compact(scale, significant: 3)) = \(NumberText.compact(r, significant: 4)) px"
        var words =
            "three boxes of width \(d) (d = ⌊\(NumberText.compact(r, significant: 4))·3·√(2π)/4 + ½⌋, made odd, for \(points); σ ≈ \(NumberText.fixed(boxSigma, digits: 2)) px)"
        guard factor > 1 else {
            return Choice(method: IteratedBox(widths: [d, d, d]), words: words, sigma: boxSigma, alpha: alpha)
        }
        let small = try BoxWidths.appleBoxWidth(blurRadius: r / Double(factor))
        words +=
            "; at 1/\(factor) resolution, three boxes of width \(small) for the blur radius \(NumberText.compact(r / Double(factor)))"
        return Choice(
            method: Downsampled(factor: factor, inner: IteratedBox(widths: [small, small, small])), words: words,
            sigma: boxSigma, alpha: alpha)
    }

    /// The label's sizes in points, largest first: 30 pt when it fits the panel with a margin,
    /// else 18 pt; each is drawn with the bitmap face of that many pixels, times the scale.
    static let labelPoints: [(points: Int, face: BitmapFont)] = [(30, .caption), (18, .label)]

    /// What the panel shows, sized in points × `scale` pixels: 30 pt when it fits with a margin,
    /// else 18 pt; nil without a label. A label that fits at neither size is an error that says
    /// so, never a label cut short.
    func labelContent(for rect: PixelRect, scale: Double) throws -> GlassLabel? {
        guard !label.isEmpty || vibrancy else { return nil }
        let margin = max(6, Int(min(cornerRadius, Double(min(rect.width, rect.height)) / 2) / 2))
        for (_, face) in Self.labelPoints {
            let candidate = content(face, scale: scale)
            let size = candidate.size
            if size.width <= rect.width - 2 * margin && size.height <= rect.height - 4 { return candidate }
        }
        let smallest = content(.label, scale: scale)
        let size = smallest.size
        let what = vibrancy ? "label \"\(label)\" with its icon" : "label \"\(label)\""
        let at =
            scale == 1
            ? "18 pt"
            : "18 pt (\(NumberText.compact(smallest.pixelSize, significant: 3)) px at scale \(NumberText.compact(scale, significant: 3)))"
        throw BlurKitError(
            "\(what) needs \(size.width)×\(size.height) px even at \(at); the panel \(rect) is \(rect.width)×\(rect.height) with a \(margin) px margin: widen --panel or shorten --label"
        )
    }

    /// What is drawn on the panel in `font` magnified by `scale`: the label, led by the icon
    /// with --vibrancy.
    func content(_ font: BitmapFont, scale: Double) -> GlassLabel {
        GlassLabel(text: label, font: font, hasIcon: vibrancy, scale: scale)
    }

    /// The rendering with its label drawn.
    func labelled(_ rendering: GlassRendering, content: GlassLabel?) -> RGBAImage {
        guard let content else { return rendering.image }
        guard content.scale != 1 else {
            // At the face's own size, the glyphs are drawn straight onto the picture.
            var canvas = Canvas(image: rendering.image)
            canvas.draw(
                text: label, x: rendering.label.x, y: rendering.label.y, font: content.font,
                colour: rendering.labelColour)
            return canvas.image
        }
        var image = rendering.image
        GlassLabel.draw(
            content.mask(), in: rendering.labelColour, x: rendering.label.x, y: rendering.label.y, on: &image)
        return image
    }
}
