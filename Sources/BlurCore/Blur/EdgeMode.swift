/// How a blur reads pixels beyond the image border. For a row `a b c d`, two pixels out:
///
/// | mode | padding | SciPy `mode=` | OpenCV `BORDER_` |
/// |---|---|---|---|
/// | `zero` | `0 0 \| a b c d \| 0 0` | `constant` (cval 0) | `CONSTANT` (value 0) |
/// | `clamp` | `a a \| a b c d \| d d` | `nearest` | `REPLICATE` |
/// | `reflect` (half-sample) | `b a \| a b c d \| d c` | `reflect` | `REFLECT` |
/// | `mirror` (whole-sample) | `c b \| a b c d \| c b` | `mirror` | `REFLECT_101` (`DEFAULT`) |
/// | `wrap` | `c d \| a b c d \| a b` | `wrap` | `WRAP` |
///
/// The same word means different things: SciPy's `reflect` is OpenCV's `REFLECT`, but SciPy's
/// `mirror` is OpenCV's `REFLECT_101`, which is OpenCV's default border.
public enum EdgeMode: String, CaseIterable, Sendable {
    /// Pixels beyond the border are 0 (transparent black).
    case zero
    /// Pixels beyond the border repeat the edge pixel.
    case clamp
    /// Half-sample symmetric: the edge pixel is repeated once, then the row mirrored.
    case reflect
    /// Whole-sample symmetric: the row mirrored about the edge pixel, which is not repeated.
    case mirror
    /// The image repeats: beyond the right edge comes the left one.
    case wrap

    /// The source index that position `i` (any integer) reads in a line of `count` samples, or
    /// `nil` when it reads zero. Works for every `count ≥ 1`, however far outside `i` lies.
    @inlinable
    public func sourceIndex(_ i: Int, count: Int) -> Int? {
        if i >= 0 && i < count { return i }
        switch self {
        case .zero:
            return nil
        case .clamp:
            return i < 0 ? 0 : count - 1
        case .reflect:
            // Period 2n: 0 1 … n-1 n-1 … 1 0
            let period = 2 * count
            var m = i % period
            if m < 0 { m += period }
            return m < count ? m : period - 1 - m
        case .mirror:
            // Period 2n-2: 0 1 … n-1 n-2 … 1; a single sample repeats.
            if count == 1 { return 0 }
            let period = 2 * count - 2
            var m = i % period
            if m < 0 { m += period }
            return m < count ? m : period - m
        case .wrap:
            var m = i % count
            if m < 0 { m += count }
            return m
        }
    }

    /// The SciPy `mode` name for this edge mode.
    public var scipyName: String {
        switch self {
        case .zero: "constant"
        case .clamp: "nearest"
        case .reflect: "reflect"
        case .mirror: "mirror"
        case .wrap: "wrap"
        }
    }

    /// The OpenCV border type for this edge mode.
    public var openCVName: String {
        switch self {
        case .zero: "BORDER_CONSTANT"
        case .clamp: "BORDER_REPLICATE"
        case .reflect: "BORDER_REFLECT"
        case .mirror: "BORDER_REFLECT_101"
        case .wrap: "BORDER_WRAP"
        }
    }
}

// MARK: - Padded lines

extension EdgeMode {
    /// The source index of every position of a padded line, or -1 where the position reads zero.
    ///
    /// Position `p` in `0..<(before + count + after)` stands for index `p - before` of a line of
    /// `count` samples. Blur passes copy a line into a scratch buffer laid out this way, so their
    /// inner loops never test the border.
    func paddedSourceIndices(count: Int, before: Int, after: Int) -> [Int] {
        (0..<(before + count + after)).map { sourceIndex($0 - before, count: count) ?? -1 }
    }
}
