import BlurCore

/// The colour matrix that scales saturation about luminance, as Apple's UIImage+ImageEffects
/// builds it.
///
/// Each output channel is the pixel's luma Y = 0.2126 R + 0.7152 G + 0.0722 B pulled towards or
/// pushed away from the channel by the factor s:
///
///     c' = (1 − s)·Y + s·c        for c ∈ {R, G, B};  A' = A
///
/// so the 3×3 part has entries M[i][k] = (1 − s)·w_k + s·δ_ik with w = (0.2126, 0.7152, 0.0722),
/// the Rec. 709 / sRGB luminance weights. s = 1 is the identity, s = 0 gives equal channels
/// (grey), s > 1 oversaturates (ImageEffects' presets use 1.8), s < 0 inverts the colour about
/// its grey (the tint preset uses −1). Every row sums to 1, so greys stay where they are.
///
/// Source: Apple's UIImage+ImageEffects.m (WWDC 2013 sample, version 1.0), as copied unmodified in
/// e.g. github.com/scotteg/TreasureHunt, `UIImage+ImageEffects.m`
/// (commit df163c5b9dfc52fa030232beec09a2ed8392aa9c), `floatingPointSaturationMatrix`:
///
///     0.0722 + 0.9278 * s,  0.0722 - 0.0722 * s,  0.0722 - 0.0722 * s,  0,
///     0.7152 - 0.7152 * s,  0.7152 + 0.2848 * s,  0.7152 - 0.7152 * s,  0,
///     0.2126 - 0.2126 * s,  0.2126 - 0.2126 * s,  0.2126 + 0.7873 * s,  0,
///     0,                    0,                    0,                    1
///
/// vImageMatrixMultiply_ARGB8888 multiplies a row vector of the pixel's bytes by this matrix, and
/// the bitmap holds them as B, G, R, A in memory, so row k is the weight of input channel k
/// (B, G, R, A) and column i the output channel: it is the transpose of M above with channels in
/// B, G, R order. Two details of the original that this type does not copy: the red diagonal
/// reads 0.7873 where 1 − 0.2126 = 0.7874 (so at s = 1 red is scaled by 0.9999), and the matrix is
/// rounded to multiples of 1/256 (`divisor = 256`) for integer arithmetic on 8-bit premultiplied
/// pixels. The same form with the weights rounded to three digits (0.213, 0.715, 0.072) is the
/// `saturate` type of feColorMatrix in the W3C Filter Effects specification.
///
/// Here the matrix acts on straight-alpha, sRGB-encoded Float values (as ImageEffects acts on the
/// encoded bytes, not on linear light) and clamps the result to 0...1 as 8-bit storage would.
/// Because the matrix is linear with no offset and leaves alpha alone, applying it to
/// premultiplied values and then unpremultiplying gives the same colour, up to that clamp.
public struct SaturationMatrix: Sendable, Equatable {
    /// Rec. 709 luminance weights (R, G, B), the ones ImageEffects uses.
    package static let luminanceWeights = SIMD3<Float>(0.2126, 0.7152, 0.0722)

    /// The saturation factor s.
    package let factor: Float
    /// The rows of M: output channel i is `dot(rows[i], (R, G, B))`.
    package let rows: [SIMD3<Float>]

    /// The matrix for saturation factor s.
    ///
    /// Row i is (1 − s)·w + s·eᵢ, with w the luminance weights, so each colour c becomes grey + s·(c − grey), grey = w·c: s = 1 is the identity, s = 0 gives
    /// the grey, s > 1 saturates, and s < 0 moves the colour to the far side of its grey (the
    /// complementary hue, ImageEffects' tint style with s = −1).
    public init(saturation s: Float) {
        let w = Self.luminanceWeights
        factor = s
        rows = (0..<3).map { i in
            var row = (1 - s) * w
            row[i] += s
            return row
        }
    }

    /// The 4×4 matrix in R, G, B, A order, row-major (output channel per row).
    package var matrix4x4: [[Float]] {
        rows.map { [$0.x, $0.y, $0.z, 0] } + [[0, 0, 0, 1]]
    }

    /// One straight-alpha pixel through the matrix, clamped to 0...1; alpha unchanged.
    package func apply(to pixel: SIMD4<Float>) -> SIMD4<Float> {
        let rgb = SIMD3(pixel.x, pixel.y, pixel.z)
        let out = SIMD3((rows[0] * rgb).sum(), (rows[1] * rgb).sum(), (rows[2] * rgb).sum())
        let clamped = out.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        return SIMD4(clamped, pixel.w)
    }

    /// Applies the matrix to every pixel of `image` inside `rect` (the whole image when nil).
    public func apply(to image: inout RGBAImage, in rect: PixelRect? = nil) {
        let area = (rect ?? image.bounds).intersection(image.bounds)
        let r0 = rows[0], r1 = rows[1], r2 = rows[2]
        let w = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let i = 4 * (y * w + x)
                    let rgb = SIMD3(p[i], p[i + 1], p[i + 2])
                    p[i] = min(max((r0 * rgb).sum(), 0), 1)
                    p[i + 1] = min(max((r1 * rgb).sum(), 0), 1)
                    p[i + 2] = min(max((r2 * rgb).sum(), 0), 1)
                }
            }
        }
    }
}
