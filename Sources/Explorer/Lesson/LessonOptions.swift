import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `--lessons DIR`: where lesson files are read from (shared by `list`, `lesson` and `all`).
struct LessonFolderOptions: ParsableArguments {
    @Option(
        name: .customLong("lessons"),
        help: ArgumentHelp("Folder of lesson files (default: ./Lessons).", valueName: "dir"))
    var folder: String?

    func library() throws(LessonError) -> LessonLibrary {
        try LessonLibrary(folder: folder)
    }
}

/// Where pages go and how long timing cells run (shared by `lesson` and `all`).
struct PageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Folder the page folders go into.", valueName: "dir"))
    var output: String = "Output"

    @Flag(help: "Short timing runs in timing cells (also with EXPLORER_QUICK=1); tables say so.")
    var quick = false

    var quickTiming: Bool { quick || RunContext.quickFromEnvironment }

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a folder name") }
    }
}

extension LessonError {
    /// Prints the error on standard error, on one line whatever it quotes (a newline or escape
    /// from a `--set` value or a file shows as `\n`, `\e`), and turns it into the exit status.
    func report() -> ExitCode {
        var standardError = StandardError()
        print(TerminalText.visible(description), to: &standardError)
        return ExitCode(exitCode)
    }
}

/// Standard error as a `TextOutputStream`, for `print(_:to:)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
