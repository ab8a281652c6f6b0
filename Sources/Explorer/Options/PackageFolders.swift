import BlurKit
import Foundation

/// Folders the explorer finds without being told: the lessons, and the pictures they ship, which
/// commands typed in a terminal and lesson cells both take by bare name (`photo`).
enum PackageFolders {
    /// The folder lessons are read from when `--lessons` is not given: `./Lessons` when it
    /// exists, else the `Lessons` folder of the package this executable was built from, so an
    /// `explorer` built from a clone works from any folder.
    static var lessons: String {
        if FileManager.default.fileExists(atPath: "Lessons") { return "Lessons" }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Lessons").path
        return FileManager.default.fileExists(atPath: package) ? package : "Lessons"
    }

    /// The path an image argument stands for (`ImageSource.resolve`): a bare name is a picture
    /// shipped with the lessons (`photo` → `Lessons/images/photo.png`) when that exists.
    static func image(_ source: String) -> String {
        ImageSource.resolve(source, imagesFolder: lessons + "/images")
    }
}
