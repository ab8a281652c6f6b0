import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer arith 'a + 1.5 * (a - b)' --let a=photo --let b=blurred.png -o sharp.png`:
/// per-pixel arithmetic over pictures, in the lessons' expression language.
struct ArithCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "arith",
        abstract: "Compute a picture pixel by pixel from other pictures: a + 1.5 * (a - b), a - b, max(a - 0.8, 0).",
        discussion: """
            The expression is the lessons' own (+ - * / ^, parentheses, min, max, abs, floor, ceil, round, sqrt, \
            exp, log, pi and numbers); each name given with --let NAME=PICTURE stands for that picture's value, \
            0…1, in each of R, G and B. It is worked out in Float32, in stored values or with --linear in linear \
            light (decoded from sRGB first, encoded after), then clipped to 0…1; the report counts the pixels and \
            channel values clipped. Alpha is the first picture's. Limits: 1 to \(PixelProgram.maxPictures) \
            pictures of one size, at most \(PixelProgram.maxInstructions) operations on pictures, each picture \
            at most --max-pixels. The output has 16 bits a channel when an input PNG has (--depth overrides).
            """
    )

    @Argument(help: "The expression, e.g. 'a + 1.5 * (a - b)'.") var expression: String
    @Option(
        name: .customLong("let"),
        help: ArgumentHelp(
            "A name and its picture: a PNG path, builtin:NAME[@WxH] or photo.", valueName: "name=picture"))
    var bindings: [String] = []
    @OptionGroup var pictureOutput: PictureOutputOptions
    @Flag(help: "Work in linear light (decode sRGB, compute, encode) instead of on the stored values.") var linear =
        false
    @Option(help: "Bits per channel of the output PNG: 8 or 16 (default: 16 when an input PNG has 16).")
    var depth: PNG.Depth?
    @OptionGroup var inputOptions: InputOptions
    @OptionGroup var formatOptions: FormatOptions

    /// The `--let` pairs, checked: names as lesson names are, each once.
    func pairs() throws -> [(name: String, source: String)] {
        guard !bindings.isEmpty else {
            throw ValidationError("give at least one picture with --let NAME=PICTURE, e.g. --let a=photo")
        }
        guard bindings.count <= PixelProgram.maxPictures else {
            throw ValidationError("--let: at most \(PixelProgram.maxPictures) pictures, got \(bindings.count)")
        }
        var seen = Set<String>()
        return try bindings.map { binding in
            guard let equals = binding.firstIndex(of: "="), equals != binding.startIndex,
                binding.index(after: equals) != binding.endIndex
            else {
                throw ValidationError("--let takes NAME=PICTURE, e.g. a=photo; got '\(binding)'")
            }
            let name = String(binding[..<equals]), source = String(binding[binding.index(after: equals)...])
            guard name.first!.isLetter, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                !LessonExpression.reservedNames.contains(name), !LessonExpression.functions.contains(name)
            else {
                throw ValidationError(
                    "--let \(binding): a name is letters, digits and _, starting with a letter, and not pi, true, false, and, or, not or a function"
                )
            }
            guard seen.insert(name).inserted else { throw ValidationError("--let \(name) is given twice") }
            return (name, source)
        }
    }

    func program() throws -> PixelProgram {
        do { return try PixelProgram.compile(expression, pictures: try pairs().map(\.name)) } catch let failure
            as LessonExpression.Failure
        {
            throw ValidationError(failure.message)
        }
    }

    func validate() throws {
        _ = try program()
    }

    func makeReport(_ context: RunContext) throws -> Report {
        let pairs = try pairs(), program = try program()
        let images = try pairs.map { try inputOptions.load($0.source, in: context) }
        let width = images[0].width, height = images[0].height
        for (pair, image) in zip(pairs, images) where image.width != width || image.height != height {
            throw ValidationError(
                "\(pair.name) (\(pair.source)) is \(image.width)×\(image.height) and \(pairs[0].name) is \(width)×\(height); the pictures must be the same size"
            )
        }
        var result = RGBAImage(width: width, height: height)
        var count = ClipCount()
        let rowLength = 4 * width
        // One row of each picture (in linear light with --linear), the program's row and its
        // registers, reused row after row. The loops walk raw pointers, so that a debug build
        // (`swift run`, the tests) does not pay a checked array access per value.
        var rows = [Float](repeating: 0, count: images.count * rowLength)
        var out = [Float](repeating: 0, count: rowLength)
        var scratch: [Float] = []
        // Read once: an option's getter (a property wrapper) costs more than the arithmetic.
        let linear = linear
        let planes = images.map(\.pixels)
        for y in 0..<height {
            let start = y * rowLength
            rows.withUnsafeMutableBufferPointer { rows in
                let first = rows.baseAddress!
                for k in planes.indices {
                    planes[k].withUnsafeBufferPointer { plane in
                        let from = plane.baseAddress! + start, to = first + k * rowLength
                        var i = 0
                        while i < rowLength {
                            to[i] = linear && i % 4 != 3 ? ColourSpace.linear(fromSRGB: from[i]) : from[i]
                            i += 1
                        }
                    }
                }
                let inputs = planes.indices.map {
                    UnsafeBufferPointer(start: UnsafePointer(first + $0 * rowLength), count: rowLength)
                }
                out.withUnsafeMutableBufferPointer { program.run(inputs: inputs, scratch: &scratch, output: $0) }
            }
            result.pixels.withUnsafeMutableBufferPointer { pixels in
                out.withUnsafeBufferPointer { out in
                    planes[0].withUnsafeBufferPointer { plane in
                        let to = pixels.baseAddress! + start, values = out.baseAddress!
                        let alpha = plane.baseAddress! + start
                        var x = 0
                        while x < width {
                            var clipped = false
                            var c = 0
                            while c < 3 {
                                let kept = count.clip(values[4 * x + c], clipped: &clipped)
                                let stored = linear ? ColourSpace.sRGB(fromLinear: kept) : kept
                                to[4 * x + c] = stored
                                count.sum += Double(stored)
                                c += 1
                            }
                            if clipped { count.pixels += 1 }
                            to[4 * x + 3] = alpha[4 * x + 3]
                            x += 1
                        }
                    }
                }
            }
        }
        let sixteen = depth ?? (pairs.contains { Self.isSixteenBit($0.source, context) } ? .sixteen : .eight)
        let path = try context.writePNG(result, to: pictureOutput.output, depth: sixteen)
        return report(path: path, count: count, pixels: width * height, pairs: pairs, depth: sixteen)
    }

    /// Whether `source` is a PNG file of 16 bits a channel.
    static func isSixteenBit(_ source: String, _ context: RunContext) -> Bool {
        guard !source.hasPrefix("builtin:") else { return false }
        return (try? PNGInfo.read(PackageFolders.image(context.inputPath(source))))?.bitDepth == 16
    }

    func report(path: String, count: ClipCount, pixels: Int, pairs: [(name: String, source: String)], depth: PNG.Depth)
        -> Report
    {
        var report = Report()
        let names = pairs.map { "\($0.name) = \($0.source)" }.joined(separator: ", ")
        let share = 100 * Double(count.pixels) / Double(pixels)
        let mean = 255 * count.sum / Double(3 * pixels)
        report.text(
            "Computed \(expression) over \(names), \(linear ? "in linear light" : "on the stored values"), in Float32; "
                + "written with \(depth.rawValue) bits a channel.")
        var table = Table(
            title: "\(expression): range, mean and clipping", name: "arith",
            columns: [
                Table.Column(key: "result", title: "result", alignRight: false),
                Table.Column(key: "min", title: "lowest", unit: "levels"),
                Table.Column(key: "max", title: "highest", unit: "levels"),
                Table.Column(key: "mean", title: "mean", unit: "levels"),
                Table.Column(key: "clippedPixels", title: "clipped", unit: "pixels"),
                Table.Column(key: "clippedPercent", title: "share", unit: "%"),
                Table.Column(key: "below", title: "< 0", unit: "values"),
                Table.Column(key: "above", title: "> 1", unit: "values")
            ])
        table.append([
            .text((path as NSString).lastPathComponent), .number(255 * Double(count.lowest), digits: 1),
            .number(255 * Double(count.highest), digits: 1), .number(mean, digits: 3), .integer(count.pixels),
            .number(share, digits: 2),
            .integer(count.below), .integer(count.above)
        ])
        table.notes = [
            "lowest and highest: the result before clipping, ×255\(linear ? ", in linear light" : ""); mean: "
                + "of R, G and B as written, before rounding, ×255; "
                + "a pixel is clipped when any of R, G, B is outside 0…1. Not-a-number results count as below 0."
        ]
        report.table(table)
        report.measures = [
            "clippedPixels": Double(count.pixels), "clippedPercent": share, "lowest": 255 * Double(count.lowest),
            "highest": 255 * Double(count.highest), "below": Double(count.below), "above": Double(count.above),
            "mean": mean
        ]
        if pictureOutput.figure {
            report.figure(Figure(path: path, altText: "\(expression) with \(names)", caption: nil))
        }
        return report
    }
}

/// What clipping a result to 0…1 cut off: channel values below and above, pixels touched, and
/// the range before clipping.
struct ClipCount {
    var below = 0, above = 0, pixels = 0
    var lowest = Float.infinity, highest = -Float.infinity
    /// The sum of the values kept, as written (for the mean).
    var sum = 0.0

    /// `v` clipped to 0…1, counted; sets `clipped` when it was outside. NaN becomes 0.
    mutating func clip(_ v: Float, clipped: inout Bool) -> Float {
        guard !v.isNaN else { below += 1; clipped = true; return 0 }
        lowest = min(lowest, v)
        highest = max(highest, v)
        if v < 0 { below += 1; clipped = true; return 0 }
        if v > 1 { above += 1; clipped = true; return 1 }
        return v
    }
}
