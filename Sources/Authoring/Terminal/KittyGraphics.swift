import Foundation

/// Pictures for terminals that speak the kitty graphics protocol
/// (https://sw.kovidgoyal.net/kitty/graphics-protocol/).
///
/// An image travels in APC escape codes, `ESC _ G <keys> ; <base64 payload> ESC \`. The payload
/// is split into chunks of at most 4096 base64 characters; every chunk but the last carries `m=1`
/// and the last `m=0`, and only the first carries the other keys: `a=T` (transmit and display at
/// the cursor), `f` the format (100: PNG; 32: raw RGBA with `s` and `v` its width and height),
/// `q=2` (no reply from the terminal), and `c`, `r` the cells the picture is scaled into.
package enum KittyGraphics {
    /// The most base64 characters in one escape code (a multiple of 4, as the protocol requires
    /// of every chunk but the last).
    package static let chunkLength = 4096

    /// A PNG file's bytes, shown at the cursor in `columns` × `rows` cells.
    package static func encodePNG(_ png: [UInt8], columns: Int, rows: Int) -> String {
        encode(png, keys: "a=T,f=100,q=2,c=\(columns),r=\(rows)")
    }

    /// 8-bit RGBA pixels (row by row, 4 bytes each), shown at the cursor at their own size.
    package static func encodeRGBA(_ rgba: [UInt8], width: Int, height: Int) -> String {
        precondition(rgba.count == 4 * width * height, "rgba.count (\(rgba.count)) must be 4 * \(width) * \(height)")
        return encode(rgba, keys: "a=T,f=32,s=\(width),v=\(height),q=2")
    }

    /// The escape codes that carry `payload` with `keys` on the first chunk.
    package static func encode(_ payload: [UInt8], keys: String) -> String {
        let base64 = Array(Data(payload).base64EncodedString().utf8)
        var codes = ""
        var start = 0
        repeat {
            let end = min(base64.count, start + chunkLength)
            let more = end < base64.count ? 1 : 0
            let chunk = String(decoding: base64[start..<end], as: UTF8.self)
            codes += "\u{1B}_G" + (start == 0 ? keys + "," : "") + "m=\(more);" + chunk + "\u{1B}\\"
            start = end
        } while start < base64.count
        return codes
    }
}
