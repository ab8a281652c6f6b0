/// Something only a lesson's HTML page shows: an element and its style rules, placed right after
/// the results of the cell that made it (a live frosted-glass panel, `GlassDemo`). The terminal,
/// Markdown and data renderers ignore it.
///
/// The page gives each island an element id, its `idStem` numbered in page order
/// (`glass-demo-1`, `glass-demo-2`, …), and adds its rules to the page's style sheet.
package protocol HTMLIsland: Sendable {
    /// The start of the element ids the page gives islands of this kind.
    var idStem: String { get }
    /// The element, with `id`.
    func html(id: String) -> String
    /// The style rules for the element with `id`.
    func css(id: String) -> String
    /// Whether `other` is the same island (for `Report`'s equality).
    func isEqual(to other: any HTMLIsland) -> Bool
    /// Files in the page folder the island shows (a picture behind it), by name.
    var files: [String] { get }
}

extension HTMLIsland {
    package var files: [String] { [] }
}

extension HTMLIsland where Self: Equatable {
    package func isEqual(to other: any HTMLIsland) -> Bool { (other as? Self) == self }
}

/// A page-only block of a `Report`: an `HTMLIsland` of any kind.
package struct PageExtra: Sendable, Equatable {
    package var island: any HTMLIsland

    package static func == (a: PageExtra, b: PageExtra) -> Bool { a.island.isEqual(to: b.island) }
}
