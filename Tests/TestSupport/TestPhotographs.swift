import BlurKit
import Foundation

/// Photographs of another kind than the shipped one, made from it in the test rather than shipped:
/// an opaque one (its lower part, mirrored, so its detail sits elsewhere) and a cut-out (an
/// ellipse of the same on transparent pixels that still store the photograph's colours).
public enum TestPhotographs {
    public static let shipped = BinaryRunner.packageRoot.appendingPathComponent("Lessons/images/photo.png").path

    /// The opaque photograph, in memory.
    public static func opaque() throws -> RGBAImage {
        let photo = try PNG.read(shipped)
        let width = photo.width * 3 / 4, height = photo.height * 3 / 4
        var opaque = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var pixel = photo[photo.width - 1 - x, photo.height - height + y]
                pixel.w = 1
                opaque[x, y] = pixel
            }
        }
        return opaque
    }

    /// Writes both into `folder`; returns their paths.
    public static func write(into folder: URL) throws -> (opaque: String, cutout: String) {
        let opaque = try opaque()
        var cutout = opaque
        let width = opaque.width, height = opaque.height
        for y in 0..<height {
            for x in 0..<width {
                let dx = Float(x - width / 2) / Float(width / 3), dy = Float(y - height / 2) / Float(height / 3)
                cutout[x, y].w = dx * dx + dy * dy < 1 ? 1 : 0
            }
        }
        let opaquePath = folder.appendingPathComponent("photo-opaque.png").path
        let cutoutPath = folder.appendingPathComponent("photo-cutout.png").path
        try PNG.write(opaque, to: opaquePath)
        try PNG.write(cutout, to: cutoutPath)
        return (opaquePath, cutoutPath)
    }
}
