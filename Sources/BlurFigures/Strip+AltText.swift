import BlurCore

/// The strip described in words, for the pages' alt text.
extension Strip {
    /// A description of the strip for readers who cannot see it: title, each panel with its
    /// caption, their arrangement (side by side, or in rows) and scale, the inset, and each
    /// difference panel's amplification, colour scale and largest difference.
    package func altText() -> String {
        let layout = layout()
        var parts: [String] = []
        if let title { parts.append(title + ".") }
        let sizes = Set(panels.map { "\($0.image.width)×\($0.image.height)" }).sorted()
        let rows = (panels.count + layout.columns - 1) / layout.columns
        let arrangement = rows == 1 ? "side by side" : "in \(rows) rows of \(layout.columns)"
        parts.append(
            "\(panels.count) panel\(panels.count == 1 ? "" : "s") \(arrangement) (\(sizes.joined(separator: ", ")) pixels, \(layout.scale.description))."
        )
        for (i, panel) in panels.enumerated() {
            let caption = panel.caption.isEmpty ? "no caption" : panel.caption.joined(separator: ", ")
            switch panel.kind {
            case .image:
                parts.append("Panel \(i + 1): \(caption).")
            case .difference(let reference, let a):
                var text =
                    "Panel \(i + 1): \(caption); difference map, |difference| × \(Self.number(a)) in the \(colourMap.name) colour map (darkest = no difference, full scale = \(Plot.short(255 / Double(a))) in 8-bit units)"
                if reference.width == panel.image.width, reference.height == panel.image.height {
                    let largest = (Self.difference(panel.image, reference: reference).max() ?? 0) * 255
                    text += ", largest difference \(Plot.short(Double(largest))) in 8-bit units"
                }
                parts.append(text + ".")
            }
        }
        if let inset, let zoom = layout.insetZoom {
            let place = layout.closeUpsBeside ? "To the right of each panel" : "Below each panel"
            parts.append(
                "\(place), the region \(inset.region.width)×\(inset.region.height) at (\(inset.region.x), \(inset.region.y)) enlarged \(zoom)× with visible pixels; it is outlined in orange on each panel."
            )
        }
        if let outlined = outlinesAltText() { parts.append(outlined) }
        return parts.joined(separator: " ")
    }
}
