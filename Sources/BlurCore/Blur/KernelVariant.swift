import CSeparableKernels
import Foundation

/// Which build of the separable passes' inner loops runs: the Swift loops of the baseline target
/// (SSE2 on x86-64), or the same loops in 8-wide AVX2 (the C target `CSeparableKernels`).
///
/// The binary is built for baseline x86-64 and runs anywhere; the AVX2 loops are compiled for
/// AVX2 alone and called only where the CPU reports it, chosen once, at the first blur. They add
/// and multiply in the Swift loops' order with no fused multiply-add, so every variant gives the
/// same pixels, bit for bit (`KernelVariantTests` checks it on every variant the machine runs).
/// `BLURKIT_KERNELS=baseline` in the environment forces the Swift loops.
package enum KernelVariant: String, CaseIterable, Sendable {
    /// The Swift loops (`LineKernels`).
    case baseline
    /// `CSeparableKernels`: eight floats an instruction.
    case avx2

    /// The variants this machine runs, baseline first.
    package static let supported: [KernelVariant] = blur_avx2_available() != 0 ? [.baseline, .avx2] : [.baseline]

    /// The widest variant the machine runs, or baseline when `BLURKIT_KERNELS` says so.
    package static let chosen: KernelVariant =
        ProcessInfo.processInfo.environment["BLURKIT_KERNELS"] == "baseline" ? .baseline : supported.last!

    /// The variant the passes call: `chosen`, unless a test sets another (one of `supported`).
    nonisolated(unsafe) package static var active: KernelVariant = chosen

    /// Whether the passes call the AVX2 loops.
    @inline(__always)
    static var usesAVX2: Bool { active == .avx2 }
}
