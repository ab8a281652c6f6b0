/// The sizes a method accepts, so that its cost stays bounded: the one place that states σ
/// and radius limits. Every method starts from `standard`; a method whose cost or stability
/// needs a narrower range declares its own in its catalog entry.
public struct MethodLimits: Sendable, Equatable {
    /// σ from `sigma.lowerBound` (above 0 when that is 0) up to `sigma.upperBound`.
    public var sigma: ClosedRange<Double>
    /// The largest radius.
    public var maximumRadius: Int

    /// Limits of σ in `sigma` (pixels; a lower bound of 0 excludes 0) and R up to `maximumRadius`.
    package init(sigma: ClosedRange<Double>, maximumRadius: Int) {
        self.sigma = sigma
        self.maximumRadius = maximumRadius
    }

    /// σ in (0, 1000] pixels and R up to 2000: kernels wider than any image the explorer accepts
    /// are refused.
    public static let standard = MethodLimits(sigma: 0...1000, maximumRadius: 2000)

    /// Checks σ: finite, above 0, at least the lower bound, at most the upper bound.
    ///
    /// - Throws: `BlurKitError` naming the parameter (`name`, `sigma` unless a caller's σ has
    ///   another) and the value.
    package func check(sigma value: Double, name: String = "sigma", method: String? = nil) throws {
        guard value.isFinite, value > 0 else {
            throw BlurKitError("\(name) must be a finite number greater than 0, got \(value)", naming: [name])
        }
        guard value >= sigma.lowerBound else {
            let range = "\(MethodParameter.number(sigma.lowerBound))…\(MethodParameter.number(sigma.upperBound))"
            throw BlurKitError(method.map { "\($0) takes σ in \(range); got \(value)" } ?? "\(name) must be in \(range), got \(value)",
                               naming: [name])
        }
        guard value <= sigma.upperBound else {
            throw BlurKitError("\(name) \(value) is above the limit of \(MethodParameter.number(sigma.upperBound)) pixels"
                               + (method.map { " for \($0)" } ?? " (the kernel would be wider than any image the explorer accepts)"),
                               naming: [name])
        }
    }

    /// Checks a radius: 0 or more, at most `maximumRadius`.
    ///
    /// - Throws: `BlurKitError` naming the parameter `radius` and the value.
    package func check(radius value: Int) throws {
        guard value >= 0 else { throw BlurKitError("radius must be 0 or more, got \(value)", naming: ["radius"]) }
        guard value <= maximumRadius else {
            throw BlurKitError("radius \(value) is above the limit of \(maximumRadius)", naming: ["radius"])
        }
    }

    /// The limits in words, for help texts: "σ in (0, 1000], R ≤ 2000", "σ in [0.5, 1000], …".
    package var text: String {
        let low = MethodParameter.number(sigma.lowerBound), high = MethodParameter.number(sigma.upperBound)
        return (sigma.lowerBound == 0 ? "σ in (0, \(high)]" : "σ in [\(low), \(high)]") + ", R ≤ \(maximumRadius)"
    }
}
