import BlurCore

/// Fitting text into a width: wrapping at spaces and clipping with an ellipsis, so text from
/// outside (a 5,000-character `--title`) can never make a figure wider than its content.
extension BitmapFont {
    /// `text` clipped to at most `width` pixels: whole as it is when it fits, else cut at a
    /// character and ended with "…".
    package func clipped(_ text: String, width: Int) -> String {
        guard measure(text).width > width else { return text }
        // Binary search on the number of characters kept: the advance grows with each one.
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]) + "…").width <= width { low = mid } else { high = mid - 1 }
        }
        return String(characters[..<low]) + "…"
    }

    /// `text` broken at spaces into lines of at most `width` pixels, at most `maxLines` of them;
    /// a word wider than `width`, or what does not fit in `maxLines`, is clipped with "…".
    package func wrapped(_ text: String, width: Int, maxLines: Int) -> [String] {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard measure(flat).width > width else { return [flat] }
        var lines: [String] = []
        var current = ""
        var words = flat.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
        while let word = words.first {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate).width <= width {
                current = candidate
                words = words.dropFirst()
                continue
            }
            if current.isEmpty {
                current = clipped(word, width: width)
                words = words.dropFirst()
            }
            lines.append(current)
            current = ""
            if lines.count == maxLines { break }
        }
        if !current.isEmpty, lines.count < maxLines { lines.append(current) }
        if !words.isEmpty, let last = lines.popLast() {
            lines.append(clipped(last + " " + words.joined(separator: " "), width: width))
        }
        return lines
    }
}
