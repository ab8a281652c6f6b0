import CPNG

/// PNG writing: 8-bit RGBA files with `tEXt` chunks (for example the command that made a file).
extension PNG {
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
}
