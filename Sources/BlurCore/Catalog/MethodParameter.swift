/// One parameter of a blur method, declared once, as libvips declares an operation's arguments:
/// its name (the command line's `--NAME`), kind and range, default, and a one-line meaning.
///
/// The command line's options and their help, the validation of values, and the parameter
/// lists `compare`, `bench` and the survey print are derived from these declarations.
public struct MethodParameter: Sendable, Equatable, Hashable {
    /// What values the parameter takes.
    public enum Kind: Sendable, Equatable, Hashable {
        /// Whole numbers in the range; `choices` lists them when they are few (3, 4 or 5).
        case integer(ClosedRange<Int>)
        /// Real numbers above `range.lowerBound` (excluded) up to `range.upperBound`.
        case real(above: Double, atMost: Double)
        /// On or off; off is the default. A method that does not declare a flag refuses it.
        case flag
    }

    /// The name: "iterations" (the command line's option is `--iterations`).
    public let name: String
    /// Whole numbers, real numbers or a flag, with the range it accepts.
    public let kind: Kind
    /// The default value (0 for a flag).
    public let defaultValue: Double
    /// What the parameter means, in one line.
    public let meaning: String

    /// A parameter declaration; a method file declares its own as a static member of
    /// `MethodParameter` (`.downsample`, `.order`).
    package init(name: String, kind: Kind, defaultValue: Double, meaning: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.meaning = meaning
    }

    /// The range in words: "1…20", "3, 4 or 5", "(0, 20]"; empty for a flag.
    package var rangeText: String {
        switch kind {
        case .integer(let range) where range.count <= 3:
            let values = range.map(String.init)
            return values.dropLast().joined(separator: ", ") + " or " + values.last!
        case .integer(let range):
            return "\(range.lowerBound)…\(range.upperBound)"
        case .real(let low, let high):
            return "(\(Self.number(low)), \(Self.number(high))]"
        case .flag:
            return ""
        }
    }

    /// Checks a value against the declared range.
    ///
    /// - Throws: `BlurKitError` naming the parameter, its range and the value:
    ///   "order must be 3, 4 or 5, got 6".
    package func check(_ value: Double) throws {
        switch kind {
        case .integer(let range):
            // `Int(exactly:)`: nil for a fraction or a value beyond Int's range (a trap otherwise).
            guard let whole = Int(exactly: value), range.contains(whole) else {
                throw BlurKitError("\(name) must be \(rangeText), got \(Self.number(value))", naming: [name])
            }
        case .real(let low, let high):
            guard value.isFinite, value > low, value <= high else {
                throw BlurKitError("\(name) must be in \(rangeText), got \(Self.number(value))", naming: [name])
            }
        case .flag:
            break
        }
    }

    /// A number without a trailing ".0" for whole values.
    static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

// MARK: - Parameters more than one method reads

extension MethodParameter {
    /// The number of box passes (iterated-box, extended-box).
    public static let iterations = MethodParameter(
        name: "iterations", kind: .integer(1...20), defaultValue: 3,
        meaning: "Passes of the box methods.")

    /// Where sampled Gaussian kernels are cut: R = ⌊T·σ + ½⌋.
    public static let truncate = MethodParameter(
        name: "truncate", kind: .real(above: 0, atMost: 20), defaultValue: GaussianKernel1D.defaultTruncate,
        meaning:
            "Gaussian kernels are cut at R = ⌊T·σ + ½⌋ (OpenCV's float kernels reach 4σ: --truncate 4 gives the same kernel sizes)."
    )

    /// Store every pass as 8-bit levels, as the library a method reproduces does.
    public static let eightBitPasses = MethodParameter(
        name: "eight-bit-passes", kind: .flag, defaultValue: 0,
        meaning:
            "Store every pass as 8-bit levels, as the libraries do (extended-box as Pillow's GaussianBlur, stack as OpenCV's 8-bit stackBlur)."
    )
}
