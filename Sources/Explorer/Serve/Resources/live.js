// A lesson's page with controls: plain JavaScript, no library (docs/live-in-class.md).
// Every state of the controls was baked before class (explorer export): moving a control fetches
// that state's page (states/FOLDER/state.html) and puts its main part in place; one request is
// in flight and only the newest value waits. The values live in the URL (?sigma=5) for Back,
// reload and bookmarks; a value with no state goes back to the one the page shows. Each cell's
// results get a compact copy of the controls it depends on (data-cells). Under explorer serve
// (it answers ../live.json) an image control appears: an upload is baked by a job on the
// server, the page's state first, and its states come from the job's folder. After each new
// state the page fires `live:replaced` on document for any other script (pointing.js follows
// the page's figures by itself). A ▶ beside each slider plays it through its baked values.
(function () {
  'use strict';
  var form = document.getElementById('live-controls');
  if (!form) { return; }
  var lesson = form.dataset.lesson;
  var status = document.getElementById('live-status');
  var defaults = JSON.parse(form.dataset.defaults);
  var grids = JSON.parse(form.dataset.grids);
  // The state folders, by parameter and value (named by the exporter).
  var states = JSON.parse(form.dataset.states);
  var cells = form.dataset.cells ? JSON.parse(form.dataset.cells) : [];
  var shown = JSON.parse(form.dataset.values);
  var wanted = copy(shown);
  var note = status.textContent;
  // Whether explorer serve is behind the page (uploads), and this tab's session there.
  var live = false;
  var session = '';
  var busy = false;
  var queued = false;
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
    var key = 'explorer-session';
    var made = Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(12)), function (byte) {
      return (byte % 36).toString(36);
    }).join('');
    try {
      var kept = window.sessionStorage.getItem(key);
      if (kept && /^[a-z0-9]{1,40}$/.test(kept)) { return kept; }
      window.sessionStorage.setItem(key, made);
    } catch (error) {
      // Storage may be off; the session still serves this page.
    }
    return made;
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
      label.querySelectorAll('.drop, .play').forEach(function (node) { node.remove(); });
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

  // MARK: - States

  // The upload the values show (the image parameter's `upload:NAME`), or null.
  function uploaded(values) {
    var names = Object.keys(values).filter(function (name) { return values[name].indexOf('upload:') === 0; });
    return names.length ? { parameter: names[0], name: values[names[0]].slice(7) } : null;
  }

  function apply(html, values, message) {
    var page = new DOMParser().parseFromString(html, 'text/html');
    var fresh = page.querySelector('main');
    var main = document.querySelector('main');
    if (fresh && main) {
      replaceMain(main, fresh);
      document.dispatchEvent(new CustomEvent('live:replaced'));
    }
    var style = page.querySelector('style');
    var mine = document.querySelector('head style');
    if (style && mine) { mine.textContent = style.textContent; }
    shown = copy(values);
    show(message, false);
  }

  // The parameters of `values` away from their defaults (an upload aside).
  function changedIn(values) {
    var upload = uploaded(values);
    return Object.keys(defaults).filter(function (name) {
      return values[name] !== defaults[name] && !(upload && name === upload.parameter);
    });
  }

  // The baked state of `values`: the state folder of the parameter that differs from its
  // default, or of the two (`NAME&NAME` in data-states), from the site or, for an upload (one
  // at a time), from its job on the server.
  function baked(values) {
    var upload = uploaded(values);
    var changed = changedIn(values);
    if (changed.length > (upload ? 1 : 2) || (changed.length === 2 && !states[changed.join('&')])) {
      return Promise.resolve({ error: changed.join(' and ') + ' are baked one at a time here; they all moved' });
    }
    var name = changed.join('&') || undefined;
    var folder = name === undefined ? 'defaults' : (states[name] || {})[changed.map(function (n) { return values[n]; }).join('&')];
    if (folder === undefined) {
      return Promise.resolve({ error: changed.map(function (n) { return n + '=' + values[n]; }).join(' ') + ' is not one of the baked states' });
    }
    var base = Promise.resolve('');
    if (upload) {
      if (!live) { return Promise.resolve({ error: 'an uploaded picture needs explorer serve behind the page' }); }
      var near = name === undefined ? Object.keys(grids)[0] : name;
      var parts = ['session=' + session, 'image=' + encodeURIComponent(upload.name), 'lesson=' + lesson,
        'state=' + folder, 'near=' + encodeURIComponent(near === undefined ? '' : near + '=' + values[near])];
      base = post('../job?' + parts.join('&')).then(function (answer) {
        if (answer.error) { throw new Error(answer.error); }
        show('baking ' + upload.name + ' here (' + (name ? name + '=' + values[name] : 'defaults') + ' first)…', false);
        return answer.base;
      });
    }
    return base.then(function (prefix) { return state(prefix + 'states/' + folder + '/state.html', values, upload); });
  }

  // A state's page; a job's first look (made from a smaller copy first) says so in a meta.
  function state(url, values, upload) {
    return fetch(url).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) { throw new Error(text || 'HTTP ' + response.status); }
        var reduced = decodeURIComponent(response.headers.get('X-Job-Note') || '');
        var first = /<meta name="live-first" content="([^"]*)">/.exec(text);
        return { html: text, values: values, url: url, first: !!first, note: !upload ? note : upload.name +
          (first ? ': ' + first[1].replace(/&amp;/g, '&') + '…' : ' baked here' + (reduced ? ' from ' + reduced : '')) };
      });
    });
  }

  // After a first look the page asks for the state itself every 0.5 s until the job has made it.
  function follow(result) {
    window.setTimeout(function () {
      if (busy || !same(result.values, wanted) || !same(result.values, shown)) { return; }
      state(result.url, result.values, uploaded(result.values)).then(function (next) {
        if (busy || !same(next.values, shown)) { return; }
        if (next.first) { follow(next); } else { apply(next.html, next.values, next.note); }
      }).catch(function () { return null; });
    }, 500);
  }

  function post(url, body) {
    var options = { method: 'POST' };
    if (body) { options.body = body; options.headers = { 'Content-Type': 'image/png' }; }
    return fetch(url, options).then(function (response) { return response.json(); });
  }

  function failed(message) {
    show(message, true);
    wanted = copy(shown);
    setControls(shown);
    remember(shown, false);
  }

  function request() {
    if (busy) {
      queued = true;
      return;
    }
    busy = true;
    form.classList.add('busy');
    document.body.classList.add('pending');
    var asked = copy(wanted);
    baked(asked).then(function (result) {
      if (result.error) {
        if (same(asked, wanted)) { failed(result.error); }
        return;
      }
      apply(result.html, result.values, result.note);
      if (result.first) { follow(result); }
    }).catch(function (error) {
      failed(error.message);
    }).then(function () {
      busy = false;
      form.classList.remove('busy');
      document.body.classList.remove('pending');
      if (queued) {
        queued = false;
        if (!same(wanted, shown)) { request(); }
      }
    });
  }

  // Control `name` moved: the others go back to their defaults (an upload stays), but for one
  // whose combinations with `name` are baked (no upload shown).
  function alone(name) {
    var kept = uploaded(wanted) ? [] : changedIn(wanted).filter(function (other) {
      return other !== name && states[Object.keys(defaults).filter(function (n) { return n === name || n === other; }).join('&')];
    }).slice(0, 1);
    Object.keys(defaults).forEach(function (other) {
      if (other !== name && kept.indexOf(other) < 0 && wanted[other].indexOf('upload:') !== 0) { wanted[other] = defaults[other]; }
    });
    setControls(wanted);
  }

  function upload(name, file) {
    if (!file) { return; }
    show('uploading ' + file.name + '…', false);
    post('../upload?session=' + session + '&name=' + encodeURIComponent(file.name), file)
      .then(function (answer) {
        if (answer.error) { show(answer.error, true); return; }
        wanted[name] = answer.value;
        setControls(wanted);
        remember(wanted, true);
        request();
      })
      .catch(function (error) { show('the upload failed: ' + error.message, true); });
  }

  // MARK: - Play

  // ▶ beside a slider steps it through its baked values, from the one shown to the last (from
  // the first when the last is shown), each state shown at least `dwell` ms before the next is
  // asked for; ■, or moving any control, stops it where it is.
  var playing = null;
  var dwell = 700;

  function stopPlaying() {
    if (!playing) { return; }
    window.clearTimeout(playing.timer);
    playing.button.textContent = '▶';
    playing.button.setAttribute('aria-label', 'play ' + playing.name);
    playing = null;
  }

  function addPlay(control) {
    var name = control.dataset.parameter, values = grids[name] || [];
    if (values.length < 2) { return; }
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'play';
    button.textContent = '▶';
    button.setAttribute('aria-label', 'play ' + name);
    control.parentNode.appendChild(button);
    button.addEventListener('click', function (event) {
      event.preventDefault();
      var same = playing && playing.button === button;
      stopPlaying();
      if (same) { return; }
      var index = values.indexOf(wanted[name]);
      if (index < 0 || index === values.length - 1) { index = -1; }
      playing = { button: button, name: name, timer: null };
      button.textContent = '■';
      button.setAttribute('aria-label', 'stop playing ' + name);
      function step() {
        if (!playing || playing.button !== button) { return; }
        if (busy) { playing.timer = window.setTimeout(step, 50); return; }
        if (index === values.length - 1) { stopPlaying(); return; }
        index += 1;
        wanted[name] = values[index];
        alone(name);
        sync(name, values[index]);
        remember(wanted, false);
        request();
        playing.timer = window.setTimeout(step, dwell);
      }
      step();
    });
  }

  // MARK: - Events

  form.addEventListener('submit', function (event) { event.preventDefault(); });

  function bind(control) {
    var name = control.dataset.parameter;
    if (control.type === 'file') {
      control.addEventListener('change', function () { upload(name, control.files[0]); });
      return;
    }
    function moved(letGo) {
      stopPlaying();
      wanted[name] = control.value;
      alone(name);
      sync(name, control.value);
      remember(wanted, !dragging);
      dragging = !letGo;
      request();
    }
    if (control.type === 'range') {
      control.addEventListener('input', function () { moved(false); });
    }
    control.addEventListener('change', function () { moved(true); });
  }
  form.querySelectorAll('[data-parameter]').forEach(bind);
  placeCellControls();
  form.querySelectorAll('input[type=range]').forEach(addPlay);
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
    request();
  });

  // explorer serve behind the page: uploads, and the page says it is open every minute.
  fetch('../live.json').then(function (response) {
    return response.ok ? response.json() : null;
  }).catch(function () { return null; }).then(function (answer) {
    live = !!(answer && answer.upload);
    if (live) {
      session = pageSession();
      document.querySelectorAll('label.upload').forEach(function (label) { label.hidden = false; });
      window.setInterval(function () { post('../alive?session=' + session).catch(function () { return null; }); }, 60000);
    }
    // A URL the page was not made at (a reload, a bookmark of a state or of an upload).
    var asked = fromURL();
    if (!same(asked, shown)) {
      wanted = asked;
      setControls(wanted);
      request();
    }
  });
})();
