import CFFTW
import Foundation

/// The exact Gaussian, untruncated, by FFT convolution (the convolution theorem: blurring is
/// multiplying the image's spectrum by the kernel's).
///
/// The kernel is the point-sampled Gaussian g(n) ∝ exp(−n²/2σ²) over every integer n, normalised
/// to sum 1 — the one `ReferenceGaussianBlur` cuts at ⌈8σ⌉. Its discrete-time Fourier transform
/// is, by Poisson summation, the continuous Gaussian's transform exp(−σ²ω²/2) repeated every 2π:
///
///     H(ω) = Σₘ exp(−σ²(ω + 2πm)²/2) / Σₘ exp(−σ²(2πm)²/2)
///
/// (`gain`). The sums over m converge after a few terms, so nothing is truncated: every pixel of
/// the padded image contributes, however far.
///
/// Edges: each line is padded as the edge mode says, P = ⌈8σ⌉ pixels each side (then rounded up
/// to a length whose factors are 2, 3, 5 and 7, which FFTW transforms fastest), and the cyclic
/// convolution of length N is taken. An output pixel reads the padding correctly up to P away;
/// beyond that (weight below e⁻³², 10⁻¹⁴) and round the cycle (beyond 2P) it reads what lies
/// there. `wrap` needs no padding: the DFT is itself periodic, so N is the image's own size and
/// the result is exact.
///
/// The fast loop is FFTW's 2-D real transform of all four interleaved channels in one plan
/// (Float32, `FFTW_ESTIMATE`); the gains are separable, H(ωx)·H(ωy). Cost: O(log N) per pixel
/// whatever σ, plus the padding; memory: the padded image and its half spectrum, about three
/// times the image at small σ. One thread: the result does not depend on `threads`.
public struct FFTGaussian: BlurMethod, UnboundedResponse {
    /// The standard deviation of the Gaussian, in pixels.
    package let sigma: Double

    /// The untruncated Gaussian of standard deviation σ, in pixels.
    ///
    /// - Throws: `BlurKitError` when σ is not finite and positive, or above the reference's limit (512).
    public init(sigma: Double) throws {
        _ = try ReferenceGaussianBlur.radius(sigma: sigma)
        self.sigma = sigma
    }

    /// "fft", as the command line names the method.
    public var name: String { "fft" }
    /// The padding P: "untruncated, pads P px (wrap: 0)".
    public var parameters: String { "untruncated, pads \(padding) px (wrap: 0)" }
    /// ⌊3σ + ½⌋, where the separable kernel's default cut stops: beyond it lies 0.27 % of the mass.
    public var reach: Int { Int((3 * sigma + 0.5).rounded(.down)) }

    /// Counted as a radix-2 FFT would run (FFTW chooses its own algorithm): the padding reads one
    /// pixel per position of the padded Nx×Ny image; each of the two transforms reads every value
    /// once per stage, log₂Nx + log₂Ny stages, over a row pass and a column pass; the gains read
    /// the half spectrum once; the copy out reads the image's part. So the counts grow with
    /// log N and with the padding (⌈8σ⌉ each side), not with the number of taps.
    public func counters(width: Int, height: Int, edges: EdgeMode) -> CostCounters {
        let nx = layout(count: width, edges: edges).length, ny = layout(count: height, edges: edges).length
        let padded = Double(nx * ny) / Double(max(width * height, 1))
        let spectrum = padded * Double(nx / 2 + 1) / Double(nx)
        let stages = log2(Double(nx)) + log2(Double(ny))
        return CostCounters(reads: padded + 2 * padded * stages + spectrum + 1,
                            passes: (1 + padded) / 2 + 2 * 2 * padded + spectrum + 1)
    }
    /// ⌈8σ⌉: beyond it the response is below Float32 resolution.
    package var responseExtent: Int { padding }
    /// P = ⌈8σ⌉ (at least 1), the padding each side of a line for every mode but `wrap`.
    package var padding: Int { (try? ReferenceGaussianBlur.radius(sigma: sigma)) ?? 1 }

    /// Where a line of `count` pixels sits in its padded, transformed line.
    package struct Layout: Sendable, Equatable {
        /// Padding pixels before the line's first pixel.
        package var before: Int
        /// N, the transform's length: `before` + the line + the padding after.
        package var length: Int
    }

    /// The padded layout of a line of `count` pixels: no padding for `wrap`, else P each side,
    /// then more after it up to a length with no prime factor above 7.
    package func layout(count: Int, edges: EdgeMode) -> Layout {
        if edges == .wrap { return Layout(before: 0, length: count) }
        return Layout(before: padding, length: Self.smoothLength(atLeast: count + 2 * padding))
    }

    /// The smallest n ≥ `minimum` whose prime factors are all 2, 3, 5 or 7.
    package static func smoothLength(atLeast minimum: Int) -> Int {
        var n = max(1, minimum)
        while true {
            var m = n
            for p in [2, 3, 5, 7] { while m % p == 0 { m /= p } }
            if m == 1 { return n }
            n += 1
        }
    }

    /// H(ω): the gain of the normalised, untruncated, point-sampled Gaussian at ω radians per pixel.
    package static func gain(_ omega: Double, sigma: Double) -> Double {
        // Terms beyond |m| = M are below exp(−2π²σ²M²) relative: M = 1 + ⌈3/σ⌉ leaves under e⁻¹⁷⁷.
        let terms = 1 + Int((3 / sigma).rounded(.up))
        var sum = 0.0, norm = 0.0
        for m in -terms...terms {
            let shifted = omega + 2 * Double.pi * Double(m), alias = 2 * Double.pi * Double(m)
            sum += exp(-sigma * sigma * shifted * shifted / 2)
            norm += exp(-sigma * sigma * alias * alias / 2)
        }
        return sum / norm
    }

    /// The gains at the N frequencies of a length-N transform, ωₖ = 2πk/N.
    package func gains(length n: Int) -> [Double] {
        (0..<n).map { Self.gain(2 * Double.pi * Double($0) / Double(n), sigma: sigma) }
    }

    // MARK: - The plain loop

    /// One line blurred by the definition: pad it, take its DFT as a sum, multiply by the gains,
    /// transform back as a sum and keep the line's part. O(N²); the fast loop is checked against
    /// it, applied along rows then columns.
    package func reference(_ values: [Double], edges: EdgeMode) -> [Double] {
        let line = layout(count: values.count, edges: edges)
        let n = line.length, gains = gains(length: n)
        // lesson-code: fft-reference
        // 1. Pad the line as the edge mode says (zero where it reads nothing).
        let padded = (0..<n).map { j in
            edges.sourceIndex(j - line.before, count: values.count).map { values[$0] } ?? 0
        }
        // 2. Its spectrum, by the definition: X[k] = Σⱼ x[j]·e^(−2πi·jk/N).
        var real = [Double](repeating: 0, count: n), imaginary = real
        for k in 0..<n {
            for j in 0..<n {
                let angle = -2 * Double.pi * Double(j * k % n) / Double(n)
                real[k] += padded[j] * cos(angle)
                imaginary[k] += padded[j] * sin(angle)
            }
            // 3. Blurring multiplies each frequency by the Gaussian's gain H(2πk/N).
            real[k] *= gains[k]
            imaginary[k] *= gains[k]
        }
        // 4. Back: y[j] = (1/N)·Σₖ Y[k]·e^(+2πi·jk/N), for the line's own pixels only.
        var out = [Double](repeating: 0, count: values.count)
        for x in values.indices {
            let j = x + line.before
            for k in 0..<n {
                let angle = 2 * Double.pi * Double(j * k % n) / Double(n)
                out[x] += real[k] * cos(angle) - imaginary[k] * sin(angle)
            }
            out[x] /= Double(n)
        }
        // end lesson-code
        return out
    }

    // MARK: - The fast loop

    /// Pads the image through `edges` (not at all for `wrap`), multiplies its 2-D spectrum by
    /// H(ωx)·H(ωy) and transforms back, in place, on one thread whatever `threads` says. An image
    /// without pixels is left as it is.
    public func blur(_ image: inout RGBAImage, edges: EdgeMode, threads: Int) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        let across = layout(count: width, edges: edges), down = layout(count: height, edges: edges)
        let nx = across.length, ny = down.length, half = nx / 2 + 1
        let real = fftwf_alloc_real(4 * nx * ny)!
        let spectrum = fftwf_alloc_complex(4 * ny * half)!
        defer { fftwf_free(real); fftwf_free(spectrum) }
        let (forward, backward) = FFTWPlans.make(rows: ny, columns: nx, real: real, spectrum: spectrum)
        defer { FFTWPlans.destroy(forward, backward) }
        let columns = (0..<nx).map { edges.sourceIndex($0 - across.before, count: width) ?? -1 }
        let gainsX = gains(length: nx).prefix(half).map(Float.init), gainsY = gains(length: ny).map(Float.init)
        let scale = 1 / Float(nx * ny)
        let bins = UnsafeMutableRawPointer(spectrum).assumingMemoryBound(to: Float.self)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            let pixels = pixels.baseAddress!
            // lesson-code: fft
            // Pad: every row and column of the padded image reads its source through the edge mode.
            for py in 0..<ny {
                let target = real + 4 * nx * py
                guard let sy = edges.sourceIndex(py - down.before, count: height) else {
                    target.update(repeating: 0, count: 4 * nx)
                    continue
                }
                let source = pixels + 4 * width * sy
                for px in 0..<nx {
                    let sx = columns[px]
                    for c in 0..<4 { target[4 * px + c] = sx < 0 ? 0 : source[4 * sx + c] }
                }
            }
            // Transform all four channels at once, multiply by H(ωx)·H(ωy)/(Nx·Ny), transform back.
            fftwf_execute(forward)
            for ky in 0..<ny {
                let row = bins + 8 * half * ky, gainY = gainsY[ky] * scale
                for kx in 0..<half {
                    let g = gainsX[kx] * gainY
                    for v in 0..<8 { row[8 * kx + v] *= g }
                }
            }
            fftwf_execute(backward)
            // Keep the image's part of the padded result.
            for y in 0..<height {
                let source = real + 4 * (nx * (y + down.before) + across.before)
                (pixels + 4 * width * y).update(from: source, count: 4 * width)
            }
            // end lesson-code
        }
    }
}

/// FFTW's planner is not thread-safe (executing a plan is): plans are made and destroyed under
/// one lock.
enum FFTWPlans {
    private static let planner = NSLock()

    /// The forward (real → half spectrum) and backward 2-D transforms of four interleaved channels.
    static func make(rows: Int, columns: Int, real: UnsafeMutablePointer<Float>,
                     spectrum: UnsafeMutablePointer<fftwf_complex>) -> (OpaquePointer, OpaquePointer) {
        planner.lock()
        defer { planner.unlock() }
        var size: [Int32] = [Int32(rows), Int32(columns)]
        let forward = fftwf_plan_many_dft_r2c(2, &size, 4, real, nil, 4, 1, spectrum, nil, 4, 1, cfftw_estimate)!
        let backward = fftwf_plan_many_dft_c2r(2, &size, 4, spectrum, nil, 4, 1, real, nil, 4, 1,
                                               cfftw_estimate | cfftw_destroy_input)!
        return (forward, backward)
    }

    /// The forward 2-D transform of one channel.
    static func forward(rows: Int, columns: Int, real: UnsafeMutablePointer<Float>,
                        spectrum: UnsafeMutablePointer<fftwf_complex>) -> OpaquePointer {
        planner.lock()
        defer { planner.unlock() }
        return fftwf_plan_dft_r2c_2d(Int32(rows), Int32(columns), real, spectrum, cfftw_estimate)!
    }

    static func destroy(_ plans: OpaquePointer...) {
        planner.lock()
        defer { planner.unlock() }
        for plan in plans { fftwf_destroy_plan(plan) }
    }
}

// MARK: - Catalog

extension MethodEntry {
    /// `FFTGaussian` in the catalog: declared O(1), as its cost, O(log N) per pixel, does not grow with σ;
    /// σ from `sigma`, or `radius` / T, up to 512.
    public static let fft = MethodEntry(
        name: "fft", summary: "the untruncated Gaussian by FFT convolution (FFTW)", cost: .constant,
        limits: MethodLimits(sigma: 0...512, maximumRadius: MethodLimits.standard.maximumRadius),
        scheduleNote: "The fast loop pads the whole image at once and lets FFTW transform all four interleaved channels in one 2-D plan, in O(N log N) instead of the definition's O(N²) sums; the gains multiply as H(ωx)·H(ωy)."
    ) { settings in
        try FFTGaussian(sigma: try settings.gaussianSigma(for: "fft"))
    }
}
