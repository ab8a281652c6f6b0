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
            guard let low = parameter.minimum, let high = parameter.maximum, let value = Double(parameter.value),
                high > low
            else {
                return [parameter.value]
            }
            var step = niceStep((high - low) / Double(steps - 1))
            if parameter.kind == .integer { step = max(1, step.rounded()) }
            guard let below = Int(exactly: ((value - low) / step + 1e-9).rounded(.down)),
                let above = Int(exactly: ((high - value) / step + 1e-9).rounded(.down)), below + above < 10 * steps
            else {
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
        if parameter.kind == .integer || value == value.rounded(), let whole = Int(exactly: value.rounded()) {
            return String(whole)
        }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A state's folder name: `NAME-VALUE` with anything but ASCII letters, digits, `.` and `-`
    /// as `_` (readable, at most 48 characters of it), then `-` and a hash of the exact name and
    /// value (FNV-1a, 64 bits), so values that differ only by punctuation or non-ASCII letters
    /// get folders of their own. The page reads the names from its `data-states`.
    static func stateFolder(_ name: String, _ value: String) -> String {
        let readable = String(
            (name + "-" + value).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" }
                .prefix(48))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(name.utf8) + [0] + Array(value.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return readable + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The exported page's status line.
    static let note = "states baked into this copy, one control at a time"

    /// The course index's title, by which `write` knows an `index.html` as its own.
    static let indexTitle = "<title>Blur Explorer: the lessons</title>"

    /// What `write` did: lessons, states and bytes written, and the lessons left out with why.
    struct Summary {
        var lessons = 0
        var states = 0
        var bytes = 0
        var failures: [String] = []
    }

    /// Writes the site into `root` for `entries` of `library`; `progress` hears each state as it is run.
    ///
    /// Each lesson is built whole in a temporary folder beside its page folder and swapped in by
    /// one rename (`swap`), so a run killed at any moment leaves each lesson's earlier page, with
    /// its controls and states, or the new one. A lesson that fails is left out (its earlier
    /// page, if any, stays) and named in `Summary.failures`; the others and the index are written.
    ///
    /// - Throws: `LessonError` when `root` holds an `index.html` that is not a course index
    ///   (nothing is written then), or when the assets or the index cannot be written.
    static func write(
        library: LessonLibrary, entries: [LessonLibrary.Entry], root: String, steps: Int, quick: Bool,
        progress: (String) -> Void
    ) throws(LessonError) -> Summary {
        var summary = Summary()
        let memo = CellMemo()
        if let existing = try? String(contentsOfFile: root + "/index.html", encoding: .utf8),
            !existing.contains(indexTitle)
        {
            throw LessonError(
                root + "/index.html", line: nil,
                "exists and is not a course index that explorer wrote; choose another --output folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
            for name in ["live.js", "explain.js", "live.css"] {
                try AtomicFile.write(text: LiveAssets.text(name) ?? "", to: root + "/assets/" + name)
            }
        } catch {
            throw LessonError(root, line: nil, "cannot write the site's assets: \(reason(error))")
        }
        AtomicFile.removeStale(in: root)
        for entry in entries {
            do throws(LessonError) {
                summary.states += try writeLesson(
                    entry, root: root, steps: steps, quick: quick, memo: memo, progress: progress)
                summary.lessons += 1
            } catch {
                summary.failures.append(error.description)
            }
        }
        try CourseIndex.write(in: root)
        summary.bytes = size(of: root)
        return summary
    }

    /// Builds one lesson's page folder with its states in a temporary folder and swaps it in.
    ///
    /// - Returns: the number of states written.
    static func writeLesson(
        _ entry: LessonLibrary.Entry, root: String, steps: Int, quick: Bool, memo: CellMemo,
        progress: (String) -> Void
    ) throws(LessonError) -> Int {
        let lesson = try LessonParser.parse(fileAt: entry.path)
        let defaults = Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) })
        func runner(_ values: [String: String], into outputRoot: String, settings: [String]) -> LessonRunner {
            LessonRunner(
                lesson: lesson, values: values, outputRoot: outputRoot, quickTiming: quick,
                invocation: LessonCommand.invocation(lesson: lesson, settings: settings), memo: memo)
        }
        let target = root + "/" + lesson.pageFolderName
        // `.lesson-03.tmp-XXXXXX`: a name `AtomicFile.removeStale` removes once a killed run's.
        var template = Array((root + "/." + lesson.pageFolderName + ".tmp-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw LessonError(
                root, line: nil, "cannot write \(lesson.pageFolderName): \(String(cString: strerror(errno)))")
        }
        let building = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.register(building)
        defer {
            try? FileManager.default.removeItem(atPath: building)
            TemporaryFiles.unregister(building)
        }
        progress("\(lesson.pageFolderName): defaults")
        let page = try runner(defaults, into: building, settings: []).run().folder
        var grids: [String: [String]] = [:]
        var folders: [String: [String: String]] = [:]
        var states = 1
        do {
            try FileManager.default.createDirectory(
                atPath: page + "/states/defaults", withIntermediateDirectories: true)
            for parameter in lesson.parameters {
                var kept = [parameter.value]
                for value in grid(parameter, steps: steps) where value != parameter.value {
                    var values = defaults
                    values[parameter.name] = value
                    let folder = stateFolder(parameter.name, value)
                    progress("\(lesson.pageFolderName): \(parameter.name)=\(value)")
                    do {
                        let outcome = try runner(
                            values, into: page + "/states/.staging-" + folder, settings: ["\(parameter.name)=\(value)"]
                        ).run()
                        let html = try String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8)
                        try AtomicFile.write(
                            text: LivePage.links(html, base: "states/\(folder)/", site: .export),
                            to: outcome.folder + "/state.html")
                        try FileManager.default.moveItem(atPath: outcome.folder, toPath: page + "/states/" + folder)
                        try? FileManager.default.removeItem(atPath: page + "/states/.staging-" + folder)
                        kept.append(value)
                        folders[parameter.name, default: [:]][value] = folder
                        states += 1
                    } catch {
                        try? FileManager.default.removeItem(atPath: page + "/states/.staging-" + folder)
                        progress("\(lesson.pageFolderName): \(parameter.name)=\(value) left out: \(reason(error))")
                    }
                }
                if kept.count > 1 {
                    grids[parameter.name] = kept.sorted { (Double($0) ?? 0, $0) < (Double($1) ?? 0, $1) }
                    if parameter.kind == .choice || parameter.kind == .method {
                        grids[parameter.name] = parameter.choices.filter(kept.contains)
                    }
                }
            }
            let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
            try AtomicFile.write(text: html, to: page + "/states/defaults/state.html")
            try AtomicFile.write(
                text: LivePage.html(
                    page: html, lesson: lesson, values: defaults, session: "",
                    note: StaticSite.note, site: .export, grids: grids, states: folders,
                    cells: LiveLesson.dependencies(of: lesson)),
                to: page + "/index.html")
            try swap(page, into: target)
        } catch {
            throw LessonError(target, line: nil, "cannot write the lesson's page: \(reason(error))")
        }
        return states
    }

    /// Puts the folder `built` at `target` in one step: exchanged with the folder there
    /// (`renameat2` with `RENAME_EXCHANGE`; the old one is then removed with `built`'s parent),
    /// or renamed when there is none.
    static func swap(_ built: String, into target: String) throws {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        var info = stat()
        if lstat(target, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw BlurKitError(path: target, "cannot replace", ": it is not a folder")
            }
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
                let exchange = unsafeBitCast(symbol, to: RenameAt2.self)
                let renameExchange: UInt32 = 2  // RENAME_EXCHANGE
                if exchange(AT_FDCWD, built, AT_FDCWD, target, renameExchange) == 0 { return }
            }
            // No exchange on this system: the old folder steps aside, the new one takes its place.
            let aside = built + ".old"
            guard rename(target, aside) == 0 else {
                throw BlurKitError(path: target, "cannot replace", ": \(String(cString: strerror(errno)))")
            }
            guard rename(built, target) == 0 else {
                let reason = String(cString: strerror(errno))
                rename(aside, target)
                throw BlurKitError(path: target, "cannot replace", ": \(reason)")
            }
            return
        }
        guard rename(built, target) == 0 else {
            throw BlurKitError(path: target, "cannot write", ": \(String(cString: strerror(errno)))")
        }
    }

    /// One line saying why `error` happened: the system's words for a file error
    /// ("not a directory"), never a Foundation error's internals.
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError {
                return String(cString: strerror(posix.code.rawValue)).lowercased()
            }
            if let underlying = cocoa.underlying { return reason(underlying) }
            return cocoa.code == .fileNoSuchFile || cocoa.code == .fileReadNoSuchFile
                ? "no such file or folder" : "a file operation failed"
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)).lowercased() }
        if (error as NSError).domain == NSPOSIXErrorDomain { return LessonLibrary.reason(error) }
        return Explorer.message(for: error)
    }

    /// Bytes in the files under `folder`.
    static func size(of folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let name = walker.nextObject() as? String {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular
            {
                total += (attributes[.size] as? Int) ?? 0
            }
        }
        return total
    }
}
