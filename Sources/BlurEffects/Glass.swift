import BlurCanvas
import BlurCore
import Foundation

/// A frosted-glass panel over a picture: blur what lies behind it, saturate, tint, mask, and
/// composite it with rounded corners — or, with Reduce Transparency, an opaque panel instead.
///
/// The pipeline follows Apple's UIImage+ImageEffects (`applyBlurWithRadius:tintColor:
/// saturationDeltaFactor:maskImage:`), restricted to the panel as BCBlurView does:
/// 1. region blur: crop the panel plus a margin of the blur's reach (clipped at the image border)
///    and blur it with the caller's `EffectBlur` (which may work at 1/K resolution, as 7blur does);
/// 2. saturation: `SaturationMatrix` with the preset's factor;
/// 3. tint: the preset's tint colour laid over with the normal blend (`Tint.over`);
/// 4. mask: a grey image whose luminance × alpha (0...1) scales how much of the effect covers the
///    picture, like `CGContextClipToMask` with a greyscale mask;
/// 5. composite: the effect laid over the picture inside a rounded rectangle whose edge pixels
///    are weighted by their coverage (anti-aliased corners).
///
/// One deliberate difference: ImageEffects fills the tint over the whole image after drawing the
/// masked effect, so its tint ignores the mask; here the mask scales the tinted effect as a whole,
/// so a pixel with mask 0 shows the untouched picture.
///
/// Everything happens on sRGB-encoded, straight-alpha values, as ImageEffects works on encoded
/// 8-bit pixels. Pixels outside the panel rectangle are never written. The label is not drawn
/// here (BlurKit has no fonts): the rendering reports the label's rectangle and colour so the
/// caller draws the text, and the worst-case contrast of that colour over the pixels there.
public struct Glass: Sendable {
    /// Where the panel sits, in pixels of the picture.
    package var panel: PixelRect
    /// Tint and saturation (the blur itself comes with `render(over:blur:)`).
    package var preset: GlassPreset
    /// Radius of the rounded corners in pixels; clamped to half the shorter side.
    package var cornerRadius: Float
    /// Optional mask: either the size of the panel (read relative to it) or the size of the
    /// picture (read at the same pixel).
    package var mask: RGBAImage?
    /// The size of the label's text in pixels, measured by the caller; nil when there is no label.
    package var labelSize: (width: Int, height: Int)?
    /// The colour the label is drawn in.
    package var labelColour: SIMD4<Float>

    /// A panel at `panel` with the preset's tint and saturation, 12 px corners, no mask, and a
    /// label (when `labelSize` is given) in the preset's label colour.
    public init(
        panel: PixelRect, preset: GlassPreset, cornerRadius: Float = 12, mask: RGBAImage? = nil,
        labelSize: (width: Int, height: Int)? = nil
    ) {
        self.panel = panel
        self.preset = preset
        self.cornerRadius = cornerRadius
        self.mask = mask
        self.labelSize = labelSize
        self.labelColour = preset.labelColour
    }

    /// Where the label goes: a rectangle of `labelSize` centred in the panel. Without a label, the
    /// panel inset by the corner radius — the area any text would occupy — so contrast is still
    /// reported.
    package var labelRect: PixelRect {
        if let size = labelSize { return panel.centred(width: size.width, height: size.height) }
        let inset = panel.expanded(by: -Int(effectiveCornerRadius.rounded(.up)))
        return inset.isEmpty ? panel : inset
    }

    /// `cornerRadius` clamped to 0...½ min(width, height).
    package var effectiveCornerRadius: Float {
        min(max(cornerRadius, 0), Float(min(panel.width, panel.height)) / 2)
    }

    // MARK: - Rendering

    /// The frosted panel over `background`: region blur, saturation, tint, mask, rounded composite.
    ///
    /// - Throws: `BlurKitError` when the panel is empty or not inside the picture, the mask has
    ///   neither the panel's nor the picture's size, or the blur changes the size of its input.
    public func render(over background: RGBAImage, blur: EffectBlur) throws -> GlassRendering {
        try validate(background)
        var (effect, region) = try blur.blurRegion(of: background, behind: panel)
        SaturationMatrix(saturation: preset.saturation).apply(to: &effect)
        Tint.apply(preset.tint, to: &effect)
        var out = background
        for j in 0..<panel.height {
            for i in 0..<panel.width {
                let x = panel.x + i, y = panel.y + j
                let weight = coverage(x: x, y: y) * maskWeight(i: i, j: j)
                out[x, y] = Tint.over(effect[i, j], weight: weight, on: background[x, y])
            }
        }
        return finish(out, blurRegion: region, fill: nil)
    }

    /// The Reduce Transparency rendering: the same rounded panel and label, filled with one opaque
    /// colour (`GlassPreset.fallbackColour`) instead of glass — what a UIKit app shows when
    /// `UIAccessibility.isReduceTransparencyEnabled` is true. No blur is computed and the mask is
    /// not used; every pixel fully inside the rounded rectangle gets exactly the fill colour,
    /// alpha 1.
    ///
    /// - Throws: `BlurKitError` when the panel is empty or not inside the picture.
    public func renderReduceTransparency(over background: RGBAImage) throws -> GlassRendering {
        try validatePanel(in: background)
        let fill = GlassPreset.fallbackColour(base: preset.tintOverMid, label: labelColour)
        var out = background
        for y in panel.y..<panel.maxY {
            for x in panel.x..<panel.maxX {
                out[x, y] = Tint.over(fill, weight: coverage(x: x, y: y), on: background[x, y])
            }
        }
        return finish(out, blurRegion: nil, fill: fill)
    }

    // MARK: - Coverage and mask

    /// The fraction of pixel (x, y) covered by the panel's rounded rectangle (`RoundedBox`).
    ///
    /// Along the straight sides of a rectangle with integer edges, the edge pixels are half a
    /// pixel inside, so they are covered fully; only corners blend.
    package static func coverage(x: Int, y: Int, of rect: PixelRect, cornerRadius: Float) -> Float {
        Float(
            RoundedBox.coverage(
                point: SIMD2(Double(x) + 0.5, Double(y) + 0.5), x: Double(rect.x), y: Double(rect.y),
                width: Double(rect.width), height: Double(rect.height), radius: Double(cornerRadius)))
    }

    func coverage(x: Int, y: Int) -> Float {
        Self.coverage(x: x, y: y, of: panel, cornerRadius: cornerRadius)
    }

    /// The mask's weight at panel pixel (i, j): luminance (Rec. 709 weights on the stored values)
    /// times alpha, clamped to 0...1; 1 without a mask.
    func maskWeight(i: Int, j: Int) -> Float {
        guard let mask else { return 1 }
        let p = mask.width == panel.width && mask.height == panel.height ? mask[i, j] : mask[panel.x + i, panel.y + j]
        let luma = (SaturationMatrix.luminanceWeights * SIMD3(p.x, p.y, p.z)).sum()
        return min(max(luma * p.w, 0), 1)
    }

    // MARK: - Helpers

    func validatePanel(in background: RGBAImage) throws {
        guard !panel.isEmpty, background.bounds.contains(panel) else {
            throw BlurKitError(
                "panel \(panel) must be non-empty and inside the \(background.width)×\(background.height) image")
        }
    }

    func validate(_ background: RGBAImage) throws {
        try validatePanel(in: background)
        if let mask {
            let fitsPanel = mask.width == panel.width && mask.height == panel.height
            let fitsImage = mask.width == background.width && mask.height == background.height
            guard fitsPanel || fitsImage else {
                throw BlurKitError(
                    "mask is \(mask.width)×\(mask.height); it must be the panel's size (\(panel.width)×\(panel.height)) or the image's (\(background.width)×\(background.height))"
                )
            }
        }
    }

    func finish(_ image: RGBAImage, blurRegion: PixelRect?, fill: SIMD4<Float>?) -> GlassRendering {
        let label = labelRect
        return GlassRendering(
            image: image, panel: panel, blurRegion: blurRegion, label: label,
            labelColour: labelColour, fill: fill,
            contrast: Contrast.worst(text: labelColour, over: image, in: label))
    }
}

/// What `Glass` produced: the picture with the panel, and where and in which colour the caller
/// draws the label.
public struct GlassRendering: Sendable {
    /// The picture with the panel composited (the label not yet drawn).
    public var image: RGBAImage
    /// The panel rectangle; pixels outside it equal the input picture's.
    package var panel: PixelRect
    /// The rectangle the blur read (panel plus reach, clipped); nil for Reduce Transparency.
    package var blurRegion: PixelRect?
    /// Where the label's text goes.
    package var label: PixelRect
    /// The label's colour.
    package var labelColour: SIMD4<Float>
    /// The opaque fill of the Reduce Transparency panel; nil for glass.
    package var fill: SIMD4<Float>?
    /// The label colour's worst contrast over the pixels of `label`.
    package var contrast: ContrastCheck

    /// True for the Reduce Transparency rendering.
    package var reducedTransparency: Bool { fill != nil }

    /// Black or white, whichever has the higher worst-case contrast over the glass actually behind
    /// the label, when that is not the colour used (the preset's, chosen against mid grey); nil
    /// otherwise.
    ///
    /// A picture darker or lighter than mid grey can turn the preset's choice around: the tint
    /// style's blue over the photo's dark wood carries white text better than black.
    package var betterLabelColour: SIMD4<Float>? {
        let black = SIMD4<Float>(0, 0, 0, 1), white = SIMD4<Float>(1, 1, 1, 1)
        let other = labelColour == black ? white : black
        let otherWorst = Contrast.worst(text: other, over: image, in: label)
        return otherWorst.ratio > contrast.ratio ? other : nil
    }
}
