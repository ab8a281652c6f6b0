import ArgumentParser
import Authoring
import BlurKit
import Foundation

/// `explorer export`: the course as a static site with each lesson's slider states baked in.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the lessons as a static site with their slider states baked in.",
        discussion: """
            Writes DIR/index.html, DIR/glossary.html and DIR/lesson-NN/index.html for every lesson: \
            the live page's controls, stepping through states run now, one parameter at a time \
            (a grid of about --steps values through each number's default; every choice of a \
            menu). Any static file server serves the folder (python3 -m http.server); no explorer \
            runs behind it, so pictures cannot be uploaded there. A lesson that fails is left out \
            and named (exit status 1); the others and the index are written. Each lesson's folder is \
            replaced in one step. An index.html in DIR that explorer did not write is not replaced. \
            States are baked on --jobs workers at once; a timing cell runs alone, the others waiting \
            for it, so its table measures the method, not the bake.

            Examples:
              explorer export --output site
              explorer export --output site --quick 3 7
            """
    )

    @Option(help: ArgumentHelp("Folder the site goes into.", valueName: "dir"))
    var output: String = "Site"

    @OptionGroup var lessons: LessonFolderOptions

    @OptionGroup var bake: BakeOptions

    @Argument(help: "Lessons to export, by number or slug (default: all).")
    var only: [String] = []

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a folder name") }
    }

    func run() throws {
        var failures = 0
        do throws(LessonError) {
            let library = try lessons.library()
            var entries = library.entries
            if !only.isEmpty {
                entries = []
                for spec in only {
                    guard let entry = library.entries.first(where: { String($0.number) == spec || $0.slug == spec })
                    else {
                        throw LessonError(
                            library.folder, line: nil, "no lesson '\(spec)' (explorer list shows them)", exitCode: 64)
                    }
                    entries.append(entry)
                }
            }
            failures = try Self.bake(
                library: library, entries: entries, root: output, steps: bake.steps,
                quick: bake.quick || RunContext.quickFromEnvironment, maxSiteMB: bake.maxSiteMB,
                maxMinutes: bake.maxBakeMinutes, jobs: bake.jobs)
        } catch {
            throw error.report()
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// Bakes `entries` into `root` on `jobs` workers, printing the estimate once each lesson's
    /// defaults and the first state of each control and pair are run, then what was written beside
    /// it; each lesson left out is said on standard error.
    ///
    /// - Returns: the number of lessons left out.
    static func bake(
        library: LessonLibrary, entries: [LessonLibrary.Entry], root: String, steps: Int, quick: Bool, maxSiteMB: Int,
        maxMinutes: Int = 5, jobs: Int = 1
    ) throws(LessonError) -> Int {
        let start = Date(), cpu = Self.cpuSeconds()
        let parallel = max(1, min(jobs, BuildInfo.cores))
        var expected: Double?
        let summary = try StaticSite.write(
            library: library, entries: entries, root: root, steps: steps, quick: quick,
            maxBytes: maxSiteMB * 1_048_576, maxSeconds: Double(maxMinutes * 60), jobs: jobs
        ) { line in
            FileHandle.standardError.write(Data("  \(line)\n".utf8))
        } estimated: { estimate in
            expected = estimate.seconds
            print(
                "Estimate: \(estimate.states) states, about \(NumberText.fixed(estimate.bytes / 1_048_576, digits: 0)) MiB "
                    + "and \(NumberText.fixed(estimate.seconds, digits: 0)) s in all on \(parallel) "
                    + "core\(parallel == 1 ? "" : "s") (from each lesson's defaults and the first state of each "
                    + "control and pair: their timing cells' seconds, each run alone, and the rest's over the cores; "
                    + "\(NumberText.fixed(Date().timeIntervalSince(start), digits: 0)) s so far; budget \(maxSiteMB) MiB, "
                    + "and \(maxMinutes) min for two controls' combinations)."
            )
            for line in estimate.plan { print("  " + line) }
        }
        let megabytes = Double(summary.bytes) / 1_048_576
        print(
            "Wrote \(root)/: \(summary.lessons) lessons, \(summary.states) states, "
                + "\(NumberText.fixed(megabytes, digits: 1)) MiB in \(NumberText.fixed(Date().timeIntervalSince(start), digits: 0)) s "
                + "(\(NumberText.fixed(Self.cpuSeconds() - cpu, digits: 0)) s of CPU"
                + (expected.map { "; estimated \(NumberText.fixed($0, digits: 0)) s" } ?? "") + "). "
                + "Serve it with: python3 -m http.server -d \(root)")
        // A lesson that failed is left out, each said in one line; the others and the index
        // are written, and the exit status says a lesson is missing.
        for failure in summary.failures {
            FileHandle.standardError.write(Data("Error: left out: \(failure)\n".utf8))
        }
        return summary.failures.count
    }

    /// Whether `entry` is baked in `root` as its lesson file now reads.
    static func isBaked(_ entry: LessonLibrary.Entry, root: String) -> Bool {
        guard let name = try? LessonParser.parse(fileAt: entry.path).pageFolderName,
            let baked = FileManager.default.contents(atPath: root + "/" + name + "/" + StaticSite.sourceName)
        else { return false }
        return FileManager.default.fileExists(atPath: root + "/" + name + "/index.html")
            && baked == FileManager.default.contents(atPath: entry.path)
    }

    /// CPU seconds this process has used, user and system.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
