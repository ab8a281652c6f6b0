import BlurKit
import Foundation

/// A lesson's page folder (`Output/lesson-01`), replaced as a whole.
///
/// A run builds the page in a hidden staging folder beside it (`Output/.lesson-01.tmp-XXXXXX`);
/// `commit` moves the previous page aside, renames the staging folder into place and only then
/// deletes the previous page. A failed run deletes its staging folder and leaves the page as it was;
/// so does a run stopped by SIGINT or SIGTERM (`TemporaryFiles`), and staging folders left by a
/// killed run are removed by the next run once stale (`AtomicFile.removeStale`).
struct PageFolder: Sendable {
    var root: String
    var name: String

    var path: String { root == "." ? name : root + "/" + name }

    /// Creates the output folder when needed and an empty staging folder in it.
    func makeStaging() throws(LessonError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw LessonError(root, line: nil, "cannot create the output folder: \(LessonLibrary.reason(error))")
        }
        AtomicFile.removeStale(in: root)
        let staging = try temporaryFolder(kind: "tmp")
        TemporaryFiles.register(staging)
        return staging
    }

    /// Writes a text file into the staging folder.
    func write(_ text: String, named file: String, in staging: String) throws(LessonError) {
        do {
            try AtomicFile.write(text: text, to: staging + "/" + file)
        } catch {
            throw LessonError(path, line: nil, "\(error)")
        }
    }

    /// Puts the staging folder in the page's place and deletes the previous page.
    ///
    /// - Returns: the names of the files in the page, sorted.
    func commit(_ staging: String) throws(LessonError) -> [String] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var previous: String?
        if FileManager.default.fileExists(atPath: path) {
            let aside = try temporaryFolder(kind: "old")
            // rename(2) replaces an empty folder, so the previous page moves into `aside`'s name.
            guard rename(path, aside) == 0 else {
                let reason = PageFolder.errnoText()
                rmdir(aside)
                throw LessonError(path, line: nil, "cannot move the previous page aside: \(reason)")
            }
            previous = aside
        }
        guard rename(staging, path) == 0 else {
            let reason = PageFolder.errnoText()
            if let previous { rename(previous, path) }
            throw LessonError(path, line: nil, "cannot move the new page into place: \(reason)")
        }
        TemporaryFiles.unregister(staging)
        if let previous { try? FileManager.default.removeItem(atPath: previous) }
        return files
    }

    /// Deletes a staging folder after a failed run.
    func discard(_ staging: String) {
        try? FileManager.default.removeItem(atPath: staging)
        TemporaryFiles.unregister(staging)
    }

    /// A new empty folder `root/.NAME.KIND-XXXXXX`.
    func temporaryFolder(kind: String) throws(LessonError) -> String {
        var template = Array("\(root)/.\(name).\(kind)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw LessonError(root, line: nil, "cannot create a folder for the page: \(PageFolder.errnoText())")
        }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkdtemp makes the folder private (0700); a page is for everyone who can read the output folder.
        chmod(folder, 0o755)
        return folder
    }

    static func errnoText() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
