import Foundation

/// The lessons in a folder (`Lessons/`): files named `NN-slug.md`, in number order.
package struct LessonLibrary: Sendable {
    /// The folder, as given (`Lessons`).
    package var folder: String
    /// Every lesson file in number order.
    package var entries: [Entry]

    package struct Entry: Equatable, Sendable {
        package var number: Int
        package var slug: String
        package var path: String
    }

    /// Lists the lessons in `folder` (ExplorerCLI's `init(folder: String?)` picks the folder when
    /// none is given).
    ///
    /// - Throws: `LessonError` when the folder is missing or two files share a number.
    package init(folder: String) throws(LessonError) {
        let folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            let hint = "run from the package's folder (the one with Lessons/) or pass --lessons DIR"
            throw LessonError(folder, line: nil, "no such lessons folder; \(hint)", exitCode: 64)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw LessonError(folder, line: nil, "cannot list the lessons: \(Self.reason(error))")
        }
        var entries: [Entry] = []
        for name in names.sorted() {
            let (number, slug) = Self.numberAndSlug(fileName: name)
            guard let number, name.hasSuffix(".md") else { continue }
            let path = folder + "/" + name
            if let other = entries.first(where: { $0.number == number }) {
                throw LessonError(
                    path, line: nil,
                    "lesson number \(number) is also used by \(other.path); give each lesson its own number")
            }
            entries.append(Entry(number: number, slug: slug, path: path))
        }
        self.folder = folder
        self.entries = entries.sorted { $0.number < $1.number }
    }

    /// The lesson file `spec` names: a number (`3`, `03`), a slug (`exact-gaussian`), or a path
    /// to a `.md` file (anything containing `/` or ending in `.md`).
    ///
    /// - Throws: `LessonError` (exit status 64) for an unknown number or slug, listing the lessons.
    package func path(for spec: String) throws(LessonError) -> String {
        if spec.hasSuffix(".md") || spec.contains("/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: spec, isDirectory: &isFolder) else {
                throw LessonError(spec, line: nil, "no such lesson file", exitCode: 64)
            }
            guard !isFolder.boolValue else {
                throw LessonError(
                    spec, line: nil,
                    "is a folder, not a lesson file (give a number, a slug or a .md file; --lessons DIR names a folder of lessons)",
                    exitCode: 64)
            }
            return spec
        }
        let found: Entry?
        if let number = Int(spec) {
            found = entries.first { $0.number == number }
        } else {
            found = entries.first { $0.slug == spec }
        }
        guard let found else {
            let valid =
                entries.isEmpty
                ? "there are no lessons in it"
                : "the lessons are " + entries.map { "\($0.number) (\($0.slug))" }.joined(separator: ", ")
            let what = Int(spec) != nil ? "no lesson number \(spec)" : "no lesson '\(spec)'"
            throw LessonError(folder, line: nil, "\(what); \(valid)", exitCode: 64)
        }
        return found.path
    }

    /// The number and slug of a file named `NN-slug.md`; `(nil, stem)` for any other name.
    package static func numberAndSlug(fileName: String) -> (number: Int?, slug: String) {
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let digits = stem.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, stem.dropFirst(digits.count).first == "-", let number = Int(digits) else {
            return (nil, stem)
        }
        let slug = String(stem.dropFirst(digits.count + 1))
        guard !slug.isEmpty else { return (nil, stem) }
        return (number, slug)
    }

    /// The largest lesson file read: 1 MiB, about a hundred times the longest shipped lesson and room
    /// for ten thousand cells, so a lesson's parse and its page stay bounded in time and memory
    /// (a 95 MB file once took 170 s and 4.2 GB before it failed).
    package static let maximumBytes = 1 << 20

    /// The text of a lesson file, which must be a regular file of UTF-8.
    ///
    /// - Throws: `LessonError` for a missing or unreadable file, a folder, a pipe or device, a file
    ///   over `maximumBytes`, a UTF-16 or UTF-32 file (by its byte-order mark, on line 1), or bytes
    ///   that are not UTF-8 (on the line and column where they are).
    package static func readText(_ path: String) throws(LessonError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw LessonError(
                path, line: nil, "cannot read the lesson: \(String(cString: strerror(errno)).lowercased())")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw LessonError(path, line: nil, "cannot read the lesson: it is a folder, not a lesson file")
        default:
            throw LessonError(
                path, line: nil,
                "cannot read the lesson: it is not a regular file (a pipe, device or socket is not read)")
        }
        guard info.st_size <= maximumBytes else {
            throw LessonError(
                path, line: nil,
                "the lesson is \(info.st_size) bytes; a lesson file may be at most \(maximumBytes) bytes (1 MiB)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LessonError(path, line: nil, "cannot read the lesson: \(reason(error))")
        }
        let bytes = [UInt8](data)
        let marks: [([UInt8], String)] = [
            ([0, 0, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE, 0, 0], "UTF-32"),
            ([0xFE, 0xFF], "UTF-16"), ([0xFF, 0xFE], "UTF-16")
        ]
        for (mark, encoding) in marks where bytes.starts(with: mark) {
            throw LessonError(path, line: 1, "the file is \(encoding) text; lessons are UTF-8 (save it as UTF-8)")
        }
        var line = 1, lineStart = 0, index = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var text = ""
        text.reserveCapacity(bytes.count)
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                if scalar == "\n" { line += 1; lineStart = index + 1 }
                index += width
                text.unicodeScalars.append(scalar)
            case .emptyInput:
                break loop
            case .error:
                let byte = index < bytes.count ? String(format: "0x%02X", bytes[index]) : "?"
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                throw LessonError(
                    path, line: line, "column \(column): byte \(byte) is not UTF-8; lessons are UTF-8 text")
            }
        }
        return text
    }

    /// The part of a Foundation error a reader needs (`No such file or directory`).
    package static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        return nsError.localizedDescription
    }
}
