import BlurKit
import Foundation
import ShippedFiles

/// Folders the explorer finds without being told: the lessons, and the pictures they ship, which
/// commands typed in a terminal and lesson cells both take by bare name (`photo`).
///
/// `./Lessons` comes first, so a student's edits are what runs; otherwise the copy built into the
/// binary (`ShippedFiles`), so an `explorer` copied alone to another machine runs every lesson.
enum PackageFolders {
    /// The folder lessons are read from when `--lessons` is not given: `./Lessons` when it
    /// exists, else the lessons built into the binary, written to a temporary folder on first use.
    static var lessons: String {
        if FileManager.default.fileExists(atPath: "Lessons") { return "Lessons" }
        return (try? shippedFolder()).map { $0 + "/Lessons" } ?? "Lessons"
    }

    /// The path an image argument stands for (`ImageSource.resolve`): a bare name (no `/`, no
    /// `.`, not `builtin:`) is a picture shipped with the lessons — `Lessons/images/NAME.png`
    /// here, else the copy built into the binary — or a file of that name; anything else is
    /// returned as it is.
    ///
    /// - Throws: `BlurKitError` for a bare name that is none of these, naming the places searched.
    static func image(_ source: String) throws -> String {
        let here = ImageSource.resolve(source, imagesFolder: "Lessons/images")
        guard here == source, !source.contains("/"), !source.contains("."), !source.hasPrefix("builtin:") else { return here }
        let shipped = "Lessons/images/\(source).png"
        if ShippedFiles.contains(shipped) {
            return try shippedFolder() + "/" + shipped
        }
        guard FileManager.default.fileExists(atPath: source) else {
            let here = FileManager.default.currentDirectoryPath
            let pictures = ShippedFiles.paths.filter { $0.hasPrefix("Lessons/images/") && $0.hasSuffix(".png") }
                .map { String($0.dropFirst("Lessons/images/".count).dropLast(".png".count)) }
            throw BlurKitError("cannot read '\(source)': looked for \(here)/Lessons/images/\(source).png, the pictures "
                               + "built into explorer (\(pictures.joined(separator: ", "))) and the file \(here)/\(source); none is there")
        }
        return source
    }

    /// The files built into the binary, written once to a private temporary folder, removed at
    /// exit and on SIGINT or SIGTERM.
    private static func shippedFolder() throws -> String {
        try ShippedFiles.folder(created: TemporaryFiles.register)
    }
}
