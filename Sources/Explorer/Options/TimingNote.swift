import ArgumentParser
import BlurKit
import Foundation

/// The line printed under every timing table: what was timed and how.
enum TimingNote {
    /// What one timed run did.
    enum Work {
        /// The whole pipeline of a typed blur: premultiply, blur, unpremultiply.
        case wholeBlur
        /// Only the method's own blur, in place (`bench`, `plot time-vs-sigma`).
        case methodBlur

        func text(width: Int, height: Int) -> String {
            switch self {
            case .wholeBlur: "one whole blur of the \(width)×\(height) image (premultiply, blur, unpremultiply)"
            case .methodBlur: "the method's blur of the \(width)×\(height) image"
            }
        }
    }

    /// The note for `timing`, runs of `work` on an image of `width`×`height` on `threads` threads;
    /// `preview`: the one run of a live page's preview (`RunContext.previewTiming`).
    static func describe(
        _ timing: Timing, work: Work = .wholeBlur, width: Int, height: Int, threads: Int, quick: Bool,
        preview: Bool = false
    ) -> String {
        #if DEBUG
            // "As in release" only when BlurCore was compiled whole-module (Package.swift): file by
            // file, -O alone leaves some methods several times slower than release.
            let build =
                BuildInfo.kernelsAsInRelease
                ? "debug build of explorer with BlurKit's kernels compiled as in release (-O, whole module)"
                : "debug build of explorer with BlurKit's kernels compiled -O file by file "
                    + "(some methods slower than in release)"
        #else
            let build = "release build"
        #endif
        let kernels =
            BuildInfo.kernelsOptimised
            ? build : "UNOPTIMISED kernels: these times are not the truth; run `swift run -c release explorer …`"
        return "Timed: \(work.text(width: width, height: height)), "
            + "\(threads) thread\(threads == 1 ? "" : "s") of \(BuildInfo.cores) cores, \(kernels); "
            + (preview
                ? "one run, no warm-up (an uploaded picture's job: the run that made the output)."
                : "median of \(timing.runs) runs after a warm-up\(quick ? " (quick mode: few runs)" : "").")
    }
}
