import BlurKit
import Foundation

/// A large upload's reduced copy, which `explorer serve-job` bakes a student's states from: each
/// pixel the mean of a K×K block, so that every state costs about what the shipped photograph's
/// (480×320) does; lesson 3 from a 1-megapixel copy took 2–3 s on 2 cores (docs/live-in-class.md).
enum ReducedCopy {
    /// Most pixels a student's states read: an upload with more is reduced.
    static let bound = 250_000

    /// Most pixels of the copy a job makes its first look from: half `bound`'s side, about the
    /// 240–360 px a strip's panel takes in a 48rem column (286 px wide for a 4:3 picture).
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
