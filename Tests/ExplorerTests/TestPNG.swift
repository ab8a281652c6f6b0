import Foundation

/// Writes small PNG files of any colour type for tests, with stored (uncompressed) deflate blocks,
/// so a test can make a grey, palette or RGBA image of any size without a PNG library.
///
/// Chunk layout, CRC-32 and the zlib stream (header, stored blocks, Adler-32) follow the PNG
/// specification (ISO/IEC 15948, sections 5 and 10) and RFC 1950/1951.
enum TestPNG {
    /// PNG colour types used here.
    enum ColourType: UInt8 { case grey = 0, palette = 3, rgba = 6 }

    /// A PNG of `width`×`height` with 8-bit samples (or `bitDepth` 16: two bytes a sample, most
    /// significant first); `pixel(x, y)` gives the bytes of one pixel (1 sample for grey and
    /// palette, 4 for RGBA); `palette` is RGB triples for colour type 3.
    static func data(width: Int, height: Int, colourType: ColourType, palette: [UInt8] = [], bitDepth: UInt8 = 8,
                     pixel: (Int, Int) -> [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter type None
            for x in 0..<width { raw.append(contentsOf: pixel(x, y)) }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colourType.rawValue, 0, 0, 0]
        png += chunk("IHDR", header)
        if colourType == .palette { png += chunk("PLTE", palette) }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian((b << 16) | a)
    }
}
