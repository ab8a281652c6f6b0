import TestSupport
import Foundation
import ShippedFiles
import XCTest
@testable import ExplorerCLI

/// What a user outside the package's folder relies on: the lessons, the photograph and the
/// source regions built into the binary, `--version`, and the shell completion scripts.
final class OutsideTests: FolderTestCase {
    // MARK: - Built into the binary

    /// In an empty folder the lessons come from the binary, and `photo` is its copy.
    func testLessonsAndThePhotoComeFromTheBinaryInAnEmptyFolder() throws {
        let list = try explorer(["list"])
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("The exact Gaussian against a box"), list.standardOutput)
        let info = try explorer(["info", "photo"])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("480×320 pixels"), info.standardOutput)
        let source = try explorer(["source", "gaussian2d", "--show", "reference"])
        XCTAssertEqual(source.status, 0, source.standardError)
        XCTAssertTrue(source.standardOutput.contains("ReferenceBlur.swift"), source.standardOutput)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(left, [], "the commands wrote into the folder they ran in")
    }

    /// A bare name that is neither shipped nor a file is one line naming every place searched.
    func testAMissingPictureNamesThePlacesSearched() throws {
        let result = try explorer(["info", "nosuch"])
        XCTAssertEqual(result.status, 1)
        let here = folder.resolvingSymlinksInPath().path
        XCTAssertEqual(result.standardError, "Error: cannot read 'nosuch': looked for \(here)/Lessons/images/nosuch.png, "
                       + "the pictures built into explorer (photo) and the file \(here)/nosuch; none is there\n")
    }

    /// The files built in are the package's own, byte for byte.
    func testShippedFilesAreThePackagesFiles() throws {
        let paths = ShippedFiles.paths
        XCTAssertTrue(paths.contains("Lessons/03-exact-gaussian.md") && paths.contains("Lessons/images/photo.png"), "\(paths)")
        XCTAssertTrue(paths.contains { $0.hasPrefix("Sources/") && $0.hasSuffix("ReferenceBlur.swift") }, "\(paths)")
        for path in paths {
            let onDisk = try Data(contentsOf: BinaryRunner.packageRoot.appendingPathComponent(path))
            XCTAssertEqual(ShippedFiles.contents(of: path), onDisk, path)
        }
    }

    // MARK: - Version

    /// `--version` prints the one constant, and the README's dependency line names it.
    func testVersionIsThePackagesVersion() throws {
        let result = try explorer(["--version"])
        XCTAssertEqual(result.standardOutput, Explorer.version + "\n")
        let readme = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("from: \"\(Explorer.version)\""), "README.md should name version \(Explorer.version)")
    }

    // MARK: - Shell completions

    /// bash, sourcing the generated script, completes command names, options and method names.
    func testBashCompletesCommandsOptionsAndMethods() throws {
        let script = try explorer(["--generate-completion-script", "bash"])
        XCTAssertEqual(script.status, 0, script.standardError)
        let file = folder.appendingPathComponent("explorer.bash")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        func complete(_ line: String) throws -> String {
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
            let probe = """
                source '\(file.path)'
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _explorer explorer "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try Self.shell("/bin/bash", ["-c", probe], in: folder)
        }
        XCTAssertEqual(try complete("explorer les"), "lesson\n")
        XCTAssertEqual(try complete("explorer blur in.png --meth"), "--method\n")
        XCTAssertTrue(try complete("explorer blur in.png --method ").contains("iterated-box\n"))
    }

    /// fish, sourcing its script, completes the same; zsh accepts its script (`zsh -n`). Each is
    /// checked when the shell is installed (`.ci/run` installs both).
    func testFishCompletesAndZshParses() throws {
        var checked = 0
        for shell in ["fish", "zsh"] {
            let script = try explorer(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, script.standardError)
            guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile) else { continue }
            let file = folder.appendingPathComponent("explorer.\(shell)")
            try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
            if shell == "zsh" {
                _ = try Self.shell(path, ["-n", file.path], in: folder)
            } else {
                func complete(_ line: String) throws -> [String] {
                    try Self.shell(path, ["-c", "source '\(file.path)'; complete -C '\(line)'"], in: folder)
                        .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
                }
                XCTAssertEqual(try complete("explorer les"), ["lesson"])
                XCTAssertEqual(try complete("explorer blur in.png --meth"), ["--method"])
                XCTAssertTrue(try complete("explorer blur in.png --method ").contains("iterated-box"))
            }
            checked += 1
        }
        if checked < 2 { throw XCTSkip("fish or zsh is not installed; only the scripts' generation was checked") }
    }

    /// Runs `program` with `arguments` in `folder`; its standard output, or a failure with its error.
    static func shell(_ program: String, _ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: program, code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: String(decoding: error, as: UTF8.self)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
