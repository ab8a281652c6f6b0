import ArgumentParser
import Foundation

/// A list of box-pass counts such as `1,2,3`, each 1…20.
enum PassList {
    static func parse(_ text: String, option: String = "--passes") throws -> [Int] {
        let words = text.split(separator: ",")
        let counts = words.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.count == words.count, counts.allSatisfy({ (1...20).contains($0) }) else {
            throw ValidationError("\(option) takes numbers 1…20 separated by commas, got '\(text)'")
        }
        return counts
    }

    /// "3 boxes (5, 5, 7)", "1 box (11)".
    static func label(_ widths: [Int]) -> String {
        "\(widths.count) box\(widths.count == 1 ? "" : "es") (\(widths.map(String.init).joined(separator: ", ")))"
    }
}
