import BlurKit
import Foundation

/// A large upload's reduced copy, which `explorer serve-job` bakes a student's states from: each
/// pixel the mean of a K×K block, at most `bound` pixels, so that every state of the picture
/// costs about what the shipped photograph's does.
///
/// The bound is a quarter megapixel, about 1.6 times the shipped photograph (480×320) the
/// lessons are made for: lesson 3 from a 1-megapixel copy took 2–3 s on 2 cores (docs/live-in-class.md).
enum ReducedCopy {
    /// Most pixels a student's states read: an upload with more is reduced.
    static let bound = 250_000

    /// Most pixels of the copy a job makes its first state from, before any other (a first
    /// look): a quarter of `bound`, half its side. A page's column is 48rem (720 px of content)
    /// and a strip shows two or three panels a row, so a panel is 240–360 px wide on the page,
    /// about this copy's width (286 px for a 4:3 picture): the first look loses little that the page shows.
    static let firstBound = bound / 4

    /// The whole factor K an upload of `width`×`height` is reduced by, so that
    /// ⌈width/K⌉·⌈height/K⌉ ≤ `bound`; 1 for a picture within it.
    static func factor(width: Int, height: Int, bound: Int = bound) -> Int {
        guard width * height > bound else { return 1 }
        var k = max(2, Int((Double(width) * Double(height) / Double(bound)).squareRoot().rounded(.up)))
        while ((width + k - 1) / k) * ((height + k - 1) / k) > bound { k += 1 }
        return k
    }
}
