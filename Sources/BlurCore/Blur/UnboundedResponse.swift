/// A blur whose impulse response fades out instead of stopping at its reach: the recursive
/// filters (`Deriche`, `YoungVanVliet`) and the multi-level `DualKawase`.
///
/// Their `reach` is where all but `RecursiveTail.reachMass` of the response lies (a Gaussian
/// cut at 3σ); `responseExtent` is how far the response is worth measuring, e.g. for its
/// effective σ, where what lies beyond no longer shows in Float32.
package protocol UnboundedResponse: BlurMethod {
    /// Pixels along either axis beyond which the response is negligible (below about 10⁻⁷ of
    /// its total).
    var responseExtent: Int { get }
}

extension Deriche: UnboundedResponse {
    /// `tail`.
    package var responseExtent: Int { tail }
}

extension YoungVanVliet: UnboundedResponse {
    /// `tail`.
    package var responseExtent: Int { tail }
}

extension DualKawase: UnboundedResponse {
    /// The farthest pixel a pass reads: down pass k reads (o + 1.5)·2ᵏ⁻¹ pixels away, up pass k
    /// (0.5·o + 1.25)·2ᵏ.
    package var responseExtent: Int {
        var total = 0.0
        for k in 1...passes {
            total += (offset + 1.5) * Double(1 << (k - 1)) + (0.5 * offset + 1.25) * Double(1 << k)
        }
        return Int(total.rounded(.up))
    }
}
