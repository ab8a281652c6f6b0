import Foundation

/// How far a method's blurred image is from the exact reference, in 8-bit units.
///
/// Every number is in 8-bit units: a difference of 1.0 is one step of 255 (value × 255), so
/// "max error 0.4" means no value is off by even half a step. All four channels count: alpha,
/// and the colours premultiplied by their alpha (αR, αG, αB), without clamping or rounding to 8
/// bits (quantise the image first to measure what a PNG would hold). Premultiplied, because that
/// is the light a pixel adds over any backdrop (αC + (1 − α)B): a colour where alpha is 0 is
/// never seen, and compared straight it made a correct blur of a picture with transparent
/// regions look 255 levels wrong. For an opaque picture the two are the same. The difference
/// panels of strips (`Strip.difference`) measure the same values.
///
/// The image splits in two regions by `reach`, the distance (in pixels) a method reads from
/// the output pixel:
/// - the **interior**: pixels (x, y) with reach ≤ x < width − reach and reach ≤ y < height −
///   reach, whose whole window lies inside the image, so the edge mode plays no part;
/// - the **border band**: every other pixel.
///
/// On the interior: max |error|, RMSE = √(mean of squared errors over its 4·N values) and
/// PSNR = 20·log₁₀(255 / RMSE) in dB (+∞ when RMSE = 0). On the border band: max |error| and
/// RMSE. A region with no pixels has `nil` values.
public struct ErrorMetrics: Sendable, Equatable {
    /// The reach that split the image into interior and border band.
    public let reach: Int
    /// Pixels in the interior.
    package let interiorPixelCount: Int
    /// Pixels in the border band.
    package let borderPixelCount: Int
    /// The largest |error| in the interior, in 8-bit units; nil when it is empty.
    public let interiorMaxAbsError: Double?
    /// The root-mean-square error in the interior, in 8-bit units; nil when it is empty.
    public let interiorRMSE: Double?
    /// 20·log₁₀(255 / RMSE) dB; `.infinity` when the interior matches exactly.
    public let interiorPSNR: Double?
    /// The largest |error| in the border band, in 8-bit units; nil when it is empty.
    public let borderMaxAbsError: Double?
    /// The root-mean-square error in the border band, in 8-bit units; nil when it is empty.
    public let borderRMSE: Double?

    /// True when `reach` leaves no interior pixel (2·reach ≥ width or height).
    package var interiorIsEmpty: Bool { interiorPixelCount == 0 }

    /// Compares a method's straight-alpha result with the reference, premultiplied.
    ///
    /// - Parameters:
    ///   - image: the method's output.
    ///   - reference: the exact blur of the same input (`ReferenceGaussianBlur.apply`).
    ///   - reach: pixels within this distance of a border form the border band; ≥ 0.
    /// - Throws: `BlurKitError` when the sizes differ or `reach` is negative.
    public init(comparing image: RGBAImage, with reference: ReferenceImage, reach: Int) throws {
        guard image.width == reference.width && image.height == reference.height else {
            throw BlurKitError("image size \(image.width)×\(image.height) differs from the reference's \(reference.width)×\(reference.height)")
        }
        guard reach >= 0 else { throw BlurKitError("reach (\(reach)) must not be negative") }
        let w = image.width, h = image.height
        var interior = Accumulator(), border = Accumulator()
        image.pixels.withUnsafeBufferPointer { a in
            reference.values.withUnsafeBufferPointer { b in
                for y in 0..<h {
                    let rowIsInterior = y >= reach && y < h - reach
                    for x in 0..<w {
                        let isInterior = rowIsInterior && x >= reach && x < w - reach
                        let base = 4 * (y * w + x)
                        let alphaA = Double(a[base + 3]), alphaB = b[base + 3]
                        for c in 0..<4 {
                            let e = c == 3 ? abs(alphaA - alphaB) * 255 : abs(Double(a[base + c]) * alphaA - b[base + c] * alphaB) * 255
                            if isInterior { interior.add(e) } else { border.add(e) }
                        }
                    }
                }
            }
        }
        self.reach = reach
        interiorPixelCount = interior.count / 4
        borderPixelCount = border.count / 4
        interiorMaxAbsError = interior.maxAbs
        interiorRMSE = interior.rmse
        interiorPSNR = interior.rmse.map(Self.psnr(rmse:))
        borderMaxAbsError = border.maxAbs
        borderRMSE = border.rmse
    }

    /// Peak signal-to-noise ratio for an RMSE in 8-bit units: 20·log₁₀(255 / RMSE) dB, +∞ at 0.
    package static func psnr(rmse: Double) -> Double {
        rmse == 0 ? .infinity : 20 * log10(255 / rmse)
    }

    /// The largest difference between two images of the same size over alpha and the
    /// premultiplied colours, as the metrics above compare them, in 8-bit units (× 255); 0 for
    /// two empty images.
    ///
    /// - Throws: `BlurKitError` when the sizes differ.
    package static func maxAbsDifference(_ a: RGBAImage, _ b: RGBAImage) throws -> Double {
        guard a.width == b.width && a.height == b.height else {
            throw BlurKitError("image sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        return Double(pixelDifferences(a, b).max() ?? 0) * 255
    }

    /// Where `image` differs most from `reference` (the first such pixel in row order) and by how
    /// much, in 8-bit units, as the strips' difference panels draw it; the images must have one size.
    package static func largestDifference(_ image: RGBAImage, _ reference: RGBAImage) -> (x: Int, y: Int, difference: Double) {
        let d = pixelDifferences(image, reference)
        var worst = 0
        for i in d.indices where d[i] > d[worst] { worst = i }
        return (worst % max(image.width, 1), worst / max(image.width, 1), Double(d.isEmpty ? 0 : d[worst]) * 255)
    }

    /// Each pixel's largest difference over alpha and the premultiplied colours (αR, αG, αB),
    /// 0...1; the images must have one size. The strips' difference panels draw these values.
    package static func pixelDifferences(_ image: RGBAImage, _ reference: RGBAImage) -> [Float] {
        var d = [Float](repeating: 0, count: image.pixelCount)
        image.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                for i in 0..<d.count {
                    let p = 4 * i
                    let aa = a[p + 3], ba = b[p + 3]
                    var m = abs(aa - ba)
                    for c in 0..<3 { m = max(m, abs(a[p + c] * aa - b[p + c] * ba)) }
                    d[i] = m
                }
            }
        }
        return d
    }

    /// The largest |a − b| and the RMSE over the values of `rect` in two images of the same size,
    /// in 8-bit units (× 255): how far a variant of a picture (say glass blurred at 1/K
    /// resolution) is from the original inside one region.
    ///
    /// - Throws: `BlurKitError` when the sizes differ or `rect` is empty or not inside them.
    package static func difference(_ a: RGBAImage, _ b: RGBAImage, in rect: PixelRect) throws -> (maxAbs: Double, rmse: Double) {
        guard a.width == b.width && a.height == b.height else {
            throw BlurKitError("image sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        guard !rect.isEmpty, a.bounds.contains(rect) else {
            throw BlurKitError("region \(rect) must be non-empty and inside the \(a.width)×\(a.height) image")
        }
        var maxDiff: Float = 0, sum: Double = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let e = a[x, y] - b[x, y]
                let d = pointwiseMax(e, -e) * 255
                maxDiff = max(maxDiff, d.max())
                sum += Double((d * d).sum())
            }
        }
        return (Double(maxDiff), (sum / Double(4 * rect.area)).squareRoot())
    }

    /// Running max, sum of squares and count of absolute errors.
    struct Accumulator {
        var count = 0
        var sumOfSquares = 0.0
        var worst = 0.0

        mutating func add(_ e: Double) {
            count += 1
            sumOfSquares += e * e
            worst = max(worst, e)
        }

        var maxAbs: Double? { count > 0 ? worst : nil }
        var rmse: Double? { count > 0 ? (sumOfSquares / Double(count)).squareRoot() : nil }
    }
}
