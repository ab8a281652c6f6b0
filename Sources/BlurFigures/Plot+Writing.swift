import BlurCore
import BlurPNG
import Foundation

/// Writing a plot's three files, and the checks before it.
extension Plot {
    /// What `write` produced.
    public struct Output: Sendable, Equatable {
        /// The picture, `FOLDER/NAME.png`.
        public var pngPath: String
        /// The numbers, `FOLDER/NAME.dat` (`dataText()`).
        public var dataPath: String
        /// The gnuplot script, `FOLDER/NAME.gp` (`gnuplotScript(name:)`), which redraws the PNG.
        public var scriptPath: String
        /// True when gnuplot was not found and the built-in plotter drew the PNG.
        public var usedFallback: Bool
        /// gnuplot's warnings (non-fatal), one line each.
        public var warnings: [String]
    }

    /// Writes `NAME.dat`, `NAME.gp` and `NAME.png` into `folder`, each atomically.
    ///
    /// - Parameters:
    ///   - name: the files' shared name, without extension: a plain file name, no `/`, not
    ///     starting with `.`.
    ///   - folder: the folder to write into; it must exist.
    ///   - searchPath: where to look for `gnuplot`, in PATH form (`/usr/bin:/bin`); nil uses the
    ///     environment's PATH. A path without gnuplot selects the built-in plotter.
    ///   - command: recorded in the PNG's `tEXt` chunk (`Software-Command`), as `PNG.write` does.
    /// - Returns: the three paths, whether the built-in plotter drew the PNG, and gnuplot's warnings.
    /// - Throws: `BlurKitError` when `name` is not a plain file name, no series has a finite point, a log axis has no positive
    ///   value, a file cannot be written, or gnuplot exits with an error or leaves no valid PNG
    ///   (its message in one line).
    public func write(name: String, in folder: String, searchPath: String? = nil, command: String? = nil) throws
        -> Output
    {
        try validate()
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw BlurKitError("plot name '\(name)' must be a plain file name without '/' or a leading '.'")
        }
        let base = (folder as NSString).appendingPathComponent(name)
        try AtomicFile.write(text: dataText(), to: base + ".dat")
        try AtomicFile.write(text: gnuplotScript(name: name), to: base + ".gp")
        var output = Output(
            pngPath: base + ".png", dataPath: base + ".dat", scriptPath: base + ".gp",
            usedFallback: false, warnings: [])
        if let gnuplot = Gnuplot.locate(searchPath: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "") {
            output.warnings = try Gnuplot.run(
                executable: gnuplot, script: name + ".gp", output: name + ".png",
                in: folder, command: command)
        } else {
            let image = FallbackPlotter.render(self)
            try PNG.write(image, to: base + ".png", command: command, alpha: !PNG.isOpaque(image))
            output.usedFallback = true
        }
        return output
    }

    func validate() throws {
        guard width >= 200, height >= 150 else {
            throw BlurKitError("plot size \(width)×\(height) is too small (at least 200×150)")
        }
        let drawn = drawnSeries.map(\.series)
        guard !drawn.isEmpty else { throw BlurKitError("plot '\(title)' has no finite point to draw") }
        if logX, !drawn.contains(where: { $0.finitePoints.contains { $0.x > 0 } }) {
            throw BlurKitError("plot '\(title)': log x axis needs a positive x value, but none is")
        }
        let left = drawn.filter { !onRightAxis($0) }, right = drawn.filter(onRightAxis)
        if logY, !left.isEmpty, !left.contains(where: { $0.finitePoints.contains { $0.y > 0 } }) {
            throw BlurKitError("plot '\(title)': log y axis needs a positive y value, but none is")
        }
        if logY2, !right.isEmpty, !right.contains(where: { $0.finitePoints.contains { $0.y > 0 } }) {
            throw BlurKitError("plot '\(title)': log right y axis needs a positive value, but none is")
        }
        if let xRange, !(xRange.upperBound > xRange.lowerBound) || (logX && xRange.lowerBound <= 0) {
            throw BlurKitError("plot '\(title)': x range \(xRange) is empty, or not positive on a log axis")
        }
    }
}
