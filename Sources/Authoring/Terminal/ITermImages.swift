import Foundation

/// Pictures for terminals that speak iTerm2's inline images protocol
/// (https://iterm2.com/documentation-images.html).
///
/// One OSC sequence carries the whole file: `ESC ] 1337 ; File = <arguments> : <base64> BEL`,
/// arguments `key=value` separated by `;`: `inline=1` (show it rather than download it), `size`
/// (the file's length in bytes), `width` (in character cells when a bare number) and
/// `preserveAspectRatio=1` (scale without stretching).
package enum ITermImages {
    /// An image file's bytes (PNG here), shown at the cursor `columns` cells wide.
    package static func encode(_ file: [UInt8], columns: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);preserveAspectRatio=1:"
            + Data(file).base64EncodedString() + "\u{07}"
    }
}
