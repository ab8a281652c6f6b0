import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// How a figure is drawn in the terminal where it is made.
///
/// Detection (`resolve`) reads only what terminals announce in the environment:
/// - kitty graphics protocol: `KITTY_WINDOW_ID` set, `TERM=xterm-kitty`, `TERM=xterm-ghostty` or
///   `TERM_PROGRAM=ghostty`;
/// - iTerm2 inline images: `TERM_PROGRAM=iTerm.app`, `LC_TERMINAL=iTerm2` or `TERM_PROGRAM=WezTerm`;
/// - inside tmux or screen (`TMUX` set, `TERM=screen*`/`tmux*`) neither protocol reaches the
///   outer terminal, so half blocks are drawn;
/// - 24-bit colour when `COLORTERM` is `truecolor` or `24bit`, else the 256-colour palette.
/// Pipes, `NO_COLOR`, `TERM=dumb` and `--quiet` get no pictures, whatever was asked.
enum InlineImages: Equatable, Sendable {
    case none
    /// Unicode upper half blocks (▀): two pixels per character cell, foreground over background.
    case halfBlocks(trueColour: Bool)
    case kitty
    case iTerm2

    /// What `--images` asks for.
    enum Option: String, CaseIterable, Sendable {
        /// The terminal's own image protocol when it announces one, else half blocks.
        case auto
        /// An image protocol: the announced one, else kitty's.
        case inline
        case blocks
        case none
    }

    static func resolve(_ option: Option, environment: [String: String], tty: Bool, quiet: Bool) -> InlineImages {
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let term = environment["TERM"] ?? ""
        guard tty, !quiet, !noColour, term != "dumb", option != .none else { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let blocks = InlineImages.halfBlocks(trueColour: colorTerm == "truecolor" || colorTerm == "24bit")
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
        let program = environment["TERM_PROGRAM"] ?? ""
        var announced: InlineImages?
        if !multiplexed {
            if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
                || program == "ghostty"
            {
                announced = .kitty
            } else if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || program == "WezTerm" {
                announced = .iTerm2
            }
        }
        switch option {
        case .auto: return announced ?? blocks
        case .inline: return announced ?? .kitty
        case .blocks: return blocks
        case .none: return .none
        }
    }

    /// The largest picture, in character cells, for a terminal of `style`'s size: the whole
    /// width, and at most 24 rows or the terminal's height less 8 rows of text.
    static func box(for style: TerminalStyle) -> (columns: Int, rows: Int) {
        (max(8, style.width), max(6, min(24, style.height - 8)))
    }

    /// The cells a picture of `width`×`height` pixels takes when scaled into `box`, keeping its
    /// shape; a character cell holds two square pixels in half blocks (one wide, two high).
    static func cells(width: Int, height: Int, box: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0 else { return (0, 0) }
        let scale = min(Double(box.columns) / Double(width), Double(2 * box.rows) / Double(height))
        let columns = max(1, min(box.columns, Int((Double(width) * scale).rounded())))
        let pixelRows = max(2, Int((Double(height) * scale).rounded()))
        return (columns, min(box.rows, (pixelRows + 1) / 2))
    }

    /// The picture in `file` drawn for this terminal, or nil when it cannot be read (the path is
    /// shown anyway) or pictures are off.
    func render(file: String, style: TerminalStyle) -> String? {
        guard self != .none, let image = try? PNG.read(file, maxPixels: 64_000_000) else { return nil }
        let cells = Self.cells(width: image.width, height: image.height, box: Self.box(for: style))
        switch self {
        case .none:
            return nil
        case .halfBlocks(let trueColour):
            return HalfBlocks.render(image, columns: cells.columns, rows: cells.rows, trueColour: trueColour)
        case .kitty:
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            return KittyGraphics.encodePNG([UInt8](data), columns: cells.columns, rows: cells.rows)
        case .iTerm2:
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            return ITermImages.encode([UInt8](data), columns: cells.columns)
        }
    }
}

extension InlineImages.Option: ExpressibleByArgument {}
