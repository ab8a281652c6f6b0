/// How many terminal columns text takes: ANSI escape sequences and combining marks take none, East
/// Asian wide characters (the lessons' Chinese source titles) two, and every other character one.
package enum DisplayWidth {
    package static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        var escape = false
        for scalar in text.unicodeScalars {
            if escape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            if scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0x200D
                || (0xFE00...0xFE0F).contains(scalar.value)
            {
                continue
            }
            width += isWide(scalar) ? 2 : 1
        }
        return width
    }

    /// Whether a terminal gives `scalar` two columns: East Asian wide and fullwidth characters
    /// (Unicode's EastAsianWidth W and F: CJK ideographs and punctuation, kana, Hangul, fullwidth
    /// forms) and the emoji blocks.
    package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The longest prefix of `text` no wider than `columns` (at least one character, so a
    /// line always advances).
    package static func prefix(_ text: Substring, columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index...index])
            if used + width > columns && end > text.startIndex { break }
            used += width
            end = text.index(after: index)
        }
        return text[..<end]
    }
}
