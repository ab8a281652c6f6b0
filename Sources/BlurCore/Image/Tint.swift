/// Tint colours: the `RRGGBBAA` notation and the normal blend that lays a colour over pixels.
///
/// ImageEffects adds its tint by filling the rectangle with the tint colour in the default blend
/// mode (`CGContextFillRect` after drawing the blurred image), which is Porter–Duff source-over
/// ("normal"). With straight alpha, a source S of alpha a_s over a destination D of alpha a_d:
///
///     a = a_s + a_d·(1 − a_s)
///     C = (C_s·a_s + C_d·a_d·(1 − a_s)) / a        (C = 0 when a = 0)
///
/// which over an opaque destination is the familiar C = a_s·C_s + (1 − a_s)·C_d.
/// (Porter & Duff, "Compositing Digital Images", SIGGRAPH 1984; W3C Compositing and Blending
/// Level 1, "simple alpha compositing".) Values are sRGB-encoded, blended as stored, as Core
/// Graphics does in an 8-bit device RGB context.
public enum Tint {
    /// Parses a colour written as `RRGGBBAA` or `RRGGBB` (opaque) hex digits, with or without a
    /// leading `#`; each pair becomes value / 255.
    ///
    /// - Throws: `BlurKitError` naming the text when it is not 6 or 8 hex digits.
    package static func parseHex(_ text: String) throws -> SIMD4<Float> {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        let bytes = stride(from: 0, to: digits.count, by: 2).map { start -> UInt8? in
            let from = digits.index(digits.startIndex, offsetBy: start)
            let to = digits.index(from, offsetBy: 2, limitedBy: digits.endIndex) ?? digits.endIndex
            return UInt8(digits[from..<to], radix: 16)
        }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              bytes.allSatisfy({ $0 != nil }) else {
            throw BlurKitError("colour \"\(text)\" must be 8 hex digits RRGGBBAA (or 6, RRGGBB, for opaque), e.g. FFFFFF4D")
        }
        let values = bytes.map { Float($0!) / 255 }
        return SIMD4(values[0], values[1], values[2], values.count == 4 ? values[3] : 1)
    }

    /// The colour as `RRGGBBAA`, each value quantised to 8 bits as PNG output would be.
    package static func hex(_ colour: SIMD4<Float>) -> String {
        (0..<4).map { c in
            let v = RGBAImage.quantize(colour[c])
            let text = String(v, radix: 16, uppercase: true)
            return v < 16 ? "0" + text : text
        }.joined()
    }

    /// Source-over: `source` laid over `destination` with its alpha scaled by `weight` (0...1; the
    /// coverage of an anti-aliased edge or a mask value).
    ///
    /// Exact in the cases the tests rely on: weight or source alpha 0 returns `destination`
    /// unchanged; an opaque destination stays exactly opaque.
    @inlinable
    public static func over(_ source: SIMD4<Float>, weight: Float = 1, on destination: SIMD4<Float>) -> SIMD4<Float> {
        let sa = source.w * weight
        guard sa > 0 else { return destination }
        let da = destination.w * (1 - sa)
        let a: Float = destination.w == 1 ? 1 : sa + da
        guard a > 0 else { return .zero }
        let rgb = (SIMD3(source.x, source.y, source.z) * sa + SIMD3(destination.x, destination.y, destination.z) * da) / a
        return SIMD4(rgb, a)
    }

    /// Lays `colour` over every pixel of `image` inside `rect` (the whole image when nil).
    public static func apply(_ colour: SIMD4<Float>, to image: inout RGBAImage, in rect: PixelRect? = nil) {
        let area = (rect ?? image.bounds).intersection(image.bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                image[x, y] = over(colour, on: image[x, y])
            }
        }
    }
}
