import BlurKit
import Foundation

/// A large upload's reduced copy, which previews read while a control moves: a student's
/// 12-megapixel photograph is previewed from a copy of at most `bound` pixels, and the full-size
/// picture runs once the control is let go (the let-go's full run).
///
/// The bound is a quarter megapixel, about 1.6 times the shipped photograph (480×320) the lessons
/// are made for: lesson 3's preview from a 1-megapixel copy took 2–3 s on 2 cores (README,
/// "Live in class").
enum ReducedCopy {
    /// Most pixels a preview reads: an upload with more is previewed from its reduced copy.
    static let bound = 250_000

    /// The whole factor K an upload of `width`×`height` is reduced by, so that
    /// ⌈width/K⌉·⌈height/K⌉ ≤ `bound`; 1 for a picture within it.
    static func factor(width: Int, height: Int, bound: Int = bound) -> Int {
        guard width * height > bound else { return 1 }
        var k = max(2, Int((Double(width) * Double(height) / Double(bound)).squareRoot().rounded(.up)))
        while ((width + k - 1) / k) * ((height + k - 1) / k) > bound { k += 1 }
        return k
    }

    /// `image` reduced by `k`: each pixel the mean of its K×K block (fewer at the right and bottom
    /// border), as BlurCore's `downsampled` reference shrinks before it blurs.
    static func reduce(_ image: RGBAImage, by k: Int) -> RGBAImage {
        var small = image
        _ = ReferenceBlur.downsampled(image, factor: k, edges: .clamp) { shrunk, _ in
            small = shrunk
            return shrunk
        }
        return small
    }

    /// Writes the reduced copy of `image` to `copy` when it has more than `bound` pixels;
    /// returns its size (`572×429`), or nil for a picture within the bound.
    static func write(_ image: RGBAImage, to copy: String) throws -> String? {
        let k = factor(width: image.width, height: image.height)
        guard k > 1 else { return nil }
        let small = reduce(image, by: k)
        try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNG.write(small, to: copy, compression: .fast)
        return "\(small.width)×\(small.height)"
    }
}
