import BlurCore

/// Vibrancy: content (text, icons) that has no colour of its own but takes it from the glass
/// behind it, lightened over dark glass and darkened over light glass.
///
/// Apple documents what `UIVibrancyEffect` is for — it "amplifies and adjusts the color of the
/// content layered behind a visual effect view", and is created from the blur effect it sits on
/// (`UIVibrancyEffect(blurEffect:)`) — but has not published its filter. This is a **model**,
/// stated as one: content lightens dark glass with *plus-lighter* and darkens light glass with
/// *plus-darker*, the two operations that add light to and take light from what is behind, with
/// the published formulas:
///
/// - plus-lighter, B(Cb, Cs) = min(1, Cb + Cs): W3C Compositing and Blending Level 2 (Editor's
///   Draft), `plus-lighter`, for opaque colours; Core Graphics' `kCGBlendModePlusLighter`;
/// - plus-darker, B(Cb, Cs) = max(0, 1 − ((1 − Cb) + (1 − Cs))) = max(0, Cb + Cs − 1): Core
///   Graphics' `kCGBlendModePlusDarker` (R = MAX(0, 1 − ((1 − D) + (1 − S)))); the W3C draft's
///   own formula for plus-darker is known to be wrong (w3c/fxtf-drafts#447).
///
/// The content is a grey Cs — `amount` for plus-lighter (it adds `amount` to every channel of the
/// glass), 1 − `amount` for plus-darker (it subtracts `amount`) — and its shape is a coverage mask
/// a in 0...1 (anti-aliased glyphs and icons). Each pixel is composited with W3C's general formula
/// for a blend mode over an opaque backdrop, source-over with the blended colour:
///
///     C = (1 − a)·Cb + a·B(Cb, Cs),   alpha unchanged
///
/// so a pixel fully inside a glyph shows B(Cb, Cs) and an edge pixel mixes by its coverage. The
/// values are sRGB-encoded, as the rest of the glass pipeline works on stored values. What is
/// guessed: that Apple's filter works this way at all, the grey amount (0.6 by default), and that
/// one grey serves every channel.
public struct Vibrancy: Sendable, Equatable {
    /// The two blend operations vibrant content is drawn with.
    public enum Operation: String, Sendable, CaseIterable {
        /// B(Cb, Cs) = min(1, Cb + Cs): adds light; for content over dark glass.
        case plusLighter = "plus-lighter"
        /// B(Cb, Cs) = max(0, Cb + Cs − 1): takes light away; for content over light glass.
        case plusDarker = "plus-darker"
    }

    /// Which blend the content is drawn with.
    package var operation: Operation
    /// How far the content moves each channel of the glass, 0...1.
    package var amount: Float

    /// The amount used when none is given.
    public static let defaultAmount: Float = 0.6

    /// Vibrancy with `operation`; `amount` is clamped to 0...1.
    public init(operation: Operation, amount: Float = Vibrancy.defaultAmount) {
        self.operation = operation
        self.amount = min(max(amount, 0), 1)
    }

    /// The model's choice for a glass style: plus-lighter where the style's plain label is the
    /// lighter colour (white text on dark glass), plus-darker where it is the darker one.
    package init(labelColour: SIMD4<Float>, glass: SIMD4<Float>, amount: Float = Vibrancy.defaultAmount) {
        let lighter = Contrast.relativeLuminance(labelColour) >= Contrast.relativeLuminance(glass)
        self.init(operation: lighter ? .plusLighter : .plusDarker, amount: amount)
    }

    /// The content's grey Cs: `amount` for plus-lighter, 1 − `amount` for plus-darker.
    package var sourceGrey: Float { operation == .plusLighter ? amount : 1 - amount }

    /// The blend function B(Cb, Cs) of `operation` on one channel.
    @inlinable
    package static func blend(backdrop cb: Float, source cs: Float, _ operation: Operation) -> Float {
        switch operation {
        case .plusLighter: min(1, cb + cs)
        case .plusDarker: max(0, cb + cs - 1)
        }
    }

    /// The colour of a fully covered content pixel over the glass colour `backdrop`.
    package func vibrantColour(over backdrop: SIMD4<Float>) -> SIMD4<Float> {
        composite(coverage: 1, over: backdrop)
    }

    /// C = (1 − a)·Cb + a·B(Cb, Cs) on R, G and B; the backdrop's alpha is kept.
    package func composite(coverage a: Float, over backdrop: SIMD4<Float>) -> SIMD4<Float> {
        let cs = sourceGrey
        var out = backdrop
        for c in 0..<3 {
            let cb = backdrop[c]
            out[c] = (1 - a) * cb + a * Self.blend(backdrop: cb, source: cs, operation)
        }
        return out
    }

    /// Composites content whose shape is `mask`'s alpha channel (coverage) onto `image`, with the
    /// mask's top-left corner at (x, y); mask pixels outside the image are ignored.
    public func apply(mask: RGBAImage, x: Int, y: Int, to image: inout RGBAImage) {
        for j in 0..<mask.height where y + j >= 0 && y + j < image.height {
            for i in 0..<mask.width where x + i >= 0 && x + i < image.width {
                let a = min(max(mask[i, j].w, 0), 1)
                if a > 0 { image[x + i, y + j] = composite(coverage: a, over: image[x + i, y + j]) }
            }
        }
    }

    /// The lowest WCAG contrast between content and the glass right behind it, over the pixels
    /// the content covers at least half (`mask` alpha ≥ ½, the glyphs' bodies).
    ///
    /// - Parameters:
    ///   - mask: the content's shape: its alpha is the coverage of each pixel.
    ///   - x: the column of `glass` where the mask's left edge sits.
    ///   - y: the row of `glass` where the mask's top edge sits.
    ///   - glass: the picture with the panel, before any content is drawn.
    ///   - colour: the content's colour at a glass pixel: a fixed label colour, or
    ///     `vibrantColour(over:)` for vibrant content.
    /// - Returns: the worst ratio and its pixel; ratio `infinity` when the mask covers nothing.
    package static func worstContrast(mask: RGBAImage, x: Int, y: Int, over glass: RGBAImage,
                                     colour: (SIMD4<Float>) -> SIMD4<Float>) -> ContrastCheck {
        var worst = ContrastCheck(ratio: .infinity, x: x, y: y)
        for j in 0..<mask.height where y + j >= 0 && y + j < glass.height {
            for i in 0..<mask.width where x + i >= 0 && x + i < glass.width && mask[i, j].w >= 0.5 {
                let behind = glass[x + i, y + j]
                let r = Contrast.ratio(colour(behind), behind)
                if r < worst.ratio { worst = ContrastCheck(ratio: r, x: x + i, y: y + j) }
            }
        }
        return worst
    }
}
