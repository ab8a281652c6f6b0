import ArgumentParser
import Foundation

/// A list of σ values such as `2,8,24`, each a valid σ up to a command's limit.
enum SigmaList {
    /// - Parameter limit: the largest σ the command accepts, named in the message (`limitReason`).
    /// - Throws: `ValidationError` naming `option` for text that is not numbers separated by commas,
    ///   a σ that `SigmaValidation` refuses, or one above `limit`.
    static func parse(_ text: String, option: String = "--sigmas", limit: Double, limitReason: String = "") throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("\(option) takes numbers separated by commas, e.g. 2,8,24; got '\(text)'")
        }
        for v in values {
            try SigmaValidation.check(v!, option: option)
            guard v! <= limit else { throw ValidationError("\(option) \(v!) is above this plot's limit of \(NumberText.compact(limit))\(limitReason)") }
        }
        return values.map { $0! }
    }
}
