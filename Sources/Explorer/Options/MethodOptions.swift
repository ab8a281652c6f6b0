import ArgumentParser
import BlurKit

/// The options of the blur methods' parameters, shared by every command that builds methods
/// from the catalog (`blur`, `compare`, `bench`, `plot time-vs-sigma`, `plot accuracy-vs-time`).
///
/// One option per parameter the catalog declares (`MethodCatalog.parameters`); each option's
/// help, range and default come from the parameter's declaration, and `validate()` checks the
/// values against it. A test checks that every declared parameter has its option here.
struct MethodOptions: ParsableArguments {
    @Option(help: help(.iterations)) var iterations = Int(MethodParameter.iterations.defaultValue)
    @Option(help: help(.order)) var order = Int(MethodParameter.order.defaultValue)
    @Option(help: help(.downsample)) var downsample = Int(MethodParameter.downsample.defaultValue)
    @Option(help: help(.truncate)) var truncate = MethodParameter.truncate.defaultValue
    @Flag(help: help(.eightBitPasses)) var eightBitPasses = false

    /// The parameters these options set.
    static let declared: [MethodParameter] = [.iterations, .order, .downsample, .truncate, .eightBitPasses]

    /// The catalog's help for a parameter.
    static func help(_ parameter: MethodParameter) -> ArgumentHelp { ArgumentHelp(MethodCatalog.help(for: parameter)) }

    /// The parameters' values by name.
    var values: [String: Double] {
        [MethodParameter.iterations.name: Double(iterations), MethodParameter.order.name: Double(order),
         MethodParameter.downsample.name: Double(downsample), MethodParameter.truncate.name: truncate,
         MethodParameter.eightBitPasses.name: eightBitPasses ? 1 : 0]
    }

    /// The settings for σ or a radius with these parameters.
    func settings(sigma: Double? = nil, radius: Int? = nil) -> MethodSettings {
        MethodSettings(sigma: sigma, radius: radius, values: values)
    }

    func validate() throws {
        try usage { for parameter in MethodCatalog.parameters { try parameter.check(settings().value(parameter)) } }
    }

    /// Checks σ or R and the parameters for each method, as usage errors.
    func check(_ methods: [MethodEntry], sigma: Double? = nil, radius: Int? = nil) throws {
        try usage { try MethodCatalog.check(settings(sigma: sigma, radius: radius), for: methods) }
    }

    /// Builds `method` for σ or R with these parameters; a method that cannot be built for them
    /// is a usage error (its own range checks included: they are about the values given, not
    /// about the input), named "--method NAME: …".
    func make(_ method: MethodEntry, sigma: Double? = nil, radius: Int? = nil) throws -> any BlurMethod {
        let settings = settings(sigma: sigma, radius: radius)
        try usage { try method.check(settings) }
        do {
            return try method.make(settings)
        } catch let error as BlurKitError {
            throw ValidationError("--method \(method.name): \(error.withOptions)")
        }
    }

    // MARK: - Method names

    /// `--method NAME`: the catalog entry, or a usage error listing the names.
    static func entry(_ name: String) throws -> MethodEntry {
        guard let entry = MethodCatalog.entry(named: name) else {
            throw ValidationError("unknown method '\(name)'; choose from \(MethodCatalog.names.joined(separator: ", "))")
        }
        return entry
    }

    /// `--methods a,b,…` or `all`.
    static func list(_ text: String) throws -> [MethodEntry] {
        try usage { try MethodCatalog.parseList(text) }
    }

    /// The methods the first lessons teach, as a `--methods` default.
    static var taughtList: String { MethodCatalog.taught.map(\.name).joined(separator: ",") }

    /// The help of a `--methods` option.
    static func methodsHelp(default text: String) -> ArgumentHelp {
        ArgumentHelp("Methods, comma-separated: \(MethodCatalog.names.joined(separator: ", ")); or all (default: \(text)).")
    }

    /// Every method in one line each, for a command's discussion.
    static var methodLines: String { MethodCatalog.summaries.map { "  " + $0 }.joined(separator: "\n") }
}

/// Runs `body`, reporting the library's errors as usage errors (exit status 64), with the
/// parameters they name written as options.
func usage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as BlurKitError {
        throw ValidationError(error.withOptions.description)
    }
}

extension BlurKitError {
    /// The error as the command line reports it: each parameter the library names written as
    /// the option that sets it (`sigma` → `--sigma`, `maxPixels` → `--max-pixels`).
    var withOptions: BlurKitError {
        renamingParameters { name in
            "--" + name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        }
    }
}
