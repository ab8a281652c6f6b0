import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// The options of a command that can also draw its images as a strip (`blur --strip`,
/// `compare --strip`). Such a command declares `CloseUpOptions` beside these, not inside them:
/// ArgumentParser's debug build checks a group nested in a group four times more often, on every
/// parse of every lesson cell (docs/performance.md, "Many cells").
struct StripOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also draw the images side by side, captioned, into this PNG.", valueName: "file.png"))
    var strip: String?
    @Option(
        help: ArgumentHelp(
            "With --strip: enlarge this region of every panel under it (nearest neighbour, so pixels show); pixels or percentages of the image, or auto (where the first picture has most detail, whatever the other panels show).",
            valueName: "x,y,w,h|auto"))
    var inset: String?
    @Option(help: "With --strip: the strip's title (default: what it compares).")
    var title: String?

    func validate() throws {
        if let inset { _ = try StripSupport.parseInset(inset) }
        if strip == nil {
            if inset != nil { throw ValidationError("--inset needs --strip FILE.png") }
            if title != nil { throw ValidationError("--title needs --strip FILE.png") }
        }
    }

    /// Refuses close-ups without a strip to put them on (the command's `validate()` calls it).
    func check(_ closeUps: CloseUpOptions) throws {
        if strip == nil && closeUps.isUsed {
            throw ValidationError("--corner-inset, --inset-zoom and --outline need --strip FILE.png")
        }
    }

    /// The `--inset` on an image of `width`×`height`, or nil (also for `auto`, which
    /// `StripSupport.placeAutomaticInset` resolves once the panels are in).
    func parsedInset(width: Int, height: Int) throws -> Strip.Inset? {
        try inset.flatMap { try StripSupport.inset($0, width: width, height: height) }
    }
}

/// What the strip-drawing commands share: parsing `--inset` and `--amplify`, and writing a strip
/// with its alt text (the automatic amplification is `Strip.automaticAmplification`).
enum StripSupport {
    /// Parses `--inset X,Y,W,H` (`RectangleSpec`: whole pixels or percentages; X and Y at least
    /// 0, W and H at least 1).
    static func parseInset(_ text: String) throws -> RectangleSpec? {
        if isAutomatic(text) { return nil }
        do {
            return try RectangleSpec(parsing: text, option: "--inset", negativeOrigin: false)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The inset `text` stands for on an image of `width`×`height`, its zoom chosen by the strip;
    /// nil for `auto`.
    static func inset(_ text: String, width: Int, height: Int) throws -> Strip.Inset? {
        try parseInset(text).map { Strip.Inset($0.resolved(width: width, height: height)) }
    }

    /// Whether an `--inset` value asks for the automatic close-up.
    static func isAutomatic(_ text: String?) -> Bool { text == "auto" }

    /// With `--inset auto`: the close-up `Strip.automaticInset` chooses, once every panel is in.
    static func placeAutomaticInset(_ text: String?, on strip: inout Strip) {
        if isAutomatic(text) { strip.inset = strip.automaticInset() }
    }

    /// Checks an `--amplify` value: a finite number above 0.
    /// `--captions` split at `|`, one per image, or nil when none were given.
    ///
    /// - Throws: `ValidationError` when the number of captions is not the number of images.
    static func captions(_ text: String?, images: Int) throws -> [String]? {
        guard let text else { return nil }
        let list = text.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard list.count == images else {
            throw ValidationError(
                "--captions has \(list.count) caption\(list.count == 1 ? "" : "s") for \(images) image\(images == 1 ? "" : "s"); separate them with |"
            )
        }
        return list
    }

    static func checkAmplification(_ value: Double?) throws {
        guard let value else { return }
        guard value.isFinite, value > 0, value <= Double(Strip.maximumAmplification) else {
            throw ValidationError(
                "--amplify must be a number above 0 and at most \(Int(Strip.maximumAmplification)), got \(value)")
        }
    }

    /// "12.3 (8-bit)": a difference for a caption.
    static func eightBit(_ x: Double) -> String {
        "\(NumberText.significant(x, 3)) (8-bit)"
    }

    /// Renders `strip` with its captions fitted (`fittingCaptions`), writes it to `requested`
    /// (the lesson's folder in a lesson) with the command recorded, and returns its figure with
    /// the strip's alt text.
    ///
    /// In a lesson, a `pointing` plan also writes the strip's `FigurePointing` data beside it, for
    /// the page that a `pointingIsland` makes pointable.
    static func write(
        _ strip: Strip, to requested: String, context: RunContext, legend: ColourLegend? = nil,
        pointing: FigurePointing.Plan? = nil
    ) throws -> Figure {
        let fitted = fittingCaptions(strip)
        let pointingPath = context.inLesson ? FigurePointing.path(beside: context.outputPath(requested)) : nil
        let draw = { () throws -> RGBAImage in
            let picture = try fitted.render()
            if let pointing, let pointingPath {
                try FigurePointing.make(strip: fitted, picture: picture, plan: pointing).write(to: pointingPath)
            }
            guard var legend else { return picture }
            legend.textSize = fitted.captionFace.pixelSize
            return appending(legend, to: picture)
        }
        let path: String
        if let deferral = context.figureDeferral {
            // Drawn and written by the untimed lane before the page is; the figure's name and
            // text are known now.
            try fitted.validate()
            deferral.queue.add(line: deferral.line) { _ = try context.writePNG(try draw(), to: requested) }
            path = context.outputPath(requested)
        } else {
            path = try context.writePNG(try draw(), to: requested)
        }
        let legendText =
            legend.map { " Below: a colour bar, \($0.title), from 0 to \(NumberText.compact($0.maximum))." } ?? ""
        return Figure(path: path, altText: fitted.altText() + legendText, caption: fitted.title)
    }

    /// The page block that makes `figure` (written by `write` with a pointing plan) pointable.
    static func pointingIsland(for figure: Figure) -> PointingIsland {
        let name = (figure.path as NSString).lastPathComponent
        return PointingIsland(figure: name, data: (FigurePointing.path(beside: name) as NSString).lastPathComponent)
    }

    /// `picture` with `legend` centred under it, as wide as a difference legend of its face.
    static func appending(_ legend: ColourLegend, to picture: RGBAImage) -> RGBAImage {
        let width = min(picture.width - 2 * Strip.margin, max(legend.minimumWidth, 600 * legend.textSize / 30))
        var canvas = Canvas(
            width: picture.width, height: picture.height + legend.height + Strip.margin,
            background: FigureColour.background)
        canvas.draw(picture, x: 0, y: 0)
        legend.draw(on: &canvas, x: (picture.width - width) / 2, y: picture.height, width: width)
        return canvas.image
    }

    /// The narrowest width a caption line is wrapped to, in strip pixels.
    static let minimumCaptionWidth = 320

    /// `strip` with each caption line that is wider than its panel as shown, with its close-up when that stands beside it (at least 320 px
    /// at the 30-px face, more at a larger one) broken at `, ` and ` · ` into several lines.
    ///
    /// A strip's column is as wide as its widest caption line, so one long line would spread
    /// every panel apart; breaking it keeps the panels close at the caption size the strip's
    /// width asks for (`Strip+Arrangement.swift`).
    static func fittingCaptions(_ strip: Strip) -> Strip {
        var fitted = strip
        let widths = strip.captionWidths, font = strip.captionFace
        for i in fitted.panels.indices {
            let limit = max(widths[i], minimumCaptionWidth * font.pixelSize / BitmapFont.caption.pixelSize)
            fitted.panels[i].caption = fitted.panels[i].caption.flatMap { wrap($0, width: limit, font: font) }
        }
        return fitted
    }

    /// A caption line broken at `, ` (the comma stays at the end of the line) and ` · ` (dropped
    /// at a break) into lines at most `width` px wide in `font`, where it can be.
    static func wrap(_ line: String, width: Int, font: BitmapFont = .caption) -> [String] {
        guard font.measure(line).width > width else { return [line] }
        var pieces: [(separator: String, text: String)] = []
        var rest = Substring(line)
        var separator = ""
        while let range = [rest.range(of: ", "), rest.range(of: " · ")].compactMap({ $0 }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
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
