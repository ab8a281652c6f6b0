extension RGBAImage {
    /// The largest radius `median(radius:)` takes: an 11×11 window, 121 values a channel.
    public static let maxMedianRadius = 5

    /// Each channel of each pixel replaced by the median of its (2R+1)×(2R+1) neighbourhood,
    /// pixels beyond the border read as the nearest border pixel (clamp).
    ///
    /// The median of an odd count is its middle value once sorted. Unlike an average it ignores
    /// how far the outliers lie, so a lone bright speck vanishes and a straight edge stays where it
    /// was: the classic filter against impulse noise (Tukey 1974). R = 0 is the identity. Each
    /// window is sorted in a buffer reused for every pixel: O(W·H·(2R+1)²·log((2R+1)²)).
    ///
    /// - Precondition: 0 ≤ `radius` ≤ `maxMedianRadius`.
    public func median(radius r: Int) -> RGBAImage {
        precondition(
            (0...Self.maxMedianRadius).contains(r), "a median radius must be 0…\(Self.maxMedianRadius), not \(r)")
        guard r > 0, !pixels.isEmpty else { return self }
        var result = self
        var window = [Float](repeating: 0, count: (2 * r + 1) * (2 * r + 1))
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<4 {
                    var n = 0
                    for dy in -r...r {
                        let row = min(max(y + dy, 0), height - 1) * width
                        for dx in -r...r {
                            window[n] = pixels[4 * (row + min(max(x + dx, 0), width - 1)) + channel]
                            n += 1
                        }
                    }
                    window.sort()
                    result.pixels[4 * (y * width + x) + channel] = window[n / 2]
                }
            }
        }
        return result
    }
}
