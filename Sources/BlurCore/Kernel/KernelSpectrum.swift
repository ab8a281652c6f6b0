import Foundation

/// Frequency responses: how much of each spatial frequency a kernel lets through.
///
/// ω is in radians per pixel, from 0 (flat areas) to π (the Nyquist frequency: alternating
/// pixels). A Gaussian's response falls smoothly, exp(−σ²ω²/2); a box's is a periodic sinc
/// whose side lobes let fine detail through again (and flip its sign), which is why a single
/// box blur "rings".
package enum KernelSpectrum {
    /// The magnitude of the discrete-time Fourier transform |Σₖ wₖ e^(−iωxₖ)| of a kernel at
    /// `frequencies` equally spaced ω from 0 to π inclusive.
    ///
    /// xₖ are the centred offsets (`KernelAnalysis.offsets`); centring changes only the phase,
    /// not the magnitude. One frequency gives ω = 0 alone; zero gives an empty list.
    /// Cost: frequencies × taps cosines and sines.
    package static func magnitude(_ kernel: [Double], frequencies: Int) -> [(omega: Double, magnitude: Double)] {
        guard frequencies > 0 else { return [] }
        let x = KernelAnalysis.offsets(count: kernel.count)
        return (0..<frequencies).map { j in
            let omega = frequencies == 1 ? 0 : Double.pi * Double(j) / Double(frequencies - 1)
            var re = 0.0, im = 0.0
            for (w, xk) in zip(kernel, x) {
                re += w * cos(omega * xk)
                im -= w * sin(omega * xk)
            }
            return (omega, (re * re + im * im).squareRoot())
        }
    }

    /// The response of the continuous Gaussian of standard deviation σ: exp(−σ²ω²/2).
    package static func gaussian(sigma: Double, omega: Double) -> Double {
        exp(-0.5 * sigma * sigma * omega * omega)
    }

    /// The magnitude response of a normalised box of odd width w in closed form:
    /// |sin(wω/2) / (w·sin(ω/2))|, and 1 at ω = 0.
    package static func box(width w: Int, omega: Double) -> Double {
        let s = sin(omega / 2)
        if abs(s) < 1e-300 { return 1 }
        return abs(sin(Double(w) * omega / 2) / (Double(w) * s))
    }
}
