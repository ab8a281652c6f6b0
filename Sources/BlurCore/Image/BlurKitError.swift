/// Every failure BlurKit reports: one line that says what is wrong and where.
///
/// An error about one file keeps the file's path apart from the words around it, so a caller
/// that knows the file by another name (a lesson's staging folder, say) names it its own way
/// with `description(path:)` instead of editing the sentence.
public struct BlurKitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file the error is about, if it names one.
    public let path: String?
    /// The words before the quoted path (the whole message when there is no path).
    let lead: String
    /// The words after the quoted path.
    let rest: String

    /// An error whose message is `description`, about no file in particular.
    public init(_ description: String) {
        path = nil
        lead = description
        rest = ""
    }

    /// An error about the file at `path`, written `lead 'path'rest`.
    public init(path: String, _ lead: String, _ rest: String) {
        self.path = path
        self.lead = lead
        self.rest = rest
    }

    /// The one-line message, with the path quoted and its control characters shown as escapes.
    public var description: String { description(path: path) }

    /// The message with the file named `shown` instead of its path.
    public func description(path shown: String?) -> String {
        guard path != nil, let shown else { return lead }
        return "\(lead) '\(shown)'\(rest)"
    }
}
