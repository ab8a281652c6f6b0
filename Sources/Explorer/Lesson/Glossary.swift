/// The glossary of the table columns lessons show — effective σ, interior and border, max
/// error, RMSE, PSNR, impulse L∞, ns/px — written once into the output folder
/// (`glossary.md`, `glossary.html`) and linked from every page whose tables use them.
///
/// Each entry names the table column keys it explains (`Table.Column.key`, the same in every
/// command), so a page links exactly the entries its tables need.
enum Glossary {
    struct Entry: Equatable, Sendable {
        /// The fragment id in the glossary page (`psnr`).
        var anchor: String
        var term: String
        /// The table column keys this entry explains.
        var keys: [String]
        /// The definition, Markdown.
        var definition: String
    }

    static let entries: [Entry] = [
        Entry(anchor: "effective-sigma", term: "effective σ (eff. σ, achieved σ)", keys: ["effectiveSigma", "achievedSigma"],
              definition: """
              The standard deviation, in pixels, of a method's 1-D impulse response: √(Σ wₓ·(x − μ)²) over its \
              weights wₓ (which sum to 1), μ their mean offset. It is the σ the method really blurs with; a box \
              of width w has (w² − 1)/12 as its variance, and the variances of passes add.
              """),
        Entry(anchor: "interior-and-border", term: "interior and border", keys: ["interiorMax", "interiorRMSE", "interiorPSNR", "borderMax", "interiorPixels"],
              definition: """
              The interior is every pixel farther than the method's reach from each edge of the image: its whole \
              window lies inside, so the edge mode plays no part. The border is every other pixel, where the edge \
              mode (zero, clamp, reflect, mirror, wrap) decides what the window reads. Errors are given for each \
              region separately, so an edge effect does not hide in an average.
              """),
        Entry(anchor: "max-error", term: "max err", keys: ["interiorMax", "borderMax"],
              definition: """
              The largest |method − reference| over every pixel and channel (R, G, B, A) of the region, in 8-bit \
              levels: 1 is one step of 255, so 0.4 means no value is off by even half a step. The reference is an \
              exact Gaussian computed in Float64 and cut at ⌈8σ⌉.
              """),
        Entry(anchor: "rmse", term: "RMSE", keys: ["interiorRMSE"],
              definition: """
              Root mean square error over the region's values, in 8-bit levels: √(mean of (method − reference)²). \
              It weighs every pixel, where max err reports the worst one.
              """),
        Entry(anchor: "psnr", term: "PSNR", keys: ["interiorPSNR"],
              definition: """
              Peak signal-to-noise ratio, 20·log₁₀(255 / RMSE) in decibels, on the interior: higher is closer; \
              each 6.02 dB more halves the RMSE; ∞ means identical values.
              """),
        Entry(anchor: "impulse-linf", term: "impulse L∞", keys: ["impulseLinf"],
              definition: """
              The largest |difference| between a method's 1-D impulse response (what it makes of one white pixel) \
              and the ideal Gaussian's pixel weights (the Gaussian integrated over each pixel), beyond the kernel's \
              end included. It is a weight, without unit: it describes the kernel, whatever the image.
              """),
        Entry(anchor: "ns-per-pixel", term: "ns/px (time, median, min, max)", keys: ["nsPerPixel", "minNsPerPixel", "maxNsPerPixel", "nsPerPixelRange"],
              definition: """
              Nanoseconds per pixel (one RGBA pixel, all four channels): the median of the timed runs after a \
              warm-up run, with the fastest and slowest run beside it, as measured by the run that shows it. Times \
              the pixel count to get a frame: 10 ns/px on 1920×1080 (2 073 600 pixels) is 20.7 ms.
              """),
    ]

    /// The entries that explain a column of `table`, in glossary order.
    static func entries(for table: Table) -> [Entry] {
        let keys = Set(table.columns.map(\.key))
        return entries.filter { !keys.isDisjoint(with: $0.keys) }
    }

    /// One line under a table: its columns' entries, linked into the glossary page `page`
    /// (`../glossary.md` or `../glossary.html`); nil when the table uses none.
    static func line(for table: Table, page: String) -> String? {
        let used = entries(for: table)
        guard !used.isEmpty else { return nil }
        return "Columns explained: " + used.map { "[\($0.term.split(separator: " (").first ?? "")](\(page)#\($0.anchor))" }
            .joined(separator: " · ")
    }

    /// The glossary as Markdown; each term's heading carries an explicit anchor for the links.
    static func markdown(indexLink: String) -> String {
        var text = "# Glossary of the table columns\n\n"
        text += "*What the numbers in the lessons' tables mean.* [All lessons](\(indexLink))\n"
        for entry in entries {
            text += "\n<a id=\"\(entry.anchor)\"></a>\n\n## \(entry.term)\n\n\(entry.definition)\n"
        }
        return text
    }
}
