// The live page of a lesson: plain JavaScript, no library.
//
// The controls ask for a run of the lesson at their values; the answer replaces the page's main
// part in place. One request is in flight at a time: while it runs only the newest value waits,
// and a drag asks for quick previews, letting go for full timing. The values live in the URL
// (/lesson/3?sigma=5), so Back, reload and bookmarks show the same state; a control whose run
// fails goes back to the value the page shows.
//
// On the exported static site (data-site="export") the same controls step through the slider
// states baked into the site, one parameter at a time, and nothing is asked of a server.
(function () {
  'use strict';
  var form = document.getElementById('live-controls');
  if (!form) { return; }
  var site = form.dataset.site;
  var lesson = form.dataset.lesson;
  var status = document.getElementById('live-status');
  var defaults = JSON.parse(form.dataset.defaults);
  var grids = form.dataset.grids ? JSON.parse(form.dataset.grids) : null;
  var shown = JSON.parse(form.dataset.values);
  var wanted = copy(shown);
  var run = form.dataset.run;
  var session = pageSession();
  var busy = false;
  var queued = null;
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
    form.querySelectorAll('[data-parameter]').forEach(function (control) {
      var name = control.dataset.parameter;
      if (control.type === 'file') { return; }
      control.value = values[name];
      var output = control.parentNode.querySelector('output');
      if (output) { output.textContent = values[name]; }
    });
    form.querySelectorAll('[data-shows]').forEach(function (output) {
      var value = values[output.dataset.shows] || '';
      output.textContent = value.indexOf('upload:') === 0 ? value.slice(7) : value;
    });
  }

  // MARK: - Runs

  function apply(answer) {
    var page = new DOMParser().parseFromString(answer.html, 'text/html');
    var fresh = page.querySelector('main');
    var main = document.querySelector('main');
    if (fresh && main) { main.innerHTML = fresh.innerHTML; }
    var style = page.querySelector('style');
    var mine = document.querySelector('head style');
    if (style && mine) { mine.textContent = style.textContent; }
    shown = copy(answer.values);
    if (answer.run) { run = answer.run; }
    show(answer.seconds === undefined ? 'a state baked into this copy' : 'ran in ' + answer.seconds.toFixed(2) + ' s', false);
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
      request(quick);
    }
  }

  function request(quick) {
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
    }).catch(function (error) {
      failed('the server did not answer: ' + error.message);
    }).then(settle);
  }

  function ask(values, quick) {
    var parts = ['session=' + encodeURIComponent(session)];
    if (quick) { parts.push('quick=1'); }
    Object.keys(values).forEach(function (name) {
      parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(values[name]));
    });
    return fetch('/lesson/' + lesson + '/run?' + parts.join('&'), { method: 'POST' })
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
    var folder = name === undefined ? 'defaults' : stateFolder(name, values[name]);
    return fetch('states/' + folder + '/state.html').then(function (response) {
      if (!response.ok) { throw new Error('HTTP ' + response.status); }
      return response.text();
    }).then(function (html) {
      return { html: html, values: values };
    });
  }

  function stateFolder(name, value) {
    return (name + '-' + value).replace(/[^A-Za-z0-9.-]/g, '_');
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
  form.querySelectorAll('[data-parameter]').forEach(function (control) {
    var name = control.dataset.parameter;
    if (control.type === 'file') {
      control.addEventListener('change', function () { upload(name, control.files[0]); });
      return;
    }
    if (control.type === 'range') {
      var output = control.parentNode.querySelector('output');
      control.addEventListener('input', function () {
        wanted[name] = control.value;
        alone(name);
        output.textContent = control.value;
        remember(wanted, !dragging);
        dragging = true;
        request(site === 'live');
      });
    }
    control.addEventListener('change', function () {
      wanted[name] = control.value;
      alone(name);
      remember(wanted, !dragging);
      dragging = false;
      request(false);
    });
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
