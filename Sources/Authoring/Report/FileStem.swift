/// File names made from titles: a table's CSV, a glass backdrop.
package enum FileStem {
    /// A file-name stem for a title: lower-case letters and digits joined by single hyphens.
    package static func slug(_ title: String) -> String {
        var result = ""
        for c in title.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) {
                result.append(c)
            } else if !result.isEmpty && result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
