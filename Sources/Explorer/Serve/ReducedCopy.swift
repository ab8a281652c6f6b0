import BlurKit
import Foundation

/// A large upload's reduced copies, which previews read while a control moves: a student's
/// 12-megapixel photograph is previewed from a copy of at most `bound` pixels, or a smaller one
/// when the run's cells cost more per pixel (a wide 2-D kernel), so that every preview stays
/// within about `budget` seconds; the full-size picture runs once the control is let go (the
/// let-go's full run).
///
/// The largest bound is a quarter megapixel, about 1.6 times the shipped photograph (480×320) the
/// lessons are made for: lesson 3's preview from a 1-megapixel copy took 2–3 s on 2 cores (docs/live-in-class.md).
enum ReducedCopy {
    /// Most pixels a preview reads: an upload with more is previewed from a reduced copy.
    static let bound = 250_000
    /// The bounds of an upload's copies, largest first, each half the one before: made once, when
    /// the picture is uploaded.
    static let bounds = [bound, bound / 2, bound / 4, bound / 8]

    /// The cost model a preview's copy is chosen by: seconds ≈ pixels × (`secondsPerPixel` +
    /// `secondsPerRead` × reads per pixel), where the reads are the cells' own count
    /// (`ReportingCommand.readsPerPixel`: each blur's counters and the exact reference's).
    /// `secondsPerPixel` covers what every picture costs (reading, error measures, strips and
    /// figures written); both were fitted to lesson 3's previews with the release build on 2 cores
    /// (docs/performance.md, "Previews of an upload").
    static let secondsPerPixel = 1.4e-6
    static let secondsPerRead = 0.3e-9
    /// What a preview is allowed to cost in the model: below the 1 s the live page aims for, so a
    /// busy machine still has room.
    static let budget = 0.5

    /// The whole factor K an upload of `width`×`height` is reduced by, so that
    /// ⌈width/K⌉·⌈height/K⌉ ≤ `bound`; 1 for a picture within it.
    static func factor(width: Int, height: Int, bound: Int = bound) -> Int {
        guard width * height > bound else { return 1 }
        var k = max(2, Int((Double(width) * Double(height) / Double(bound)).squareRoot().rounded(.up)))
        while ((width + k - 1) / k) * ((height + k - 1) / k) > bound { k += 1 }
        return k
    }

    /// `image` reduced by `k`: each pixel the mean of its K×K block (fewer at the right and bottom
    /// border), BlurCore's shrink, the one the `downsampled` method runs before it blurs.
    static func reduce(_ image: RGBAImage, by k: Int) -> RGBAImage {
        image.reduced(by: k)
    }

    /// Writes the reduced copies of `image` when it has more than `bound` pixels, copy `level` to
    /// `path(level)`, one per bound of `bounds` (each reduced from `image` itself, by its own
    /// factor; a bound whose factor equals the one before is left out); returns their sizes
    /// (`572×429`), largest first, or an empty list for a picture within the bound.
    static func write(_ image: RGBAImage, to path: (Int) -> String) throws -> [String] {
        var sizes: [String] = []
        var previous = 1
        for (level, bound) in bounds.enumerated() {
            let k = factor(width: image.width, height: image.height, bound: bound)
            guard k > previous else { continue }
            previous = k
            let small = reduce(image, by: k)
            let copy = path(level)
            try FileManager.default.createDirectory(
                atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNG.write(small, to: copy, compression: .fast)
            sizes.append("\(small.width)×\(small.height)")
        }
        return sizes
    }

    /// Which of `sizes` (largest first) a preview whose cells read `reads` pixels per output pixel
    /// reads: the largest whose modelled cost is within `budget`, else the smallest; sizes below
    /// `smallest` (the lesson's smallest picture) are never chosen, unless all are (then the largest).
    static func choose(
        _ sizes: [(width: Int, height: Int)], reads: Double,
        smallest: LessonParameter.Size? = nil
    ) -> Int? {
        guard !sizes.isEmpty else { return nil }
        let fitting = sizes.indices.filter { index in
            smallest.map { sizes[index].width >= $0.width && sizes[index].height >= $0.height } ?? true
        }
        guard let last = fitting.last else { return 0 }
        return fitting.first { seconds(pixels: sizes[$0].width * sizes[$0].height, reads: reads) <= budget } ?? last
    }

    /// The modelled seconds of a preview of `pixels` pixels whose cells read `reads` per pixel.
    static func seconds(pixels: Int, reads: Double) -> Double {
        Double(pixels) * (secondsPerPixel + secondsPerRead * reads)
    }
}
