import BlurCore

/// The anti-aliased coverage of a pixel by a rectangle with rounded corners, shared by glass
/// panels and figure drawing.
///
/// d is the signed distance from the pixel's centre p to the rounded box's outline (negative
/// inside): with q = |p − centre| − (half size − r), d = ‖max(q, 0)‖ + min(max(q.x, q.y), 0) − r
/// (Quílez, "2D distance functions", box with rounded corners). Coverage is clamp(½ − d, 0, 1): 1
/// for a centre at least half a pixel inside, 0 at least half a pixel outside, linear between — a
/// one-pixel anti-aliasing ramp. The radius is limited to half the shorter side.
package enum RoundedBox {
    /// The coverage of the pixel whose centre is `point` by the box at (x, y) of size w × h.
    @inlinable
    package static func coverage(
        point: SIMD2<Double>, x: Double, y: Double, width w: Double, height h: Double,
        radius: Double
    ) -> Double {
        let r = min(max(radius, 0), min(w, h) / 2)
        let q = SIMD2(abs(point.x - (x + w / 2)), abs(point.y - (y + h / 2))) - SIMD2(w / 2 - r, h / 2 - r)
        let outside = SIMD2(max(q.x, 0), max(q.y, 0))
        let d = (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - r
        return min(1, max(0, 0.5 - d))
    }
}
