import Foundation
#if canImport(Glibc)
import Glibc
#endif
import BlurCore
import BlurPNG

/// Finding and running gnuplot, the optional plotting program (found on the PATH at run time).
package enum Gnuplot {
    /// The first executable file named `gnuplot` in the folders of `searchPath` (PATH form:
    /// folders separated by `:`; an empty entry means the current folder), or nil.
    package static func locate(searchPath: String) -> String? {
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/gnuplot"
            var info = stat()
            guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }

    /// Runs `gnuplot SCRIPT` in `folder`, making it write its PNG under a temporary name in the
    /// same folder, and renames that to `output` once it is checked (so `output` is never seen
    /// half-written).
    ///
    /// The script must write to the variable `outfile` when it is set (as `Plot.gnuplotScript`
    /// does). Lines of standard error that contain `warning:` are returned; any other failure —
    /// a non-zero exit, no PNG, an empty or invalid PNG — throws with gnuplot's message in one
    /// line, and the temporary file is removed.
    ///
    /// - Parameter command: when given, recorded in a `tEXt` chunk (`Software-Command`) added to
    ///   gnuplot's PNG (which is re-encoded by `PNG.write` for that).
    /// - Returns: gnuplot's warnings, one line each.
    static func run(executable: String, script: String, output: String, in folder: String,
                    command: String?) throws -> [String] {
        let target = try AtomicFile.destination(of: (folder as NSString).appendingPathComponent(output))
        let temporary = try AtomicFile.temporaryFile(for: target)
        defer { AtomicFile.discardTemporary(temporary) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let temporaryName = (temporary as NSString).lastPathComponent
        // A gnuplot single-quoted string doubles its quotes.
        process.arguments = ["-e", "outfile='\(temporaryName.replacingOccurrences(of: "'", with: "''"))'", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw BlurKitError("cannot run '\(executable)': \(error.localizedDescription)")
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let lines = errorText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let warnings = lines.filter { $0.lowercased().contains("warning:") }
        let scriptPath = (folder as NSString).appendingPathComponent(script)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            throw BlurKitError(path: scriptPath, "gnuplot on", " failed (\(how)): \(message(lines))")
        }
        let bytes: [UInt8]
        do {
            bytes = try PNGInfo.readFile(temporary)
            guard !bytes.isEmpty else { throw BlurKitError("it wrote an empty file") }
            _ = try PNGInfo.parse(bytes, path: output)
        } catch {
            let said = lines.isEmpty ? "" : " (gnuplot said: \(message(lines)))"
            throw BlurKitError(path: scriptPath, "gnuplot on", " left no valid PNG: \(error)\(said)")
        }
        if let command {
            // libpng writes the tEXt chunk, so gnuplot's PNG is decoded and encoded again,
            // keeping its colour type (pngcairo writes RGB).
            let info = try PNGInfo.read(temporary)
            let alpha = info.hasTransparencyChunk || ![.rgb, .grey].contains(info.colourType)
            try PNG.write(try PNG.read(temporary), to: target, command: command, alpha: alpha)
        } else {
            try AtomicFile.place(temporary, at: target)
        }
        return warnings
    }

    /// gnuplot's complaint in one line: the lines naming a script line (`"x.gp" line 7: …`), else
    /// every line that is not a caret marker or an echo of the failing command.
    static func message(_ lines: [String]) -> String {
        let located = lines.filter { $0.contains("\" line ") && !$0.lowercased().contains("warning:") }
        let chosen = located.isEmpty ? lines.filter { !$0.isEmpty && !$0.allSatisfy { $0 == "^" || $0 == " " } } : located
        return chosen.isEmpty ? "no message" : chosen.joined(separator: "; ")
    }
}
