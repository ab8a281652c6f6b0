import CFFTW
import Foundation

/// A picture's spectrum: how much of each spatial frequency it holds, the quantity a blur
/// multiplies by its gain (the convolution theorem).
///
/// The picture's luminance Y = 0.2126 R + 0.7152 G + 0.0722 B of the stored values (times alpha,
/// over black), multiplied by a 2-D Hann window, is transformed by FFTW's 2-D real DFT;
/// `magnitude[(v, u)]` is |F(u, v)| divided by the window's sum, so the centre value is the
/// (windowed) mean luminance and every other value the amplitude of one ripple, on the 0…1 scale
/// of the pixels. The window fades the picture to 0 at its borders: without it the jump between
/// opposite borders (the DFT sees the picture repeated) would spread along both axes at every
/// frequency, and no blur would seem to remove it. The array is centred: frequency (0, 0) sits at (W/2, H/2), the
/// finest ripples (ω = π, alternating pixels) at the borders, as spectra are usually drawn.
package struct Spectrum: Sendable {
    /// The picture's width, and the number of frequencies along x.
    package let width: Int
    /// The picture's height, and the number of frequencies along y.
    package let height: Int
    /// Row-major, centred magnitudes.
    package let magnitude: [Double]

    /// The spectrum of `image`'s windowed luminance.
    ///
    /// - Precondition: the image is not empty.
    package init(_ image: RGBAImage) {
        precondition(image.width > 0 && image.height > 0, "a spectrum needs pixels, not \(image.width)×\(image.height)")
        let w = image.width, h = image.height, half = w / 2 + 1
        let real = fftwf_alloc_real(w * h)!, bins = fftwf_alloc_complex(h * half)!
        defer { fftwf_free(real); fftwf_free(bins) }
        func hann(_ i: Int, _ n: Int) -> Double { n < 2 ? 1 : 0.5 - 0.5 * cos(2 * Double.pi * (Double(i) + 0.5) / Double(n)) }
        let across = (0..<w).map { hann($0, w) }, down = (0..<h).map { hann($0, h) }
        for y in 0..<h {
            for x in 0..<w {
                let p = image[x, y]
                // Typed step by step: as one expression, this line took the type checker seconds.
                let luminance: Float = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
                let alpha: Float = max(0, min(1, p.w))
                let y709 = Double(luminance) * Double(alpha)
                real[y * w + x] = Float(y709 * across[x] * down[y])
            }
        }
        let plan = FFTWPlans.forward(rows: h, columns: w, real: real, spectrum: bins)
        fftwf_execute(plan)
        FFTWPlans.destroy(plan)
        let values = UnsafeMutableRawPointer(bins).assumingMemoryBound(to: Float.self)
        let scale = 1 / (across.reduce(0, +) * down.reduce(0, +))
        var out = [Double](repeating: 0, count: w * h)
        // The half spectrum holds u = 0…W/2; the rest is its mirror, F(−u, −v) = conj F(u, v).
        for v in 0..<h {
            for u in 0..<w {
                let (su, sv) = u < half ? (u, v) : (w - u, (h - v) % h)
                let i = 2 * (sv * half + su)
                let m = (Double(values[i]) * Double(values[i]) + Double(values[i + 1]) * Double(values[i + 1])).squareRoot() * scale
                out[((v + h / 2) % h) * w + (u + w / 2) % w] = m
            }
        }
        width = w
        height = h
        magnitude = out
    }

    /// The mean magnitude over the frequencies whose length |ω| = √(ωx² + ωy²) (radians per
    /// pixel) lies in `band`, divided by the centre value (the mean luminance): how much ripple
    /// of those frequencies the picture holds for its brightness. 0 for a black picture.
    package func share(in band: ClosedRange<Double>) -> Double {
        let centre = magnitude[(height / 2) * width + width / 2]
        guard centre > 0 else { return 0 }
        var sum = 0.0, count = 0
        for v in 0..<height {
            let wy = 2 * Double.pi * Double(v - height / 2) / Double(height)
            for u in 0..<width {
                let wx = 2 * Double.pi * Double(u - width / 2) / Double(width)
                if band.contains((wx * wx + wy * wy).squareRoot()) { sum += magnitude[v * width + u]; count += 1 }
            }
        }
        return count == 0 ? 0 : sum / Double(count) / centre
    }
}
