/// A blur method as the catalog declares it: its name, what it is in one line, the parameters
/// it reads, how its cost grows, the limits that keep that cost bounded, and how to build it.
///
/// Each method's file declares its entry beside its type, as a static member of `MethodEntry`
/// (`.box`, `.separable`, `.iteratedBox`, …), which is how a caller names a method:
/// `try image.blurred(sigma: 4, method: .iteratedBox)`. `MethodCatalog.all` lists them. Everything that offers a choice of methods — the command
/// line's `--method` and `--methods`, `compare`, `bench`, the survey, `explorer source` — reads
/// these entries, so a new method is one file, one catalog line and one test file.
public struct MethodEntry: Sendable {
    /// How the work per pixel grows with the kernel's radius R.
    public enum Cost: String, Sendable {
        /// O(R²): every tap of a 2-D window (timed on crops by `bench` and the survey).
        case quadratic = "O(R²)"
        /// O(R): the taps of 1-D kernels.
        case linear = "O(R)"
        /// O(1): running sums or recursions, whatever R.
        case constant = "O(1)"
    }

    /// The name the command line uses: "iterated-box".
    public let name: String
    /// What the method is, in one line: "N running-sum box passes".
    public let summary: String
    /// The parameters it reads besides σ and R (each validated against its declaration).
    public let parameters: [MethodParameter]
    /// How the work per pixel grows with R; `bench` and the survey time O(R²) methods on crops.
    public let cost: Cost
    /// One of the methods the first lessons teach (the default of `compare` and `bench`).
    public let taught: Bool
    /// The σ and radius it accepts.
    public let limits: MethodLimits
    /// For `explorer source`: what the fast loop changes against the reference loop, in one sentence.
    package let scheduleNote: String?
    /// Builds the method from σ or a radius and the parameters' values (already checked).
    package let make: @Sendable (MethodSettings) throws -> any BlurMethod
    /// For an O(R²) method: the same kernel run in passes, equal to Float32 rounding and much
    /// faster at large R (the survey measures such a method's error with it).
    package let inPasses: (@Sendable (MethodSettings) throws -> any BlurMethod)?

    /// An entry; a method file declares one as its `entry`.
    ///
    /// - Parameters:
    ///   - name: the name the command line uses.
    ///   - summary: what the method is, in one line.
    ///   - parameters: the declared parameters it reads besides σ and R.
    ///   - cost: how its work per pixel grows with R.
    ///   - taught: whether the first lessons teach it (the default of `compare` and `bench`).
    ///   - limits: the σ and radius it accepts.
    ///   - scheduleNote: what the fast loop changes against the reference loop, in one sentence.
    ///   - inPasses: for an O(R²) method, the same kernel in passes.
    ///   - make: builds the method from checked settings.
    package init(
        name: String, summary: String, parameters: [MethodParameter] = [], cost: Cost, taught: Bool = false,
        limits: MethodLimits = .standard, scheduleNote: String? = nil,
        inPasses: (@Sendable (MethodSettings) throws -> any BlurMethod)? = nil,
        make: @escaping @Sendable (MethodSettings) throws -> any BlurMethod
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.cost = cost
        self.taught = taught
        self.limits = limits
        self.scheduleNote = scheduleNote
        self.make = make
        self.inPasses = inPasses
    }

    /// Whether the method reads `parameter`.
    package func reads(_ parameter: MethodParameter) -> Bool { parameters.contains(parameter) }

    /// Checks `settings` for this method: σ and R within its limits, flags it does not declare
    /// off. (Numbers it does not read are ignored, so one command line can set them for some
    /// of several methods.)
    ///
    /// - Throws: `BlurKitError` naming the parameter and the value.
    package func check(_ settings: MethodSettings) throws {
        if let sigma = settings.sigma { try limits.check(sigma: sigma, method: limits == .standard ? nil : name) }
        if let radius = settings.radius { try limits.check(radius: radius) }
        for flag in MethodCatalog.parameters where flag.kind == .flag && settings.isOn(flag) && !reads(flag) {
            let readers = MethodCatalog.all.filter { $0.reads(flag) }.map(\.name)
            throw BlurKitError("\(flag.name) applies to \(MethodCatalog.sentence(readers)), not \(name)", naming: [flag.name])
        }
    }

    /// The method built from `settings`, after checking them: every parameter's value against its
    /// declaration, σ or R (not both) against this method's limits, and no flag it does not read.
    ///
    /// - Throws: ``BlurKitError`` naming the parameter and the value it refuses.
    public func method(_ settings: MethodSettings) throws -> any BlurMethod {
        try MethodCatalog.check(settings, for: [self])
        return try make(settings)
    }
}

// A method is known by its name: two entries with one name are one method.
extension MethodEntry: Equatable, Hashable {
    /// Whether `a` and `b` name the same method.
    public static func == (a: MethodEntry, b: MethodEntry) -> Bool { a.name == b.name }
    /// Hashes the name only, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
