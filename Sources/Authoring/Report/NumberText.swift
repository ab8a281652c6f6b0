import Foundation

/// Number formatting shared by every renderer.
package enum NumberText {
    package static func fixed(_ x: Double, digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        return String(format: "%.\(digits)f", x)
    }

    /// A parameter as a person writes it: up to 6 significant digits, no trailing zeros (1.5, 2, 0.25).
    package static func compact(_ x: Double, significant: Int = 6) -> String {
        guard x.isFinite else { return fixed(x, digits: 0) }
        var s = String(format: "%.\(significant)g", x)
        if s.contains("."), !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    /// A measured value among others in a table: `digits` significant digits; 0 as `0`, and a
    /// value smaller than `floor` (a power of ten the table's largest value sets) as `< 1e−6`,
    /// since round-off below it (7.2e-17 for an exact zero) carries no information; other small
    /// values as `1.39e−5`.
    package static func measured(_ x: Double, _ digits: Int, floor: Double) -> String {
        guard x.isFinite else { return significant(x, digits) }
        if x == 0 { return "0" }
        if abs(x) < floor { return (x < 0 ? "> −" : "< ") + powerOfTen(floor) }
        if abs(x) >= 1e-4 && abs(x) < 1e7 { return significant(x, digits) }
        let parts = String(format: "%.\(digits - 1)e", x).split(separator: "e")
        return parts[0] + "e" + minus(Int(parts[1]) ?? 0)
    }

    /// `1e−6` for 10⁻⁶: a power of ten as `1eN` with a true minus sign.
    package static func powerOfTen(_ x: Double) -> String {
        "1e" + minus(Int(Foundation.log10(x).rounded()))
    }

    package static func minus(_ n: Int) -> String { n < 0 ? "−\(-n)" : "\(n)" }

    /// The smallest value a column of numbers up to `largest` shows: 10⁻⁶ of its power of ten.
    package static func floor(forLargest largest: Double) -> Double {
        guard largest > 0, largest.isFinite else { return 0 }
        return Foundation.pow(10, Foundation.floor(Foundation.log10(largest)) - 6)
    }

    package static func significant(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        if x == 0 { return "0" }
        let magnitude = abs(x)
        if magnitude >= 1e-4 && magnitude < 1e7 {
            let decimals = max(0, digits - 1 - Int(Foundation.floor(Foundation.log10(magnitude))))
            return String(format: "%.\(decimals)f", x)
        }
        return String(format: "%.\(digits - 1)e", x)
    }
}
