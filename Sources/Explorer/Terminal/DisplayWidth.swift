/// How many terminal columns text takes: ANSI escape sequences take none, and every other
/// character one (the explorer prints no East Asian wide characters).
enum DisplayWidth {
    static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        var escape = false
        for scalar in text.unicodeScalars {
            if escape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            if scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { continue }
            width += 1
        }
        return width
    }
}
