import BlurCanvas
import BlurCore

extension Strip {
    /// The close-up `--inset auto` chooses: a square about a fifth of the picture's shorter side,
    /// where the first panel (the strip's input) has most detail (the sum of the squared steps of
    /// its luma, weighted by alpha and averaged over 2×2 pixels: strong edges count more than fine
    /// texture, and a pattern that alternates from pixel to pixel not at all).
    ///
    /// Only the input counts, never the blurred panels or their differences: a strip made again at
    /// another σ (or method, or edge mode) of the same picture puts its close-up on the same
    /// rectangle, so a slider that moves shows the same region changing (issue 39). Candidates lie
    /// on a grid a quarter of the square apart; the first best one wins, so the choice is the same
    /// on every run. Nil for a strip without panels.
    package func automaticInset() -> Inset? {
        guard let first = panels.first else { return nil }
        let width = panels.map(\.image.width).min() ?? 0, height = panels.map(\.image.height).min() ?? 0
        guard width > 0, height > 0 else { return nil }
        let side = max(1, min(max(8, min(width, height) / 5), min(width, height)))
        let table = PanelPixels.detailSums(first.image, width: width, height: height)
        func sum(_ x: Int, _ y: Int) -> Double {
            let a = table[y * (width + 1) + x], b = table[y * (width + 1) + x + side]
            let c = table[(y + side) * (width + 1) + x], d = table[(y + side) * (width + 1) + x + side]
            return d - b - c + a
        }
        let step = max(1, side / 4)
        var best = (x: (width - side) / 2, y: (height - side) / 2, sum: -1.0)
        var ys = Array(stride(from: 0, through: height - side, by: step)),
            xs = Array(stride(from: 0, through: width - side, by: step))
        if ys.last != height - side { ys.append(height - side) }
        if xs.last != width - side { xs.append(width - side) }
        for y in ys {
            for x in xs {
                let s = sum(x, y)
                if s > best.sum * (1 + 1e-9) + 1e-12 { best = (x, y, s) }
            }
        }
        return Inset(x: best.x, y: best.y, width: side, height: side)
    }
}
