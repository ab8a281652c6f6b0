import Authoring
import BlurKit
import Foundation

/// A frosted-glass panel the reader's browser draws live on a lesson's HTML page, with the numbers
/// `explorer glass` computed.
///
/// The panel is a `<div>` over the lesson's picture with CSS `backdrop-filter: blur() saturate()`
/// and the tint as its background colour — the browser's own version of the explorer's pipeline —
/// and `@media (prefers-reduced-transparency: reduce)` replaces it by the opaque fallback colour,
/// so a reader who turns on Reduce Transparency (or emulates it in the browser's developer tools)
/// sees the fallback. CSS `blur(L)` takes the Gaussian's standard deviation (W3C Filter Effects
/// Level 1, "blur()"), so `blurSigma` is the σ of the explorer's blur. CSS `saturate(s)` is the
/// same luminance-preserving matrix as `SaturationMatrix` (with the weights rounded to 0.213,
/// 0.715, 0.072) but refuses s < 0; since `hue-rotate(180deg)` is exactly c ↦ 2Y − c in that
/// model, s < 0 is written `saturate(|s|) hue-rotate(180deg)`: 2Y − ((1 − |s|)Y + |s|c) =
/// (1 − s)Y + s·c. The mask is not reproduced.
struct GlassDemo: HTMLIsland, Equatable {
    /// Demos are `glass-demo-1`, `glass-demo-2`, … on a page.
    var idStem: String { "glass-demo" }
    /// The picture behind the panel, a file in the page folder.
    var background: String
    var files: [String] { [background] }
    var width: Int
    var height: Int
    var panel: PixelRect
    var cornerRadius: Double
    /// σ of the blur in CSS px (one picture pixel is one CSS px).
    var blurSigma: Double
    var saturation: Float
    var tint: SIMD4<Float>
    /// The Reduce Transparency colour the explorer chose (opaque).
    var fallback: SIMD4<Float>
    var labelColour: SIMD4<Float>
    var label: String
    /// The label's font size in px.
    var fontSize: Int

    /// The `backdrop-filter` value: `blur(σpx)` and the saturation, if it is not 1.
    var filter: String {
        var parts = ["blur(\(Self.number(blurSigma))px)"]
        if saturation < 0 {
            parts.append("saturate(\(Self.number(Double(-saturation))))")
            parts.append("hue-rotate(180deg)")
        } else if saturation != 1 {
            parts.append("saturate(\(Self.number(Double(saturation))))")
        }
        return parts.joined(separator: " ")
    }

    /// The CSS rules of this demo, scoped to the element with `id`.
    func css(id: String) -> String {
        let p = panel
        return """
            #\(id) { margin: 1.5rem 0; overflow-x: auto; }
            #\(id) figcaption { color: var(--muted); font-size: 0.85rem; max-width: 40rem; }
            #\(id) .glass-stage { position: relative; width: \(width)px; height: \(height)px; margin: 1rem 0 0.4rem; border: 1px solid var(--rule);
              background: url("\(Self.escapeURL(background))") 0 0 / \(width)px \(height)px no-repeat; }
            #\(id) .glass-panel { position: absolute; left: \(p.x)px; top: \(p.y)px; width: \(p.width)px; height: \(p.height)px;
              box-sizing: border-box; border-radius: \(Self.number(cornerRadius))px; display: flex; align-items: center;
              justify-content: center; text-align: center; color: \(Self.css(labelColour)); font: \(fontSize)px/1.2 system-ui, sans-serif;
              background-color: \(Self.css(tint)); -webkit-backdrop-filter: \(filter); backdrop-filter: \(filter); }
            @media (prefers-reduced-transparency: reduce) {
              #\(id) .glass-panel { -webkit-backdrop-filter: none; backdrop-filter: none; background-color: \(Self.css(fallback)); }
            }
            """
    }

    /// The demo's element: the picture, the panel with its label, and a caption that says what to try.
    func html(id: String) -> String {
        let escape = LessonPage.escapeHTML
        let fallbackHex = Self.css(fallback)
        return """
            <figure class="glass-demo" id="\(id)">
            <div class="glass-stage" role="img" aria-label="\(escape("A live frosted-glass panel labelled “\(label)” over the lesson's picture; opaque \(fallbackHex) when Reduce Transparency is on."))">\
            <div class="glass-panel">\(escape(label))</div></div>
            <figcaption>Live in your browser: <code>backdrop-filter: \(escape(filter))</code> and the tint \
            <code>\(Self.css(tint))</code> over the picture. Turn on Reduce Transparency (or emulate \
            <code>prefers-reduced-transparency: reduce</code> in the developer tools' Rendering panel) and \
            the panel becomes the opaque fallback <code>\(fallbackHex)</code> the explorer computed.</figcaption>
            </figure>
            """
    }

    /// `#RRGGBB` for an opaque colour, `rgba(r, g, b, a)` otherwise, from the 8-bit values a PNG holds.
    static func css(_ colour: SIMD4<Float>) -> String {
        let hex = Tint.hex(colour)
        if hex.hasSuffix("FF") { return "#" + hex.prefix(6) }
        let v = (0..<3).map { String(RGBAImage.quantize(colour[$0])) }
        return "rgba(\(v.joined(separator: ", ")), \(number(Double(colour.w), digits: 3)))"
    }

    /// A CSS number: up to `digits` decimals, no trailing zeros.
    static func number(_ x: Double, digits: Int = 2) -> String {
        var s = String(format: "%.\(digits)f", x)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// A file name inside `url("…")`: quotes, backslashes and spaces percent-encoded.
    static func escapeURL(_ name: String) -> String {
        name.addingPercentEncoding(
            withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "\"'\\()"))) ?? name
    }
}
