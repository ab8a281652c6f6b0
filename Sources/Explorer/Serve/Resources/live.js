// A lesson's page with controls, plain JavaScript (docs/live-in-class.md). Every state was baked
// before class: moving a control fetches states/FOLDER/state.html and puts its main part in place,
// one request in flight, only the newest value waiting. The values live in the URL (?sigma=5);
// each cell's results get a copy of the controls it depends on (data-cells); ▶ plays a slider.
// Under explorer serve (it answers ../live.json) an upload is baked by a job on the server and its
// states come from the job's folder. Each new state fires `live:replaced` on document.
(function () {
  'use strict';
  var form = document.getElementById('live-controls');
  if (!form) { return; }
  var lesson = form.dataset.lesson;
  var status = document.getElementById('live-status');
  var defaults = JSON.parse(form.dataset.defaults);
  var grids = JSON.parse(form.dataset.grids);
  // The state folders, by parameter (or `NAME&NAME`) and value (or `VALUE&VALUE`).
  var states = JSON.parse(form.dataset.states);
  var cells = form.dataset.cells ? JSON.parse(form.dataset.cells) : [];
  var shown = JSON.parse(form.dataset.values);
  var wanted = copy(shown);
  var note = status.textContent;
  var live = false, session = '', busy = false, queued = false;
  // A slider is being dragged: its first step made a history entry, the others replace it.
  var dragging = false;
  var each = function (list, body) { Array.prototype.forEach.call(list, body); };

  function copy(values) { return Object.assign({}, values); }

  function same(a, b) {
    return Object.keys(defaults).every(function (name) { return a[name] === b[name]; });
  }

  // One session per browser tab, kept across reloads, so the tab's uploads come back.
  function pageSession() {
    var made = Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(12)), function (byte) {
      return (byte % 36).toString(36);
    }).join('');
    try {
      var kept = window.sessionStorage.getItem('explorer-session');
      if (kept && /^[a-z0-9]{1,40}$/.test(kept)) { return kept; }
      window.sessionStorage.setItem('explorer-session', made);
    } catch (error) { /* storage may be off: the session still serves this page */ }
    return made;
  }

  function show(message, error) {
    status.textContent = status.title = message;
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

  function remember(values, push) {
    var query = Object.keys(defaults).filter(function (name) { return values[name] !== defaults[name]; })
      .map(function (name) { return encodeURIComponent(name) + '=' + encodeURIComponent(values[name]); }).join('&');
    var url = window.location.pathname + (query ? '?' + query : '');
    if (url !== window.location.pathname + window.location.search) {
      window.history[push ? 'pushState' : 'replaceState'](null, '', url);
    }
  }

  // MARK: - Controls

  function setControls(values) {
    Object.keys(defaults).forEach(function (name) { sync(name, values[name]); });
  }

  // Every control of parameter `name` (the top bar's and the cells') shows `value`.
  function sync(name, value) {
    each(document.querySelectorAll('[data-parameter]'), function (control) {
      if (control.dataset.parameter !== name || control.type === 'file') { return; }
      if (control.value !== value) { control.value = value; }
      var output = control.parentNode.querySelector('output');
      if (output) { output.textContent = value; }
    });
    each(document.querySelectorAll('[data-shows]'), function (output) {
      if (output.dataset.shows === name) { output.textContent = (value || '').replace(/^upload:/, ''); }
    });
  }

  // The command blocks of the cells a page shows, in order (only cells write `$ explorer …`).
  function commandBlocks(root) {
    return Array.prototype.filter.call(root.querySelectorAll('pre > code.language-console'), function (code) {
      return code.textContent.indexOf('$ explorer ') === 0 && code.parentNode.parentNode === root;
    }).map(function (code) { return code.parentNode; });
  }

  // Puts below each cell's command a compact copy of the top bar's controls it depends on.
  function placeCellControls() {
    var main = document.querySelector('main');
    if (!main || !cells.length) { return; }
    var blocks = commandBlocks(main);
    if (blocks.length !== cells.length) { return; }
    blocks.forEach(function (pre, index) {
      var labels = (cells[index] || []).map(function (name) {
        var original = form.querySelector('[data-parameter="' + CSS.escape(name) + '"]');
        return original && original.closest('label').cloneNode(true);
      }).filter(Boolean);
      if (!labels.length) { return; }
      var bar = document.createElement('div');
      bar.className = 'cell-controls';
      bar.dataset.cell = String(index);
      labels.forEach(function (label) {
        each(label.querySelectorAll('.drop, .play'), function (node) { node.remove(); });
        bar.appendChild(label);
        each(label.querySelectorAll('[data-parameter]'), bind);
      });
      pre.parentNode.insertBefore(bar, pre.nextSibling);
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
    each(Array.from(main.childNodes), function (node) { if (bars.indexOf(node) < 0) { main.removeChild(node); } });
    var next = 0;
    each(Array.from(fresh.childNodes), function (node) {
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

  function apply(result) {
    var page = new DOMParser().parseFromString(result.html, 'text/html');
    var fresh = page.querySelector('main'), main = document.querySelector('main');
    if (fresh && main) {
      replaceMain(main, fresh);
      document.dispatchEvent(new CustomEvent('live:replaced'));
    }
    var style = page.querySelector('style'), mine = document.querySelector('head style');
    if (style && mine) { mine.textContent = style.textContent; }
    shown = copy(result.values);
    show(result.note, false);
  }

  // The parameters of `values` away from their defaults (an upload aside).
  function changedIn(values) {
    var upload = uploaded(values);
    return Object.keys(defaults).filter(function (name) {
      return values[name] !== defaults[name] && !(upload && name === upload.parameter);
    });
  }

  // The baked state of `values`: the folder of the parameter that differs from its default, or
  // of the two (`NAME&NAME`), from the site or, for an upload (one parameter at a time), from its
  // job on the server; `{error}` when there is none.
  function baked(values) {
    var upload = uploaded(values), changed = changedIn(values);
    var refuse = function (message) { return Promise.resolve({ error: message }); };
    if (changed.length > (upload ? 1 : 2) || (changed.length === 2 && !states[changed.join('&')])) {
      return refuse(changed.join(' and ') + ' are baked one at a time here; they all moved');
    }
    var name = changed.join('&') || undefined;
    var folder = name === undefined ? 'defaults' : (states[name] || {})[changed.map(function (n) { return values[n]; }).join('&')];
    if (folder === undefined) {
      return refuse(changed.map(function (n) { return n + '=' + values[n]; }).join(' ') + ' is not one of the baked states');
    }
    if (!upload) { return state('states/' + folder + '/state.html', values, null); }
    if (!live) { return refuse('an uploaded picture needs explorer serve behind the page'); }
    var near = name === undefined ? Object.keys(grids)[0] : name;
    var parts = ['session=' + session, 'image=' + encodeURIComponent(upload.name), 'lesson=' + lesson,
      'state=' + folder, 'near=' + encodeURIComponent(near === undefined ? '' : near + '=' + values[near])];
    return post('../job?' + parts.join('&')).then(function (answer) {
      if (answer.error) { throw new Error(answer.error); }
      show('baking ' + upload.name + ' here (' + (name ? name + '=' + values[name] : 'defaults') + ' first)…', false);
      return state(answer.base + 'states/' + folder + '/state.html', values, upload);
    });
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
        if (next.first) { follow(next); } else { apply(next); }
      }).catch(function () { return null; });
    }, 500);
  }

  function post(url, body) {
    var options = { method: 'POST' };
    if (body) { options.body = body; options.headers = { 'Content-Type': 'image/png' }; }
    return fetch(url, options).then(function (response) { return response.json(); });
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
    function failed(message) {
      show(message, true);
      wanted = copy(shown);
      setControls(shown);
      remember(shown, false);
    }
    baked(asked).then(function (result) {
      if (result.error) {
        if (same(asked, wanted)) { failed(result.error); }
        return;
      }
      apply(result);
      if (result.first) { follow(result); }
    }).catch(function (error) { failed(error.message); }).then(function () {
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

  // Parameter `name` takes `value` from a control (`push`: a new history entry).
  function move(name, value, push) {
    wanted[name] = value;
    alone(name);
    sync(name, value);
    remember(wanted, push);
    request();
  }

  function upload(name, file) {
    if (!file) { return; }
    show('uploading ' + file.name + '…', false);
    post('../upload?session=' + session + '&name=' + encodeURIComponent(file.name), file).then(function (answer) {
      if (answer.error) { return show(answer.error, true); }
      wanted[name] = answer.value;
      setControls(wanted);
      remember(wanted, true);
      request();
    }).catch(function (error) { show('the upload failed: ' + error.message, true); });
  }

  // MARK: - Play

  // ▶ beside a slider steps it through its baked values, from the one shown to the last (from
  // the first when the last is shown), each state shown at least `dwell` ms before the next is
  // asked for; ■, or moving any control, stops it where it is.
  var playing = null, dwell = 700;

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
      var again = playing && playing.button === button;
      stopPlaying();
      if (again) { return; }
      var index = values.indexOf(wanted[name]);
      if (index === values.length - 1) { index = -1; }
      playing = { button: button, name: name, timer: null };
      button.textContent = '■';
      button.setAttribute('aria-label', 'stop playing ' + name);
      (function step() {
        if (!playing || playing.button !== button) { return; }
        if (busy) { playing.timer = window.setTimeout(step, 50); return; }
        if (index === values.length - 1) { return stopPlaying(); }
        index += 1;
        move(name, values[index], false);
        playing.timer = window.setTimeout(step, dwell);
      })();
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
      var push = !dragging;
      dragging = !letGo;
      move(name, control.value, push);
    }
    if (control.type === 'range') { control.addEventListener('input', function () { moved(false); }); }
    control.addEventListener('change', function () { moved(true); });
  }
  each(form.querySelectorAll('[data-parameter]'), bind);
  placeCellControls();
  each(form.querySelectorAll('input[type=range]'), addPlay);
  each(form.querySelectorAll('[data-drop]'), function (zone) {
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
      each(document.querySelectorAll('label.upload'), function (label) { label.hidden = false; });
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
