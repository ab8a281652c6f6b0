extension RGBAImage {
    /// This image reduced by `k` without averaging: small pixel (i, j) is pixel
    /// (iK + ⌊K/2⌋, jK + ⌊K/2⌋), the one nearest its block's centre (clamped into the image for a
    /// partial block at the right or bottom border). The small image is ⌈W/K⌉×⌈H/K⌉, as
    /// `reduced(by:)` makes it.
    ///
    /// Taking every K-th pixel keeps detail finer than the small image can hold, which then shows
    /// as coarser false patterns (aliasing); blurring first, or `reduced(by:)`'s block averages,
    /// removes most of it.
    ///
    /// - Precondition: `k` ≥ 1.
    public func sampled(every k: Int) -> RGBAImage {
        precondition(k >= 1, "a sampling step must be at least 1, not \(k)")
        var small = RGBAImage(width: (width + k - 1) / k, height: (height + k - 1) / k)
        for j in 0..<small.height {
            let y = min(j * k + k / 2, height - 1)
            for i in 0..<small.width {
                small[i, j] = self[min(i * k + k / 2, width - 1), y]
            }
        }
        return small
    }
}
