import ArgumentParser
import BlurKit

/// The blur methods a user names on the command line.
enum MethodName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case box, gaussian2d, separable, iteratedBox = "iterated-box", downsampled
    case extendedBox = "extended-box", deriche, youngVanVliet = "young-van-vliet", stack
    case dualKawase = "dual-kawase", linearTaps = "linear-taps"

    static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The methods the first lessons teach, the default of `compare` and `bench`.
    static let taught: [MethodName] = [.box, .gaussian2d, .separable, .iteratedBox, .downsampled]

    /// `taught` as a comma-separated list, for option defaults.
    static var taughtList: String { taught.map(\.rawValue).joined(separator: ",") }

    /// The methods whose cost grows as R² (timed on crops by `bench` and `plot accuracy-vs-time`).
    var isQuadratic: Bool { self == .box || self == .gaussian2d }

    /// Parses a comma-separated list such as `box,gaussian2d`, or `all` for every method.
    ///
    /// - Throws: `ValidationError` for an unknown name, or a list that names no method.
    static func parseList(_ text: String) throws -> [MethodName] {
        if text.trimmingCharacters(in: .whitespaces) == "all" { return allCases }
        let methods = try text.split(separator: ",").map { word in
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let method = MethodName(rawValue: name) else {
                throw ValidationError("unknown method '\(name)'; choose from \(list), or all")
            }
            return method
        }
        guard !methods.isEmpty else { throw ValidationError("--methods names no method; choose from \(list)") }
        return methods
    }
}

/// The options that size a blur, shared by `blur`, `compare` and `bench`.
struct BlurSize: Sendable {
    var sigma: Double?
    var radius: Int?
    var iterations: Int = 3
    var truncate: Double = GaussianKernel1D.defaultTruncate
    var downsample: Int = 4
    /// The order K of young-van-vliet: 3, 4 or 5.
    var order: Int = 3
    /// `--eight-bit-passes`: store every pass as 8-bit levels, as Pillow (extended-box) and
    /// OpenCV (stack) do; a usage error for any other method.
    var eightBitPasses = false

    /// The methods that can store their passes in 8 bits, and the library each reproduces.
    static let eightBitMethods: [MethodName: String] = [.extendedBox: "Pillow's GaussianBlur", .stack: "OpenCV's stackBlur"]

    /// How the passes of a method store the image under these options.
    ///
    /// - Throws: `ValidationError` when `--eight-bit-passes` is given for a method that has no
    ///   8-bit passes.
    func storage(for name: MethodName) throws -> PassStorage {
        guard eightBitPasses else { return .float32 }
        guard Self.eightBitMethods[name] != nil else {
            throw ValidationError("--eight-bit-passes applies to extended-box (Pillow's arithmetic) and stack (OpenCV's), not \(name.rawValue)")
        }
        return .eightBit
    }

    /// The largest radius a command accepts: wider kernels than any sensible image.
    static let maxRadius = 2000

    func validate() throws {
        if let sigma { try SigmaValidation.check(sigma) }
        if let radius {
            guard radius >= 0 else { throw ValidationError("--radius must be 0 or more, got \(radius)") }
            guard radius <= Self.maxRadius else { throw ValidationError("--radius \(radius) is above the limit of \(Self.maxRadius)") }
        }
        guard sigma == nil || radius == nil else { throw ValidationError("give --sigma or --radius, not both") }
        guard (1...20).contains(iterations) else { throw ValidationError("--iterations must be 1…20, got \(iterations)") }
        guard truncate.isFinite, truncate > 0, truncate <= 20 else { throw ValidationError("--truncate must be in (0, 20], got \(truncate)") }
        guard (1...64).contains(downsample) else { throw ValidationError("--downsample must be 1…64, got \(downsample)") }
        guard (3...5).contains(order) else { throw ValidationError("--order must be 3, 4 or 5, got \(order)") }
    }

    /// σ for the Gaussian methods: given, or R / T from a radius.
    func gaussianSigma(for method: MethodName) throws -> Double {
        if let sigma { return sigma }
        if let radius, radius > 0 { return Double(radius) / truncate }
        throw ValidationError("--method \(method.rawValue) needs --sigma (or a --radius above 0)")
    }

    /// Builds the method `name` for these sizes.
    ///
    /// - box: `--radius R`, or `--sigma` → the odd width whose variance (w²−1)/12 is nearest σ².
    /// - gaussian2d, separable: weights from the density at σ, radius `--radius` or ⌊T·σ+½⌋.
    /// - iterated-box: `--sigma` → N Kovesi widths; `--radius R` → N boxes of width 2R+1.
    /// - downsampled: shrink by K, a separable Gaussian of σ/K, enlarge.
    /// - extended-box: `--iterations` N extended boxes of σ²/N each (Gwosdek et al. 2011);
    ///   with `--eight-bit-passes`, in Pillow's 8-bit fixed point.
    /// - deriche, young-van-vliet (`--order`): recursive filters for σ.
    /// - stack: `--radius R`, or `--sigma` → the triangle of nearest variance r(r + 2)/6; with
    ///   `--eight-bit-passes`, each direction stored in 8 bits as OpenCV's 8-bit stackBlur does.
    /// - dual-kawase: `--sigma` → passes and offset from the filter's own σ.
    /// - linear-taps: the separable kernel's taps merged in pairs.
    ///
    /// - Throws: `ValidationError` (exit status 64) for sizes the method does not take, its
    ///   own range checks included: they are about the values given, not about the input.
    func make(_ name: MethodName) throws -> any BlurMethod {
        do {
            return try construct(name)
        } catch let error as BlurKitError {
            throw ValidationError("--method \(name.rawValue): \(error)")
        }
    }

    private func construct(_ name: MethodName) throws -> any BlurMethod {
        let storage = try storage(for: name)
        switch name {
        case .box:
            if let radius { return BoxAverage(radius: radius) }
            guard let sigma else { throw ValidationError("--method box needs --radius or --sigma") }
            return BoxAverage(radius: (try BoxWidths.equalVarianceWidth(sigma: sigma) - 1) / 2)
        case .gaussian2d:
            let s = try gaussianSigma(for: name)
            let r = try radius ?? GaussianKernel1D.radius(sigma: s, truncate: truncate)
            let kernel = try GaussianKernel2D(sigma: s, radius: r)
            return Gaussian2D(weights: kernel.weights.map(Float.init), radius: r)
        case .separable:
            let s = try gaussianSigma(for: name)
            let r = try radius ?? GaussianKernel1D.radius(sigma: s, truncate: truncate)
            return Separable(weights: try GaussianKernel1D(sigma: s, radius: r).weights.map(Float.init))
        case .iteratedBox:
            if let radius { return IteratedBox(radius: radius, iterations: iterations) }
            guard let sigma else { throw ValidationError("--method iterated-box needs --sigma or --radius") }
            return IteratedBox(widths: try BoxWidths.forSigma(sigma, passes: iterations))
        case .downsampled:
            let s = try gaussianSigma(for: name)
            let small = s / Double(downsample)
            let kernel = try GaussianKernel1D(sigma: small, truncate: truncate)
            return Downsampled(factor: downsample, inner: Separable(weights: kernel.weights.map(Float.init)))
        case .extendedBox:
            return try ExtendedBox(sigma: try gaussianSigma(for: name), passes: iterations, storage: storage)
        case .deriche:
            return try Deriche(sigma: try gaussianSigma(for: name))
        case .youngVanVliet:
            return try YoungVanVliet(sigma: try gaussianSigma(for: name), order: order)
        case .stack:
            if let radius { return StackBlur(radius: radius, storage: storage) }
            guard let sigma else { throw ValidationError("--method stack needs --sigma or --radius") }
            return try StackBlur(sigma: sigma, storage: storage)
        case .dualKawase:
            return try DualKawase(sigma: try gaussianSigma(for: name))
        case .linearTaps:
            let s = try gaussianSigma(for: name)
            let r = try radius ?? GaussianKernel1D.radius(sigma: s, truncate: truncate)
            return LinearTaps(weights: try GaussianKernel1D(sigma: s, radius: r).weights)
        }
    }
}
