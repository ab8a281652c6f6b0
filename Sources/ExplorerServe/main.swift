import ServeFront

// `explorer-serve`: the HTTP side of `explorer serve` as a program of its own, so that
// `swift run explorer lesson 1` never builds SwiftNIO (README, "Live in class").
ServeFront.main(Array(CommandLine.arguments.dropFirst()))
