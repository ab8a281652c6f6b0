/// Text from outside (a file's text chunk, a file name) made safe to show on one terminal line.
package enum TerminalText {
    /// `text` with every control character shown as a visible escape: `\n`, `\r`, `\t`, `\e`
    /// (ESC) and `\u{XX}` for the rest (C0, DEL, C1 and the Unicode line and paragraph
    /// separators), so no character can move the cursor, recolour the terminal, ring its bell
    /// or start a new line. Backslashes stay as they are: messages quote commands that use them.
    package static func visible(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{1B}": out += "\\e"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
