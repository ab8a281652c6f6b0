#if os(Linux)
/// glibc's `int mallopt(int param, int value)` (`<malloc.h>`, which the Glibc module does not
/// export).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The allocator settings that keep repeated timings of one blur comparable.
///
/// glibc's malloc hands allocations above its mmap threshold (128 KiB at first, then adapted to
/// what was freed) straight to the kernel and returns them on `free`, and trims the heap when
/// its top grows free. A blur of a 288×154 region allocates a few hundred KiB per run, so each
/// timed run paid for fresh pages — page faults, zeroing — until an earlier, larger allocation
/// happened to raise the threshold. Two tables that timed the same blur then disagreed by 1.5×
/// (lesson 8: `motion` measured 17,753 page faults for one run; with these settings 2,137, the
/// same peak memory). Raising both thresholds to glibc's maximum keeps freed blocks up to
/// 32 MiB in the heap for the next run; larger images are still mapped and unmapped whole.
enum Allocator {
    /// The largest mmap threshold glibc accepts on 64-bit systems (`DEFAULT_MMAP_THRESHOLD_MAX`).
    static let threshold: Int32 = 32 * 1024 * 1024

    /// Applies the settings to this process (Linux with glibc; elsewhere nothing happens).
    static func keepFreedBlocks() {
        #if os(Linux)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD in <malloc.h>
        _ = mallopt(mmapThreshold, threshold)
        _ = mallopt(trimThreshold, threshold)
        #endif
    }
}
