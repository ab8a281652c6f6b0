// A lesson's page with controls, plain JavaScript (docs/live-in-class.md). Every state was baked
// before class: moving a control fetches states/FOLDER/state.html and puts its main part in place,
// one request in flight, only the newest value waiting. The values live in the URL (?sigma=5);
// each cell's results get a copy of the controls it depends on (data-cells); ▶ plays a slider.
// Under explorer serve (it answers ../live.json) an upload is baked by a job on the server and its
// states come from the job's folder. Each new state fires `live:replaced` on document.
(() => {
  'use strict';
  const form = document.getElementById('live-controls');
  if (!form) { return; }
  const status = document.getElementById('live-status'), note = status.textContent;
  const read = (name) => JSON.parse(form.dataset[name] || '[]');
  const defaults = read('defaults'), grids = read('grids'), cells = read('cells');
  // The state folders, by parameter (or `NAME&NAME`) and value (or `VALUE&VALUE`).
  const states = read('states');
  const names = Object.keys(defaults);
  let shown = { ...defaults, ...read('values') }, wanted = { ...shown };
  let live = false, session = '', busy = false;
  // A slider is being dragged: its first step made a history entry, the others replace it.
  let dragging = false;

  const same = (a, b) => names.every((name) => a[name] === b[name]);
  const query = (fields) => Object.entries(fields)
    .map(([name, value]) => encodeURIComponent(name) + '=' + encodeURIComponent(value)).join('&');
  const controlsOf = (name) => `[data-parameter="${CSS.escape(name)}"]`;

  // One session per browser tab, kept across reloads, so the tab's uploads come back.
  function pageSession() {
    const made = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => (byte % 36).toString(36)).join('');
    try {
      const kept = sessionStorage.getItem('explorer-session');
      if (kept && /^[a-z0-9]{1,40}$/.test(kept)) { return kept; }
      sessionStorage.setItem('explorer-session', made);
    } catch (error) { /* storage may be off: the session still serves this page */ }
    return made;
  }

  function show(message, error = false) {
    status.textContent = status.title = message;
    status.classList.toggle('error', error);
  }

  // MARK: - Values in the URL and the controls

  function fromURL() {
    const values = { ...defaults };
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (Object.prototype.hasOwnProperty.call(defaults, name)) { values[name] = value; }
    }
    return values;
  }

  function remember(values, push) {
    const changed = Object.fromEntries(names.filter((n) => values[n] !== defaults[n]).map((n) => [n, values[n]]));
    const url = location.pathname + (Object.keys(changed).length ? '?' + query(changed) : '');
    if (url !== location.pathname + location.search) { history[push ? 'pushState' : 'replaceState'](null, '', url); }
  }

  // Every control of every parameter (the top bar's and the cells') shows its value in `values`.
  function setControls(values) {
    for (const name of names) {
      for (const control of document.querySelectorAll(controlsOf(name) + ':not([type=file])')) {
        control.value = values[name];
        const output = control.parentNode.querySelector('output');
        if (output) { output.textContent = values[name]; }
      }
      for (const output of document.querySelectorAll(`[data-shows="${CSS.escape(name)}"]`)) {
        output.textContent = values[name].replace(/^upload:/, '');
      }
    }
  }

  // The page is to show `values` (`push`: a new history entry).
  function ask(values, push) {
    wanted = values;
    setControls(wanted);
    remember(wanted, push);
    request();
  }

  // The command blocks of the cells a page shows, in order (only cells write `$ explorer …`).
  const commandBlocks = (root) => Array.from(root.querySelectorAll(':scope > pre > code.language-console'))
    .filter((code) => code.textContent.startsWith('$ explorer ')).map((code) => code.parentNode);

  // Puts below each cell's command a compact copy of the top bar's controls it depends on.
  function placeCellControls() {
    const main = document.querySelector('main');
    const blocks = main ? commandBlocks(main) : [];
    if (!cells.length || blocks.length !== cells.length) { return; }
    blocks.forEach((pre, index) => {
      const labels = cells[index].map((name) => form.querySelector(controlsOf(name)))
        .filter(Boolean).map((control) => control.closest('label').cloneNode(true));
      if (!labels.length) { return; }
      const bar = document.createElement('div');
      bar.className = 'cell-controls';
      bar.dataset.cell = index;
      labels.forEach((label) => label.querySelectorAll('.drop, .play').forEach((node) => node.remove()));
      bar.append(...labels);
      pre.after(bar);
    });
    setControls(wanted);
  }

  // Puts a new page's main part in place. The cells' bars stay where they are (a slider being
  // dragged stays under the pointer) and the new content goes around them, each cell's command
  // before its bar; a page whose cells do not match is replaced whole.
  function replaceMain(main, fresh) {
    const bars = Array.from(main.querySelectorAll(':scope > .cell-controls'));
    const blocks = commandBlocks(fresh);
    if (!bars.length || blocks.length !== cells.length) {
      main.replaceChildren(...fresh.childNodes);
      return placeCellControls();
    }
    Array.from(main.childNodes).filter((node) => !bars.includes(node)).forEach((node) => node.remove());
    let next = 0;
    for (const node of Array.from(fresh.childNodes)) {
      main.insertBefore(node, bars[next] || null);
      if (bars[next] && bars[next].dataset.cell === String(blocks.indexOf(node))) { next += 1; }
    }
  }

  // MARK: - States

  // The upload the values show (the image parameter's `upload:NAME`), or null.
  function uploaded(values) {
    const name = names.find((n) => values[n].startsWith('upload:'));
    return name ? { parameter: name, name: values[name].slice('upload:'.length) } : null;
  }

  // The parameters of `values` away from their defaults (an upload aside).
  function changedIn(values) {
    const upload = uploaded(values);
    return names.filter((name) => values[name] !== defaults[name] && !(upload && name === upload.parameter));
  }

  function apply(result) {
    const page = new DOMParser().parseFromString(result.html, 'text/html');
    const fresh = page.querySelector('main'), main = document.querySelector('main');
    if (fresh && main) {
      replaceMain(main, fresh);
      document.dispatchEvent(new CustomEvent('live:replaced'));
    }
    const style = page.querySelector('style'), mine = document.querySelector('head style');
    if (style && mine) { mine.textContent = style.textContent; }
    shown = { ...result.values };
    show(result.note);
  }

  // The baked state of `values`: the folder of the parameter that differs from its default, or
  // of the two (`NAME&NAME`), from the site or, for an upload (one parameter at a time), from its
  // job on the server; `{error}` when there is none.
  async function baked(values) {
    const upload = uploaded(values), changed = changedIn(values), key = changed.join('&');
    if (changed.length > (upload ? 1 : 2) || (changed.length === 2 && !states[key])) {
      return { error: changed.join(' and ') + ' are baked one at a time here; they all moved' };
    }
    const folder = key ? (states[key] || {})[changed.map((n) => values[n]).join('&')] : 'defaults';
    if (folder === undefined) {
      return { error: changed.map((n) => n + '=' + values[n]).join(' ') + ' is not one of the baked states' };
    }
    if (!upload) { return state(`states/${folder}/state.html`, values, null); }
    if (!live) { return { error: 'an uploaded picture needs explorer serve behind the page' }; }
    const near = key || Object.keys(grids)[0];
    const job = { session, image: upload.name, lesson: form.dataset.lesson, state: folder,
      near: near === undefined ? '' : near + '=' + values[near] };
    const answer = await post('../job?' + query(job));
    if (answer.error) { throw new Error(answer.error); }
    show(`baking ${upload.name} here (${key ? key + '=' + values[key] : 'defaults'} first)…`);
    return state(answer.base + `states/${folder}/state.html`, values, upload);
  }

  // A state's page; a job's first look (made from a smaller copy first) says so in a meta.
  async function state(url, values, upload) {
    const response = await fetch(url), html = await response.text();
    if (!response.ok) { throw new Error(html || 'HTTP ' + response.status); }
    const reduced = decodeURIComponent(response.headers.get('X-Job-Note') || '');
    const first = /<meta name="live-first" content="([^"]*)">/.exec(html);
    let said = note;
    if (upload && first) {
      said = `${upload.name}: ${first[1].replace(/&amp;/g, '&')}…`;
    } else if (upload) {
      said = upload.name + ' baked here' + (reduced ? ' from ' + reduced : '');
    }
    return { html, values, url, first: !!first, note: said };
  }

  // After a first look the page asks for the state itself every 0.5 s until the job has made it.
  function follow(result) {
    setTimeout(async () => {
      if (busy || !same(result.values, wanted) || !same(result.values, shown)) { return; }
      const next = await state(result.url, result.values, uploaded(result.values)).catch(() => null);
      if (!next || busy || !same(next.values, shown)) { return; }
      if (next.first) { follow(next); } else { apply(next); }
    }, 500);
  }

  async function post(url, body) {
    const headers = body ? { 'Content-Type': 'image/png' } : {};
    return (await fetch(url, { method: 'POST', body, headers })).json();
  }

  // Shows the state of `wanted`, one request in flight: a change meanwhile is asked for after it.
  async function request() {
    if (busy) { return; }
    busy = true;
    form.classList.add('busy');
    const asked = { ...wanted };
    const failed = (message) => {
      show(message, true);
      wanted = { ...shown };
      setControls(shown);
      remember(shown, false);
    };
    try {
      const result = await baked(asked);
      if (result.error) {
        if (same(asked, wanted)) { failed(result.error); }
      } else {
        apply(result);
        if (result.first) { follow(result); }
      }
    } catch (error) {
      failed(error.message);
    }
    busy = false;
    form.classList.remove('busy');
    if (!same(wanted, shown)) { request(); }
  }

  // Parameter `name` takes `value` from a control (`push`: a new history entry). The others go
  // back to their defaults (an upload stays), but for one whose combinations with `name` are
  // baked (no upload shown).
  function move(name, value, push) {
    const values = { ...wanted, [name]: value };
    const paired = (other) => states[names.filter((n) => n === name || n === other).join('&')];
    const kept = uploaded(values) ? [] : changedIn(values).filter((n) => n !== name && paired(n)).slice(0, 1);
    for (const other of names) {
      if (other !== name && !kept.includes(other) && !values[other].startsWith('upload:')) {
        values[other] = defaults[other];
      }
    }
    ask(values, push);
  }

  async function upload(name, file) {
    if (!file) { return; }
    show('uploading ' + file.name + '…');
    try {
      const answer = await post('../upload?' + query({ session, name: file.name }), file);
      if (answer.error) { return show(answer.error, true); }
      ask({ ...wanted, [name]: answer.value }, true);
    } catch (error) {
      show('the upload failed: ' + error.message, true);
    }
  }

  // MARK: - Play

  // ▶ beside a slider steps it through its baked values, from the one shown to the last (from
  // the first when the last is shown), each state shown at least `dwell` ms before the next is
  // asked for; ■, or moving any control, stops it where it is.
  const dwell = 700;
  let playing = null;
  const stopPlaying = () => playing && playing.stop();
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function addPlay(control) {
    const name = control.dataset.parameter, values = grids[name] || [];
    if (values.length < 2) { return; }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'play';
    const label = (on) => {
      button.textContent = on ? '■' : '▶';
      button.setAttribute('aria-label', (on ? 'stop playing ' : 'play ') + name);
    };
    label(false);
    control.parentNode.append(button);
    button.addEventListener('click', async () => {
      const again = playing && playing.button === button;
      stopPlaying();
      if (again) { return; }
      const run = { button, stop() { playing = null; label(false); } };
      playing = run;
      label(true);
      let index = values.indexOf(wanted[name]);
      if (index === values.length - 1) { index = -1; }
      while (playing === run && index < values.length - 1) {
        index += 1;
        move(name, values[index], false);
        await sleep(dwell);
        while (busy && playing === run) { await sleep(50); }
      }
      if (playing === run) { run.stop(); }
    });
  }

  // MARK: - Events

  // A control moved, the top bar's or a cell's copy: a slider while dragged (`input`) and when let
  // go (`change`), a menu when chosen; a file picker uploads.
  function moved(event, letGo) {
    const control = event.target, name = control.dataset && control.dataset.parameter;
    if (!name || (!letGo && control.type !== 'range')) { return; }
    if (control.type === 'file') { return upload(name, control.files[0]); }
    stopPlaying();
    const push = !dragging;
    dragging = !letGo;
    move(name, control.value, push);
  }

  form.addEventListener('submit', (event) => event.preventDefault());
  // Listened for as the event comes down to its control, so that one sent without bubbling counts.
  document.addEventListener('input', (event) => moved(event, false), true);
  document.addEventListener('change', (event) => moved(event, true), true);
  placeCellControls();
  form.querySelectorAll('input[type=range]').forEach(addPlay);
  for (const zone of form.querySelectorAll('[data-drop]')) {
    zone.addEventListener('dragover', (event) => { event.preventDefault(); zone.classList.add('over'); });
    zone.addEventListener('dragleave', () => zone.classList.remove('over'));
    zone.addEventListener('drop', (event) => {
      event.preventDefault();
      zone.classList.remove('over');
      upload(zone.dataset.drop, event.dataTransfer.files[0]);
    });
  }
  window.addEventListener('popstate', () => ask(fromURL(), false));

  // explorer serve behind the page: uploads, and the page says it is open every minute.
  fetch('../live.json').then((response) => (response.ok ? response.json() : null)).catch(() => null)
    .then((answer) => {
      live = !!(answer && answer.upload);
      if (live) {
        session = pageSession();
        document.querySelectorAll('label.upload').forEach((label) => { label.hidden = false; });
        setInterval(() => post('../alive?' + query({ session })).catch(() => null), 60000);
      }
      // A URL the page was not made at (a reload, a bookmark of a state or of an upload).
      const asked = fromURL();
      if (!same(asked, shown)) { ask(asked, false); }
    });
})();
