import Authoring
import BlurKit
import Foundation

/// The course as a static site (`explorer export`): every lesson's live page with its slider
/// states baked in, as PlutoSliderServer bakes a notebook's, so any static file host serves it
/// with no explorer behind it.
///
/// Each parameter gets a grid of its own (`grid(_:steps:)`) and moves with the others at their
/// defaults, so a lesson holds 1 + Σ (grid size − 1) states, not the product of the grids:
///
/// ```
/// DIR/index.html, DIR/glossary.html        the course index and glossary
/// DIR/assets/live.js, live.css           the page's script and style
/// DIR/lesson-03/index.html                 the page at its defaults, with controls
/// DIR/lesson-03/*.png, *.csv               the defaults' figures and tables
/// DIR/lesson-03/states/sigma-5/state.html  one state: the page, links relative to lesson-03/
/// DIR/lesson-03/states/sigma-5/*.png       and its figures and tables
/// ```
enum StaticSite {
    /// The values parameter `parameter` takes on the site, at most about `steps` of them, its
    /// default among them: for a number with a range, a uniform grid through the default with a
    /// step of one, two or five times a power of ten (at most the range over `steps - 1`); for a
    /// choice, its choices; otherwise the default alone (uploads are the live server's alone).
    static func grid(_ parameter: LessonParameter, steps: Int) -> [String] {
        guard steps > 1 else { return [parameter.value] }
        switch parameter.kind {
        case .choice, .method:
            return parameter.choices
        case .number, .integer:
            guard let low = parameter.minimum, let high = parameter.maximum, let value = Double(parameter.value),
                high > low
            else {
                return [parameter.value]
            }
            var step = niceStep((high - low) / Double(steps - 1))
            if parameter.kind == .integer { step = max(1, step.rounded()) }
            guard let below = Int(exactly: ((value - low) / step + 1e-9).rounded(.down)),
                let above = Int(exactly: ((high - value) / step + 1e-9).rounded(.down)), below + above < 10 * steps
            else {
                return [parameter.value]
            }
            return (-below...above).map { format(value + Double($0) * step, like: parameter) }
        case .image, .text:
            return [parameter.value]
        }
    }

    /// The largest of 1, 2 or 5 times a power of ten at most `step`.
    static func niceStep(_ step: Double) -> Double {
        let power = pow(10, floor(log10(step) + 1e-9))
        for factor in [5.0, 2, 1] where factor * power <= step * (1 + 1e-9) { return factor * power }
        return power
    }

    /// A grid value written as the slider writes it (no trailing `.0`, no rounding noise).
    static func format(_ value: Double, like parameter: LessonParameter) -> String {
        if parameter.kind == .integer || value == value.rounded(), let whole = Int(exactly: value.rounded()) {
            return String(whole)
        }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A state's folder name: `NAME-VALUE` with anything but ASCII letters, digits, `.` and `-`
    /// as `_` (readable, at most 48 characters of it), then `-` and a hash of the exact name and
    /// value (FNV-1a, 64 bits), so values that differ only by punctuation or non-ASCII letters
    /// get folders of their own. The page reads the names from its `data-states`.
    static func stateFolder(_ name: String, _ value: String) -> String {
        let readable = String(
            (name + "-" + value).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" }
                .prefix(48))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(name.utf8) + [0] + Array(value.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return readable + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The exported page's status line.
    static let note = "baked states, one control at a time"

    /// The course index's title, by which `write` knows an `index.html` as its own.
    static let indexTitle = "<title>Blur Explorer: the lessons</title>"

    /// One line saying why `error` happened: the system's words for a file error
    /// ("not a directory"), never a Foundation error's internals.
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError {
                return String(cString: strerror(posix.code.rawValue)).lowercased()
            }
            if let underlying = cocoa.underlying { return reason(underlying) }
            return cocoa.code == .fileNoSuchFile || cocoa.code == .fileReadNoSuchFile
                ? "no such file or folder" : "a file operation failed"
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)).lowercased() }
        if (error as NSError).domain == NSPOSIXErrorDomain { return LessonLibrary.reason(error) }
        return Explorer.message(for: error)
    }

    /// Bytes in the files under `folder`.
    static func size(of folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let name = walker.nextObject() as? String {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular
            {
                total += (attributes[.size] as? Int) ?? 0
            }
        }
        return total
    }
}
