import Foundation

// embed-files OUTPUT ROOT FILE…: writes OUTPUT, a Swift source holding each FILE base64-encoded
// under its path relative to ROOT. Swift files are kept only when they mark a `// lesson-code:`
// region (what `explorer source` prints). Run by the EmbedFilesPlugin build plugin.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedFiles OUTPUT ROOT FILE…\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[1])
let root = arguments[2].hasSuffix("/") ? arguments[2] : arguments[2] + "/"

/// `text` as the inside of a Swift string literal.
func literal(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
}

var entries: [(path: String, base64: String)] = []
for path in arguments.dropFirst(3) {
    guard path.hasPrefix(root) else {
        FileHandle.standardError.write(Data("EmbedFiles: \(path) is not under \(root)\n".utf8))
        exit(1)
    }
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("EmbedFiles: cannot read \(path): \(error)\n".utf8))
        exit(1)
    }
    if path.hasSuffix(".swift"), !String(decoding: data, as: UTF8.self).contains("// lesson-code:") { continue }
    entries.append((String(path.dropFirst(root.count)), data.base64EncodedString()))
}
entries.sort { $0.path < $1.path }

var source = """
    // Generated at build time by the EmbedFilesPlugin build plugin (Plugins/EmbedFilesPlugin); not
    // committed. \(entries.count) files, base64-encoded.

    extension ShippedFiles {
        static let base64: [String: String] = [

    """
for entry in entries {
    source += "        \"\(literal(entry.path))\": \"\(entry.base64)\",\n"
}
source += entries.isEmpty ? "        :\n    ]\n}\n" : "    ]\n}\n"

// Rewrite only a changed file, so an unchanged copy does not recompile the module.
if (try? String(contentsOf: output, encoding: .utf8)) != source {
    do {
        try source.write(to: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("EmbedFiles: cannot write \(output.path): \(error)\n".utf8))
        exit(1)
    }
}
