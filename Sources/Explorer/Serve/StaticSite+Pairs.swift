import Authoring
import BlurKit
import Foundation

extension StaticSite {
    /// Two parameters that one shown cell reads both of (`CellDependencies`), and the states of
    /// their combinations away from the defaults: baked together when the budget allows the whole
    /// group, as PlutoSliderServer bakes a group of bonds, else none of them (the page then moves
    /// the two one at a time, and says why).
    final class Pair {
        /// The two names, sorted as the page's `data-defaults` has them (its script joins them so).
        let names: [String]
        /// The value pairs left to bake.
        var todo: [[String]]
        let count: Int
        /// The first combination's bytes and seconds, from which the group is estimated.
        var sample = (bytes: 0.0, seconds: 0.0)
        var baked = false
        /// State folders by `VALUE&VALUE`.
        var folders: [String: String] = [:]

        init(names: [String], todo: [[String]]) {
            self.names = names
            self.todo = todo
            count = todo.count
        }

        /// The key of the group in the page's `data-states`: `NAME&NAME`.
        var key: String { names.joined(separator: "&") }
        /// What the whole group should cost, from its sample.
        var estimate: (bytes: Double, seconds: Double) {
            (Double(count) * sample.bytes, Double(count) * sample.seconds)
        }
    }

    /// The pairs of `lesson`'s parameters that a shown cell reads both of, each with every
    /// combination of their grids' values other than the defaults.
    static func pairs(_ lesson: Lesson, steps: Int) -> [Pair] {
        let depends = CellDependencies.of(lesson)
        var pairs: [Pair] = []
        for (index, a) in lesson.parameters.enumerated() {
            for b in lesson.parameters[(index + 1)...]
            where depends.contains(where: { $0.contains(a.name) && $0.contains(b.name) }) {
                let first = grid(a, steps: steps).filter { $0 != a.value }
                let second = grid(b, steps: steps).filter { $0 != b.value }
                guard !first.isEmpty, !second.isEmpty else { continue }
                let todo = first.flatMap { x in second.map { a.name < b.name ? [x, $0] : [$0, x] } }
                pairs.append(Pair(names: [a.name, b.name].sorted(), todo: todo))
            }
        }
        return pairs
    }

    /// Runs the combination `values` of `pair` into `bake`'s `states/` folder, holding the gate;
    /// its bytes and seconds (as `Workers.measured` counts them), or nil when the lesson refused it
    /// (left out, and said).
    @discardableResult
    static func runNext(
        _ pair: Pair, values: [String], of bake: Bake, workers: Workers
    ) -> (bytes: Double, seconds: Double)? {
        let (quick, memo, progress) = (workers.quick, workers.memo, workers.progress)
        var all = Dictionary(uniqueKeysWithValues: bake.lesson.parameters.map { ($0.name, $0.value) })
        for (name, value) in zip(pair.names, values) { all[name] = value }
        let settings = zip(pair.names, values).map { "\($0)=\($1)" }
        let folder = stateFolder(pair.key, values.joined(separator: "&"))
        progress("\(bake.lesson.pageFolderName): \(settings.joined(separator: " "))")
        var bytes: Int?
        let seconds = workers.measured {
            do {
                try runState(
                    bake.lesson, values: all, settings: settings, folder: folder, into: bake.page + "/states",
                    base: "states/", quick: quick, memo: memo, gate: workers.gate)
                bytes = size(of: bake.page + "/states/" + folder)
            } catch {
                progress(
                    "\(bake.lesson.pageFolderName): \(settings.joined(separator: " ")) left out: \(reason(error))")
            }
        }
        guard let bytes else { return nil }
        workers.record { pair.folders[values.joined(separator: "&")] = folder }
        return (Double(bytes), seconds)
    }

    /// Decides which groups of `bakes` are baked: in order, each whose estimate keeps the site
    /// within `maxBytes` and the bake within `maxSeconds` after `total` (the single states); a
    /// group left out has its sample removed. The plan, one line a group.
    static func plan(_ bakes: [Bake], total: inout Estimate, maxBytes: Int?, maxSeconds: Double?) -> [String] {
        var lines: [String] = []
        for bake in bakes {
            for pair in bake.pairs {
                let (bytes, seconds) = pair.estimate
                pair.baked =
                    total.bytes + bytes <= Double(maxBytes ?? .max)
                    && total.seconds + seconds <= (maxSeconds ?? .infinity)
                let size =
                    "\(pair.count) states, about \(Int((bytes / 1_048_576).rounded())) MiB and \(Int(seconds.rounded())) s"
                if pair.baked {
                    total.states += pair.count
                    total.bytes += bytes
                    total.seconds += seconds
                    lines.append(
                        "\(bake.lesson.pageFolderName): \(pair.names.joined(separator: " × ")), \(size): baked")
                } else {
                    lines.append(
                        "\(bake.lesson.pageFolderName): \(pair.names.joined(separator: " × ")), \(size): not baked, over the budget; they move one at a time"
                    )
                    for folder in pair.folders.values {
                        try? FileManager.default.removeItem(atPath: bake.page + "/states/" + folder)
                    }
                    pair.folders = [:]
                }
            }
        }
        return lines
    }

    /// The page's status line for `bake`: which controls move together, and which do not and why.
    static func note(_ bake: Bake) -> String {
        bake.pairs.reduce(note) { text, pair in
            let names = pair.names.joined(separator: " and ")
            return text
                + (pair.baked
                    ? "; \(names) together"
                    : "; \(names) one at a time (their \(pair.count) combinations were over the budget)")
        }
    }
}
