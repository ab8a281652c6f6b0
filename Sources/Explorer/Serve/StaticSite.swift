import BlurKit
import Foundation

/// The course as a static site (`explorer export`): every lesson's live page with its slider
/// states baked in, as PlutoSliderServer bakes a notebook's, so any static file host serves it
/// with no explorer behind it.
///
/// Each parameter gets a grid of its own (`grid(_:steps:)`) and moves with the others at their
/// defaults, so a lesson holds 1 + Σ (grid size − 1) states, not the product of the grids:
///
/// ```
/// DIR/index.html, DIR/glossary.html        the course index and glossary
/// DIR/assets/live.js, explain.js, live.css the page's scripts and style
/// DIR/lesson-03/index.html                 the page at its defaults, with controls
/// DIR/lesson-03/*.png, *.csv               the defaults' figures and tables
/// DIR/lesson-03/states/sigma-5/state.html  one state: the page, links relative to lesson-03/
/// DIR/lesson-03/states/sigma-5/*.png       and its figures and tables
/// ```
enum StaticSite {
    /// The values parameter `parameter` takes on the site, at most about `steps` of them, its
    /// default among them: for a number with a range, a uniform grid through the default with a
    /// step of one, two or five times a power of ten (at most the range over `steps - 1`); for a choice, its choices; otherwise the
    /// default alone (uploads are the live server's alone).
    static func grid(_ parameter: LessonParameter, steps: Int) -> [String] {
        guard steps > 1 else { return [parameter.value] }
        switch parameter.kind {
        case .choice, .method:
            return parameter.choices
        case .number, .integer:
            guard let low = parameter.minimum, let high = parameter.maximum, let value = Double(parameter.value), high > low else {
                return [parameter.value]
            }
            var step = niceStep((high - low) / Double(steps - 1))
            if parameter.kind == .integer { step = max(1, step.rounded()) }
            guard let below = Int(exactly: ((value - low) / step + 1e-9).rounded(.down)),
                  let above = Int(exactly: ((high - value) / step + 1e-9).rounded(.down)), below + above < 10 * steps else {
                return [parameter.value]
            }
            return (-below...above).map { format(value + Double($0) * step, like: parameter) }
        case .image, .text:
            return [parameter.value]
        }
    }

    /// The largest of 1, 2 or 5 times a power of ten at most `step`.
    static func niceStep(_ step: Double) -> Double {
        let power = pow(10, floor(log10(step) + 1e-9))
        for factor in [5.0, 2, 1] where factor * power <= step * (1 + 1e-9) { return factor * power }
        return power
    }

    /// A grid value written as the slider writes it (no trailing `.0`, no rounding noise).
    static func format(_ value: Double, like parameter: LessonParameter) -> String {
        if parameter.kind == .integer || value == value.rounded(), let whole = Int(exactly: value.rounded()) { return String(whole) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A state's folder name: `defaults`, or `NAME-VALUE` with anything but letters, digits, `.`
    /// and `-` as `_` (the page's script names it the same way).
    static func stateFolder(_ name: String, _ value: String) -> String {
        String((name + "-" + value).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" })
    }

    /// The exported page's status line.
    static let note = "states baked into this copy, one control at a time"

    /// What `write` did: lessons, states and bytes written.
    struct Summary {
        var lessons = 0
        var states = 0
        var bytes = 0
    }

    /// Writes the site into `root` for `entries` of `library`; `progress` hears each state as it is run.
    ///
    /// - Throws: `LessonError` for a lesson that does not run at its defaults; a state that fails
    ///   (a grid value the lesson refuses) is left out and said so through `progress`.
    static func write(library: LessonLibrary, entries: [LessonLibrary.Entry], root: String, steps: Int, quick: Bool,
                      progress: (String) -> Void) throws(LessonError) -> Summary {
        var summary = Summary()
        let memo = CellMemo()
        do {
            try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
            for name in ["live.js", "explain.js", "live.css"] {
                try AtomicFile.write(text: LiveAssets.text(name) ?? "", to: root + "/assets/" + name)
            }
        } catch {
            throw LessonError(root, line: nil, "cannot write the site's assets: \(error)")
        }
        for entry in entries {
            let lesson = try LessonParser.parse(fileAt: entry.path)
            let defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
            func runner(_ values: [String: String], into outputRoot: String, settings: [String]) -> LessonRunner {
                LessonRunner(lesson: lesson, values: values, outputRoot: outputRoot, quickTiming: quick,
                             invocation: LessonCommand.invocation(lesson: lesson, settings: settings), memo: memo)
            }
            let page = root + "/" + lesson.pageFolderName
            progress("\(lesson.pageFolderName): defaults")
            _ = try runner(defaults, into: root, settings: []).run()
            var grids: [String: [String]] = [:]
            var states = 1
            try? FileManager.default.createDirectory(atPath: page + "/states", withIntermediateDirectories: true)
            for parameter in lesson.parameters {
                var kept = [parameter.value]
                for value in grid(parameter, steps: steps) where value != parameter.value {
                    var values = defaults
                    values[parameter.name] = value
                    let folder = stateFolder(parameter.name, value)
                    let staging = page + "/states/.staging-" + folder
                    progress("\(lesson.pageFolderName): \(parameter.name)=\(value)")
                    do {
                        let outcome = try runner(values, into: staging, settings: ["\(parameter.name)=\(value)"]).run()
                        try? FileManager.default.removeItem(atPath: page + "/states/" + folder)
                        try FileManager.default.moveItem(atPath: outcome.folder, toPath: page + "/states/" + folder)
                        try? FileManager.default.removeItem(atPath: staging)
                        let html = try String(contentsOfFile: page + "/states/" + folder + "/index.html", encoding: .utf8)
                        try AtomicFile.write(text: LivePage.links(html, base: "states/\(folder)/", site: .export),
                                             to: page + "/states/" + folder + "/state.html")
                        kept.append(value)
                        states += 1
                    } catch {
                        try? FileManager.default.removeItem(atPath: staging)
                        progress("\(lesson.pageFolderName): \(parameter.name)=\(value) left out: \(error)")
                    }
                }
                if kept.count > 1 {
                    grids[parameter.name] = kept.sorted { (Double($0) ?? 0, $0) < (Double($1) ?? 0, $1) }
                    if parameter.kind == .choice || parameter.kind == .method { grids[parameter.name] = parameter.choices.filter(kept.contains) }
                }
            }
            do {
                let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
                try FileManager.default.createDirectory(atPath: page + "/states/defaults", withIntermediateDirectories: true)
                try AtomicFile.write(text: html, to: page + "/states/defaults/state.html")
                try AtomicFile.write(text: LivePage.html(page: html, lesson: lesson, values: defaults, session: "",
                                                         note: StaticSite.note, site: .export, grids: grids,
                                                         cells: LiveLesson.dependencies(of: lesson)),
                                     to: page + "/index.html")
            } catch {
                throw LessonError(page, line: nil, "cannot write the lesson's page: \(error)")
            }
            summary.lessons += 1
            summary.states += states
        }
        try CourseIndex.write(in: root)
        summary.bytes = size(of: root)
        return summary
    }

    /// Bytes in the files under `folder`.
    static func size(of folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let name = walker.nextObject() as? String {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name),
               attributes[.type] as? FileAttributeType == .typeRegular {
                total += (attributes[.size] as? Int) ?? 0
            }
        }
        return total
    }
}
