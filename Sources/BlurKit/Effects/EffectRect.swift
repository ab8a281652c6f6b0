import Foundation

/// An axis-aligned rectangle of whole pixels: the panel, the region a blur reads, a label's box.
///
/// Covers the pixels `x ..< x + width` by `y ..< y + height`; pixel (i, j) has its centre at
/// (i + ½, j + ½). An empty rectangle has `width` or `height` zero.
public struct EffectRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "size \(width)×\(height) must not be negative")
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The rectangle of a whole image.
    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }
    public var description: String { "\(x),\(y),\(width),\(height)" }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// True when every pixel of `other` lies inside this rectangle.
    public func contains(_ other: EffectRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle grown by `margin` pixels on every side (shrunk when negative, never below empty).
    public func expanded(by margin: Int) -> EffectRect {
        let w = max(0, width + 2 * margin), h = max(0, height + 2 * margin)
        return EffectRect(x: x - margin, y: y - margin, width: w, height: h)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Int, dy: Int) -> EffectRect {
        EffectRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The pixels the two rectangles share (empty, at this rectangle's origin, when none).
    public func intersection(_ other: EffectRect) -> EffectRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return EffectRect(x: x, y: y, width: 0, height: 0) }
        return EffectRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rectangle of `width`×`height` centred in this one (clipped to it when larger); when the
    /// leftover is odd, the extra pixel goes right and below.
    public func centred(width w: Int, height h: Int) -> EffectRect {
        let cw = min(max(w, 0), width), ch = min(max(h, 0), height)
        return EffectRect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}

extension RGBAImage {
    /// The rectangle of the whole image.
    var effectBounds: EffectRect { EffectRect(width: width, height: height) }
}

/// Copies the pixels of `rect` (which must lie inside the image) into a new image.
func cropPixels(_ image: RGBAImage, to rect: EffectRect) -> RGBAImage {
    image.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
}

/// A rectangle as typed after `--region`, `--panel` or `--inset`: `X,Y,W,H`, each in whole pixels
/// or as a percentage of the image, so that one command fits any picture.
///
/// `X` and `W` in percent are shares of the image's width, `Y` and `H` of its height:
/// `25%,25%,50%,50%` is the middle quarter of any image, `40%,60%,64,64` a 64×64 square whose
/// corner sits at 40 % across and 60 % down. Whole numbers must lie within ±`limit`, so no sum of
/// two of them can overflow.
public struct RectangleSpec: Sendable, Equatable, CustomStringConvertible {
    /// One of the four numbers: pixels, or a percentage of the image's side.
    public enum Length: Sendable, Equatable, CustomStringConvertible {
        case pixels(Int)
        case percent(Double)

        /// The length in pixels along a side of `side` pixels (percentages round down).
        public func pixels(of side: Int) -> Int {
            switch self {
            case .pixels(let n): n
            case .percent(let p): Int((p / 100 * Double(side)).rounded(.down))
            }
        }

        public var description: String {
            switch self {
            case .pixels(let n): "\(n)"
            case .percent(let p): "\(p.rounded() == p ? String(Int(p)) : String(p))%"
            }
        }
    }

    public var x: Length
    public var y: Length
    public var width: Length
    public var height: Length

    /// The largest magnitude of a whole-pixel number: 10⁹, far beyond any image the explorer reads.
    public static let limit = 1_000_000_000

    public init(x: Length, y: Length, width: Length, height: Length) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Parses `X,Y,W,H`, each an integer or a percentage `N%` (0–100).
    ///
    /// - Parameters:
    ///   - option: the option's name for messages (`--region`).
    ///   - negativeOrigin: whether X and Y may be negative (a panel partly off the picture).
    /// - Throws: `BlurKitError` in one line naming the option and the text: not four numbers, a
    ///   number beyond ±10⁹, a percentage outside 0–100, a negative origin where none is allowed,
    ///   or a width or height that is not positive.
    public init(parsing text: String, option: String, negativeOrigin: Bool = true) throws {
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
    public func resolved(width imageWidth: Int, height imageHeight: Int) -> EffectRect {
        EffectRect(x: x.pixels(of: imageWidth), y: y.pixels(of: imageHeight),
                   width: max(1, width.pixels(of: imageWidth)), height: max(1, height.pixels(of: imageHeight)))
    }

    /// True when every number is in pixels, so the rectangle is the same on every image.
    public var isAbsolute: Bool {
        [x, y, width, height].allSatisfy { if case .pixels = $0 { true } else { false } }
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }
}
