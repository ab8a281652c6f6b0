import Foundation

extension FallbackPlotter {
    /// One axis: its range and ticks, linear or logarithmic.
    struct Axis {
        var range: ClosedRange<Double>
        var ticks: [(value: Double, label: String)]
        var log: Bool

        /// An axis covering `values` (only the positive ones when `log`), widened to nice ticks.
        init(values: [Double], log: Bool, includeZero: Bool) {
            if log {
                let positive = values.filter { $0 > 0 }
                self.init(from: positive.min() ?? 1, to: positive.max() ?? 10, log: true)
            } else {
                var lo = values.min() ?? 0, hi = values.max() ?? 1
                if includeZero { lo = min(lo, 0); hi = max(hi, 0) }
                self.init(from: lo, to: hi, log: false)
            }
        }

        /// An axis covering `low...high`, widened to nice ticks.
        init(from low: Double, to high: Double, log: Bool) {
            self.log = log
            if log {
                let t = Ticks.logarithmic(from: low, to: high)
                range = t.range
                ticks = t.values.map { ($0, Ticks.logLabel($0)) }
            } else {
                let t = Ticks.linear(from: low, to: high, count: 7, extend: true)
                range = t.range
                ticks = t.values.map { ($0, Ticks.label($0, step: t.step)) }
            }
        }

        /// An axis over exactly `range` with the given ticks (those inside the range are kept).
        init(range: ClosedRange<Double>, ticks: [(value: Double, label: String)], log: Bool) {
            self.range = range
            self.ticks = ticks.filter { range.contains($0.value) }
            self.log = log
        }

        /// The same axis widened by `low` and `high`, fractions of its length, at each end
        /// (on a log axis, of its length in decades); the ticks stay where they are.
        func padded(low: Double, high: Double) -> Axis {
            guard low > 0 || high > 0 else { return self }
            if log {
                let a = Foundation.log10(range.lowerBound), b = Foundation.log10(range.upperBound)
                return Axis(range: Foundation.pow(10, a - low * (b - a))...Foundation.pow(10, b + high * (b - a)), ticks: ticks, log: true)
            }
            let span = range.upperBound - range.lowerBound
            return Axis(range: (range.lowerBound - low * span)...(range.upperBound + high * span), ticks: ticks, log: false)
        }

        /// Where `value` falls, 0 at the range's low end and 1 at its high end (nil when it
        /// cannot be shown).
        func fraction(_ value: Double) -> Double? {
            guard value.isFinite else { return nil }
            if log {
                guard value > 0 else { return nil }
                let a = Foundation.log10(range.lowerBound), b = Foundation.log10(range.upperBound)
                return (Foundation.log10(value) - a) / (b - a)
            }
            return (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        }
    }
}
