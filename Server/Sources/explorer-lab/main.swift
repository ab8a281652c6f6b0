import ExplorerCLI
import ServeFront

// `explorer-lab`: the explorer with the live server's HTTP front built in, one file for a lab
// (docs/lab.md): `explorer serve` execs this binary as `explorer serve-front`.
ExplorerProgram.main(front: .init(command: ServeFront.command, main: { ServeFront.main($0) }))
