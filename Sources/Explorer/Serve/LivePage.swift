import Foundation

/// The live page: a lesson's static page (`LessonPage.html`) with a bar of controls, one per
/// declared parameter, and a small script that re-runs the lesson when one changes.
///
/// The static page is taken whole, so prose, figures and tables are the same as in `Output/`;
/// a `<base>` points its relative figure and table links at the run folder. Everything from the
/// lesson (names, meanings, values) is escaped.
enum LivePage {
    /// `page` (a run's `index.html`) made live.
    static func html(page: String, base: String, lesson: Lesson, values: [String: String], client: String) -> String {
        let head = "<base href=\"\(escape(base))\">"
        let controls = Self.controls(lesson: lesson, values: values, client: client)
        var html = page
        if let range = html.range(of: "<head>") { html.insert(contentsOf: "\n" + head, at: range.upperBound) }
        if let range = html.range(of: "</head>") { html.insert(contentsOf: "<style>\n\(styleSheet)</style>\n", at: range.lowerBound) }
        if let range = html.range(of: "<body>") { html.insert(contentsOf: "\n" + controls, at: range.upperBound) }
        if let range = html.range(of: "</body>", options: .backwards) {
            html.insert(contentsOf: "<script src=\"/assets/live.js\"></script>\n", at: range.lowerBound)
        }
        return html
    }

    /// The bar of controls: a slider for a number with a range, a menu for choices, a file picker
    /// and drop zone for an image, a text field otherwise.
    static func controls(lesson: Lesson, values: [String: String], client: String) -> String {
        var rows: [String] = []
        for parameter in lesson.parameters {
            let name = escape(parameter.name)
            let value = values[parameter.name] ?? parameter.value
            let shown = parameter.kind == .image && value.hasPrefix("/") ? "your picture" : value
            let title = escape(parameter.meaning.isEmpty ? parameter.accepts : parameter.meaning + " (" + parameter.accepts + ")")
            var row = "<label title=\"\(title)\"><span class=\"name\">\(name)</span> "
            let range = parameter.minimum.flatMap { low in parameter.maximum.map { (low, $0) } }
            switch parameter.kind {
            case .number where range != nil, .integer where range != nil:
                let (low, high) = range!
                let step = parameter.kind == .integer ? 1 : sliderStep(low, high)
                row += "<input type=\"range\" data-parameter=\"\(name)\" min=\"\(low)\" max=\"\(high)\" step=\"\(step)\" value=\"\(escape(value))\">"
                row += " <output>\(escape(value))</output>"
            case .number, .integer:
                row += "<input type=\"number\" data-parameter=\"\(name)\" value=\"\(escape(value))\">"
            case .choice:
                row += "<select data-parameter=\"\(name)\">"
                for choice in parameter.choices {
                    row += "<option\(choice == value ? " selected" : "")>\(escape(choice))</option>"
                }
                row += "</select>"
            case .image:
                row += "<input type=\"file\" accept=\"image/png\" data-parameter=\"\(name)\" data-value=\"\(escape(shown))\">"
                row += " <span class=\"drop\" data-drop=\"\(name)\">drop a PNG here</span>"
            case .text:
                row += "<input type=\"text\" data-parameter=\"\(name)\" value=\"\(escape(value))\">"
            }
            rows.append(row + "</label>")
        }
        let number = lesson.number.map(String.init) ?? ""
        return """
        <form id="live-controls" data-lesson="\(escape(number))" data-client="\(escape(client))">
        <a href="/">Lessons</a>
        \(rows.joined(separator: "\n"))
        <span id="live-status" role="status"></span>
        </form>
        """
    }

    /// A slider step of one, two or five times a power of ten giving about a hundred steps.
    static func sliderStep(_ minimum: Double, _ maximum: Double) -> Double {
        let span = max(maximum - minimum, 1e-9)
        let raw = span / 100
        let power = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where raw <= factor * power { return factor * power }
        return 10 * power
    }

    /// The index: every lesson with its title and summary, on the course's own page template.
    static func index(entries: [(number: Int, title: String, summary: String)]) -> String {
        let items = entries.map { entry in
            "- [\(entry.number). \(LessonPage.pageText(entry.title))](/lesson/\(entry.number)) — \(LessonPage.pageText(entry.summary))"
        }
        let intro = "Every lesson live: move a control and the lesson runs again on this computer."
        return LessonPage.html(title: "Blur Explorer: lessons", summary: intro,
                               sections: ["# Blur Explorer", intro, items.joined(separator: "\n")])
    }

    /// A short page for an error (404, 405).
    static func message(_ text: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(text))</title></head><body><p>\(escape(text))</p><p><a href=\"/\">Lessons</a></p></body></html>\n"
    }

    static func escape(_ text: String) -> String {
        LessonPage.escapeHTML(text).replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The control bar stays at the top while the page scrolls; it dims while a run is under way.
    static let styleSheet = """
    #live-controls { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; gap: 0.4rem 1.4rem;
      align-items: center; padding: 0.5rem 1.5rem; background: var(--code); border-bottom: 1px solid var(--rule); font-size: 0.85rem; }
    #live-controls label { display: flex; align-items: center; gap: 0.4rem; }
    #live-controls .name { font-weight: 600; }
    #live-controls input[type=range] { width: 14rem; }
    #live-controls output { font-variant-numeric: tabular-nums; min-width: 3ch; }
    #live-controls .drop { border: 2px dashed var(--rule); border-radius: 6px; padding: 0.1rem 0.6rem; color: var(--muted); }
    #live-controls .drop.over { border-color: var(--link); }
    #live-controls.busy #live-status::before { content: "running… "; }
    #live-status { color: var(--muted); }
    #live-status.error { color: #c0392b; font-weight: 600; }

    """

    /// The page's script: plain JavaScript, no library. One run at a time per page: while one is
    /// under way, only the newest change waits; dragging asks for quick timing, letting go for full.
    static let script = """
    (function () {
      'use strict';
      var form = document.getElementById('live-controls');
      if (!form) { return; }
      var lesson = form.dataset.lesson, client = form.dataset.client;
      var status = document.getElementById('live-status');
      var values = {}, busy = false, queued = null;
      function show(message, error) { status.textContent = message; status.classList.toggle('error', !!error); }
      function query(quick) {
        var parts = ['client=' + encodeURIComponent(client)];
        if (quick) { parts.push('quick=1'); }
        Object.keys(values).forEach(function (name) {
          parts.push('set=' + encodeURIComponent(name + '=' + values[name]));
        });
        return parts.join('&');
      }
      function apply(answer) {
        var doc = new DOMParser().parseFromString(answer.html, 'text/html');
        document.querySelector('base').setAttribute('href', answer.base);
        var fresh = doc.querySelector('main'), main = document.querySelector('main');
        if (fresh && main) { main.innerHTML = fresh.innerHTML; }
        var style = doc.querySelector('style'), mine = document.querySelector('style');
        if (style && mine) { mine.textContent = style.textContent; }
        show('ran in ' + answer.seconds.toFixed(2) + ' s', false);
      }
      function run(quick, onError) {
        if (busy) { queued = quick; return; }
        busy = true;
        form.classList.add('busy');
        fetch('/lesson/' + lesson + '/run?' + query(quick), { method: 'POST' })
          .then(function (response) { return response.json(); })
          .then(function (answer) {
            if (answer.superseded) { return; }
            if (answer.error) { show(answer.error, true); if (onError) { onError(); } return; }
            apply(answer);
          })
          .catch(function (error) { show('the server did not answer: ' + error.message, true); })
          .finally(function () {
            busy = false;
            form.classList.remove('busy');
            if (queued !== null) { var quick = queued; queued = null; run(quick); }
          });
      }
      function upload(name, file) {
        if (!file) { return; }
        show('uploading ' + file.name + '…', false);
        fetch('/upload?client=' + encodeURIComponent(client), { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: file })
          .then(function (response) { return response.json(); })
          .then(function (answer) {
            if (answer.error) { show(answer.error, true); return; }
            var previous = values[name];
            values[name] = answer.value;
            run(false, function () { if (previous === undefined) { delete values[name]; } else { values[name] = previous; } });
          })
          .catch(function (error) { show('the upload failed: ' + error.message, true); });
      }
      form.addEventListener('submit', function (event) { event.preventDefault(); });
      form.querySelectorAll('[data-parameter]').forEach(function (control) {
        var name = control.dataset.parameter;
        if (control.type === 'file') {
          control.addEventListener('change', function () { upload(name, control.files[0]); });
          return;
        }
        if (control.type === 'range') {
          var output = control.parentNode.querySelector('output');
          control.addEventListener('input', function () { values[name] = control.value; output.textContent = control.value; run(true); });
        }
        control.addEventListener('change', function () { values[name] = control.value; run(false); });
      });
      form.querySelectorAll('[data-drop]').forEach(function (zone) {
        zone.addEventListener('dragover', function (event) { event.preventDefault(); zone.classList.add('over'); });
        zone.addEventListener('dragleave', function () { zone.classList.remove('over'); });
        zone.addEventListener('drop', function (event) {
          event.preventDefault();
          zone.classList.remove('over');
          upload(zone.dataset.drop, event.dataTransfer.files[0]);
        });
      });
    })();

    """
}
