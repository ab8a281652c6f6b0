// Pointing at a blurred picture (issue 39): on a strip that has pointing data beside it
// (`<div class="figure-pointing" data-figure="strip.png" data-pointing="strip.pointing.json">`,
// written by the run: `FigurePointing` in the explorer), pointing at or tapping a pixel of a
// blurred panel outlines the neighbourhood the blur read on the input and on the output, and shows
// beside the pointer the weights × the input's levels and their sum, next to the level the output
// stored. The levels are read from the strip's PNG itself (canvas, same origin), the weights from
// the data; the sum is computed here, as the blur computes it (premultiplied alpha, the edge mode,
// linear light when the blur used it). Plain JavaScript, no library. Runs once per page, and
// attaches again whenever the page's main part is replaced (the live and exported pages).
(function () {
  'use strict';
  if (window.blurPointing) { return; }

  var style = document.createElement('style');
  style.textContent =
    'img.pointable { cursor: crosshair; }\n' +
    'canvas.pointing-marks { position: absolute; pointer-events: none; }\n' +
    '.pointing-tip { position: fixed; z-index: 50; width: max-content; max-width: min(27rem, calc(100vw - 12px)); box-sizing: border-box; padding: 0.45rem 0.6rem;' +
    ' background: var(--page, #fff); color: var(--text, #111); border: 1px solid var(--rule, #999); border-radius: 6px;' +
    ' box-shadow: 0 3px 12px rgba(0,0,0,0.35); font: 15px/1.35 system-ui, sans-serif; font-variant-numeric: tabular-nums; }\n' +
    '.pointing-tip p { margin: 0.15rem 0; } .pointing-tip .muted { color: var(--muted, #555); }\n' +
    '.pointing-tip table { border-collapse: collapse; margin: 0.3rem 0; display: table; font-size: 12px; }\n' +
    '.pointing-tip td { border: 1px solid var(--rule, #999); padding: 1px 3px; text-align: center; line-height: 1.2; min-width: 2.6em; }\n' +
    '.pointing-tip td span { display: block; } .pointing-tip td.centre { outline: 2px solid #e8590c; outline-offset: -2px; }\n' +
    '.pointing-tip button { font: inherit; margin-right: 0.25rem; padding: 0 0.4rem; }\n' +
    '.pointing-tip .sum { font-weight: 600; }\n' +
    '@media (max-width: 560px) { .pointing-tip { font-size: 13px; } .pointing-tip table { font-size: 11px; } }';
  document.head.appendChild(style);

  var tip = document.createElement('div');
  tip.className = 'pointing-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  var channel = 0;
  var last = null;

  // The source index position i reads in a line of n samples (EdgeMode.sourceIndex), or -1 for zero.
  function sourceIndex(edges, i, n) {
    if (i >= 0 && i < n) { return i; }
    var m, period;
    switch (edges) {
      case 'clamp': return i < 0 ? 0 : n - 1;
      case 'reflect': period = 2 * n; m = ((i % period) + period) % period; return m < n ? m : period - 1 - m;
      case 'mirror': if (n === 1) { return 0; } period = 2 * n - 2; m = ((i % period) + period) % period; return m < n ? m : period - m;
      case 'wrap': return ((i % n) + n) % n;
      default: return -1;
    }
  }
  function decode(v) { return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
  function encode(l) { return l <= 0.0031308 ? 12.92 * l : 1.055 * Math.pow(l, 1 / 2.4) - 0.055; }
  function text(tag, content, className) {
    var e = document.createElement(tag);
    e.textContent = content;
    if (className) { e.className = className; }
    return e;
  }
  function fixed(x, digits) { return (Math.round(x * Math.pow(10, digits)) / Math.pow(10, digits)).toFixed(digits); }
  function weightText(w) { return w === 0 ? '0' : (Math.abs(w) >= 0.001 ? fixed(w, 4) : w.toExponential(1)); }

  // One figure: its image, data, pixels and overlay.
  function Figure(img, marker) {
    this.img = img; this.marker = marker; this.data = null; this.pixels = null; this.failure = null; this.loading = null;
  }
  // Reads the data and the strip's pixels once the image has loaded (again if its source changed).
  Figure.prototype.load = function () {
    var self = this, img = self.img;
    if (self.loaded !== img.currentSrc) {
      self.loaded = img.currentSrc; self.loading = null; self.data = null; self.failure = null;
    }
    if (!self.loading && location.protocol === 'file:') {
      self.failure = 'The browser does not let a page opened from a file read its pictures: open it through explorer serve or any web server to see the sums.';
      self.loading = Promise.resolve();
    }
    if (!self.loading) {
      var ready = img.complete && img.naturalWidth > 0 ? Promise.resolve() : new Promise(function (resolve, reject) {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', function () { reject(new Error('the figure did not load')); }, { once: true });
      });
      self.loading = ready.then(function () {
        return fetch(new URL(self.marker.dataset.pointing, img.currentSrc || img.src).href);
      }).then(function (r) {
        if (!r.ok) { throw new Error('status ' + r.status); }
        return r.json();
      }).then(function (data) {
        if (data.width !== img.naturalWidth || data.height !== img.naturalHeight) {
          throw new Error('the data describes a ' + data.width + '×' + data.height + ' strip, the figure is ' +
            img.naturalWidth + '×' + img.naturalHeight);
        }
        self.data = data;
        self.patches = data.panels.map(function (panel) {
          var map = new Map();
          panel.patches.forEach(function (p) { map.set(p[1] * panel.imageWidth + p[0], p.slice(2)); });
          panel.covered.forEach(function (run) {
            for (var x = run[1]; x < run[2]; x++) { map.set(run[0] * panel.imageWidth + x, 'covered'); }
          });
          return map;
        });
        var canvas = document.createElement('canvas');
        canvas.width = data.width; canvas.height = data.height;
        var context = canvas.getContext('2d', { willReadFrequently: true });
        context.drawImage(self.img, 0, 0);
        self.pixels = context.getImageData(0, 0, data.width, data.height).data;
      }).catch(function (error) {
        self.failure = 'The pointing data of this figure did not load (' + error.message + ').';
      });
    }
    return self.loading;
  };
  // The 8-bit RGBA levels of image pixel (x, y) of panel p, or null where the strip does not show them.
  Figure.prototype.level = function (p, x, y) {
    var d = this.data, panel = d.panels[p];
    var patch = this.patches[p].get(y * panel.imageWidth + x);
    if (patch === 'covered') { return null; }
    if (patch) { return patch; }
    var sx, sy;
    if (panel.readable && d.enlarge > 0) {
      sx = panel.frame.x + x * d.enlarge + (d.enlarge >> 1); sy = panel.frame.y + y * d.enlarge + (d.enlarge >> 1);
    } else if (panel.closeUp && d.closeUpRegion && x >= d.closeUpRegion.x && y >= d.closeUpRegion.y &&
               x < d.closeUpRegion.x + d.closeUpRegion.width && y < d.closeUpRegion.y + d.closeUpRegion.height) {
      sx = panel.closeUp.x + (x - d.closeUpRegion.x) * d.closeUpZoom + (d.closeUpZoom >> 1);
      sy = panel.closeUp.y + (y - d.closeUpRegion.y) * d.closeUpZoom + (d.closeUpZoom >> 1);
    } else { return null; }
    var i = 4 * (sy * d.width + sx), px = this.pixels;
    return [px[i], px[i + 1], px[i + 2], px[i + 3]];
  };
  // The panel and image pixel under strip pixel (sx, sy), or null.
  Figure.prototype.hit = function (sx, sy) {
    var d = this.data;
    for (var p = 0; p < d.panels.length; p++) {
      var panel = d.panels[p], f = panel.frame, c = panel.closeUp, r = d.closeUpRegion;
      if (panel.role === 'other') { continue; }
      if (sx >= f.x && sy >= f.y && sx < f.x + f.width && sy < f.y + f.height) {
        var x = d.enlarge > 0 ? Math.floor((sx - f.x) / d.enlarge) : Math.floor((sx - f.x) * d.reduce);
        var y = d.enlarge > 0 ? Math.floor((sy - f.y) / d.enlarge) : Math.floor((sy - f.y) * d.reduce);
        return { panel: p, x: Math.min(x, panel.imageWidth - 1), y: Math.min(y, panel.imageHeight - 1) };
      }
      if (c && r && sx >= c.x && sy >= c.y && sx < c.x + c.width && sy < c.y + c.height) {
        return { panel: p, x: r.x + Math.floor((sx - c.x) / d.closeUpZoom), y: r.y + Math.floor((sy - c.y) / d.closeUpZoom) };
      }
    }
    return null;
  };
  // The input panel's index.
  Figure.prototype.input = function () {
    return this.data.panels.findIndex(function (panel) { return panel.role === 'input'; });
  };

  // How far a kernel's non-zero weights reach along each axis (all of `radius` for a kernel without weights).
  function reach(k) {
    return k.exact === 'none' || k.reachX === undefined ? { x: k.radius, y: k.radius } : { x: k.reachX, y: k.reachY };
  }

  // The weighted sum at output pixel (x, y) of panel p, with what the tooltip shows.
  function explain(figure, hit) {
    var d = figure.data, panel = d.panels[hit.panel], input = figure.input();
    var result = { hit: hit, panel: panel, stored: figure.level(hit.panel, hit.x, hit.y), kernel: null };
    if (panel.role !== 'output') { return result; }
    var g = panel.region;
    if (g && (hit.x < g.x || hit.y < g.y || hit.x >= g.x + g.width || hit.y >= g.y + g.height)) {
      result.outside = true;
      return result;
    }
    var k = d.kernels[panel.kernel], R = k.radius, W = d.panels[input].imageWidth, H = d.panels[input].imageHeight;
    var RX = reach(k).x, RY = reach(k).y, cx = hit.x - (panel.offset || 0), cy = hit.y - (panel.offset || 0);
    result.kernel = k;
    if (k.exact === 'none') { return result; }
    var acc = [0, 0, 0], alpha = 0, weights = 0, unknown = 0;
    for (var dy = -RY; dy <= RY; dy++) {
      var sy = sourceIndex(k.edges, cy + dy, H);
      for (var dx = -RX; dx <= RX; dx++) {
        var w = k.x ? k.y[dy + R] * k.x[dx + R] : k.grid[dy + R][dx + R];
        if (w === 0) { continue; }
        weights += w;
        var sx = sourceIndex(k.edges, cx + dx, W);
        if (sx < 0 || sy < 0) { continue; }
        var v = figure.level(input, sx, sy);
        if (!v) { unknown++; continue; }
        var a = v[3] / 255;
        for (var c = 0; c < 3; c++) { acc[c] += w * a * (k.linear ? decode(v[c] / 255) : v[c] / 255); }
        alpha += w * a;
      }
    }
    result.unknown = unknown;
    result.weights = weights;
    result.alpha = alpha;
    result.sums = acc.map(function (s) { var c = alpha > 0 ? s / alpha : 0; return 255 * (k.linear ? encode(c) : c); });
    result.nearBorder = cx - RX < 0 || cy - RY < 0 || cx + RX >= W || cy + RY >= H;
    return result;
  }

  function describe(figure, result, narrow) {
    var d = figure.data, hit = result.hit, k = result.kernel, input = figure.input();
    tip.textContent = '';
    var where = ' pixel (' + hit.x + ', ' + hit.y + ')', grown = result.panel.offset || 0;
    if (grown) { where += ', around the input\'s (' + (hit.x - grown) + ', ' + (hit.y - grown) + ')'; }
    if (!k) {
      var v = result.stored;
      if (result.outside) {
        tip.appendChild(text('p', result.panel.caption + where + ' lies outside the blurred rectangle: the output keeps the input\'s levels' +
          (v ? ', ' + v.slice(0, 3).join(', ') : '') + '.'));
        return;
      }
      tip.appendChild(text('p', (result.panel.role === 'input' ? 'Input' : result.panel.caption) + where +
        (v ? ': levels ' + v.slice(0, 3).join(', ') + (v[3] < 255 ? ', alpha ' + v[3] : '') : '')));
      tip.appendChild(text('p', 'Point at a blurred picture to see the sum that made its pixel.', 'muted'));
      return;
    }
    tip.appendChild(text('p', k.method + ' (' + k.parameters + '), ' + k.edges + ' edges' + (k.linear ? ', in linear light' : '') + ':' + where));
    if (tip.dataset.pinned) { tip.appendChild(nudges()); }
    var R = k.radius, RX = reach(k).x, RY = reach(k).y;
    var halfX = Math.min(RX, narrow ? 2 : 3), halfY = Math.min(RY, narrow ? 2 : 3);
    var names = ['red', 'green', 'blue'];
    var choose = document.createElement('p');
    choose.appendChild(text('span', (k.exact !== 'none' ? 'weight × ' : '') + names[channel] + ' level ', 'muted'));
    names.forEach(function (name, c) {
      var b = text('button', name[0].toUpperCase());
      b.type = 'button'; b.setAttribute('aria-pressed', c === channel ? 'true' : 'false');
      b.addEventListener('click', function (event) { event.stopPropagation(); channel = c; describe(figure, explain(figure, hit), narrow); });
      choose.appendChild(b);
    });
    tip.appendChild(choose);
    var table = document.createElement('table'), shown = 0;
    var W = d.panels[input].imageWidth, H = d.panels[input].imageHeight;
    for (var dy = -halfY; dy <= halfY; dy++) {
      var row = document.createElement('tr');
      for (var dx = -halfX; dx <= halfX; dx++) {
        var cell = document.createElement('td');
        var off = result.panel.offset || 0;
        var sx = sourceIndex(k.edges, hit.x - off + dx, W), sy = sourceIndex(k.edges, hit.y - off + dy, H);
        var v = sx >= 0 && sy >= 0 ? figure.level(input, sx, sy) : null;
        if (v) {
          cell.style.background = 'rgb(' + v[0] + ',' + v[1] + ',' + v[2] + ')';
          cell.style.color = (0.3 * v[0] + 0.59 * v[1] + 0.11 * v[2]) > 140 ? '#000' : '#fff';
        }
        if (k.exact !== 'none') {
          var w = k.x ? k.y[dy + R] * k.x[dx + R] : k.grid[dy + R][dx + R];
          shown += w;
          cell.appendChild(text('span', weightText(w)));
          cell.appendChild(text('span', '× ' + (v ? v[channel] : (sx < 0 || sy < 0 ? '0' : '?'))));
        } else {
          cell.appendChild(text('span', v ? String(v[channel]) : '—'));
        }
        if (dx === 0 && dy === 0) { cell.className = 'centre'; }
        row.appendChild(cell);
      }
      table.appendChild(row);
    }
    tip.appendChild(table);
    var count = (2 * RX + 1) * (2 * RY + 1), full = (2 * RX + 1) + '×' + (2 * RY + 1);
    if (k.exact === 'none') {
      tip.appendChild(text('p', 'No weighted sum: ' + k.note + '. Shown: the ' + names[channel] + ' levels around the pixel.', 'muted'));
      if (result.stored) { tip.appendChild(text('p', 'Output levels ' + result.stored.slice(0, 3).join(', ') + '.')); }
      return;
    }
    tip.appendChild(text('p', ((2 * halfX + 1) * (2 * halfY + 1) < count
      ? 'The central ' + (2 * halfX + 1) + '×' + (2 * halfY + 1) + ' of ' + full + ' weights (' + fixed(100 * shown / result.weights, 1) + ' % of the weight); the sum runs over all ' + count + '.'
      : 'All ' + full + ' weights.') + (k.x && RX > 0 && RY > 0 ? ' Each weight is a row weight × a column weight.' : ''), 'muted'));
    if (result.unknown > 0) {
      tip.appendChild(text('p', 'No sum: ' + result.unknown + ' of the input pixels it needs ' +
        (d.enlarge > 0 ? 'are not shown as they are (under the strip\'s labels or outlines, or transparent over its checkerboard).' : 'are not shown at this size; point at the close-up.'), 'muted'));
      return;
    }
    var lines = result.sums.map(function (s, c) {
      var stored = result.stored ? result.stored[c] : null;
      return names[c] + ': Σ = ' + fixed(s, 2) + (stored === null ? '' : ' → stored ' + stored + ' (off by ' + fixed(Math.abs(s - stored), 2) + ')');
    });
    lines.forEach(function (line) { tip.appendChild(text('p', line, 'sum')); });
    if (Math.abs(result.alpha - result.weights) > 1e-6) {
      tip.appendChild(text('p', 'Some pixels read are transparent' + (k.edges === 'zero' ? ' (beyond the border too)' : '') +
        ': each level counts times its alpha, and the sum is divided by the weight of what is opaque, ' +
        fixed(result.alpha, 3) + ' (the output\'s alpha).', 'muted'));
    }
    if (k.exact === 'interior' && result.nearBorder) {
      tip.appendChild(text('p', 'Near the border the sum is not ' + k.method + '\'s arithmetic: ' + k.note + '.', 'muted'));
    }
  }

  // Moves the pinned pixel by (dx, dy), within its panel.
  function move(dx, dy) {
    if (!last) { return; }
    var figure = last.figure, hit = last.result.hit, panel = figure.data.panels[hit.panel];
    var moved = { panel: hit.panel, x: Math.max(0, Math.min(panel.imageWidth - 1, hit.x + dx)),
                  y: Math.max(0, Math.min(panel.imageHeight - 1, hit.y + dy)) };
    var result = explain(figure, moved);
    last = { figure: figure, overlay: last.overlay, result: result };
    describe(figure, result, document.documentElement.clientWidth < 560);
    mark(figure, last.overlay, result);
  }

  // Buttons that move the pinned pixel by one (a finger cannot point at one pixel of a small
  // strip); the arrow keys do the same.
  function nudges() {
    var line = text('p', 'move: ', 'muted');
    [['←', -1, 0, 'left'], ['→', 1, 0, 'right'], ['↑', 0, -1, 'up'], ['↓', 0, 1, 'down']].forEach(function (step) {
      var b = text('button', step[0]);
      b.type = 'button';
      b.setAttribute('aria-label', 'one pixel ' + step[3]);
      b.addEventListener('click', function (event) { event.stopPropagation(); move(step[1], step[2]); });
      line.appendChild(b);
    });
    return line;
  }

  // Outlines the neighbourhood on the input and the output panel (full and close-up).
  function mark(figure, overlay, result) {
    var d = figure.data, img = figure.img, ratio = window.devicePixelRatio || 1;
    overlay.width = Math.round(img.clientWidth * ratio); overlay.height = Math.round(img.clientHeight * ratio);
    var g = overlay.getContext('2d'), scale = overlay.width / d.width;
    g.clearRect(0, 0, overlay.width, overlay.height);
    if (!result) { return; }
    var hit = result.hit, RX = result.kernel ? reach(result.kernel).x : 0, RY = result.kernel ? reach(result.kernel).y : 0;
    var panels = result.kernel ? [figure.input(), hit.panel] : [hit.panel];
    panels.forEach(function (p) {
      var panel = d.panels[p], f = panel.frame, per = d.enlarge > 0 ? d.enlarge : 1 / d.reduce;
      var off = p === hit.panel ? 0 : d.panels[hit.panel].offset || 0, x = hit.x - off, y = hit.y - off;
      var boxes = [[f.x + (x - RX) * per, f.y + (y - RY) * per, (2 * RX + 1) * per, (2 * RY + 1) * per, f]];
      if (panel.closeUp && d.closeUpRegion) {
        var c = panel.closeUp, r = d.closeUpRegion, z = d.closeUpZoom;
        boxes.push([c.x + (x - RX - r.x) * z, c.y + (y - RY - r.y) * z, (2 * RX + 1) * z, (2 * RY + 1) * z, c]);
      }
      boxes.forEach(function (b) {
        var clip = b[4];
        g.save();
        g.beginPath(); g.rect(clip.x * scale, clip.y * scale, clip.width * scale, clip.height * scale); g.clip();
        var w = Math.max(b[2] * scale, 3), h = Math.max(b[3] * scale, 3), cx = (b[0] + b[2] / 2) * scale, cy = (b[1] + b[3] / 2) * scale;
        g.lineWidth = 3 * ratio; g.strokeStyle = 'rgba(0,0,0,0.8)'; g.strokeRect(cx - w / 2, cy - h / 2, w, h);
        g.lineWidth = 1.5 * ratio; g.strokeStyle = '#ff8c1a'; g.strokeRect(cx - w / 2, cy - h / 2, w, h);
        var dot = Math.max(w / (2 * RX + 1), 4 * ratio);
        g.strokeStyle = '#ffffff'; g.strokeRect(cx - dot / 2, cy - dot / 2, dot, dot);
        g.restore();
      });
    });
  }

  // Places the tooltip beside (x, y) in the viewport, clear of a neighbourhood `gap` px across:
  // below the pointer (above a finger, which hides what is below it), else on the other side,
  // horizontally centred on the pointer and kept on screen.
  function place(x, y, gap, above) {
    tip.hidden = false;
    var w = tip.offsetWidth, h = tip.offsetHeight, vw = document.documentElement.clientWidth, vh = window.innerHeight;
    var below = y + gap + 12, over = y - gap - 12 - h;
    var top = above ? (over >= 6 ? over : below) : (below + h <= vh - 6 ? below : over);
    if (top < 6 || top + h > vh - 6) {
      // Neither fits whole: beside the pointer, on the wider side.
      top = Math.max(6, Math.min(vh - h - 6, y - h / 2));
      var left = x > vw / 2 ? x - gap - 12 - w : x + gap + 12;
      tip.style.left = Math.round(Math.max(6, Math.min(vw - w - 6, left))) + 'px';
    } else {
      tip.style.left = Math.round(Math.max(6, Math.min(vw - w - 6, x - w / 2))) + 'px';
    }
    tip.style.top = Math.round(top) + 'px';
  }

  function setup(img, marker) {
    var figure = new Figure(img, marker);
    var holder = img.parentNode;
    if (getComputedStyle(holder).position === 'static') { holder.style.position = 'relative'; }
    var overlay = document.createElement('canvas');
    overlay.className = 'pointing-marks';
    holder.appendChild(overlay);
    img.classList.add('pointable');
    img.title = 'Point at (or tap) a pixel of a blurred picture: the sum that made it';
    function show(event, touch) {
      figure.load().then(function () {
        var box = img.getBoundingClientRect();
        overlay.style.left = (img.offsetLeft + img.clientLeft) + 'px'; overlay.style.top = (img.offsetTop + img.clientTop) + 'px';
        overlay.style.width = img.clientWidth + 'px'; overlay.style.height = img.clientHeight + 'px';
        if (figure.failure) { tip.textContent = figure.failure; place(event.clientX, event.clientY, 0, touch); return; }
        var d = figure.data, k = d.width / img.clientWidth;
        var hit = figure.hit((event.clientX - box.left - img.clientLeft) * k, (event.clientY - box.top - img.clientTop) * k);
        if (!hit) { hide(); return; }
        var result = explain(figure, hit);
        last = { figure: figure, overlay: overlay, result: result };
        tip.dataset.pinned = touch ? 'yes' : '';
        tip.style.pointerEvents = touch ? 'auto' : 'none';
        describe(figure, result, document.documentElement.clientWidth < 560);
        mark(figure, overlay, result);
        var per = d.enlarge > 0 ? d.enlarge : 1 / d.reduce;
        var gap = ((result.kernel ? reach(result.kernel).y : 0) + 0.5) * per / k;
        place(event.clientX, event.clientY, gap, touch);
      });
    }
    img.addEventListener('pointermove', function (event) {
      if (event.pointerType === 'mouse' && !tip.dataset.pinned) { show(event, false); }
    });
    img.addEventListener('pointerleave', function (event) {
      if (event.pointerType === 'mouse' && !tip.dataset.pinned) { hide(); }
    });
    img.addEventListener('click', function (event) { event.stopPropagation(); show(event, true); });
  }

  function hide() {
    tip.hidden = true;
    tip.dataset.pinned = '';
    if (last) { mark(last.figure, last.overlay, null); last = null; }
  }

  function attach() {
    if (!tip.parentNode) { document.body.appendChild(tip); }
    document.querySelectorAll('.figure-pointing').forEach(function (marker) {
      if (marker.dataset.attached) { return; }
      marker.dataset.attached = 'yes';
      var name = marker.dataset.figure;
      var img = Array.prototype.find.call(document.querySelectorAll('main img'), function (candidate) {
        var path = new URL(candidate.src, location.href).pathname;
        return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) === name;
      });
      if (img) { setup(img, marker); }
    });
  }

  document.addEventListener('click', function (event) { if (!tip.contains(event.target)) { hide(); } });
  var arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { hide(); }
    if (arrows[event.key] && tip.dataset.pinned && last && !tip.hidden) {
      event.preventDefault();
      move(arrows[event.key][0], arrows[event.key][1]);
    }
  });
  window.addEventListener('scroll', function () { if (!tip.dataset.pinned) { hide(); } }, { passive: true });
  new MutationObserver(function () { if (last && !document.contains(last.figure.img)) { hide(); } attach(); })
    .observe(document.body, { childList: true, subtree: true });
  window.blurPointing = { attach: attach };
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', attach); } else { attach(); }
})();
