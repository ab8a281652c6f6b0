import CPNG
#if canImport(Glibc)
import Glibc
#endif
import BlurCore

/// PNG writing: 8- or 16-bit RGBA files with `tEXt` chunks (for example the command that made a file),
/// through libpng's full write API (`cpng_write_rgba` in the C shim, which owns the `setjmp`
/// libpng's error handling needs).
extension PNG {
    /// How hard zlib works: a trade between time and file size.
    ///
    /// Measured on a blurred 4096×2731 photograph (`bench/png_levels.c`, numbers in the README's
    /// "Performance" section): the Up filter (each row minus the row above) gave the smallest
    /// file at every zlib level and was also the quickest to compress, ahead of libpng's adaptive
    /// choice among all five filters (which picked Paeth, 4–8 % larger and 1.3–1.7× slower) —
    /// blurred images change slowly from row to row. So every setting uses Up and they differ in
    /// the zlib level only.
    public enum Compression: String, CaseIterable, Sendable {
        /// zlib level 1: the quickest; about 20 % larger than `default`.
        case fast
        /// zlib level 4: within 10 % of level 6's size in a third of its time.
        case `default`
        /// zlib level 6 (zlib's own default, Pillow's size): about 8 % smaller than `default`,
        /// about 3× its encoding time. Level 9 saved another 7 % at 10× the time of level 6
        /// (39 s for the 4096×2731 photograph), too slow to offer.
        case small

        /// The zlib level (0...9).
        public var zlibLevel: Int32 {
            switch self {
            case .fast: return 1
            case .default: return 4
            case .small: return 6
            }
        }
    }

    /// Bits per channel in a written file.
    public enum Depth: Int, CaseIterable, Sendable {
        /// 256 levels a channel: what displays show; a smooth dark gradient may band.
        case eight = 8
        /// 65 536 levels a channel (PNG spec §11.2.2): keeps a linear-light result's fine steps
        /// in the dark tones, where 8-bit sRGB steps are widest in light, for later processing.
        case sixteen = 16
    }

    /// Encodes an image as an RGBA PNG of 8 or 16 bits a channel.
    ///
    /// Values are converted one row at a time, exactly as `RGBAImage.quantize` does for 8 bits
    /// (16 bits: clamp, ×65535, round), so no integer copy of the whole image is made.
    ///
    /// - Parameters:
    ///   - image: the image; values outside 0...1 are clamped.
    ///   - text: `tEXt` chunks (keyword of at most 79 Latin-1 characters, Latin-1 text; characters
    ///     outside Latin-1 become `?`), written by libpng before the image data.
    ///   - compression: the zlib level; rows are filtered with Up in every setting.
    ///   - alpha: write RGBA; `false` writes RGB and drops alpha (for images known to be opaque).
    ///   - depth: bits per channel.
    /// - Returns: the bytes of the PNG file.
    /// - Throws: `BlurKitError` for an empty image, or with libpng's message when it fails.
    public static func encode(_ image: RGBAImage, text: [(keyword: String, value: String)] = [],
                              compression: Compression = .default, alpha: Bool = true,
                              depth: Depth = .eight) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw BlurKitError("cannot encode an empty \(image.width)×\(image.height) image as PNG")
        }
        // tEXt holds Latin-1; libpng is handed C strings of Latin-1 bytes.
        func latin1(_ s: String) -> [CChar] {
            s.unicodeScalars.map { CChar(bitPattern: $0.value < 256 && $0.value != 0 ? UInt8($0.value) : 0x3F) } + [0]
        }
        let keys = text.map { latin1(String($0.keyword.prefix(79))) }
        let values = text.map { latin1($0.value) }
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let ok = withCStringArray(keys) { keyPointers in
            withCStringArray(values) { valuePointers in
                image.pixels.withUnsafeBufferPointer { pixels in
                    cpng_write_rgba(pixels.baseAddress, UInt32(image.width), UInt32(image.height),
                                    alpha ? 1 : 0, Int32(depth.rawValue), compression.zlibLevel, cpng_filters_up,
                                    keyPointers, valuePointers, Int32(text.count),
                                    &out, &size, &message, message.count)
                }
            }
        }
        guard ok != 0, let out else {
            let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BlurKitError("PNG encoding failed: \(said.isEmpty ? "unknown libpng error" : said)")
        }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Writes an image as an RGBA PNG, atomically (temporary file, then rename).
    ///
    /// - Parameters:
    ///   - image: the image; values outside 0...1 are clamped.
    ///   - path: where to write; a file already there is replaced.
    ///   - command: recorded in a `tEXt` chunk with keyword `Software-Command`.
    ///   - compression: the zlib level; see `Compression`.
    ///   - alpha: write RGBA; `false` writes RGB and drops alpha (for images known to be opaque).
    ///   - depth: bits per channel.
    /// - Throws: `BlurKitError` for an empty image, when libpng fails, or when the file cannot be
    ///   written.
    public static func write(_ image: RGBAImage, to path: String, command: String? = nil,
                             compression: Compression = .default, alpha: Bool = true,
                             depth: Depth = .eight) throws {
        let text = command.map { [(keyword: commandKeyword, value: $0)] } ?? []
        try AtomicFile.write(try encode(image, text: text, compression: compression, alpha: alpha, depth: depth), to: path)
    }

    /// Whether every alpha value of `image` stores as 255, so that an RGB file (`alpha: false`)
    /// holds it exactly — and about 12 % smaller than RGBA on a blurred photograph.
    package static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if RGBAImage.quantize(p[i]) != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// Calls `body` with a C array of pointers to the given NUL-terminated strings.
    private static func withCStringArray<R>(_ strings: [[CChar]],
                                            _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        var storage = strings.map { string -> UnsafeMutablePointer<CChar> in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: string.count)
            p.initialize(from: string, count: string.count)
            return p
        }
        defer { storage.forEach { $0.deallocate() }; storage.removeAll() }
        pointers = storage.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
