import ArgumentParser
import BlurKit
import Foundation

/// The options of a command that can also draw its images as a strip (`blur --strip`,
/// `compare --strip`).
struct StripOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also draw the images side by side, captioned, into this PNG.", valueName: "file.png"))
    var strip: String?
    @Option(help: ArgumentHelp("With --strip: enlarge this region of every panel under it (nearest neighbour, so pixels show).",
                               valueName: "x,y,w,h"))
    var inset: String?
    @Option(help: "With --strip: the strip's title (default: what it compares).")
    var title: String?
    @OptionGroup var closeUps: CloseUpOptions

    func validate() throws {
        if let inset { _ = try StripSupport.parseInset(inset) }
        if strip == nil {
            if inset != nil { throw ValidationError("--inset needs --strip FILE.png") }
            if title != nil { throw ValidationError("--title needs --strip FILE.png") }
            if closeUps.isUsed { throw ValidationError("--corner-inset, --inset-zoom and --outline need --strip FILE.png") }
        }
    }

    /// The parsed `--inset`, or nil.
    func parsedInset() throws -> Strip.Inset? {
        try inset.map(StripSupport.parseInset)
    }
}

/// What the strip-drawing commands share: parsing `--inset` and `--amplify`, choosing the
/// amplification of difference panels, and writing a strip with its alt text.
enum StripSupport {
    /// The largest automatic amplification: beyond it the colour scale would span less than
    /// 255 / 65536 ≈ 0.004 of an 8-bit step, below Float32 rounding of the blurs.
    static let maximumAmplification: Float = 65536

    /// Parses `X,Y,W,H` (whole pixels, W and H at least 1) into an inset whose zoom is chosen by
    /// the strip.
    static func parseInset(_ text: String) throws -> Strip.Inset {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
            throw ValidationError("--inset takes four whole numbers X,Y,W,H (the region's corner and size in image pixels), e.g. 96,96,32,32; got '\(text)'")
        }
        let x = parts[0]!, y = parts[1]!, w = parts[2]!, h = parts[3]!
        guard x >= 0, y >= 0, w >= 1, h >= 1 else {
            throw ValidationError("--inset \(text): X and Y must be 0 or more and W, H at least 1")
        }
        return Strip.Inset(x: x, y: y, width: w, height: h)
    }

    /// Checks an `--amplify` value: a finite number above 0.
    static func checkAmplification(_ value: Double?) throws {
        guard let value else { return }
        guard value.isFinite, value > 0, value <= Double(maximumAmplification) else {
            throw ValidationError("--amplify must be a number above 0 and at most \(Int(maximumAmplification)), got \(value)")
        }
    }

    /// The amplification chosen when none is given: the largest power of two 2ᵏ (1 ≤ 2ᵏ ≤ 65536)
    /// with 2ᵏ · largest ≤ 255, so the largest difference lands in the top half of the colour
    /// scale without saturating; 1 when there is no difference at all.
    ///
    /// - Parameter largest: the largest difference in 8-bit units (0…255).
    static func automaticAmplification(largest: Double) -> Float {
        guard largest > 0, largest.isFinite else { return 1 }
        var amplification: Float = 1
        while amplification < maximumAmplification, Double(amplification) * 2 * largest <= 255 { amplification *= 2 }
        return amplification
    }

    /// The largest per-pixel difference a difference panel of `image` against `reference` shows,
    /// in 8-bit units (`Strip.difference`).
    static func largestDifference(_ image: RGBAImage, reference: RGBAImage) -> Double {
        Double(Strip.difference(image, reference: reference).max() ?? 0) * 255
    }

    /// "12.3 (8-bit)": a difference for a caption.
    static func eightBit(_ x: Double) -> String {
        "\(NumberText.significant(x, 3)) (8-bit)"
    }

    /// Renders `strip` with its captions fitted (`fittingCaptions`), writes it to `requested`
    /// (the lesson's folder in a lesson) with the command recorded, and returns its figure with
    /// the strip's alt text.
    static func write(_ strip: Strip, to requested: String, context: RunContext) throws -> Figure {
        let fitted = fittingCaptions(strip)
        let path = try context.writePNG(try fitted.render(), to: requested)
        return Figure(path: path, altText: fitted.altText(), caption: fitted.title)
    }

    /// The narrowest width a caption line is wrapped to, in strip pixels.
    static let minimumCaptionWidth = 320

    /// `strip` with each caption line that is wider than its panel as shown (at least 320 px)
    /// broken at `, ` and ` · ` into several lines.
    ///
    /// A strip's column is as wide as its widest caption line, so one long line would spread
    /// every panel apart; breaking it keeps the panels close at the 30 px caption size.
    static func fittingCaptions(_ strip: Strip) -> Strip {
        var fitted = strip
        let scale = strip.scale ?? strip.automaticScale
        for i in fitted.panels.indices {
            let width = fitted.panels[i].image.width
            let shown: Int
            switch scale {
            case .enlarge(let n): shown = width * n
            case .reduce(let n): shown = (width + n - 1) / n
            }
            let limit = max(shown, minimumCaptionWidth)
            fitted.panels[i].caption = fitted.panels[i].caption.flatMap { wrap($0, width: limit) }
        }
        return fitted
    }

    /// A caption line broken at `, ` (the comma stays at the end of the line) and ` · ` (dropped
    /// at a break) into lines at most `width` px wide in the caption font, where it can be.
    static func wrap(_ line: String, width: Int) -> [String] {
        let font = BitmapFont.caption
        guard font.measure(line).width > width else { return [line] }
        var pieces: [(separator: String, text: String)] = []
        var rest = Substring(line)
        var separator = ""
        while let range = [rest.range(of: ", "), rest.range(of: " · ")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            pieces.append((separator, String(rest[..<range.lowerBound])))
            separator = String(rest[range])
            rest = rest[range.upperBound...]
        }
        pieces.append((separator, String(rest)))
        var lines: [String] = []
        var current = pieces[0].text
        for piece in pieces.dropFirst() {
            let joined = current + piece.separator + piece.text
            if font.measure(joined).width <= width {
                current = joined
            } else {
                lines.append(current + (piece.separator == ", " ? "," : ""))
                current = piece.text
            }
        }
        lines.append(current)
        return lines
    }

    /// A short name for an input in captions: `photo`, `builtin:edges`, `a.png` → `a`.
    static func shortName(_ source: String) -> String {
        if source.hasPrefix("builtin:") { return source }
        let file = (source as NSString).lastPathComponent
        let stem = (file as NSString).deletingPathExtension
        return stem.isEmpty ? file : stem
    }
}
