/// How far a straight-alpha blur's colours stray from the premultiplied blur's, in 8-bit units.
///
/// Both blurs give the same alpha (alpha is blurred alike in both); they differ in colour, and
/// most where alpha is small, next to transparent pixels whose stored colour the straight blur
/// averages in. Over a backdrop B a pixel shows αC + (1 − α)B, so a colour error ΔC shows as
/// α·ΔC: `largestSeenError` is what a viewer can see, `largestColourError` what the file stores
/// (and what a later step that makes the pixel opaque would show).
package struct AlphaFringe: Sendable, Equatable {
    /// Pixels whose alpha stores as at least 1 of 255.
    package var visiblePixels: Int
    /// The largest |ΔC| of any channel over the visible pixels, 8-bit units.
    package var largestColourError: Double
    /// The largest α·|ΔC| of any channel (the error composited over any backdrop), 8-bit units.
    package var largestSeenError: Double
    /// Visible pixels where α·|ΔC| exceeds one 8-bit step in some channel.
    package var pixelsOffByMoreThanOneStep: Int

    /// Compares a straight-alpha blur with the premultiplied blur of the same image.
    ///
    /// - Precondition: the two images have the same size.
    package static func measure(straight: RGBAImage, premultiplied: RGBAImage) -> AlphaFringe {
        precondition(straight.width == premultiplied.width && straight.height == premultiplied.height,
                     "straight \(straight.width)×\(straight.height) and premultiplied \(premultiplied.width)×\(premultiplied.height) differ in size")
        var fringe = AlphaFringe(visiblePixels: 0, largestColourError: 0, largestSeenError: 0, pixelsOffByMoreThanOneStep: 0)
        for i in 0..<straight.pixelCount {
            let alpha = Double(premultiplied.pixels[4 * i + 3])
            guard alpha >= 0.5 / 255 else { continue }
            fringe.visiblePixels += 1
            var colour = 0.0
            for c in 0..<3 {
                colour = max(colour, abs(Double(straight.pixels[4 * i + c]) - Double(premultiplied.pixels[4 * i + c])) * 255)
            }
            fringe.largestColourError = max(fringe.largestColourError, colour)
            fringe.largestSeenError = max(fringe.largestSeenError, alpha * colour)
            if alpha * colour > 1 { fringe.pixelsOffByMoreThanOneStep += 1 }
        }
        return fringe
    }
}
