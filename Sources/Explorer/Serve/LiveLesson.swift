import BlurKit
import Foundation

/// One run of a lesson for the live page: the parameters a browser sent, checked as `--set` is,
/// and the page the run wrote into the server's folder.
///
/// The run is `LessonRunner`'s own, with its page folder inside a run folder of the server's
/// (`runs/ID/lesson-03/`), so the live page shows exactly the static page's prose, figures and
/// tables; nothing is written into `Output/`.
struct LiveLesson: Sendable {
    var lesson: Lesson
    /// Largest picture accepted, as `--max-pixels`.
    var maxPixels: Int
    /// The server's kept cells: a run redoes only the cells whose command a change reaches.
    var memo: CellMemo?

    /// What a run gave: the static page's HTML, the run it is in and the page folder's name there.
    struct Page: Sendable {
        var html: String
        var seconds: Double
        var run: String
        var folder: String

        /// The URL the page's own files are under (`/run/ID/lesson-03/`).
        var base: String { "/run/\(run)/\(folder)/" }
    }

    /// A request's problem: the one-line message and the HTTP status it gets.
    struct Failure: Error, Sendable {
        var status: Int
        var message: String
    }

    /// The values for `settings` (`name=value`, as `--set` takes them), for page `session`.
    ///
    /// An image value from a browser is `upload:NAME` (a picture that page uploaded), the name of
    /// a picture shipped with the lessons (`photo`) or `builtin:NAME[@WxH]`; never a path, so a page
    /// cannot make the server read another file.
    ///
    /// - Throws: `Failure` with status 400 and the message the command line gives.
    func values(settings: [String], folder: ServeFolder, session: String = "") throws(Failure) -> [String: String] {
        var pairs: [(name: String, value: String)] = []
        for setting in settings {
            guard let pair = LessonCommand.split(setting) else {
                throw Failure(status: 400, message: "--set takes name=value, got '\(setting)'")
            }
            var value = pair.value
            if let parameter = lesson.parameters.first(where: { $0.name == pair.name }), parameter.kind == .image {
                if value.hasPrefix("upload:") {
                    guard let path = folder.upload(String(value.dropFirst("upload:".count)), session: session) else {
                        throw Failure(status: 400, message: "\(pair.name)=\(value): this page has no such upload (uploads are kept while the page is open; upload the picture again)")
                    }
                    value = path
                } else {
                    let shipped = !value.contains("/") && !value.contains("..") && (try? PackageFolders.image(value)).map { $0 != value } == true
                    guard value.hasPrefix("builtin:") || shipped else {
                        throw Failure(status: 400, message: "\(pair.name)=\(value): the live page takes photo, builtin:NAME[@WxH] or an uploaded PNG")
                    }
                    do {
                        _ = try ImageSource.size(of: PackageFolders.image(value), maxPixels: maxPixels)
                    } catch {
                        throw Failure(status: 400, message: "\(pair.name)=\(value): \(error)")
                    }
                }
            }
            pairs.append((pair.name, value))
        }
        do {
            return try lesson.values(settings: pairs)
        } catch {
            throw Failure(status: 400, message: error.description)
        }
    }

    /// Runs the lesson with `values` into a new run folder and returns its page; a `quick` run is
    /// a preview while a control moves (`LessonRunner.preview`).
    ///
    /// - Throws: `Failure` with status 400 for a parameter the lesson refuses when it prepares
    ///   (an image below its smallest size), 422 for a cell that fails; the run folder is removed.
    func run(values: [String: String], settings: [String], quick: Bool, folder: ServeFolder, pinned: Bool = false) throws(Failure) -> Page {
        let start = Date()
        let made: (id: String, folder: String)
        do {
            made = try folder.makeRun(pinned: pinned)
        } catch {
            throw Failure(status: 500, message: "cannot make a run folder: \(LessonLibrary.reason(error))")
        }
        let runner = LessonRunner(lesson: lesson, values: values, outputRoot: made.folder, quickTiming: quick,
                                  invocation: LessonCommand.invocation(lesson: lesson, settings: settings),
                                  memo: memo, preview: quick)
        let parts: [LessonRunner.PreparedPart]
        do {
            parts = try runner.prepare()
        } catch {
            folder.discardRun(made.id)
            throw Failure(status: 400, message: error.description)
        }
        let outcome: LessonRunner.Outcome
        do {
            outcome = try runner.run(parts)
        } catch {
            folder.discardRun(made.id)
            throw Failure(status: 422, message: error.description)
        }
        guard let html = try? String(contentsOfFile: outcome.folder + "/index.html", encoding: .utf8) else {
            folder.discardRun(made.id)
            throw Failure(status: 500, message: "cannot read the page the run wrote")
        }
        return Page(html: html, seconds: Date().timeIntervalSince(start), run: made.id, folder: lesson.pageFolderName)
    }
}
