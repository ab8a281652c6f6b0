/// Columns per block of the vertical passes when they cannot be streamed (256 bytes a row).
let boxColumnLanes = 16

/// The box radii of the passes along one axis and the padded source map of each.
///
/// Passes before the last store plain running sums; the last multiplies by
/// `finalScale = Π 1/Lᵢ`, which normalises all of them at once (Lᵢ = 2rᵢ + 1 + 2α).
///
/// Every pass has the plan's `shape`: a box, an extended box or a triangle.
///
/// Down the columns, every schedule starts each pass's running sums afresh once more, at the
/// `seam` in the middle of a long column (`restart`): two threads then sweep the two halves of
/// the image each on its own (`boxFused`), and one thread gives the same pixels.
struct BoxPlan: Sendable {
    /// What every pass of a plan is.
    enum Shape: Equatable, Sendable {
        /// The running sum of 2rᵢ + 1 pixels.
        case box
        /// An extended box (`ExtendedBox`): the box's running sum plus `alpha` (> 0) times the two
        /// pixels just outside it, so the pass reaches rᵢ + 1 pixels and its padding is that much
        /// wider.
        case extended(alpha: Double)
        /// The stack blur's triangle of weights rᵢ + 1 − |k| (`StackBlur`,
        /// `LineKernels.trianglePassPair`), which reaches rᵢ + 1 pixels before the output pixel
        /// (rᵢ after) and divides by (rᵢ + 1)².
        case triangle
    }

    let radii: [Int]
    let shape: Shape
    let count: Int
    let maps: [[Int]]
    let finalScale: Float

    init(radii: [Int], count: Int, edges: EdgeMode, shape: Shape = .box) {
        if case .extended(let alpha) = shape { precondition(alpha > 0, "alpha (\(alpha)) must be > 0: else use .box") }
        self.radii = radii
        self.shape = shape
        self.count = count
        let extra = shape == .box ? 0 : 1
        self.maps = radii.map { edges.paddedSourceIndices(count: count, before: $0 + extra, after: $0 + extra) }
        self.finalScale = Float(
            radii.reduce(1.0) {
                switch shape {
                case .box: $0 / Double(2 * $1 + 1)
                case .extended(let alpha): $0 / (Double(2 * $1 + 1) + 2 * alpha)
                case .triangle: $0 / Double(($1 + 1) * ($1 + 1))
                }
            })
    }

    /// The extended boxes' α as the passes use it, or nil for other shapes.
    var alpha: Float? {
        if case .extended(let alpha) = shape { Float(alpha) } else { nil }
    }

    /// How far all passes together read beyond an output pixel: Σ `reach`.
    var totalReach: Int { radii.indices.reduce(0) { $0 + reach($1) } }

    /// The row from which the last pass's running sums start afresh down the columns, in a column
    /// of at least 4(Σ reach + 1) rows, else nil: Σ reach ÷ 2 below the middle (rounded down to an
    /// even row), where the two bands of `boxFused` have about the same work, the upper one
    /// reading Σ reach rows on each side of the seam whose horizontal passes the lower one makes
    /// (those passes take about half a row's time). Rows ignore it.
    var seam: Int? { count >= 4 * (totalReach + 1) ? (count + totalReach) / 2 / 2 * 2 : nil }

    /// The output row of pass `pass` at which its running sums start afresh (with the first
    /// sum of a window, as at row 0), so that the last pass's rows from `seam` on read only rows
    /// that started afresh too: `seam` − Σ `reach` of the passes after it. Nil without a seam.
    func restart(_ pass: Int) -> Int? {
        seam.map { seam in ((pass + 1)..<radii.count).reduce(seam) { $0 - reach($1) } }
    }

    /// The input row of the first pass at which pass `pass` emits its `restart` row.
    func restartInput(_ pass: Int) -> Int? {
        restart(pass).map { restart in (0...pass).reduce(restart) { $0 + reach($1) } }
    }

    /// The factor pass `pass` multiplies its sums by: 1, except for the last pass.
    func scale(_ pass: Int) -> Float { pass == radii.count - 1 ? finalScale : 1 }

    /// How far pass `pass` reads beyond its output pixel, and the padding of its line: rᵢ, or
    /// rᵢ + 1 for extended boxes and triangles.
    func reach(_ pass: Int) -> Int { radii[pass] + (shape == .box ? 0 : 1) }

    /// The largest reach of any pass.
    var maxReach: Int { radii.indices.map(reach).max() ?? 0 }

    /// Positions in the largest padded line.
    var paddedCount: Int { count + 2 * maxReach }
}
