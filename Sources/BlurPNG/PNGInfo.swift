import BlurCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a PNG file's chunks say about it, read without decoding its pixels.
package struct PNGInfo: Sendable, Equatable {
    /// PNG colour types (PNG specification, table 11.1).
    package enum ColourType: UInt8, Sendable {
        /// Each colour type with its number in the `IHDR` chunk: greyscale (0), RGB (2), palette
        /// (3), greyscale with alpha (4), RGBA (6).
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        /// The colour type in words: "greyscale", "RGB", "palette", "greyscale+alpha", "RGBA".
        package var name: String {
            switch self {
            case .grey: "greyscale"
            case .rgb: "RGB"
            case .palette: "palette"
            case .greyAlpha: "greyscale+alpha"
            case .rgba: "RGBA"
            }
        }
    }

    /// The width in pixels, from `IHDR` (1 to 2³¹ − 1).
    package let width: Int
    /// The height in pixels, from `IHDR` (1 to 2³¹ − 1).
    package let height: Int
    /// Bits per sample (per palette index for palette images), from `IHDR`: 1, 2, 4, 8 or 16.
    package let bitDepth: Int
    /// How pixels are stored, from `IHDR`.
    package let colourType: ColourType
    /// Whether the pixels are stored interlaced (`IHDR`'s interlace method is not 0; PNG
    /// defines only Adam7).
    package let interlaced: Bool
    /// Whether a `tRNS` chunk gives transparency to a palette, grey or RGB image.
    package let hasTransparencyChunk: Bool
    /// The `tEXt` chunks, in file order.
    package let text: [TextEntry]

    /// One `tEXt` chunk: a keyword and its text, each byte read as Latin-1 (ISO 8859-1), as the
    /// PNG specification defines them.
    package struct TextEntry: Sendable, Equatable {
        /// The keyword before the chunk's zero byte, e.g. `Software-Command`.
        package let keyword: String
        /// The text after the zero byte: its first `maxTextBytes` bytes.
        package let value: String
        /// How many bytes of text the chunk holds (more than `value` when it is over `maxTextBytes`).
        package var byteCount: Int = 0

        /// Whether `value` holds only the first `maxTextBytes` of the chunk's text.
        package var isTruncated: Bool { byteCount > maxTextBytes }
    }

    /// The most bytes of text read from one `tEXt` chunk (64 KiB: a recorded command is well
    /// under 1 KiB); a longer chunk's text is cut there, so a file of a 30 MB chunk reads in the
    /// time and memory of its first 64 KiB.
    package static let maxTextBytes = 65_536
    /// The most `tEXt` chunks kept, in file order; later ones are skipped.
    package static let maxTextChunks = 64

    /// The command recorded by the explorer, if any.
    package var recordedCommand: String? { text.first { $0.keyword == PNG.commandKeyword }?.value }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads the whole chunk list of a PNG file, checking every chunk's CRC.
    ///
    /// - Throws: `BlurKitError` for a missing or unreadable file, a folder, a file that is not a
    ///   PNG, a truncated file, a bad CRC or an invalid header.
    package static func read(_ path: String) throws -> PNGInfo {
        let bytes = try readFile(path)
        return try parse(bytes, path: path)
    }

    package static func readFile(_ path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw BlurKitError("cannot read '\(path)': \(AtomicFile.errorText(errno))")
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw BlurKitError("cannot read '\(path)': it is a folder, not a PNG file")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw BlurKitError("cannot read '\(path)': it is not a regular file (a pipe, device or socket is not read)")
        }
        guard let file = fopen(path, "rb") else {
            throw BlurKitError("cannot read '\(path)': \(AtomicFile.errorText(errno))")
        }
        defer { fclose(file) }
        let count = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
        if got < count, ferror(file) != 0 {
            throw BlurKitError("cannot read '\(path)': read error")
        }
        bytes.removeSubrange(got...)
        return bytes
    }

    package static func parse(_ bytes: [UInt8], path: String) throws -> PNGInfo {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw BlurKitError("'\(path)' is not a PNG file (it does not start with the PNG signature)")
        }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        var offset = 8
        var header: (w: Int, h: Int, depth: Int, type: ColourType, interlace: Bool)?
        var hasTRNS = false
        var sawEnd = false
        var text: [TextEntry] = []
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else {
                throw BlurKitError("'\(path)' is truncated (a chunk header is cut off at byte \(offset))")
            }
            let length = Int(u32(offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else {
                throw BlurKitError(
                    "'\(path)' is truncated (chunk \(type) at byte \(offset) ends past the end of the file)")
            }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            let stored = u32(offset + 8 + length)
            guard CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
                throw BlurKitError("'\(path)' is corrupt: bad CRC in chunk \(type) at byte \(offset)")
            }
            if header == nil {
                guard type == "IHDR", length == 13 else {
                    throw BlurKitError("'\(path)' is corrupt: the first chunk is \(type), not IHDR")
                }
                let base = offset + 8
                let w = Int(u32(base)), h = Int(u32(base + 4))
                let depth = Int(bytes[base + 8])
                guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
                    throw BlurKitError("'\(path)' is corrupt: invalid size \(w)×\(h) in IHDR")
                }
                guard let colour = ColourType(rawValue: bytes[base + 9]) else {
                    throw BlurKitError("'\(path)' is corrupt: unknown colour type \(bytes[base + 9])")
                }
                guard [1, 2, 4, 8, 16].contains(depth) else {
                    throw BlurKitError("'\(path)' is corrupt: invalid bit depth \(depth)")
                }
                header = (w, h, depth, colour, bytes[base + 12] != 0)
            } else if type == "tRNS" {
                hasTRNS = true
            } else if type == "tEXt", text.count < maxTextChunks, let zero = data.prefix(80).firstIndex(of: 0) {
                // Latin-1: each byte is the Unicode scalar of the same number.
                func latin1(_ slice: ArraySlice<UInt8>) -> String {
                    var scalars = String.UnicodeScalarView()
                    scalars.append(contentsOf: slice.lazy.map { Unicode.Scalar($0) })
                    return String(scalars)
                }
                let body = data[(zero + 1)...]
                text.append(
                    TextEntry(
                        keyword: latin1(data[data.startIndex..<zero]), value: latin1(body.prefix(maxTextBytes)),
                        byteCount: body.count))
            } else if type == "IEND" {
                sawEnd = true
                break
            }
            offset += 12 + length
        }
        guard let header else {
            throw BlurKitError("'\(path)' is truncated (no IHDR chunk)")
        }
        if !sawEnd {
            throw BlurKitError("'\(path)' is truncated (no IEND chunk)")
        }
        return PNGInfo(
            width: header.w, height: header.h, bitDepth: header.depth, colourType: header.type,
            interlaced: header.interlace, hasTransparencyChunk: hasTRNS, text: text)
    }
}
