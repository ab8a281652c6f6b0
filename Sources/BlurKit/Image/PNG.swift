import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// PNG reading and writing through libpng's simplified API.
///
/// Reading accepts every PNG kind — grey, grey+alpha, palette (with tRNS), RGB, RGBA, 1 to 16
/// bits, interlaced — and delivers 8-bit sRGB RGBA (16-bit files are reduced by libpng).
/// Writing produces 8-bit RGBA with `tEXt` chunks (for example the command that made it).
public enum PNG {
    /// The default refusal limit for a PNG's pixel count, checked before any pixel is allocated.
    public static let defaultMaxPixels = 100_000_000

    /// The keyword of the `tEXt` chunk that records the command which made a file.
    public static let commandKeyword = "Software-Command"

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
        let header = try PNGInfo.parse(bytes, path: path, headerOnly: false)
        let pixels = header.width * header.height
        guard pixels <= maxPixels else {
            throw BlurKitError("'\(path)' is \(header.width)×\(header.height) = \(pixels) pixels, above the limit of \(maxPixels) (raise it with --max-pixels)")
        }
        return try decode(bytes, width: header.width, height: header.height, maxPixels: maxPixels, path: path).image
    }

    /// Decodes PNG bytes whose header says `width`×`height` into RGBA.
    ///
    /// libpng's own width and height limits are set from `maxPixels`, and decoding stops after
    /// the last row, so image data beyond what the size needs is never inflated.
    /// - Returns: the image, and how many of the file's bytes the decoder read.
    static func decode(_ bytes: [UInt8], width: Int, height: Int, maxPixels: Int,
                       path: String) throws -> (image: RGBAImage, bytesRead: Int) {
        var rgba = [UInt8](repeating: 0, count: 4 * width * height)
        var message = [CChar](repeating: 0, count: 160)
        let side = UInt32(clamping: min(max(maxPixels, 1), 0x7FFF_FFFF))
        var consumed = 0
        let ok = bytes.withUnsafeBufferPointer { file in
            rgba.withUnsafeMutableBufferPointer { out in
                cpng_read_rgba8(file.baseAddress, file.count, UInt32(width), UInt32(height), side, out.baseAddress,
                                &message, &consumed)
            }
        }
        guard ok != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BlurKitError("'\(path)' is truncated or corrupt: \(reason.isEmpty ? "unknown libpng error" : reason)")
        }
        return (RGBAImage(width: width, height: height, rgba8: rgba), consumed)
    }

    // MARK: - Writing

    /// Encodes an image as an 8-bit RGBA PNG.
    ///
    /// - Parameter text: `tEXt` chunks (keyword, Latin-1 text) inserted right after IHDR.
    public static func encode(_ image: RGBAImage, text: [(keyword: String, value: String)] = []) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw BlurKitError("cannot encode an empty \(image.width)×\(image.height) image as PNG")
        }
        var rgba = image.rgba8()
        var png = png_image()
        png.version = cpng_image_version
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = cpng_format_rgba
        var size: png_alloc_size_t = 0
        guard png_image_write_to_memory(&png, nil, &size, 0, &rgba, 0, nil) != 0 else {
            throw BlurKitError("PNG encoding failed: \(message(of: &png))")
        }
        var encoded = [UInt8](repeating: 0, count: Int(size))
        let ok = encoded.withUnsafeMutableBytes { raw in
            png_image_write_to_memory(&png, raw.baseAddress, &size, 0, &rgba, 0, nil)
        }
        guard ok != 0 else { throw BlurKitError("PNG encoding failed: \(message(of: &png))") }
        encoded.removeSubrange(Int(size)...)
        // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC) = 33 bytes.
        let chunks = text.flatMap { textChunk(keyword: $0.keyword, value: $0.value) }
        encoded.insert(contentsOf: chunks, at: 33)
        return encoded
    }

    /// Writes an image as an 8-bit RGBA PNG, atomically (temporary file, then rename).
    ///
    /// - Parameter command: recorded in a `tEXt` chunk with keyword `Software-Command`.
    public static func write(_ image: RGBAImage, to path: String, command: String? = nil) throws {
        let text = command.map { [(keyword: commandKeyword, value: $0)] } ?? []
        try AtomicFile.write(try encode(image, text: text), to: path)
    }

    static func textChunk(keyword: String, value: String) -> [UInt8] {
        // tEXt holds Latin-1; anything outside becomes '?'.
        func latin1(_ s: String) -> [UInt8] { s.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F } }
        let data = latin1(String(keyword.prefix(79))) + [0] + latin1(value)
        return chunk(type: "tEXt", data: data)
    }

    static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = CRC32.checksum(typeBytes + data)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}

/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320, reflected).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of a slice of bytes.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of raw bytes: a table lookup per byte (non-generic, so it is fast in every build).
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
