import BlurCore

/// The blur an effect uses, supplied by the caller: a function from image to image and its reach.
///
/// Effects do not choose a blur method; the caller passes one (a box, a Gaussian, a downsampled
/// blur, …). `apply` takes and returns straight-alpha images of the same size. `reach` is how
/// far, in pixels of the image given to `apply`, an output pixel reads its neighbours: a box of
/// radius r has reach r, three boxes of radius r have 3r, a Gaussian truncated at 3σ has ⌈3σ⌉, and
/// a blur that works at 1/K resolution must report its reach in full-resolution pixels (plus K for
/// the resampling footprint). When `reach` is at least the true footprint, blurring a region with
/// that margin gives the same panel pixels as blurring the whole image.
public struct EffectBlur: Sendable {
    /// How far an output pixel reads, in pixels; 0 means "no neighbours" (the identity).
    public let reach: Int
    /// The blur itself.
    package let apply: @Sendable (RGBAImage) -> RGBAImage

    /// A blur from any function that keeps the image's size.
    ///
    /// - Parameters:
    ///   - reach: how far an output pixel reads, in pixels of the image `apply` is given; at
    ///     least 0 (checked by a precondition).
    ///   - apply: the blur, straight alpha in and out.
    package init(reach: Int, _ apply: @escaping @Sendable (RGBAImage) -> RGBAImage) {
        precondition(reach >= 0, "reach (\(reach)) must not be negative")
        self.reach = reach
        self.apply = apply
    }

    /// `method` through `RGBAImage.blurred(by:)` (premultiplied alpha unless `alpha` says
    /// straight, stored values) with clamped edges, as vImage's `kvImageEdgeExtend`; the reach is the method's.
    public init(_ method: any BlurMethod, alpha: AlphaMode = .premultiplied) {
        self.init(reach: method.reach) { $0.blurred(by: method, edges: .clamp, alpha: alpha) }
    }

    /// The rectangle a region blur reads for the pixels of `rect`: `rect` grown by `reach` on every
    /// side, clipped to an image of `width`×`height` (BCBlurView renders only what lies behind the
    /// control; the margin is what the kernel needs beyond it).
    package func region(around rect: PixelRect, width: Int, height: Int) -> PixelRect {
        rect.expanded(by: reach).intersection(PixelRect(width: width, height: height))
    }

    /// Blurs only what lies behind `rect`: crops `rect` plus a margin of `reach` (clipped at the
    /// image border), blurs the crop, and returns the `rect`-sized part of the result.
    ///
    /// Pixels of `rect` read at most `reach` pixels away, so inside the image they see exactly the
    /// pixels a whole-image blur would see; where the margin is clipped by the image border, the
    /// blur's own edge mode supplies the missing pixels, as it would for the whole image. With a
    /// blur whose summation order does not depend on the crop origin (a direct box average) the
    /// result equals the whole-image blur bit for bit; running sums differ by Float32 rounding.
    ///
    /// - Throws: `BlurKitError` when `rect` is empty or not inside the image, or when the blur
    ///   returns an image of another size.
    package func blurRegion(of image: RGBAImage, behind rect: PixelRect) throws -> (pixels: RGBAImage, region: PixelRect) {
        guard !rect.isEmpty, image.bounds.contains(rect) else {
            throw BlurKitError("region \(rect) must be non-empty and inside the \(image.width)×\(image.height) image")
        }
        let region = self.region(around: rect, width: image.width, height: image.height)
        let blurred = apply(image.cropped(to: region))
        guard blurred.width == region.width, blurred.height == region.height else {
            throw BlurKitError("the blur returned \(blurred.width)×\(blurred.height) for a \(region.width)×\(region.height) input; it must keep the size")
        }
        let inner = PixelRect(x: rect.x - region.x, y: rect.y - region.y, width: rect.width, height: rect.height)
        return (blurred.cropped(to: inner), region)
    }
}
