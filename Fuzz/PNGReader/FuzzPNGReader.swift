import BlurCore

/// libFuzzer target for the PNG reader: chunk parsing (signature, CRCs, IHDR, tEXt) and
/// decoding through libpng, with a small pixel limit so a fuzzed header cannot ask for GiBs.
/// Each input is read as it is and again with every chunk's CRC recomputed, so mutations get
/// past the CRC check into IHDR, the text chunks and libpng. Built with BlurPNG's sources (and
/// the BlurCore module) by `Fuzz/run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    read(bytes)
    read(withCRCsRepaired(bytes))
    return 0
}

func read(_ bytes: [UInt8]) {
    guard let info = try? PNGInfo.parse(bytes, path: "fuzz.png") else { return }
    for entry in info.text { _ = TerminalText.visible(entry.keyword + entry.value) }
    let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
    guard !overflow, pixels <= 1 << 16 else { return }
    if let decoded = try? PNG.decode(bytes, width: info.width, height: info.height, maxPixels: 1 << 16, path: "fuzz.png") {
        precondition(decoded.image.width == info.width && decoded.image.height == info.height)
        precondition(decoded.bytesRead <= bytes.count)
    }
}

/// `bytes` with each complete chunk's CRC set to the CRC of its type and data.
func withCRCsRepaired(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
        let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
        guard length <= out.count - offset - 12 else { break }
        let crc = CRC32.checksum(out[(offset + 4)..<(offset + 8 + length)])
        let at = offset + 8 + length
        out[at] = UInt8(crc >> 24); out[at + 1] = UInt8((crc >> 16) & 0xFF)
        out[at + 2] = UInt8((crc >> 8) & 0xFF); out[at + 3] = UInt8(crc & 0xFF)
        offset = at + 4
    }
    return out
}
