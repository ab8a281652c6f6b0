/// The values a blur method is built from: σ or a radius, and a value for each declared
/// parameter (`MethodParameter`); a parameter not given takes its default.
public struct MethodSettings: Sendable, Equatable {
    /// The standard deviation σ in pixels, if given.
    public var sigma: Double?
    /// The window or kernel radius R in pixels, if given.
    public var radius: Int?
    /// Parameter values by parameter name; flags are 1 (on) or 0 (off).
    public var values: [String: Double]

    /// Settings with σ, R and parameter values by name, each optional; a missing parameter
    /// takes its default.
    public init(sigma: Double? = nil, radius: Int? = nil, values: [String: Double] = [:]) {
        self.sigma = sigma
        self.radius = radius
        self.values = values
    }

    /// The value of `parameter`: given, or its default.
    package func value(_ parameter: MethodParameter) -> Double { values[parameter.name] ?? parameter.defaultValue }

    /// The value of an integer parameter.
    package func integer(_ parameter: MethodParameter) -> Int { Int(value(parameter)) }

    /// Whether a flag is on.
    package func isOn(_ parameter: MethodParameter) -> Bool { value(parameter) != 0 }

    /// How the passes store the image: 8-bit levels when `eight-bit-passes` is on.
    package var storage: PassStorage { isOn(.eightBitPasses) ? .eightBit : .float32 }

    /// σ for a Gaussian method: given, or R / T from a radius above 0.
    ///
    /// - Throws: `BlurKitError` when neither is given: "method NAME needs sigma (or a radius
    ///   above 0)".
    package func gaussianSigma(for method: String) throws -> Double {
        if let sigma { return sigma }
        if let radius, radius > 0 { return Double(radius) / value(.truncate) }
        throw BlurKitError("method \(method) needs sigma (or a radius above 0)", naming: ["method", "sigma", "radius"])
    }

    /// The radius of a sampled Gaussian of σ: given, or ⌊T·σ + ½⌋.
    package func gaussianRadius(sigma: Double) throws -> Int {
        try radius ?? GaussianKernel1D.radius(sigma: sigma, truncate: value(.truncate))
    }
}
