import Foundation
import ShippedFiles

/// The page's scripts and style: plain files in the package (`Serve/Resources/`), built into the
/// executable through `ShippedFiles`, so an installed or static `explorer` needs no folder
/// beside it; `explorer export` writes them into the site's `assets/`.
enum LiveAssets {
    /// The assets' file names.
    static let names = ["live.js", "live.css"]

    /// The text of asset `name`.
    static func text(_ name: String) -> String? { texts[name] }

    /// Each asset decoded once.
    private static let texts: [String: String] = {
        var texts: [String: String] = [:]
        for name in names {
            guard let bytes = ShippedFiles.contents(of: "Sources/Explorer/Serve/Resources/" + name) else { continue }
            texts[name] = String(decoding: bytes, as: UTF8.self)
        }
        return texts
    }()
}
