import Foundation
import PackagePlugin

/// Builds `ShippedFiles+Contents.swift` for the target it is applied to: every file under
/// `Lessons/`, the pages' scripts and style (`Sources/Explorer/{Serve,Report}/Resources/`) and every
/// library source file with a `// lesson-code:` region, base64-encoded in a
/// Swift dictionary, so the `explorer` binary carries its lessons, their pictures and the loops
/// `explorer source` prints, wherever it is copied.
///
/// The library targets' Swift files are all inputs (the tool keeps those with a marked region),
/// so editing a marked loop rebuilds the copy `explorer source` shows.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        let lessons = root.appending(path: "Lessons")
        if let walker = FileManager.default.enumerator(at: lessons, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        // The live page's script and style, and the pointing script of every page, excluded from their target.
        for folder in ["Serve", "Report"] {
            let assets = root.appending(path: "Sources/Explorer/\(folder)/Resources")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? []
            where !name.hasPrefix(".") {
                inputs.append(assets.appending(path: name))
            }
        }
        for other in context.package.targets where other.id != target.id {
            guard let module = other as? SourceModuleTarget, module.kind == .generic else { continue }
            inputs += module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShippedFiles+Contents.swift")
        // A shell script rather than a Swift tool: SwiftPM builds a plugin's tools before any
        // target, and a Swift one held every newcomer's first build up by about 8 s.
        let script = root.appending(path: "Plugins/embed-files.sh")
        return [
            .buildCommand(
                displayName: "Embedding the lessons and the marked source regions in \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path, root.path] + inputs.map(\.path),
                inputFiles: [script] + inputs,
                outputFiles: [output]
            )
        ]
    }
}
