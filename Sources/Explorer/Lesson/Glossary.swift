import Authoring
import BlurKit

/// The glossary of the table columns lessons show — effective σ, interior and border, max
/// error, RMSE, PSNR, impulse L∞, reads and passes, ns/px — written once into the output folder
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
        Entry(
            anchor: "effective-sigma", term: "effective σ (eff. σ, achieved σ)",
            keys: ["effectiveSigma", "achievedSigma"],
            definition: """
                The standard deviation, in pixels, of a method's 1-D impulse response: √(Σ wₓ·(x − μ)² / Σ wₓ), μ the \
                weights' mean offset (0 for a symmetric kernel). In `compare` the weights wₓ are measured: one white \
                pixel in a transparent image, blurred by the method with `zero` edges, its alpha summed over each \
                column. In `kernel` they are the normalised kernel; in `boxes` (achieved σ) the closed form \
                √(Σ(wᵢ² − 1)/12) for box widths wᵢ, since the variances of passes add. It is the σ the method really \
                blurs with: smaller than asked when the kernel is cut, larger when weights are integrated over \
                pixels, different for σ below 1 or for a box of the nearest odd width.
                """),
        Entry(
            anchor: "interior-and-border", term: "interior and border",
            keys: ["interiorMax", "interiorRMSE", "interiorPSNR", "borderMax", "interiorPixels"],
            definition: """
                A pixel (x, y) of a W×H image is interior when reach ≤ x < W − reach and reach ≤ y < H − reach: its \
                whole window lies inside, so the edge mode plays no part. The border band is every other pixel, \
                where the edge mode (zero, clamp, reflect, mirror, wrap) decides what the window reads. The reach is \
                how far the method reads: its radius R for `box`, `gaussian2d` and `separable`, the sum of the box \
                radii for `iterated-box`, more than the small copy's radius times the factor for `downsampled`; so \
                two rows of one table may split the image differently. With no interior (2·reach ≥ W or H) the \
                interior cells are empty. Errors are given for each region separately, so an edge effect does not \
                hide in an average. (`motion`'s frame table has its own interior: pixels whose blur window lies \
                inside the snapshot.)
                """),
        Entry(
            anchor: "max-error", term: "max err", keys: ["interiorMax", "borderMax"],
            definition: """
                The largest |method − reference| over every pixel and channel (αR, αG, αB, A) of the region, in 8-bit \
                levels: 1 is one step of 255, so 0.4 means no value is off by even half a step. Colours are compared \
                premultiplied by their alpha, the light they add over any backdrop, so a colour under alpha 0, \
                which is never seen, costs nothing (for an opaque picture this is the colour itself); the method's \
                Float32 output is neither clamped nor rounded to 8 bits. The \
                reference is the input blurred in Float64 by a Gaussian point-sampled at whole pixels, cut at ⌈8σ⌉ \
                and normalised, with the method's edge mode, on premultiplied colour.
                """),
        Entry(
            anchor: "rmse", term: "RMSE", keys: ["interiorRMSE"],
            definition: """
                Root mean square error over the interior, in 8-bit levels: √(Σ e² / 4N) for the N interior pixels, \
                the sum over all four channels αR, αG, αB and A. It weighs every pixel, where max err reports the worst \
                one. Because alpha counts as a channel, an opaque image whose alpha is reproduced exactly gets √(3/4) \
                ≈ 0.87 times the RMSE of its colour channels alone.
                """),
        Entry(
            anchor: "psnr", term: "PSNR", keys: ["interiorPSNR"],
            definition: """
                Peak signal-to-noise ratio, 20·log₁₀(255 / RMSE) in decibels, with the interior RMSE above (alpha \
                included): higher is closer; each 6.02 dB more halves the RMSE; ∞ means identical values. For an \
                opaque image it is 10·log₁₀(4/3) ≈ 1.25 dB higher than a PSNR of the colour channels alone.
                """),
        Entry(
            anchor: "impulse-linf", term: "impulse L∞", keys: ["impulseLinf"],
            definition: """
                The largest |difference| between a method's 1-D impulse response (what it makes of one white pixel; \
                in `boxes` the exact convolution of the boxes) and the ideal weights, over every whole-pixel offset, \
                the first one beyond the response's end included. The ideal weights are \
                \(KernelAnalysis.idealWeightsDescription), so an exact kernel scores only its cut: the ideal's tail \
                beyond its last tap. It is a weight, without unit: it describes the kernel, whatever the image.
                """),
        Entry(
            anchor: "reads-and-passes", term: "reads and passes (cost counters)",
            keys: ["readsPerPixel", "memoryPasses"],
            definition: """
                Two counts of what a method's plan costs, read from the method as built (its radii, passes, levels, \
                padding), not timed. *Reads*: pixels read per output pixel over the whole plan: each tap of a kernel \
                (box and gaussian2d (2R+1)², separable 2·(2R+1)), two for each running-sum pass (the pixel entering \
                and the one leaving: iterated-box with 3 passes 3·2·2 = 12), the input of a recursion once, the \
                texels of each bilinear fetch, and a smaller level's reads in proportion to its size. *Passes*: how \
                many times the plan reads and writes a whole image (steps done on a line while it stays in cache \
                count once; a level of a quarter the size a quarter). Time follows reads while the image stays in \
                cache, passes once it does not. The FFT's counts are those of a radix-2 transform of the padded image.
                """),
        Entry(
            anchor: "ns-per-pixel", term: "ns/px (time, median, min, max)",
            keys: ["nsPerPixel", "minNsPerPixel", "maxNsPerPixel", "nsPerPixelRange"],
            definition: """
                Nanoseconds per pixel (one RGBA pixel, all four channels): the median of the timed runs after a \
                warm-up run, with the fastest and slowest run beside it, as measured by the run that shows it. One \
                run in `compare` is a whole blur (copy and premultiply, blur, un-premultiply) into a fresh image, \
                so it also pays for fresh memory; in `bench` the method's blur in place on seeded noise. Times the \
                pixel count to get a frame: 10 ns/px on 1920×1080 (2 073 600 pixels) is 20.7 ms. Times vary from \
                run to run and with the machine's load: compare them within one table.
                """)
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
        return "Columns explained: "
            + used.map { "[\($0.term.split(separator: " (").first ?? "")](\(page)#\($0.anchor))" }
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
