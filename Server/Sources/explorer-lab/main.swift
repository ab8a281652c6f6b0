import ExplorerCLI
import ServeFront

// `explorer-lab`: the explorer with the live server's HTTP front built in, one file for a lab
// (README, "One binary for a lab"): `explorer serve` execs this binary as `explorer serve-front`.
ExplorerProgram.main(front: .init(command: ServeFront.command, main: { ServeFront.main($0) }))
