import Foundation
import Synchronization

/// Files built into the `explorer` binary when it is compiled: every file under `Lessons/` (the
/// lessons, `Lessons/images/photo.png` and its licence), the pages' scripts and style
/// (`Sources/Explorer/Serve/Resources/`, `Sources/Explorer/Report/Resources/`) and the library sources that mark a
/// `// lesson-code:` region. An `explorer` copied alone to a machine without the package still
/// runs every lesson and prints every region.
///
/// The contents come from the EmbedFilesPlugin build plugin (`ShippedFiles+Contents.swift`,
/// generated in the build folder); paths are relative to the package's root
/// (`Lessons/03-exact-gaussian.md`).
public enum ShippedFiles {
    /// Every shipped path, sorted.
    public static var paths: [String] { base64.keys.sorted() }

    /// Whether a file is shipped at `path`.
    public static func contains(_ path: String) -> Bool { base64[path] != nil }

    /// The bytes shipped at `path`; nil when no file is.
    public static func contents(of path: String) -> Data? {
        base64[path].flatMap { Data(base64Encoded: $0) }
    }

    /// The shipped files as a folder on disk, for code that reads paths (libpng, the lesson
    /// library): written on first use into a new private folder under the system's temporary
    /// folder (mode 0700), the same for the rest of the process and removed when it exits.
    /// Signals end the process without `atexit`: `created` registers the folder with the caller's
    /// clean-up, before any file is written, so a signal during the writing leaves nothing.
    ///
    /// - Parameter created: called once with the new folder's path, as soon as it exists.
    /// - Returns: the folder, which holds `Lessons/` and the other shipped paths.
    /// - Throws: the file system's error when the folder or a file cannot be written.
    public static func folder(created: (String) -> Void = { _ in }) throws -> String {
        try written.withLock { state in
            if let path = state { return path }
            let name = "explorer-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
            try FileManager.default.createDirectory(
                atPath: root, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
            shippedFolderToRemove.withLock { $0 = root }
            atexit(removeShippedFolder)
            created(root)
            for (path, text) in base64 {
                let file = root + "/" + path
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                guard let data = Data(base64Encoded: text) else { continue }
                try data.write(to: URL(fileURLWithPath: file))
            }
            state = root
            return root
        }
    }

    private static let written = Mutex<String?>(nil)
}

/// The folder `ShippedFiles.folder()` wrote, for the `atexit` handler (a C function, which
/// cannot capture it).
private let shippedFolderToRemove = Mutex<String?>(nil)

private func removeShippedFolder() {
    if let root = shippedFolderToRemove.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: root) }
}
