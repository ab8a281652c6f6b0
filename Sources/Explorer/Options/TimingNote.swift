import ArgumentParser
import BlurKit
import Foundation

/// The line printed under every timing table: what was timed and how.
enum TimingNote {
    static func describe(_ timing: Timing, image: RGBAImage, threads: Int, quick: Bool) -> String {
        #if DEBUG
        let build = "debug build of explorer with BlurKit's kernels compiled -O (as in release)"
        #else
        let build = "release build"
        #endif
        let kernels = BuildInfo.kernelsOptimised ? build : "UNOPTIMISED kernels: these times are not the truth; run `swift run -c release explorer …`"
        return "Timed: one whole blur of the \(image.width)×\(image.height) image (premultiply, blur, unpremultiply), "
            + "\(threads) thread\(threads == 1 ? "" : "s") of \(BuildInfo.cores) cores, \(kernels); "
            + "median of \(timing.runs) runs after a warm-up\(quick ? " (quick mode: few runs)" : "")."
    }
}
