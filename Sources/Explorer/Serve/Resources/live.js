// The live page of a lesson: plain JavaScript, no library (docs/live-in-class.md).
// The controls ask for a run of the lesson at their values and the answer replaces the page's
// main part in place; one request is in flight, only the newest value waits, and a drag asks for
// quick previews. Letting go is answered at once (the class's full run of that value, or its
// preview marked pending, whose full timing then follows with wait=1 unless a control moves).
// The values live in the URL (/lesson/3?sigma=5) for Back, reload and bookmarks; a control whose
// run fails goes back to the value the page shows. Each cell's results get a compact copy of the
// controls it depends on (data-cells); every copy moves with the others. explain.js, loaded
// first, makes `blur --cells` figures pointable. On the exported site (data-site="export") the
// controls step through the baked slider states and nothing is asked of a server.
(function () {
  'use strict';
  var form = document.getElementById('live-controls');
  if (!form) { return; }
  var site = form.dataset.site;
  var lesson = form.dataset.lesson;
  var status = document.getElementById('live-status');
  var defaults = JSON.parse(form.dataset.defaults);
  var grids = form.dataset.grids ? JSON.parse(form.dataset.grids) : null;
  // The exported site's state folders, by parameter and value (named by the exporter).
  var states = form.dataset.states ? JSON.parse(form.dataset.states) : {};
  var cells = form.dataset.cells ? JSON.parse(form.dataset.cells) : [];
  var shown = JSON.parse(form.dataset.values);
  var wanted = copy(shown);
  var run = form.dataset.run;
  var session = pageSession();
  var busy = false;
  var queued = null;
  // The values whose full timing the page asks for next, and the request waiting for it.
  var timingFor = null;
  var timing = null;
  // A slider is being dragged: its first step made a history entry, the others replace it.
  var dragging = false;

  function copy(values) {
    var result = {};
    Object.keys(values).forEach(function (name) { result[name] = values[name]; });
    return result;
  }

  function same(a, b) {
    return Object.keys(defaults).every(function (name) { return a[name] === b[name]; });
  }

  // One session per browser tab, kept across reloads, so the tab's uploads come back.
  function pageSession() {
    if (site !== 'live') { return ''; }
    var key = 'explorer-session';
    try {
      var kept = window.sessionStorage.getItem(key);
      if (kept && /^[a-z0-9]{1,40}$/.test(kept)) { return kept; }
      window.sessionStorage.setItem(key, form.dataset.session);
    } catch (error) {
      // Storage may be off; the page's own session still serves this page.
    }
    return form.dataset.session;
  }

  function show(message, error) {
    status.textContent = message;
    status.title = message;
    status.classList.toggle('error', !!error);
  }

  // MARK: - Values in the URL

  function fromURL() {
    var values = copy(defaults);
    new URLSearchParams(window.location.search).forEach(function (value, name) {
      if (Object.prototype.hasOwnProperty.call(defaults, name)) { values[name] = value; }
    });
    return values;
  }

  function query(values) {
    var parts = [];
    Object.keys(defaults).forEach(function (name) {
      if (values[name] !== defaults[name]) {
        parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(values[name]));
      }
    });
    return parts.join('&');
  }

  function remember(values, push) {
    var url = window.location.pathname + (query(values) ? '?' + query(values) : '');
    if (url === window.location.pathname + window.location.search) { return; }
    if (push) {
      window.history.pushState(null, '', url);
    } else {
      window.history.replaceState(null, '', url);
    }
  }

  // MARK: - Controls

  function setControls(values) {
    Object.keys(defaults).forEach(function (name) { sync(name, values[name]); });
  }

  // Every control of parameter `name` (the top bar's and the cells') shows `value`.
  function sync(name, value) {
    document.querySelectorAll('[data-parameter]').forEach(function (control) {
      if (control.dataset.parameter !== name || control.type === 'file') { return; }
      if (control.value !== value) { control.value = value; }
      var output = control.parentNode.querySelector('output');
      if (output) { output.textContent = value; }
    });
    document.querySelectorAll('[data-shows]').forEach(function (output) {
      if (output.dataset.shows !== name) { return; }
      var shown = value || '';
      output.textContent = shown.indexOf('upload:') === 0 ? shown.slice(7) : shown;
    });
  }

  // MARK: - Controls beside the cells

  // The command blocks of the cells a page shows, in order (only cells write `$ explorer …`).
  function commandBlocks(root) {
    return Array.prototype.filter.call(root.querySelectorAll('pre > code.language-console'), function (code) {
      return code.textContent.indexOf('$ explorer ') === 0 && code.parentNode.parentNode === root;
    }).map(function (code) { return code.parentNode; });
  }

  // A compact copy of the top bar's controls for cell `index`, or null when it depends on none.
  function cellBar(index) {
    var bar = null;
    (cells[index] || []).forEach(function (name) {
      var original = Array.prototype.filter.call(form.querySelectorAll('[data-parameter]'), function (control) {
        return control.dataset.parameter === name;
      })[0];
      if (!original) { return; }
      if (!bar) {
        bar = document.createElement('div');
        bar.className = 'cell-controls';
        bar.dataset.cell = String(index);
      }
      var label = original.closest('label').cloneNode(true);
      label.querySelectorAll('.drop').forEach(function (zone) { zone.remove(); });
      bar.appendChild(label);
      label.querySelectorAll('[data-parameter]').forEach(bind);
    });
    return bar;
  }

  function placeCellControls() {
    var main = document.querySelector('main');
    if (!main || !cells.length) { return; }
    var blocks = commandBlocks(main);
    if (blocks.length !== cells.length) { return; }
    blocks.forEach(function (pre, index) {
      var bar = cellBar(index);
      if (bar) { pre.parentNode.insertBefore(bar, pre.nextSibling); }
    });
    setControls(wanted);
  }

  // Puts a new page's main part in place. The cells' bars stay where they are (a slider being
  // dragged stays under the pointer) and the new content goes around them, each cell's command
  // before its bar; a page whose cells do not match is replaced whole.
  function replaceMain(main, fresh) {
    var bars = Array.prototype.filter.call(main.children, function (node) { return node.classList.contains('cell-controls'); });
    var blocks = commandBlocks(fresh);
    if (!bars.length || blocks.length !== cells.length) {
      main.innerHTML = fresh.innerHTML;
      placeCellControls();
      return;
    }
    Array.prototype.slice.call(main.childNodes).forEach(function (node) {
      if (bars.indexOf(node) < 0) { main.removeChild(node); }
    });
    var next = 0;
    Array.prototype.slice.call(fresh.childNodes).forEach(function (node) {
      main.insertBefore(node, bars[next] || null);
      var index = blocks.indexOf(node);
      if (index >= 0 && bars[next] && bars[next].dataset.cell === String(index)) { next += 1; }
    });
  }

  // MARK: - Runs

  function apply(answer) {
    var page = new DOMParser().parseFromString(answer.html, 'text/html');
    var fresh = page.querySelector('main');
    var main = document.querySelector('main');
    if (fresh && main) {
      replaceMain(main, fresh);
      window.blurExplain.attach();
    }
    var style = page.querySelector('style');
    var mine = document.querySelector('head style');
    if (style && mine) { mine.textContent = style.textContent; }
    shown = copy(answer.values);
    if (answer.run) { run = answer.run; }
    var reduced = answer.reduced && answer.reduced.length ? 'preview from a reduced copy of ' + answer.reduced.join(', ') + ', ' : '';
    if (answer.seconds === undefined) {
      show('a state baked into this copy', false);
    } else if (answer.pending) {
      show(reduced + 'preview timing (ran in ' + answer.seconds.toFixed(2) + ' s); the full ' +
           (reduced ? 'size and ' : '') + 'timing on its way…', false);
    } else if (reduced) {
      show(reduced + 'ran in ' + answer.seconds.toFixed(2) + ' s', false);
    } else {
      show('ran in ' + answer.seconds.toFixed(2) + ' s', false);
    }
  }

  // Waits for the full timing of `values` after a let-go answered by the preview.
  function awaitTiming(values) {
    var controller = new AbortController();
    timing = controller;
    form.classList.add('timing');
    ask(values, false, controller.signal).then(function (result) {
      if (timing !== controller) { return; }
      timing = null;
      form.classList.remove('timing');
      if (result.superseded || result.error || !same(values, wanted) || busy) { return; }
      apply(result);
    }).catch(function () {
      if (timing === controller) {
        timing = null;
        form.classList.remove('timing');
      }
    });
  }

  function failed(message) {
    show(message, true);
    wanted = copy(shown);
    setControls(shown);
    remember(shown, false);
  }

  function settle() {
    busy = false;
    form.classList.remove('busy');
    document.body.classList.remove('pending');
    if (queued !== null) {
      var quick = queued;
      queued = null;
      timingFor = null;
      request(quick);
    } else if (timingFor !== null) {
      var values = timingFor;
      timingFor = null;
      awaitTiming(values);
    }
  }

  function request(quick) {
    if (timing !== null) {
      timing.abort();
      timing = null;
      form.classList.remove('timing');
    }
    timingFor = null;
    if (busy) {
      queued = queued === false ? false : quick;
      return;
    }
    busy = true;
    form.classList.add('busy');
    document.body.classList.add('pending');
    var asked = copy(wanted);
    var answer = site === 'live' ? ask(asked, quick) : baked(asked);
    answer.then(function (result) {
      if (result.superseded) { return; }
      if (result.error) {
        if (same(asked, wanted)) { failed(result.error); }
        return;
      }
      apply(result);
      if (result.pending) { timingFor = asked; }
    }).catch(function (error) {
      failed('the server did not answer: ' + error.message);
    }).then(settle);
  }

  // Asks the server for a run: a preview (quick), a let-go, or with `signal` the full timing.
  function ask(values, quick, signal) {
    var parts = ['session=' + encodeURIComponent(session)];
    if (quick) { parts.push('quick=1'); }
    if (signal) { parts.push('wait=1'); }
    Object.keys(values).forEach(function (name) {
      parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(values[name]));
    });
    return fetch('/lesson/' + lesson + '/run?' + parts.join('&'), { method: 'POST', signal: signal })
      .then(function (response) { return response.json(); });
  }

  // The exported site: the baked state for the one parameter that differs from its default.
  function baked(values) {
    var changed = Object.keys(defaults).filter(function (name) { return values[name] !== defaults[name]; });
    if (changed.length > 1) {
      return Promise.resolve({ error: 'this static copy moves one control at a time; the live server takes any mix' });
    }
    var name = changed[0];
    if (name !== undefined && (!grids[name] || grids[name].indexOf(values[name]) < 0)) {
      return Promise.resolve({ error: name + '=' + values[name] + ' is not one of the states baked into this copy' });
    }
    var folder = name === undefined ? 'defaults' : (states[name] || {})[values[name]];
    if (folder === undefined) {
      return Promise.resolve({ error: name + '=' + values[name] + ' is not one of the states baked into this copy' });
    }
    return fetch('states/' + folder + '/state.html').then(function (response) {
      if (!response.ok) { throw new Error('HTTP ' + response.status); }
      return response.text();
    }).then(function (html) {
      return { html: html, values: values };
    });
  }

  // Another control moved on the exported site: the others go back to their defaults.
  function alone(name) {
    if (site === 'live') { return; }
    Object.keys(defaults).forEach(function (other) {
      if (other !== name) { wanted[other] = defaults[other]; }
    });
    setControls(wanted);
  }

  function upload(name, file) {
    if (!file) { return; }
    show('uploading ' + file.name + '…', false);
    var url = '/upload?session=' + encodeURIComponent(session) + '&name=' + encodeURIComponent(file.name);
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: file })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.error) { show(answer.error, true); return; }
        wanted[name] = answer.value;
        setControls(wanted);
        remember(wanted, true);
        request(false);
      })
      .catch(function (error) { show('the upload failed: ' + error.message, true); });
  }

  // MARK: - Events

  form.addEventListener('submit', function (event) { event.preventDefault(); });

  function bind(control) {
    var name = control.dataset.parameter;
    if (control.type === 'file') {
      control.addEventListener('change', function () { upload(name, control.files[0]); });
      return;
    }
    if (control.type === 'range') {
      control.addEventListener('input', function () {
        wanted[name] = control.value;
        alone(name);
        sync(name, control.value);
        remember(wanted, !dragging);
        dragging = true;
        request(site === 'live');
      });
    }
    control.addEventListener('change', function () {
      wanted[name] = control.value;
      alone(name);
      sync(name, control.value);
      remember(wanted, !dragging);
      dragging = false;
      request(false);
    });
  }
  form.querySelectorAll('[data-parameter]').forEach(bind);
  placeCellControls();
  window.blurExplain.attach();
  form.querySelectorAll('[data-drop]').forEach(function (zone) {
    zone.addEventListener('dragover', function (event) { event.preventDefault(); zone.classList.add('over'); });
    zone.addEventListener('dragleave', function () { zone.classList.remove('over'); });
    zone.addEventListener('drop', function (event) {
      event.preventDefault();
      zone.classList.remove('over');
      upload(zone.dataset.drop, event.dataTransfer.files[0]);
    });
  });

  window.addEventListener('popstate', function () {
    wanted = fromURL();
    setControls(wanted);
    request(false);
  });

  // The page is open: its uploads and the run it shows stay on the server.
  if (site === 'live') {
    window.setInterval(function () {
      fetch('/alive?session=' + encodeURIComponent(session) + '&run=' + encodeURIComponent(run), { method: 'POST' })
        .catch(function () { return null; });
    }, 60000);
  }

  // A URL the page was not made at (a reload after an upload, a bookmark of a baked state).
  var asked = fromURL();
  if (!same(asked, shown)) {
    wanted = asked;
    setControls(wanted);
    request(false);
  }
})();
