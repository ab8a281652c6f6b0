import Foundation
import BlurCore

/// Parallax blur as in Apple's MotionEffects sample: a panel moves over a still picture, and what
/// lies behind it is shown blurred — either re-blurred every frame, or cut from one blurred
/// snapshot that moves opposite to the panel.
///
/// MotionEffects ("Parallax Blur") blurs a snapshot of the background once and puts it in an image
/// view inside the moving, clipping view, with the opposite motion effect, so the snapshot stays
/// still relative to the background while the panel moves. Blurring commutes with translation:
/// the blurred picture cut at the panel's new place equals a blur of the picture at that place,
/// wherever the blur window stays inside the snapshot. Where it does not — within `reach` of a
/// snapshot edge that is not the picture's border — the snapshot's blur saw its edge mode instead
/// of the real neighbours, and the two differ.
///
/// Here the snapshot covers exactly where the panel can go: the rest rectangle grown by `shift`.
/// Approach (a), `liveFrame`, blurs the panel plus a margin of `reach` every frame; approach (b),
/// `snapshotFrame`, blurs the snapshot once and copies the panel's pixels per frame. `measure`
/// compares them frame by frame, separately on the interior (windows inside the snapshot: equal
/// up to Float32 rounding, bit for bit with a direct box average) and near the snapshot's edges.
package struct Parallax: Sendable {
    /// The still picture.
    package let background: RGBAImage
    /// The panel at rest.
    package let panel: PixelRect
    /// The largest offset of the panel from rest along either axis, in pixels.
    package let shift: Int
    /// The blur both approaches use.
    package let blur: EffectBlur

    /// A comparison of the two approaches for `panel` moving up to `shift` pixels over `background`.
    ///
    /// - Throws: `BlurKitError` when `shift` is negative, the panel is empty, or the panel, grown
    ///   by `shift`, leaves the picture.
    package init(background: RGBAImage, panel: PixelRect, shift: Int, blur: EffectBlur) throws {
        guard shift >= 0 else { throw BlurKitError("shift (\(shift)) must not be negative") }
        let travel = panel.expanded(by: shift)
        guard !panel.isEmpty, background.bounds.contains(travel) else {
            throw BlurKitError("panel \(panel) moved by up to \(shift) pixels (\(travel)) must stay inside the \(background.width)×\(background.height) image")
        }
        self.background = background
        self.panel = panel
        self.shift = shift
        self.blur = blur
    }

    /// The snapshot's rectangle: every pixel the panel can show, the rest rectangle grown by `shift`.
    package var snapshotRegion: PixelRect { panel.expanded(by: shift) }

    /// The panel's offsets over `frames` frames: a figure of eight starting at rest,
    /// (round(shift·sin θ), round(shift/2·sin 2θ)) with θ = 2π·i / frames — the path of a device
    /// tilted left and right and a little up and down. Whole pixels, so no resampling blurs the
    /// comparison.
    package static func offsets(frames: Int, shift: Int) -> [SIMD2<Int>] {
        (0..<max(frames, 0)).map { i in
            let theta = 2 * Double.pi * Double(i) / Double(frames)
            return SIMD2(Int((Double(shift) * sin(theta)).rounded()), Int((Double(shift) / 2 * sin(2 * theta)).rounded()))
        }
    }

    // MARK: - The two approaches

    /// (a) Live: the panel-sized blur of what lies behind the panel at `offset`, computed now
    /// (region blur with a margin of `reach`).
    package func liveFrame(offset: SIMD2<Int>) throws -> RGBAImage {
        try blur.blurRegion(of: background, behind: position(offset)).pixels
    }

    /// (b) Once: the blurred snapshot of `snapshotRegion`, blurred as an image on its own.
    package func snapshot() -> RGBAImage {
        blur.apply(background.cropped(to: snapshotRegion))
    }

    /// (b) Per frame: the panel-sized part of `snapshot` behind the panel at `offset` — a copy.
    package func snapshotFrame(_ snapshot: RGBAImage, offset: SIMD2<Int>) -> RGBAImage {
        let at = position(offset)
        let region = snapshotRegion
        return snapshot.cropped(to: at.offsetBy(dx: -region.x, dy: -region.y))
    }

    /// The panel's rectangle at `offset` (which must be within ±`shift`).
    package func position(_ offset: SIMD2<Int>) -> PixelRect {
        precondition(abs(offset.x) <= shift && abs(offset.y) <= shift,
                     "offset (\(offset.x), \(offset.y)) must be within ±\(shift)")
        return panel.offsetBy(dx: offset.x, dy: offset.y)
    }

    /// True when picture pixel (x, y)'s blur window lies inside the snapshot or meets only the
    /// picture's own border: at least `reach` from every snapshot edge that is not that border.
    package func isInterior(x: Int, y: Int) -> Bool {
        let s = snapshotRegion, r = blur.reach
        return (x - r >= s.x || s.x == 0) && (x + r < s.maxX || s.maxX == background.width)
            && (y - r >= s.y || s.y == 0) && (y + r < s.maxY || s.maxY == background.height)
    }

    // MARK: - Measurement

    /// Runs both approaches over `offsets` and compares them pixel by pixel.
    ///
    /// Difference = max over R, G, B, A of |live − snapshot| per pixel, maximised over the pixels
    /// of each class (interior, edge) per frame and over all frames.
    package func measure(offsets: [SIMD2<Int>]) throws -> ParallaxMeasurement {
        let still = snapshot()
        var frames: [ParallaxFrame] = []
        var liveBlurred = 0
        for offset in offsets {
            let at = position(offset)
            liveBlurred += blur.region(around: at, width: background.width, height: background.height).area
            let live = try liveFrame(offset: offset)
            let cut = snapshotFrame(still, offset: offset)
            var frame = ParallaxFrame(offset: offset)
            for j in 0..<at.height {
                for i in 0..<at.width {
                    let e = live[i, j] - cut[i, j]
                    let d = max(abs(e.max()), abs(e.min()))
                    if isInterior(x: at.x + i, y: at.y + j) {
                        frame.interiorPixels += 1
                        frame.interiorMax = max(frame.interiorMax, d)
                    } else {
                        frame.edgePixels += 1
                        frame.edgeMax = max(frame.edgeMax, d)
                    }
                }
            }
            frames.append(frame)
        }
        return ParallaxMeasurement(frames: frames,
                                   liveBlurredPixelsPerFrame: offsets.isEmpty ? 0 : Double(liveBlurred) / Double(offsets.count),
                                   snapshotBlurredPixels: snapshotRegion.area,
                                   copiedPixelsPerFrame: panel.area)
    }

    /// A copy of the picture with panel-sized `content` placed at the panel's position for `offset`
    /// (for drawing the frames of a strip).
    package func place(_ content: RGBAImage, offset: SIMD2<Int>) -> RGBAImage {
        let at = position(offset)
        precondition(content.width == at.width && content.height == at.height,
                     "content \(content.width)×\(content.height) must be the panel's size \(at.width)×\(at.height)")
        var out = background
        for j in 0..<at.height { for i in 0..<at.width { out[at.x + i, at.y + j] = content[i, j] } }
        return out
    }
}

/// One frame of the parallax comparison.
package struct ParallaxFrame: Sendable, Equatable {
    /// The panel's offset from rest in this frame, in pixels (x right, y down).
    package var offset: SIMD2<Int>
    /// Largest difference over interior pixels (0 up to Float32 rounding).
    package var interiorMax: Float = 0
    /// Largest difference over pixels within reach of a snapshot edge.
    package var edgeMax: Float = 0
    /// How many of the panel's pixels are interior (`Parallax.isInterior`).
    package var interiorPixels = 0
    /// How many lie within reach of a snapshot edge that is not the picture's border.
    package var edgePixels = 0

    /// A frame at `offset` with nothing measured yet.
    package init(offset: SIMD2<Int>) { self.offset = offset }
}

/// The parallax comparison over all frames, and the work each approach does.
package struct ParallaxMeasurement: Sendable, Equatable {
    /// One entry per offset, in the order measured.
    package var frames: [ParallaxFrame]
    /// Pixels the live approach blurs per frame (panel plus margin, clipped), averaged over frames.
    package var liveBlurredPixelsPerFrame: Double
    /// Pixels the snapshot approach blurs once.
    package var snapshotBlurredPixels: Int
    /// Pixels the snapshot approach copies per frame.
    package var copiedPixelsPerFrame: Int

    /// Largest interior difference over all frames.
    package var interiorMax: Float { frames.map(\.interiorMax).max() ?? 0 }
    /// Largest edge difference over all frames.
    package var edgeMax: Float { frames.map(\.edgeMax).max() ?? 0 }
}
