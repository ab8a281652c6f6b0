import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// Checks a user's σ once, with one message, for every command: the catalog's standard limits
/// (`MethodLimits.standard`).
enum SigmaValidation {
    static func check(_ sigma: Double, option: String = "--sigma") throws {
        try usage { try MethodLimits.standard.check(sigma: sigma, name: String(option.drop { $0 == "-" })) }
    }

    /// Parses `--sigmas 1,2,5`: numbers separated by commas, each checked, and each at most
    /// `limit` when a command has a lower one (named in the message with `limitReason`).
    ///
    /// - Parameter example: the list shown in the message for text that is not such a list.
    static func list(
        _ text: String, option: String = "--sigmas", example: String = "2,8,24",
        limit: Double? = nil, limitReason: String = ""
    ) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("\(option) takes numbers separated by commas, e.g. \(example); got '\(text)'")
        }
        for value in values {
            try check(value!, option: option)
            if let limit, value! > limit {
                throw ValidationError(
                    "\(option) \(value!) is above this plot's limit of \(NumberText.compact(limit))\(limitReason)")
            }
        }
        return values.map { $0! }
    }
}
