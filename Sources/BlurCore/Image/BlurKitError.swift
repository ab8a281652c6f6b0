/// Every failure BlurKit reports: one line that says what is wrong and where.
///
/// An error about one file keeps the file's path apart from the words around it, so a caller
/// that knows the file by another name (a lesson's staging folder, say) names it its own way
/// with `description(path:)` instead of editing the sentence. An error about a value names the
/// parameter by its name in the library (`sigma`, `maxPixels`, `iterations`); a caller that
/// knows the parameters by other names (the command line's `--sigma`, `--max-pixels`) renames
/// them with `renamingParameters(_:)`.
public struct BlurKitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file the error is about, if it names one.
    public let path: String?
    /// The words before the quoted path (the whole message when there is no path).
    let lead: String
    /// The words after the quoted path.
    let rest: String
    /// The parameters the message names, as written in it.
    package let parameters: [String]

    /// An error whose message is `description`, about no file in particular.
    public init(_ description: String) {
        self.init(description, naming: [])
    }

    /// An error whose message is `description` and names `parameters` (each written in it as a
    /// word of its own).
    package init(_ description: String, naming parameters: [String]) {
        path = nil
        lead = description
        rest = ""
        self.parameters = parameters
    }

    /// An error about the file at `path`, written `lead 'path'rest`, naming `parameters`.
    package init(path: String, _ lead: String, _ rest: String, naming parameters: [String] = []) {
        self.path = path
        self.lead = lead
        self.rest = rest
        self.parameters = parameters
    }

    /// The same error with each parameter it names written `rename(name)` instead: how the
    /// command line reports the library's errors with its options (`sigma` → `--sigma`).
    /// The path is left as it is.
    package func renamingParameters(_ rename: (String) -> String) -> BlurKitError {
        // Each name where it stands as a word of its own: not inside another word or a
        // hyphenated name (`sigmas`, `eight-bit-passes`).
        func isWordPart(_ c: Character?) -> Bool {
            c.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } ?? false
        }
        func renamed(_ text: String) -> String {
            var text = text
            for name in parameters {
                var result = "", i = text.startIndex
                while let r = text[i...].firstRange(of: name) {
                    let before = r.lowerBound > text.startIndex ? text[text.index(before: r.lowerBound)] : nil
                    let after = r.upperBound < text.endIndex ? text[r.upperBound] : nil
                    result += text[i..<r.lowerBound]
                    result += isWordPart(before) || isWordPart(after) ? String(text[r]) : rename(name)
                    i = r.upperBound
                }
                text = result + text[i...]
            }
            return text
        }
        return BlurKitError(lead: renamed(lead), rest: renamed(rest), path: path)
    }

    private init(lead: String, rest: String, path: String?) {
        self.path = path
        self.lead = lead
        self.rest = rest
        parameters = []
    }

    /// The one-line message, with the path quoted and its control characters shown as escapes.
    public var description: String { description(path: path) }

    /// The message with the file named `shown` instead of its path.
    package func description(path shown: String?) -> String {
        guard path != nil, let shown else { return lead }
        return "\(lead) '\(shown)'\(rest)"
    }
}
