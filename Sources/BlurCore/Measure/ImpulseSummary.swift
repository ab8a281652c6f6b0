import Foundation

/// What a method's impulse response says about it: the width it really blurs with, and how far
/// its shape is from the Gaussian it stands for.
package struct ImpulseSummary: Sendable, Equatable {
    /// √ variance of the 1-D marginal of the impulse response.
    package var effectiveSigma: Double
    /// Largest |marginal − ideal Gaussian pixel weight| (`KernelAnalysis.maxDeviationFromGaussian`).
    package var deviation: Double?
    /// Σ over the whole plane of |response(x, y) − g(x)·g(y)|, g the ideal weights
    /// (`GaussianKernel1D.pointWeight`): the ℓ∞ operator norm of the method minus the Gaussian,
    /// the largest error on any signal of values in −1…1 (Getreuer 2013, "A Survey of Gaussian
    /// Convolution Algorithms", IPOL).
    package var operatorNormError: Double? = nil
    /// The largest error the method can make on any picture of values in 0…1: the larger of the
    /// sums of the positive and of the negative parts of response − ideal (a picture that is 1
    /// where one of them is and 0 elsewhere). Half the operator norm when both kernels sum to 1.
    /// Multiply by 255 for 8-bit levels.
    package var worstCaseError: Double? = nil

    /// The side of the square the impulse is measured in: twice the method's reach (or, for a
    /// response that fades out, its extent) and a margin of two pixels, plus the centre.
    package static func imageSide(for method: any BlurMethod) -> Int {
        2 * (max(method.reach, (method as? any UnboundedResponse)?.responseExtent ?? 0) + 2) + 1
    }

    /// Blurs a single white pixel with `method` (zero edges, so no mass is folded back) and
    /// reduces the response to its horizontal marginal (the sum over rows).
    /// A response that fades out (`UnboundedResponse`) is measured over its whole extent.
    ///
    /// - Parameters:
    ///   - method: the blur to measure.
    ///   - sigma: the σ of the Gaussian to compare the marginal with; nil measures only its width.
    /// - Throws: `BlurKitError` from `KernelAnalysis.maxDeviationFromGaussian` for a bad σ.
    package static func measure(_ method: any BlurMethod, sigma: Double?) throws -> ImpulseSummary {
        let size = imageSide(for: method)
        let half = size / 2
        var image = RGBAImage(width: size, height: size, fill: .zero)
        image[half, half] = SIMD4(1, 1, 1, 1)
        method.blur(&image, edges: .zero, threads: 1)
        var marginal = [Double](repeating: 0, count: size)
        for y in 0..<size { for x in 0..<size { marginal[x] += Double(image[x, y].w) } }
        let deviation = try sigma.map { try KernelAnalysis.maxDeviationFromGaussian(marginal, sigma: $0) }
        var summary = ImpulseSummary(effectiveSigma: KernelAnalysis.effectiveSigma(marginal), deviation: deviation)
        if let sigma {
            let ideal = (0..<size).map { GaussianKernel1D.pointWeight(at: Double($0 - half), sigma: sigma) }
            let inside = ideal.reduce(0, +)
            // The ideal's mass outside the measured square counts in full, as a negative part:
            // the response is 0 there.
            var positive = 0.0, negative = 1 - inside * inside
            for y in 0..<size {
                for x in 0..<size {
                    let d = Double(image[x, y].w) - ideal[x] * ideal[y]
                    if d > 0 { positive += d } else { negative -= d }
                }
            }
            summary.operatorNormError = positive + negative
            summary.worstCaseError = max(positive, negative)
        }
        return summary
    }
}
