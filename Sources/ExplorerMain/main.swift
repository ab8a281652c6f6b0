import ExplorerCLI

// `explorer`: the commands live in the ExplorerCLI library (Sources/Explorer), so that the one
// file for a lab that also serves (Server/Sources/explorer-lab) runs the very same program.
ExplorerProgram.main()
