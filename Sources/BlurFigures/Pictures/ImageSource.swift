import Foundation
import BlurCore
import BlurPNG

/// Where an image comes from: a PNG file path, or a built-in image `builtin:NAME[@WxH]`.
public enum ImageSource {
    /// Loads `source`: a PNG path, or `builtin:NAME` / `builtin:NAME@WxH` (see `BuiltinImage`).
    ///
    /// - Throws: `BlurKitError` for unreadable files, unknown built-ins and sizes over `maxPixels`.
    public static func load(_ source: String, maxPixels: Int = PNG.defaultMaxPixels) throws -> RGBAImage {
        guard source.hasPrefix("builtin:") else { return try PNG.read(source, maxPixels: maxPixels) }
        let (kind, size) = try builtin(source, maxPixels: maxPixels)
        return kind.make(width: size.width, height: size.height)
    }

    /// The path a bare image name stands for: `NAME` (no `/`, no `.`, not `builtin:`) is
    /// `imagesFolder/NAME.png` when that file exists; any other source is returned as it is.
    package static func resolve(_ source: String, imagesFolder: String) -> String {
        guard !source.contains("/"), !source.contains("."), !source.hasPrefix("builtin:") else { return source }
        let shipped = imagesFolder + "/\(source).png"
        return FileManager.default.fileExists(atPath: shipped) ? shipped : source
    }

    /// The width and height `source` has, without decoding or generating its pixels: a PNG's
    /// header, or a built-in's size.
    ///
    /// - Throws: `BlurKitError` as `load` does for unreadable files, unknown built-ins and sizes
    ///   over `maxPixels`.
    package static func size(of source: String, maxPixels: Int = PNG.defaultMaxPixels) throws -> (width: Int, height: Int) {
        guard source.hasPrefix("builtin:") else {
            let info = try PNGInfo.read(source)
            let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
            guard !overflow, pixels <= maxPixels else {
                throw BlurKitError("'\(source)' has \(info.width)×\(info.height) pixels, above the limit of \(maxPixels) (raise it with maxPixels)", naming: ["maxPixels"])
            }
            return (info.width, info.height)
        }
        return try builtin(source, maxPixels: maxPixels).size
    }

    /// The kind and size of `builtin:NAME[@WxH]`.
    static func builtin(_ source: String, maxPixels: Int) throws -> (kind: BuiltinImage, size: (width: Int, height: Int)) {
        let spec = source.dropFirst("builtin:".count)
        let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
        guard let name = parts.first, let kind = BuiltinImage(rawValue: name) else {
            let names = BuiltinImage.allCases.map { "builtin:\($0.rawValue)" }.joined(separator: ", ")
            throw BlurKitError("unknown built-in image '\(source)'; choose one of \(names)")
        }
        var size = kind.defaultSize
        if parts.count == 2 {
            let dims = parts[1].lowercased().split(separator: "x").compactMap { Int($0) }
            guard dims.count == 2, dims[0] > 0, dims[1] > 0 else {
                throw BlurKitError("bad size in '\(source)': write builtin:\(name)@WIDTHxHEIGHT, e.g. builtin:\(name)@256x256")
            }
            size = (dims[0], dims[1])
        }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow, pixels <= maxPixels else {
            throw BlurKitError("'\(source)' would have \(size.width)×\(size.height) pixels, above the limit of \(maxPixels) (raise it with maxPixels)", naming: ["maxPixels"])
        }
        return (kind, size)
    }
}
