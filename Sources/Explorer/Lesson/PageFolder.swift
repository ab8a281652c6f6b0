import Authoring
import BlurKit
import Foundation

/// A lesson's page folder (`Output/lesson-01`), replaced as a whole.
///
/// A run builds the page in a hidden staging folder beside it (`Output/.lesson-01.tmp-XXXXXX`);
/// `commit` exchanges it with the previous page in one step and only then deletes the previous
/// page. A failed run deletes its staging folder and leaves the page as it was;
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
    /// On Linux the two folders trade places in one step (`renameat2` with `RENAME_EXCHANGE`),
    /// so a reader, or a run killed at any moment, finds the previous page or the new one, never
    /// none; the previous page, now under the staging name, is then deleted (or, after a
    /// SIGKILL, by the next run once stale). Where the exchange is not supported (another
    /// system, a file system without it) the previous page is moved aside first, which leaves a
    /// moment without a page.
    ///
    /// - Throws: `LessonError` naming the page folder when it is a symbolic link or not a
    ///   folder (a page folder is replaced as a whole, never written through), or when a rename
    ///   fails.
    /// - Returns: the names of the files in the page, sorted.
    func commit(_ staging: String) throws(LessonError) -> [String] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).filter {
            !$0.hasPrefix(".")
        }.sorted()
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard rename(staging, path) == 0 else {
                throw LessonError(path, line: nil, "cannot move the new page into place: \(PageFolder.errnoText())")
            }
            TemporaryFiles.unregister(staging)
            return files
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw LessonError(
                path, line: nil,
                "the page folder is a symbolic link; a page is replaced as a whole folder, so remove the link or write the pages elsewhere with --output"
            )
        default:
            throw LessonError(
                path, line: nil,
                "the page folder's name is taken by a file that is not a folder; remove it or write the pages elsewhere with --output"
            )
        }
        if PageFolder.exchange(staging, path) {
            // `staging` now holds the previous page.
            try? FileManager.default.removeItem(atPath: staging)
            TemporaryFiles.unregister(staging)
            return files
        }
        let aside = try temporaryFolder(kind: "old")
        // rename(2) replaces an empty folder, so the previous page moves into `aside`'s name.
        guard rename(path, aside) == 0 else {
            let reason = PageFolder.errnoText()
            rmdir(aside)
            throw LessonError(path, line: nil, "cannot move the previous page aside: \(reason)")
        }
        guard rename(staging, path) == 0 else {
            let reason = PageFolder.errnoText()
            rename(aside, path)
            throw LessonError(path, line: nil, "cannot move the new page into place: \(reason)")
        }
        TemporaryFiles.unregister(staging)
        try? FileManager.default.removeItem(atPath: aside)
        return files
    }

    /// `renameat2(2)` of Linux, looked up at run time: glibc declares it only under
    /// `_GNU_SOURCE`, which Swift's Glibc module does not define, and other C libraries lack it.
    private static let renameat2:
        (@convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32)? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32).self)
        }()

    /// Whether `a` and `b` traded places atomically (`RENAME_EXCHANGE`); false when the system
    /// or file system cannot, and nothing moved.
    static func exchange(_ a: String, _ b: String) -> Bool {
        let renameExchange: UInt32 = 2
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
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
