import ServeFront

// `explorer-serve`: the HTTP side of `explorer serve`, a program of this package of its own so
// that `swift run explorer lesson 1` never resolves or builds SwiftNIO (docs/live-in-class.md).
ServeFront.main(Array(CommandLine.arguments.dropFirst()))
