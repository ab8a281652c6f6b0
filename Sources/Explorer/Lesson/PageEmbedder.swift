import Authoring
import BlurKit
import Foundation

/// Makes an HTML page a single file (`--embed`): every image (`src="…"`) and table download
/// (`href="….csv"`) that names a file beside the page is replaced by a `data:` URI holding the
/// file, base64-encoded (RFC 2397), so the page can be mailed or uploaded alone.
///
/// Only relative paths inside the page's folder are inlined (no scheme, no leading `/`, no
/// `..`); links to other pages (the previous and next lesson, the index) stay links.
enum PageEmbedder {
    /// The media type of each file kind that is inlined.
    static let mediaTypes = [
        "png": "image/png", "csv": "text/csv", "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml"
    ]

    /// `html` with its images and CSV links inlined from the files in `folder`.
    ///
    /// - Throws: `BlurKitError` when a referenced file exists but cannot be read.
    static func embed(_ html: String, folder: String) throws -> String {
        let pattern = try NSRegularExpression(pattern: #"(src|href)="([^"]+)""#)
        let text = html as NSString
        var result = "", last = 0
        for match in pattern.matches(in: html, range: NSRange(location: 0, length: text.length)) {
            let attribute = text.substring(with: match.range(at: 1)),
                reference = text.substring(with: match.range(at: 2))
            guard let uri = try dataURI(for: reference, attribute: attribute, folder: folder) else { continue }
            result += text.substring(with: NSRange(location: last, length: match.range.location - last))
            result += "\(attribute)=\"\(uri)\""
            last = match.range.location + match.range.length
        }
        return result + text.substring(from: last)
    }

    /// The `data:` URI of the file `reference` names, or nil when it is not a local file of a
    /// kind that is inlined (`href` inlines CSV only, so page links stay links).
    static func dataURI(for reference: String, attribute: String, folder: String) throws -> String? {
        let path = reference.removingPercentEncoding ?? reference
        guard !path.contains(":"), !path.hasPrefix("/"), !path.split(separator: "/").contains(".."),
            let type = mediaTypes[(path as NSString).pathExtension.lowercased()],
            attribute == "src" || type == "text/csv"
        else { return nil }
        let full = (folder as NSString).appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: full) else { return nil }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw BlurKitError("cannot read '\(full)' to embed it in the page")
        }
        return "data:\(type);base64,\(data.base64EncodedString())"
    }

    /// Rewrites `folder/index.html` with its images and tables inlined, atomically.
    ///
    /// - Throws: `LessonError` naming the page when it cannot be read, embedded or written.
    static func embedPage(in folder: String) throws(LessonError) {
        let path = folder + "/index.html"
        do {
            let html = try String(contentsOfFile: path, encoding: .utf8)
            try AtomicFile.write(text: try embed(html, folder: folder), to: path)
        } catch {
            throw LessonError(path, line: nil, "cannot embed the page's files: \(error)")
        }
    }
}
