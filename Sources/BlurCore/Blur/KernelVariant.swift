import CSeparableKernels
import Foundation

/// Which build of the passes' inner loops runs: the Swift loops of the baseline target (SSE2 on
/// x86-64), the same loops in 8-wide AVX2 (the C target `CSeparableKernels`), or AVX2 with the
/// Float32 separable passes (and the 8-bit path's ring sweep, which calls them) in 16-wide
/// AVX-512F, and the iterated and extended boxes' passes along the rows four rows at once in it
/// where one sweep makes both directions (`boxFused`); the 8-bit path's column strips (more than
/// 25 taps, or wrap) stay 8-wide.
///
/// The binary is built for baseline x86-64 and runs anywhere; the C loops are compiled for their
/// own instruction set alone and called only where the CPU reports it, chosen once, at the first
/// blur. They add and multiply in the Swift loops' order with no fused multiply-add, so every
/// variant gives the same pixels, bit for bit (`KernelVariantTests` checks it on every variant the
/// machine runs). `BLURKIT_KERNELS` in the environment names another variant the machine runs
/// (`baseline`, `avx2`), to force it.
package enum KernelVariant: String, CaseIterable, Sendable {
    /// The Swift loops (`LineKernels`).
    case baseline
    /// `CSeparableKernels`: eight floats an instruction.
    case avx2
    /// `avx2`, with the Float32 separable passes sixteen floats an instruction (docs/performance.md,
    /// "Separable: AVX-512 for the vertical pass" and "… for the horizontal pass too"), and the
    /// iterated and extended boxes' passes along the rows four rows at once in `boxFused` ("The
    /// box family's passes down the columns in AVX2").
    case avx512

    /// The variants this machine runs, baseline first, narrowest to widest.
    package static let supported: [KernelVariant] =
        [.baseline] + (blur_avx2_available() != 0 ? [.avx2] : []) + (blur_avx512_available() != 0 ? [.avx512] : [])

    /// The widest variant the machine runs, or the one `BLURKIT_KERNELS` names, if it runs here.
    package static let chosen: KernelVariant =
        ProcessInfo.processInfo.environment["BLURKIT_KERNELS"].flatMap(KernelVariant.init(rawValue:))
        .flatMap { supported.contains($0) ? $0 : nil } ?? supported.last!

    /// The variant the passes call: `chosen`, unless a test sets another (one of `supported`).
    nonisolated(unsafe) package static var active: KernelVariant = chosen

    /// Whether the passes call the AVX2 loops (every variant but the baseline).
    @inline(__always)
    static var usesAVX2: Bool { active != .baseline }

    /// Whether the separable passes and the box family's four-row sweeps call the AVX-512 loops.
    @inline(__always)
    static var usesAVX512: Bool { active == .avx512 }
}
