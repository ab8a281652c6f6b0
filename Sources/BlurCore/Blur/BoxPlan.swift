/// Columns per block of the vertical passes when they cannot be streamed (256 bytes a row).
let boxColumnLanes = 16

/// The box radii of the passes along one axis and the padded source map of each.
///
/// Passes before the last store plain running sums; the last multiplies by
/// `finalScale = Π 1/(2rᵢ + 1)`, which normalises all of them at once.
struct BoxPlan: Sendable {
    let radii: [Int]
    let count: Int
    let maps: [[Int]]
    let finalScale: Float

    init(radii: [Int], count: Int, edges: EdgeMode) {
        self.radii = radii
        self.count = count
        self.maps = radii.map { edges.paddedSourceIndices(count: count, before: $0, after: $0) }
        self.finalScale = Float(radii.reduce(1.0) { $0 / Double(2 * $1 + 1) })
    }

    /// The factor pass `pass` multiplies its sums by: 1, except for the last pass.
    func scale(_ pass: Int) -> Float { pass == radii.count - 1 ? finalScale : 1 }

    /// Positions in the largest padded line.
    var paddedCount: Int { count + 2 * (radii.max() ?? 0) }
}
