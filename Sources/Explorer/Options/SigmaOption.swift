import ArgumentParser
import BlurKit

/// `--sigma S` where a command needs σ and has no default for it: one declaration, one help and
/// one check (`SigmaValidation`) for `boxes`, `kernel` and the plots of one σ.
struct SigmaOption: ParsableArguments {
    @Option(help: "Standard deviation σ in pixels, above 0 and at most \(NumberText.compact(MethodLimits.standard.sigma.upperBound)).")
    var sigma: Double

    func validate() throws {
        try SigmaValidation.check(sigma)
    }
}
