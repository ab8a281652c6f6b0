import ArgumentParser
import Authoring
import BlurKit

/// The most work one blur may take, so that no σ, radius or picture makes a command run for
/// hours: the direct convolutions (box and gaussian2d: (2R+1)² taps a pixel; separable and
/// linear-taps: 2(2R+1)) may take at most `budget` taps over the picture. The other methods
/// cost the same at every σ and have no such limit.
enum CostLimit {
    /// 3·10¹⁰ taps: tens of seconds for the naive box on one core (docs/performance.md, "Cost limit").
    static let budget = 3e10

    /// The limits, as `explorer blur --help` and `explorer compare --help` state them.
    static let help = """
        Limits, each refused at once with exit status 64 and a line naming it: σ up to 1000 and \
        --radius up to 2000 (gaussian2d: 512); young-van-vliet σ from 0.5 (below, its recursive \
        filter has no bell-shaped solution); box and gaussian2d ((2R+1)² taps a pixel), separable and \
        linear-taps (2(2R+1)) at most 3e10 taps over the picture; --grow's border at most the \
        picture's larger side, and the grown output at most --max-pixels. The other methods cost the \
        same at any σ; dual-kawase's set-up takes a few seconds at σ = 1000.
        """

    /// The taps a pixel costs with `method`, or nil for a method whose cost does not grow with σ.
    static func tapsPerPixel(_ method: any BlurMethod) -> Double? {
        let width = Double(2 * method.reach + 1)
        switch MethodCatalog.entry(named: method.name)?.cost {
        case .quadratic: return width * width
        case .linear where !(method is Downsampled): return 2 * width
        default: return nil
        }
    }

    /// Refuses a method whose impulse response (`ImpulseSummary.measure`: an impulse in a square
    /// of twice its reach or response) would cost more than the budget to measure.
    static func checkImpulse(_ method: any BlurMethod) throws {
        let side = ImpulseSummary.imageSide(for: method)
        try check(method, width: side, height: side)
    }

    /// Refuses a blur of a `width`×`height` picture with `method` above the budget.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the limit and cheaper methods.
    static func check(_ method: any BlurMethod, width: Int, height: Int) throws {
        guard let taps = tapsPerPixel(method) else { return }
        let work = taps * Double(width) * Double(height)
        guard work <= budget else {
            throw ValidationError(
                "--method \(method.name) (\(method.parameters)) on \(width)×\(height) pixels is "
                    + "\(NumberText.significant(work, 2)) taps, above the limit of \(NumberText.significant(budget, 1)) a blur; "
                    + "iterated-box, extended-box, deriche or young-van-vliet cost the same at any σ")
        }
    }
}
