/// One way to blur an image: box average, exact 2-D Gaussian, separable, iterated box, …
///
/// Every method is a *how*; each is measured against the exact Gaussian (the *what*). A method
/// blurs the interleaved RGBA values it is given, as they are, in place:
/// `RGBAImage.blurred(by:)` wraps it with premultiplied alpha and the optional linear-light decode. Scratch memory is a few rows,
/// or a ring of rows of a strip of columns, never a second copy of the image (except
/// `Downsampled`, whose small image is 1/K² of it).
public protocol BlurMethod: Sendable {
    /// The method's short name: "box", "gaussian2d", "separable", "iterated-box", "downsampled".
    var name: String { get }
    /// Its parameters in words, e.g. "R=9" or "widths 5, 5, 7".
    var parameters: String { get }
    /// How far, in pixels along either axis, an output pixel reads from.
    var reach: Int { get }
    /// Pixels read per output pixel and passes over memory, counted from the method's own plan
    /// for an image of `width`×`height` read through `edges` (see `CostCounters`).
    func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters
    /// Blurs interleaved RGBA values as they are (premultiplied by the caller), in place.
    ///
    /// - Parameters:
    ///   - image: the image to blur; any size, including smaller than the kernel.
    ///   - edges: how pixels beyond the border are read.
    ///   - threads: how many threads to split the work over; the result is bit-identical for
    ///     every value.
    func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int)
}
