#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader never sees a partial one: the bytes go to a temporary file in
/// the destination's folder, which is renamed over the destination only once complete.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically.
    ///
    /// - Throws: `BlurKitError` naming the path when the folder is missing, not writable, or the
    ///   write fails; no temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = parentFolder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw BlurKitError("cannot write '\(path)': folder '\(folder)' does not exist")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw BlurKitError("cannot write '\(path)': '\(folder)' is not a folder")
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw BlurKitError("cannot write '\(path)': it is a folder")
        }
        var template = Array("\(folder)/.\(baseName(of: path)).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw BlurKitError("cannot write '\(path)': \(errorText(errno))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errorText(errno); return
                }
                offset += n
            }
        }
        if failure == nil, fchmod(fd, 0o644) != 0 { failure = errorText(errno) }
        if close(fd) != 0, failure == nil { failure = errorText(errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = errorText(errno) }
        if let failure {
            unlink(temporary)
            throw BlurKitError("cannot write '\(path)': \(failure)")
        }
    }

    /// Writes UTF-8 text to `path` atomically.
    public static func write(text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
