import BlurCore
import CPNG

#if canImport(Glibc)
    import Glibc
#endif

/// PNG reading and writing (`PNG+Writing.swift`) through libpng's classic API.
///
/// Reading accepts every PNG kind — grey, grey+alpha, palette (with tRNS), RGB, RGBA, 1 to 16
/// bits, interlaced — and delivers sRGB-encoded RGBA with straight alpha: a file with a `gAMA`
/// chunk is converted to sRGB, one without is taken as sRGB, and a 16-bit file keeps its 16 bits
/// (each value v becomes v / 65535). Writing produces RGBA (or RGB) of 8 or 16 bits a channel,
/// with `tEXt` chunks (for example the command that made it).
public enum PNG {
    /// The default refusal limit for a PNG's pixel count, checked before any pixel is allocated.
    public static let defaultMaxPixels = 100_000_000

    /// The keyword of the `tEXt` chunk that records the command which made a file.
    package static let commandKeyword = "Software-Command"

    // MARK: - Reading

    /// Reads a PNG file as an RGBA image.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - maxPixels: refuse images with more pixels than this, before allocating them.
    /// - Throws: `BlurKitError` with one line naming the file and what is wrong with it.
    public static func read(_ path: String, maxPixels: Int = defaultMaxPixels) throws -> RGBAImage {
        let bytes = try PNGInfo.readFile(path)
        // Existence, folder, signature, CRCs, IHDR: clear errors first.
        let header = try PNGInfo.parse(bytes, path: path)
        let pixels = header.width * header.height
        guard pixels <= maxPixels else {
            throw BlurKitError(
                "'\(path)' is \(header.width)×\(header.height) = \(pixels) pixels, above the limit of \(maxPixels) (raise it with maxPixels)",
                naming: ["maxPixels"])
        }
        return try decode(
            bytes, width: header.width, height: header.height, maxPixels: maxPixels, bitDepth: header.bitDepth,
            path: path
        ).image
    }

    /// Reads a PNG file reduced by K = `factor(width, height)` as it is decoded, row by row: each
    /// pixel the mean of a K×K block, the same values as `read(path).reduced(by: K)`, without
    /// holding the whole image (a 12-megapixel upload is 192 MB as Float RGBA), and the file's
    /// size. A 16-bit or interlaced file, or K of 1, is read whole, then reduced.
    ///
    /// - Throws: `BlurKitError` as `read` does.
    package static func read(
        _ path: String, reducedBy factor: (_ width: Int, _ height: Int) -> Int, maxPixels: Int = defaultMaxPixels
    ) throws -> (image: RGBAImage, width: Int, height: Int) {
        let bytes = try PNGInfo.readFile(path)
        let header = try PNGInfo.parse(bytes, path: path)
        guard header.width * header.height <= maxPixels else {
            throw BlurKitError(
                "'\(path)' is \(header.width)×\(header.height) = \(header.width * header.height) pixels, above the limit of \(maxPixels) (raise it with maxPixels)",
                naming: ["maxPixels"])
        }
        let k = max(1, factor(header.width, header.height))
        guard k > 1, header.bitDepth != 16, !header.interlaced else {
            return (
                try decode(
                    bytes, width: header.width, height: header.height, maxPixels: maxPixels,
                    bitDepth: header.bitDepth, path: path
                ).image.reduced(by: k), header.width, header.height
            )
        }
        var small = RGBAImage(width: (header.width + k - 1) / k, height: (header.height + k - 1) / k)
        var row = [UInt8](repeating: 0, count: 4 * header.width)
        var message = [CChar](repeating: 0, count: 160)
        var consumed = 0
        let ok = bytes.withUnsafeBufferPointer { file in
            row.withUnsafeMutableBytes { row in
                small.pixels.withUnsafeMutableBufferPointer { out in
                    cpng_read_rgba_reduced(
                        file.baseAddress, file.count, UInt32(header.width), UInt32(header.height),
                        UInt32(clamping: min(max(maxPixels, 1), 0x7FFF_FFFF)), row.baseAddress, 0,
                        UInt32(k), out.baseAddress, &message, &consumed)
                }
            }
        }
        guard ok != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BlurKitError("'\(path)' is truncated or corrupt: \(reason.isEmpty ? "unknown libpng error" : reason)")
        }
        return (small, header.width, header.height)
    }

    /// Decodes PNG bytes whose header says `width`×`height` into RGBA.
    ///
    /// libpng's own width and height limits are set from `maxPixels`, and decoding stops after
    /// the last row, so image data beyond what the size needs is never inflated. A file of bit
    /// depth 16 keeps its 16 bits: each value v becomes v / 65535, which Float32 holds closely
    /// enough that ×65535 and rounding gives v back.
    /// - Returns: the image, and how many of the file's bytes the decoder read.
    static func decode(
        _ bytes: [UInt8], width: Int, height: Int, maxPixels: Int, bitDepth: Int = 8,
        path: String
    ) throws -> (image: RGBAImage, bytesRead: Int) {
        if bitDepth == 16 {
            var rgba = [UInt16](repeating: 0, count: 4 * width * height)
            let consumed = try decode(
                bytes, width: width, height: height, maxPixels: maxPixels, into: &rgba, sixteen: true, path: path)
            return (RGBAImage(width: width, height: height, pixels: rgba.map { Float($0) / 65535 }), consumed)
        }
        var rgba = [UInt8](repeating: 0, count: 4 * width * height)
        let consumed = try decode(
            bytes, width: width, height: height, maxPixels: maxPixels, into: &rgba, sixteen: false, path: path)
        return (RGBAImage(width: width, height: height, rgba8: rgba), consumed)
    }

    /// Decodes into `values` (bytes, or 16-bit values with `sixteen`); returns the bytes read.
    private static func decode<Value>(
        _ bytes: [UInt8], width: Int, height: Int, maxPixels: Int, into values: inout [Value],
        sixteen: Bool, path: String
    ) throws -> Int {
        var message = [CChar](repeating: 0, count: 160)
        let side = UInt32(clamping: min(max(maxPixels, 1), 0x7FFF_FFFF))
        var consumed = 0
        let ok = bytes.withUnsafeBufferPointer { file in
            values.withUnsafeMutableBytes { out in
                cpng_read_rgba(
                    file.baseAddress, file.count, UInt32(width), UInt32(height), side, out.baseAddress,
                    sixteen ? 1 : 0, &message, &consumed)
            }
        }
        guard ok != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BlurKitError("'\(path)' is truncated or corrupt: \(reason.isEmpty ? "unknown libpng error" : reason)")
        }
        return consumed
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}

/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320, reflected): zlib's, which libpng
/// uses too (a 30 MB upload's chunks are checked in a fraction of the time a byte-a-step table took).
package enum CRC32 {
    /// The CRC-32 of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of a slice of bytes.
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of raw bytes.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return UInt32(truncatingIfNeeded: cpng_crc32(base.assumingMemoryBound(to: UInt8.self), bytes.count))
    }
}
