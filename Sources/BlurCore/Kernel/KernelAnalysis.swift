import Foundation

/// Measurements of a centred discrete kernel (any list of taps), to compare blurs by their
/// impulse responses.
///
/// A kernel of n taps is read as centred: tap k sits at offset xₖ = k − (n − 1)/2, an integer
/// for odd n and a half-integer for even n.
package enum KernelAnalysis {
    /// The offset of each tap of an n-tap centred kernel: k − (n − 1)/2.
    package static func offsets(count n: Int) -> [Double] {
        (0..<n).map { Double($0) - Double(n - 1) / 2 }
    }

    /// The standard deviation of a kernel seen as a distribution over its offsets:
    /// √(Σ wₖ(xₖ − μ)² / Σ wₖ) with μ = Σ wₖxₖ / Σ wₖ.
    ///
    /// Dividing by Σ wₖ makes it independent of normalisation; for a symmetric kernel μ = 0.
    /// An empty kernel or one summing to 0 gives NaN.
    package static func effectiveSigma(_ kernel: [Double]) -> Double {
        let x = offsets(count: kernel.count)
        var sum = 0.0, first = 0.0
        for (w, xk) in zip(kernel, x) { sum += w; first += w * xk }
        let mean = first / sum
        var second = 0.0
        for (w, xk) in zip(kernel, x) { second += w * (xk - mean) * (xk - mean) }
        return (second / sum).squareRoot()
    }

    /// The largest |kernel − ideal| over all integer offsets, the kernel being 0 outside its taps.
    ///
    /// "Ideal" is the point-sampled Gaussian, untruncated and normalised
    /// (`GaussianKernel1D.pointWeight`): the kernel `ReferenceGaussianBlur` applies to images, so
    /// the impulse column and the image columns of `compare` are measured against one Gaussian,
    /// and an exact kernel scores 0 on all of them. Beyond the kernel's taps the difference is
    /// the ideal's own tail, largest at the first offset outside; that value is included.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive.
    package static func maxDeviationFromGaussian(_ kernel: [Double], sigma: Double) throws -> Double {
        try GaussianKernel1D.validate(sigma: sigma)
        let x = offsets(count: kernel.count)
        var worst = 0.0
        for (w, xk) in zip(kernel, x) {
            worst = max(worst, abs(w - GaussianKernel1D.pointWeight(at: xk, sigma: sigma)))
        }
        let firstOutside = (x.last ?? -1) + 1
        return max(worst, GaussianKernel1D.pointWeight(at: firstOutside, sigma: sigma))
    }
}
