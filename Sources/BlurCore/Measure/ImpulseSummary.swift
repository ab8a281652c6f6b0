import Foundation

/// What a method's impulse response says about it: the width it really blurs with, and how far
/// its shape is from the Gaussian it stands for.
public struct ImpulseSummary: Sendable, Equatable {
    /// √ variance of the 1-D marginal of the impulse response.
    public var effectiveSigma: Double
    /// Largest |marginal − ideal Gaussian pixel weight| (`KernelAnalysis.maxDeviationFromGaussian`).
    public var deviation: Double?

    /// Blurs a single white pixel with `method` (zero edges, so no mass is folded back) and
    /// reduces the response to its horizontal marginal (the sum over rows).
    /// A response that fades out (`UnboundedResponse`) is measured over its whole extent.
    ///
    /// - Parameters:
    ///   - method: the blur to measure.
    ///   - sigma: the σ of the Gaussian to compare the marginal with; nil measures only its width.
    /// - Throws: `BlurKitError` from `KernelAnalysis.maxDeviationFromGaussian` for a bad σ.
    public static func measure(_ method: any BlurMethod, sigma: Double?) throws -> ImpulseSummary {
        let half = max(method.reach, (method as? any UnboundedResponse)?.responseExtent ?? 0) + 2
        let size = 2 * half + 1
        var image = RGBAImage(width: size, height: size, fill: .zero)
        image[half, half] = SIMD4(1, 1, 1, 1)
        method.blur(&image, edges: .zero, threads: 1)
        var marginal = [Double](repeating: 0, count: size)
        for y in 0..<size { for x in 0..<size { marginal[x] += Double(image[x, y].w) } }
        let deviation = try sigma.map { try KernelAnalysis.maxDeviationFromGaussian(marginal, sigma: $0) }
        return ImpulseSummary(effectiveSigma: KernelAnalysis.effectiveSigma(marginal), deviation: deviation)
    }
}
