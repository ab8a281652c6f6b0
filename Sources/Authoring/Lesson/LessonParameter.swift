/// A parameter a lesson declares in its front matter: its kind, the values it accepts, its default
/// and what it means.
///
/// The declaration is the one place `--set`, `explorer lesson N --parameters`, the sweep tests and
/// a page's controls read what a parameter may be:
///
/// ```yaml
/// parameters:
///   sigma:
///     kind: number          # number, integer, choice, image or text
///     default: 3
///     range: [0.5, 12]      # number and integer: the smallest and largest value
///     meaning: the Gaussian's σ in pixels
///   image:
///     kind: image
///     default: photo
///     smallest: 160x120     # image: the smallest picture the lesson works on
///     meaning: the picture the lesson blurs
/// ```
///
/// A draft may write `name: value` alone; the kind is then read off the value (integer, number or
/// text) and nothing else is checked.
package struct LessonParameter: Equatable, Sendable, Codable {
    /// What values a parameter takes.
    package enum Kind: String, Equatable, Sendable, Codable, CaseIterable {
        /// A real number in `range`.
        case number
        /// A whole number in `range`.
        case integer
        /// One of `choices`.
        case choice
        /// A blur method of the library's catalog (`MethodCatalog`, whose names the parser is
        /// given: `LessonParser.parse(_:path:methods:)`): any of them, or those of `choices`. The command line, the live page's menu and the static site's states take
        /// the names from the catalog, so a new method appears in them without a lesson's edit.
        case method
        /// A PNG path, `photo`, or `builtin:NAME[@WxH]`, at least `smallest` in size.
        case image
        /// Any text.
        case text
    }

    /// An image size, `WxH`.
    package struct Size: Equatable, Sendable, Codable, CustomStringConvertible {
        package var width: Int
        package var height: Int
        package var description: String { "\(width)×\(height)" }

        /// Parses `160x120` (or `160×120`); nil for anything else.
        package init?(parsing text: String) {
            let parts = text.replacingOccurrences(of: "×", with: "x").lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                (1...1_000_000).contains(w), (1...1_000_000).contains(h)
            else { return nil }
            width = w
            height = h
        }

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    package var name: String
    package var kind: Kind
    /// The default value, as text (what `{{name}}` gives when nothing is set).
    package var value: String
    /// One line: what the parameter means.
    package var meaning: String
    /// Number and integer: the smallest and largest value accepted (nil for a draft's parameter).
    package var minimum: Double?
    package var maximum: Double?
    /// The largest magnitude a number or integer may have, in a range or as a value: 10¹⁵, below
    /// which every whole number is exact in a Double and converts to `Int` without a trap.
    package static let largestMagnitude = 1e15
    /// Choice: the values accepted. Method: the methods accepted, every name of the catalog when
    /// the declaration lists none.
    package var choices: [String] = []
    /// Method: the choices are every method of the catalog.
    package var allMethods = false
    /// Image: the smallest width and height the lesson works on.
    package var smallest: Size?
    /// The line that declares the parameter.
    package var line: Int

    /// True when the declaration says everything a control needs: a meaning, and a range, choices
    /// or a smallest size for the kinds that have one.
    package var isComplete: Bool {
        guard !meaning.isEmpty else { return false }
        switch kind {
        case .number, .integer: return minimum != nil && maximum != nil
        case .choice, .method: return !choices.isEmpty
        case .image: return smallest != nil
        case .text: return true
        }
    }

    /// `0.5…12`, `light, dark`, `at least 160×120`, or `any text`: what the parameter accepts.
    package var accepts: String {
        switch kind {
        case .number, .integer:
            guard let minimum, let maximum else { return kind == .integer ? "any whole number" : "any number" }
            let words = kind == .integer ? "a whole number" : "a number"
            return "\(words) in \(NumberText.compact(minimum))…\(NumberText.compact(maximum))"
        case .choice:
            return "one of " + choices.joined(separator: ", ")
        case .method:
            return allMethods
                ? "any blur method of explorer blur --method" : "one of " + choices.joined(separator: ", ")
        case .image:
            let size = smallest.map { ", at least \($0)" } ?? ""
            return "a PNG path, photo or builtin:NAME[@WxH]\(size)"
        case .text:
            return "any text"
        }
    }

    /// What is wrong with `text` as a value of this parameter, or nil when it is accepted.
    ///
    /// An image is only checked for being named here; its size is checked when it is read
    /// (`problem(withImageOf:)`).
    ///
    /// No kind accepts a control character (a newline, ESC, NUL, …): a value is one line of
    /// printable text wherever it is shown — terminal, page, table or a PNG's text chunk.
    package func problem(with text: String) -> String? {
        if let control = text.unicodeScalars.first(where: Self.isControl) {
            let code = String(control.value, radix: 16, uppercase: true)
            return "\(name) takes one line of printable text; the value holds a control character, U+"
                + String(repeating: "0", count: max(0, 4 - code.count)) + code
        }
        switch kind {
        case .number:
            guard let x = Double(text), x.isFinite else {
                return "\(name) must be \(accepts); '\(text)' is not a number"
            }
            if abs(x) > Self.largestMagnitude { return "\(name) must be \(accepts); \(text) is beyond ±10^15" }
            if let minimum, x < minimum { return "\(name) must be \(accepts); \(text) is below it" }
            if let maximum, x > maximum { return "\(name) must be \(accepts); \(text) is above it" }
        case .integer:
            guard let x = Int(text) else { return "\(name) must be \(accepts); '\(text)' is not a whole number" }
            if Double(x).magnitude > Self.largestMagnitude {
                return "\(name) must be \(accepts); \(text) is beyond ±10^15"
            }
            if let minimum, Double(x) < minimum { return "\(name) must be \(accepts); \(text) is below it" }
            if let maximum, Double(x) > maximum { return "\(name) must be \(accepts); \(text) is above it" }
        case .choice:
            guard choices.contains(text) else { return "\(name) must be \(accepts); got '\(text)'" }
        case .method:
            guard choices.contains(text) else {
                return "\(name) must be one of \(choices.joined(separator: ", ")); got '\(text)'"
            }
        case .image:
            guard !text.isEmpty else { return "\(name) must name an image: a PNG path, photo or builtin:NAME[@WxH]" }
        case .text:
            break
        }
        return nil
    }

    /// A character that moves the cursor, recolours a terminal or starts a line: the C0 and C1
    /// controls and DEL (Unicode's `Cc`), and the line and paragraph separators; the characters
    /// `TerminalText.visible` shows as escapes.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// What is wrong with an image of `width`×`height` for this parameter, or nil.
    package func problem(withImageOf width: Int, _ height: Int, named text: String) -> String? {
        guard let smallest, width < smallest.width || height < smallest.height else { return nil }
        return "\(name)=\(text) is \(width)×\(height); this lesson needs an image of at least \(smallest) pixels"
    }
}
