import Authoring
import Foundation

/// The terminal a report is printed to: its size, whether colour is allowed, and how figures
/// are shown in it.
struct TerminalStyle: Sendable {
    /// Columns every printed line fits in.
    var width: Int
    var colour: Bool
    /// How figures are drawn where they are made (`none`: their path only).
    var images: InlineImages = .none
    /// Rows of the terminal, for the height of pictures.
    var height: Int = 24

    /// Paragraphs wrap at the width, but at no more than 100 columns, which reads better on a
    /// wide terminal; tables and pictures use the whole width.
    var proseWidth: Int { min(width, 100) }

    /// The terminal standard output goes to.
    ///
    /// Width: `COLUMNS` when it is set to a number (so `COLUMNS=80 explorer … | less` fits 80
    /// columns), else the terminal's own width, else 80 (a pipe or file). Colour only on a TTY and
    /// never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`. Pictures: see
    /// `InlineImages.resolve`.
    static func current(images option: InlineImages.Option? = nil, quiet: Bool = false) -> TerminalStyle {
        let environment = ProcessInfo.processInfo.environment
        let tty = isatty(STDOUT_FILENO) != 0
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        var width = 80, height = 24
        if tty {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 {
                if size.ws_col >= 20 { width = Int(size.ws_col) }
                if size.ws_row >= 8 { height = Int(size.ws_row) }
            }
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= 20 { width = columns }
        if let lines = environment["LINES"].flatMap(Int.init), lines >= 8 { height = lines }
        let requested = option ?? environment["EXPLORER_IMAGES"].flatMap(InlineImages.Option.init(rawValue:)) ?? .auto
        let images = InlineImages.resolve(requested, environment: environment, tty: tty, quiet: quiet)
        return TerminalStyle(
            width: width, colour: tty && !noColour && environment["TERM"] != "dumb",
            images: images, height: height)
    }

    static let plain = TerminalStyle(width: 80, colour: false)

    func bold(_ s: String) -> String { colour ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { colour ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { colour ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
    func yellow(_ s: String) -> String { colour ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
}
