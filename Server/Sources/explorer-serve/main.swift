import ServeFront

// `explorer-serve`: the HTTP side of `explorer serve`, a program of this package of its own so
// that `swift run explorer lesson 1` never resolves or builds SwiftNIO (README, "Live in class").
ServeFront.main(Array(CommandLine.arguments.dropFirst()))
