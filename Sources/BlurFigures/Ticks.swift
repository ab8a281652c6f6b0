import Foundation
import BlurCore

/// Tick positions and labels for axes and legends: "nice" round numbers.
package enum Ticks {
    /// Evenly spaced ticks whose step is 1, 2 or 5 times a power of ten (Heckbert 1990,
    /// "Nice Numbers for Graph Labels", Graphics Gems I).
    ///
    /// - Parameters:
    ///   - low: one end of the values to cover.
    ///   - high: the other end (the two may come in either order, or be equal).
    ///   - count: about how many ticks to make.
    ///   - extend: when true, the returned range is widened to the nearest ticks outside
    ///     `low...high` (for an axis); when false, only ticks inside `low...high` are returned.
    /// - Returns: the tick values, the step, and the (possibly widened) range.
    package static func linear(from low: Double, to high: Double, count: Int = 6,
                              extend: Bool = true) -> (values: [Double], step: Double, range: ClosedRange<Double>) {
        var lo = min(low, high), hi = max(low, high)
        if !(hi > lo) {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad; hi += pad
        }
        let step = niceNumber((hi - lo) / Double(max(count - 1, 1)), round: true)
        // A value within 1e-9 of a step of a tick counts as on it, so rounding noise in the data
        // (a gain of 1.0000000000000002) does not add a whole empty step to the axis.
        let first = extend ? (lo / step + 1e-9).rounded(.down) * step : (lo / step - 1e-9).rounded(.up) * step
        let last = extend ? (hi / step - 1e-9).rounded(.up) * step : (hi / step + 1e-9).rounded(.down) * step
        var values: [Double] = []
        var k = 0
        while true {
            let v = first + Double(k) * step
            if v > last + step * 1e-9 { break }
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            k += 1
        }
        return (values, step, extend ? first...last : lo...hi)
    }

    /// A nice number near `x`: 1, 2, 5 or 10 times a power of ten (rounded to the nearest when
    /// `round`, else the smallest not below `x`).
    static func niceNumber(_ x: Double, round: Bool) -> Double {
        let exponent = Foundation.floor(Foundation.log10(x))
        let fraction = x / Foundation.pow(10, exponent)
        let nice: Double
        if round {
            nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return nice * Foundation.pow(10, exponent)
    }

    /// Ticks for a logarithmic axis over `low...high` (both > 0): every power of ten, thinned to
    /// every 2nd, 3rd, … when there are more than about 8, plus 2× and 5× when the range spans
    /// at most two decades. The range is widened to whole decades (to a whole number of steps).
    package static func logarithmic(from low: Double, to high: Double) -> (values: [Double], range: ClosedRange<Double>) {
        let lo = min(low, high), hi = max(low, high)
        var e0 = Int(Foundation.floor(Foundation.log10(lo) + 1e-9)), e1 = Int(Foundation.ceil(Foundation.log10(hi) - 1e-9))
        if e1 <= e0 { e1 = e0 + 1 }
        let decades = e1 - e0
        let every = max(1, Int((Double(decades) / 8).rounded(.up)))
        e0 = Int(Foundation.floor(Double(e0) / Double(every))) * every
        e1 = e0 + (e1 - e0 + every - 1) / every * every
        var values: [Double] = []
        for e in stride(from: e0, through: e1, by: every) {
            let p = Foundation.pow(10, Double(e))
            values.append(p)
            if decades <= 2 && e < e1 { values += [2 * p, 5 * p] }
        }
        return (values, Foundation.pow(10, Double(e0))...Foundation.pow(10, Double(e1)))
    }

    /// The text of a linear tick: as many decimals as the step needs, `−` (U+2212) for minus,
    /// and `m×10ⁿ` outside 10⁻⁴ ≤ |step| < 10⁶.
    package static func label(_ value: Double, step: Double) -> String {
        if value == 0 { return "0" }
        let magnitude = abs(step)
        if magnitude < 1e-4 || magnitude >= 1e6 { return scientific(value) }
        let decimals = max(0, -Int(Foundation.floor(Foundation.log10(magnitude) + 1e-9)))
        return minus(String(format: "%.\(decimals)f", value))
    }

    /// The text of a logarithmic tick: a plain number from 0.001 to 99 999, else `m×10ⁿ` / `10ⁿ`.
    package static func logLabel(_ value: Double) -> String {
        guard value >= 1e-3 && value < 1e5 else { return scientific(value) }
        let decimals = max(0, -Int(Foundation.floor(Foundation.log10(value) + 1e-9)))
        return String(format: "%.\(decimals)f", value)
    }

    static func scientific(_ value: Double) -> String {
        let exponent = Int(Foundation.floor(Foundation.log10(abs(value)) + 1e-9))
        let mantissa = value / Foundation.pow(10, Double(exponent))
        let power = "10" + superscript(exponent)
        if abs(abs(mantissa) - 1) < 1e-9 { return (mantissa < 0 ? "−" : "") + power }
        return minus(String(format: "%g", (mantissa * 100).rounded() / 100)) + "×" + power
    }

    static func superscript(_ n: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (n < 0 ? "⁻" : "") + String(String(abs(n)).map { digits[Int(String($0))!] })
    }

    static func minus(_ s: String) -> String { s.replacingOccurrences(of: "-", with: "−") }
}
