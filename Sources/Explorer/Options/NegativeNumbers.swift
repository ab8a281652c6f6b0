/// Lets an option take a negative number as its value (`--sigma -2`), so the value reaches the
/// option's range check instead of being read as an unknown option.
///
/// swift-argument-parser reads any word starting with `-` as an option name, so `--sigma -2`
/// fails with "Missing value for '--sigma'". No explorer option is spelled like a number, so a
/// word that starts like a number with a minus sign, right after a long option without `=`, is attached
/// to it (`--sigma=-2`), which the parser reads as that option's value.
enum NegativeNumbers {
    /// `words` with each negative number after a long option joined to it by `=`.
    static func attached(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" {
                result.append(contentsOf: words[index...])
                break
            }
            if word.hasPrefix("--"), word.count > 2, !word.contains("="), index + 1 < words.count,
               isNegativeNumber(words[index + 1]) {
                result.append(word + "=" + words[index + 1])
                index += 2
                continue
            }
            result.append(word)
            index += 1
        }
        return result
    }

    /// Whether `word` starts like a negative number (`-2`, `-0.5`, `-.5`, `-1,2,3`, `-5x5`) or is
    /// one (`-inf`, `-nan`): no option name starts with a digit or a dot.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return second.isASCII && (second.isNumber || second == ".") || Double(word) != nil
    }
}
