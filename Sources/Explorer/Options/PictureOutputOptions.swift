import ArgumentParser

/// The output PNG and the `--figure` flag that `median`, `shrink` and `arith` share: each writes one
/// picture, and shows it as a figure unless a later `strip` cell is to show it.
struct PictureOutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output PNG file (written atomically).") var output: String
    @Flag(
        inversion: .prefixedNo,
        help: "Show the result as a figure (--no-figure writes the PNG only, for a later strip).")
    var figure = true
}
