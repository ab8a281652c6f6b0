import Foundation

/// Every blur method, one line each. The command line, `compare`, `bench`, the survey and
/// `explorer source` offer exactly these, in this order.
public enum MethodCatalog {
    /// Every method's entry, in the order the command line lists them.
    public static let all: [MethodEntry] = [
        .box,
        .gaussian2D,
        .separable,
        .iteratedBox,
        .downsampled,
        .extendedBox,
        .deriche,
        .youngVanVliet,
        .stack,
        .dualKawase,
        .linearTaps,
        .fft,
    ]
}

// MARK: - Derived from the entries

extension MethodCatalog {
    /// The method called `name`, or nil.
    public static func entry(named name: String) -> MethodEntry? { all.first { $0.name == name } }

    /// The names, in catalog order.
    public static var names: [String] { all.map(\.name) }

    /// The methods the first lessons teach, the default of `compare` and `bench`.
    package static var taught: [MethodEntry] { all.filter(\.taught) }

    /// Every parameter some method reads, in the order the catalog first declares them, plus
    /// `truncate`, which the Gaussian kernels and radius-to-σ conversions read.
    public static var parameters: [MethodParameter] {
        var seen: [MethodParameter] = []
        for parameter in all.flatMap(\.parameters) + [.truncate] where !seen.contains(parameter) { seen.append(parameter) }
        return seen
    }

    /// The methods named in a comma-separated list such as `box,gaussian2d`, or every method for
    /// `all`.
    ///
    /// - Throws: `BlurKitError` for an unknown name, or a list that names no method.
    package static func parseList(_ text: String, name: String = "methods") throws -> [MethodEntry] {
        if text.trimmingCharacters(in: .whitespaces) == "all" { return all }
        let methods = try text.split(separator: ",").map { word in
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let method = entry(named: name) else {
                throw BlurKitError("unknown method '\(name)'; choose from \(names.joined(separator: ", ")), or all")
            }
            return method
        }
        guard !methods.isEmpty else { throw BlurKitError("\(name) names no method; choose from \(names.joined(separator: ", "))", naming: [name]) }
        return methods
    }

    /// Checks every parameter's value against its declaration, then each method's limits.
    ///
    /// - Throws: `BlurKitError` for the first value out of range.
    package static func check(_ settings: MethodSettings, for methods: [MethodEntry]) throws {
        for parameter in parameters { try parameter.check(settings.value(parameter)) }
        guard settings.sigma == nil || settings.radius == nil else { throw BlurKitError("give sigma or radius, not both", naming: ["sigma", "radius"]) }
        for method in methods { try method.check(settings) }
    }

    /// The parameter's help: its meaning, range, default and the methods that read it.
    package static func help(for parameter: MethodParameter) -> String {
        let readers = all.filter { $0.reads(parameter) }.map(\.name)
        var text = parameter.meaning
        if !parameter.rangeText.isEmpty { text += " \(parameter.rangeText)." }
        if !readers.isEmpty { text += " Read by \(sentence(readers))" + (parameter.kind == .flag ? "; other methods refuse it." : ".") }
        return text
    }

    /// One line per method, "name: summary, cost" (and its limits where they are not the
    /// standard ones), for help texts.
    package static var summaries: [String] {
        all.map { method in
            "\(method.name): \(method.summary), \(method.cost.rawValue)"
                + (method.limits == .standard ? "" : "; \(method.limits.text)")
        }
    }

    /// "a", "a and b", "a, b and c".
    static func sentence(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
