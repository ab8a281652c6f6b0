import ArgumentParser
import BlurKit
import Foundation

/// Checks a user's σ once, with one message, for every command: the catalog's standard limits
/// (`MethodLimits.standard`).
enum SigmaValidation {
    static func check(_ sigma: Double, option: String = "--sigma") throws {
        try usage { try MethodLimits.standard.check(sigma: sigma, option: option) }
    }

    /// Parses `--sigmas 1,2,5`: numbers separated by commas, each checked.
    ///
    /// - Parameter example: the list shown in the message for text that is not such a list.
    static func list(_ text: String, option: String = "--sigmas", example: String) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("\(option) takes numbers separated by commas, e.g. \(example); got '\(text)'")
        }
        for value in values { try check(value!, option: option) }
        return values.map { $0! }
    }
}
