import Authoring
import BlurKit
import Foundation
import Synchronization

/// Results of lesson cells kept between runs, so that a run redoes only the cells a changed
/// parameter reaches (`explorer serve`).
///
/// A cell depends on a parameter exactly when the parameter changes the cell's command once
/// substituted: `compare {{image}} --sigma {{sigma}}` depends on both, `source gaussian2d` on
/// neither. So a cell whose substituted command, timing mode and input files are those of a kept
/// run takes that run's report, and its figures are hard-linked from the kept run's page folder
/// into the new one. A cell that read a file an earlier cell wrote (`info strip.png`) is always
/// run again, since that file may have changed.
///
/// Timings in a reused report were measured by the earlier run of the very same command; the
/// page says nothing different because nothing is different.
final class CellMemo: Sendable {
    /// What makes two runs of a cell the same: the lesson, the cell, its substituted command, the
    /// timing mode (for a cell that times), and the size and modification time of every file the
    /// command names.
    struct Key: Hashable, Sendable {
        var lesson: String
        var line: Int
        var text: String
        var quick: Bool
        var files: [String]
    }

    struct Entry: Sendable {
        var report: Report
        /// The committed page folder whose files the report's figures name.
        var folder: String
        /// Every file the cell wrote there, figures or not (`blur -o a.png --cells c.png`,
        /// `--no-figure`): a later cell may read them (`info a.png`).
        var files: [String] = []
        var used: Int
    }

    /// At most this many cells are kept; the least recently used go first.
    let capacity: Int
    private let state = Mutex<(entries: [Key: Entry], clock: Int, readers: [String: Bool])>(([:], 0, [:]))

    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
    }

    /// The key of `cell` in `lesson`; `quick` when it times with the quick harness.
    static func key(lesson: String, cell: LessonRunner.PreparedCell, quick: Bool) -> Key {
        var files: [String] = []
        for word in cell.words where !word.hasPrefix("-") {
            guard let path = try? PackageFolders.image(word) else { continue }
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                files.append("\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            }
        }
        return Key(lesson: lesson, line: cell.cell.line, text: cell.text, quick: quick, files: files)
    }

    /// Whether the last run of `lesson` had a cell that read another cell's output (nil: not run yet).
    func readsOutputs(_ lesson: String) -> Bool? {
        state.withLock { $0.readers[lesson] }
    }

    /// The kept report for `key` with its figures linked into `staging`, or nil (nothing kept,
    /// or the kept files are gone).
    func reuse(_ key: Key, into staging: String) -> Report? {
        reused(key, into: staging)?.report
    }

    /// `reuse`, with the names of the files the cell wrote (linked too), which a run keeps with
    /// the cell again: read from the entry now, since another run may drop it meanwhile.
    func reused(_ key: Key, into staging: String) -> (report: Report, files: [String])? {
        let found: Entry? = state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry
        }
        guard let found else { return nil }
        var linked: [String] = []
        // The figures, and the pictures page-only blocks show (the glass demo's backdrop).
        var names = found.report.figures.map(\.path) + found.report.pageExtras.flatMap(\.island.files)
        names += found.files.filter { !names.contains($0) }
        for name in names {
            let target = staging + "/" + name
            guard !name.contains("/"), link(found.folder + "/" + name, target) == 0 else {
                for path in linked { unlink(path) }
                forget(key)
                return nil
            }
            linked.append(target)
        }
        return (found.report, found.files)
    }

    /// Keeps the cells of a committed run whose page folder is `folder`; `reads` are the lines of
    /// cells that read an earlier cell's output, which are not kept.
    func keep(_ cells: [(key: Key, report: Report, files: [String])], folder: String, lesson: String, reads: Set<Int>) {
        state.withLock { state in
            state.readers[lesson] = !reads.isEmpty
            for cell in cells where !reads.contains(cell.key.line) {
                state.clock += 1
                // A cell taken from the memo wrote the files its entry names (the same command).
                let files = cell.files.isEmpty ? state.entries[cell.key]?.files ?? [] : cell.files
                state.entries[cell.key] = Entry(report: cell.report, folder: folder, files: files, used: state.clock)
            }
            if state.entries.count > capacity {
                let oldest = state.entries.sorted { $0.value.used < $1.value.used }.prefix(
                    state.entries.count - capacity)
                for (key, _) in oldest { state.entries[key] = nil }
            }
        }
    }

    /// Says that the committed page folder `folder` is now at `place` (a baked state swapped into
    /// its `states/` folder), so that its cells' files are linked from there.
    func moved(_ folder: String, to place: String) {
        state.withLock { state in
            for (key, entry) in state.entries where entry.folder == folder { state.entries[key]?.folder = place }
        }
    }

    /// The names in `folder` (what a cell run alone adds to it is what it wrote).
    static func files(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    private func forget(_ key: Key) {
        _ = state.withLock { $0.entries.removeValue(forKey: key) }
    }
}
