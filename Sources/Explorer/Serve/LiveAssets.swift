import Foundation
import ShippedFiles

/// The page's script and style (`Serve/Resources/`), built into the executable through
/// `ShippedFiles`; `explorer export` writes them into the site's `assets/`.
enum LiveAssets {
    /// The assets' file names.
    static let names = ["live.js", "live.css"]

    /// The text of asset `name`.
    static func text(_ name: String) -> String? {
        ShippedFiles.contents(of: "Sources/Explorer/Serve/Resources/" + name).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
