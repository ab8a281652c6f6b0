import Foundation

/// Number formatting shared by every renderer.
enum NumberText {
    static func fixed(_ x: Double, digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        return String(format: "%.\(digits)f", x)
    }

    /// A parameter as a person writes it: up to 6 significant digits, no trailing zeros (1.5, 2, 0.25).
    static func compact(_ x: Double, significant: Int = 6) -> String {
        guard x.isFinite else { return fixed(x, digits: 0) }
        var s = String(format: "%.\(significant)g", x)
        if s.contains("."), !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    static func significant(_ x: Double, _ digits: Int) -> String {
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

