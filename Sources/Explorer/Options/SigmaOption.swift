import ArgumentParser
import Authoring
import BlurKit

/// `--sigma S` where a command needs σ and has no default for it: one declaration, one help and
/// one check (`SigmaValidation`) for `boxes`, `kernel` and the plots of one σ.
struct SigmaOption: ParsableArguments {
    /// The largest σ accepted, as the help states it.
    static let largest = NumberText.compact(MethodLimits.standard.sigma.upperBound)

    @Option(help: "Standard deviation σ in pixels, above 0 and at most \(SigmaOption.largest).")
    var sigma: Double

    func validate() throws {
        try SigmaValidation.check(sigma)
    }
}
