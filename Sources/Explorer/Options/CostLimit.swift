import ArgumentParser
import BlurKit

/// The most work one blur may take, so that no σ, radius or picture makes a command run for
/// hours: the direct convolutions (box and gaussian2d: (2R+1)² taps a pixel; separable and
/// linear-taps: 2(2R+1)) may take at most `budget` taps over the picture. The other methods
/// cost the same at every σ and have no such limit.
enum CostLimit {
    /// 3·10¹⁰ taps: about 20 s for the naive box on one core of this machine (box, R = 200, on
    /// 256×256 is 1.05·10¹⁰ taps in 7 s).
    static let budget = 3e10

    /// The taps a pixel costs with `method`, or nil for a method whose cost does not grow with σ.
    static func tapsPerPixel(_ method: any BlurMethod) -> Double? {
        let width = Double(2 * method.reach + 1)
        switch method {
        case is BoxAverage, is Gaussian2D: return width * width
        case is Separable, is LinearTaps: return 2 * width
        default: return nil
        }
    }

    /// Refuses a blur of a `width`×`height` picture with `method` above the budget.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the limit and cheaper methods.
    static func check(_ method: any BlurMethod, width: Int, height: Int) throws {
        guard let taps = tapsPerPixel(method) else { return }
        let work = taps * Double(width) * Double(height)
        guard work <= budget else {
            throw ValidationError("--method \(method.name) (\(method.parameters)) on \(width)×\(height) pixels is "
                + "\(NumberText.significant(work, 2)) taps, above the limit of \(NumberText.significant(budget, 1)) a blur; "
                + "iterated-box, extended-box, deriche or young-van-vliet cost the same at any σ")
        }
    }
}
