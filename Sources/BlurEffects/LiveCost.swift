import Foundation
import BlurCore

/// Live versus static blur: the share of one core a blur takes when it is refreshed every
/// `interval` seconds.
///
/// A static blur is computed once, when the view appears (FXBlurView's `dynamic = NO`,
/// BCBlurView, 7blur's static mode). A live blur redraws on a timer: 7blur's sample uses an
/// update interval of 0.2 s, and a display refreshes every 1/60 s. FXBlurView's README gives
/// `updateInterval` a default of 0, "as fast as possible", and warns this is "extremely CPU
/// intensive"; its code did so up to version 1.3, while from 1.4.2 on it replaces an interval of
/// 0 by 1/60 s (lesson 9 says which version each claim is about). An interval of 0 is kept here
/// as the limiting case: the blur runs back to back.
///
/// The arithmetic: one refresh costs `secondsPerBlur` of one core, so the share is
/// secondsPerBlur / interval. A share above 1 means the blur cannot keep up: it then runs back to
/// back (share 1, as an interval of 0 does) and delivers 1 / secondsPerBlur updates per second.
/// The time itself is measured by the caller's timing harness; this type only divides.
package struct LiveCost: Sendable, Equatable {
    /// The cost of one blur of the panel region, in seconds of one core.
    package let secondsPerBlur: Double
    /// Seconds between refreshes; 0 means as fast as possible.
    package let interval: Double

    /// The cost of refreshing a blur that takes `secondsPerBlur` every `interval` seconds; both
    /// must be 0 or more (checked by a precondition).
    package init(secondsPerBlur: Double, interval: Double) {
        precondition(secondsPerBlur >= 0 && interval >= 0,
                     "secondsPerBlur (\(secondsPerBlur)) and interval (\(interval)) must not be negative")
        self.secondsPerBlur = secondsPerBlur
        self.interval = interval
    }

    /// The intervals the lesson compares: a 60 Hz display and 7blur's 0.2 s.
    package static let commonIntervals: [Double] = [1.0 / 60, 0.2]

    /// secondsPerBlur / interval: the fraction of one core asked for (may exceed 1); 1 for an
    /// interval of 0 with a non-zero cost.
    package var requestedShare: Double {
        if interval == 0 { return secondsPerBlur > 0 ? 1 : 0 }
        return secondsPerBlur / interval
    }

    /// The fraction of one core actually used: `requestedShare`, at most 1.
    package var coreShare: Double { min(requestedShare, 1) }

    /// True when one blur fits in one interval.
    package var keepsUp: Bool { interval > 0 && secondsPerBlur <= interval }

    /// Refreshes per second delivered: 1 / interval when the blur keeps up, else 1 / secondsPerBlur.
    package var updatesPerSecond: Double {
        let wanted = interval > 0 ? 1 / interval : Double.infinity
        let possible = secondsPerBlur > 0 ? 1 / secondsPerBlur : Double.infinity
        return min(wanted, possible)
    }

    /// Parses an interval in seconds: a decimal (`0.2`) or a fraction (`1/60`).
    ///
    /// - Throws: `BlurKitError` naming the text when it is neither, or negative, or not finite.
    package static func parseInterval(_ text: String) throws -> Double {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let value: Double?
        switch parts.count {
        case 1: value = parts[0]
        case 2: value = parts[0].flatMap { n in parts[1].flatMap { d in d == 0 ? nil : n / d } }
        default: value = nil
        }
        guard let value, value.isFinite, value >= 0 else {
            throw BlurKitError("interval \"\(text)\" must be seconds as a number or fraction, e.g. 0.2 or 1/60")
        }
        return value
    }
}
