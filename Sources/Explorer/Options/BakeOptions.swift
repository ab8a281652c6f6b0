import ArgumentParser
import BlurKit

/// How `explorer export` and `explorer serve` bake a lesson's states: the grid of values per
/// number, the timing runs, and the size the site may reach.
struct BakeOptions: ParsableArguments {
    @Option(help: "About how many values each number's grid holds (1…50).")
    var steps: Int = 6

    @Flag(help: "Short timing runs in timing cells (tables say so).")
    var quick = false

    @Option(name: .customLong("max-site-mb"), help: "Refuse to bake when the estimate is over this many MiB.")
    var maxSiteMB: Int = 4096

    @Option(
        name: .customLong("max-bake-minutes"),
        help: "Bake two parameters' combinations only while the estimated bake stays within this (1…1440).")
    var maxBakeMinutes: Int = 5

    @Option(
        help: ArgumentHelp(
            "States baked at once, each timing cell alone (1…the cores, \(BuildInfo.cores) here; default: all of them).",
            valueName: "n"))
    var jobs: Int = BuildInfo.cores

    func validate() throws {
        guard (1...BuildInfo.cores).contains(jobs) else {
            throw ValidationError("--jobs must be in 1…\(BuildInfo.cores) (the cores), got \(jobs)")
        }
        guard (1...50).contains(steps) else { throw ValidationError("--steps must be in 1…50, got \(steps)") }
        guard maxSiteMB > 0 else { throw ValidationError("--max-site-mb must be positive, got \(maxSiteMB)") }
        guard (1...1440).contains(maxBakeMinutes) else {
            throw ValidationError("--max-bake-minutes must be in 1…1440, got \(maxBakeMinutes)")
        }
    }
}
