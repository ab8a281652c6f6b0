import Foundation
import BlurCore

/// A rectangle as typed after `--region`, `--panel` or `--inset`: `X,Y,W,H`, each in whole pixels
/// or as a percentage of the image, so that one command fits any picture.
///
/// `X` and `W` in percent are shares of the image's width, `Y` and `H` of its height:
/// `25%,25%,50%,50%` is the middle quarter of any image, `40%,60%,64,64` a 64×64 square whose
/// corner sits at 40 % across and 60 % down. Whole numbers must lie within ±`limit`, so no sum of
/// two of them can overflow.
package struct RectangleSpec: Sendable, Equatable, CustomStringConvertible {
    /// One of the four numbers: pixels, or a percentage of the image's side.
    package enum Length: Sendable, Equatable, CustomStringConvertible {
        /// Whole pixels; a negative X or Y puts the rectangle partly left of or above the picture.
        case pixels(Int)
        /// A percentage, 0 to 100, of the image's width (for X and W) or height (for Y and H).
        case percent(Double)

        /// The length in pixels along a side of `side` pixels (percentages round down).
        package func pixels(of side: Int) -> Int {
            switch self {
            case .pixels(let n): n
            case .percent(let p): Int((p / 100 * Double(side)).rounded(.down))
            }
        }

        /// As typed: `64`, `25%`, `12.5%`.
        package var description: String {
            switch self {
            case .pixels(let n): "\(n)"
            case .percent(let p): "\(p.rounded() == p ? String(Int(p)) : String(p))%"
            }
        }
    }

    /// The left edge.
    package var x: Length
    /// The top edge.
    package var y: Length
    /// The width; at least one pixel once resolved.
    package var width: Length
    /// The height; at least one pixel once resolved.
    package var height: Length

    /// The largest magnitude of a whole-pixel number: 10⁹, far beyond any image the explorer reads.
    package static let limit = 1_000_000_000

    /// A rectangle of these four numbers, taken as they are (`init(parsing:option:negativeOrigin:)`
    /// checks typed ones).
    package init(x: Length, y: Length, width: Length, height: Length) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Parses `X,Y,W,H`, each an integer or a percentage `N%` (0–100).
    ///
    /// - Parameters:
    ///   - text: what was typed, e.g. `40,60,200,120` or `25%,25%,50%,50%`; spaces around the
    ///     numbers are ignored.
    ///   - option: the option's name for messages (`--region`).
    ///   - negativeOrigin: whether X and Y may be negative (a panel partly off the picture).
    /// - Throws: `BlurKitError` in one line naming the option and the text: not four numbers, a
    ///   number beyond ±10⁹, a percentage outside 0–100, a negative origin where none is allowed,
    ///   or a width or height that is not positive.
    package init(parsing text: String, option: String, negativeOrigin: Bool = true) throws {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let example = "e.g. 40,60,200,120 or 25%,25%,50%,50%"
        guard fields.count == 4 else {
            throw BlurKitError("\(option) \(text): expected four numbers X,Y,W,H, each whole pixels or a percentage of the image, \(example)")
        }
        var lengths: [Length] = []
        for (index, field) in fields.enumerated() {
            let name = ["X", "Y", "W", "H"][index]
            if field.hasSuffix("%") {
                guard let p = Double(field.dropLast()), p.isFinite, (0...100).contains(p) else {
                    throw BlurKitError("\(option) \(text): \(name) = '\(field)' must be a percentage from 0% to 100%")
                }
                lengths.append(.percent(p))
            } else {
                let digits = field.hasPrefix("-") ? field.dropFirst() : Substring(field)
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw BlurKitError("\(option) \(text): \(name) = '\(field)' is not a whole number or a percentage; \(example)")
                }
                guard let n = Int(field), abs(n) <= Self.limit else {
                    throw BlurKitError("\(option) \(text): \(name) = \(field) is out of range; whole numbers must lie within ±\(Self.limit)")
                }
                lengths.append(.pixels(n))
            }
        }
        self.init(x: lengths[0], y: lengths[1], width: lengths[2], height: lengths[3])
        for (name, length) in [("X", x), ("Y", y)] {
            if !negativeOrigin, case .pixels(let n) = length, n < 0 {
                throw BlurKitError("\(option) \(text): \(name) must be 0 or more")
            }
        }
        for (name, length) in [("W", width), ("H", height)] {
            if case .pixels(let n) = length, n < 1 { throw BlurKitError("\(option) \(text): \(name) must be at least 1") }
            if case .percent(let p) = length, p <= 0 { throw BlurKitError("\(option) \(text): \(name) must be above 0%") }
        }
    }

    /// The rectangle on an image of `imageWidth`×`imageHeight`; a percentage width or height is
    /// at least one pixel.
    package func resolved(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        PixelRect(x: x.pixels(of: imageWidth), y: y.pixels(of: imageHeight),
                   width: max(1, width.pixels(of: imageWidth)), height: max(1, height.pixels(of: imageHeight)))
    }

    /// True when every number is in pixels, so the rectangle is the same on every image.
    package var isAbsolute: Bool {
        [x, y, width, height].allSatisfy { if case .pixels = $0 { true } else { false } }
    }

    /// The rectangle as typed: `X,Y,W,H`, which `init(parsing:option:negativeOrigin:)` reads back.
    package var description: String { "\(x),\(y),\(width),\(height)" }
}
