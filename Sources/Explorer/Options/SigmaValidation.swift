import ArgumentParser

/// Checks a user's σ once, with one message, for every command.
enum SigmaValidation {
    static func check(_ sigma: Double, option: String = "--sigma") throws {
        guard sigma.isFinite, sigma > 0 else {
            throw ValidationError("\(option) must be a finite number greater than 0, got \(sigma)")
        }
        guard sigma <= 1000 else {
            throw ValidationError("\(option) \(sigma) is above the limit of 1000 pixels (the kernel would be wider than any image the explorer accepts)")
        }
    }
}
