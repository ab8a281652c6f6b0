// What made a cell: a `blur --cells` figure that has its explanation beside it (data-explain, a
// JSON file the run wrote) shows, for the cell pointed at or tapped, the levels the blur read
// around it, each times its weight, and their sum. The numbers are the run's; nothing is computed
// here. Plain JavaScript, no library; live.js calls window.blurExplain.attach() whenever the page's
// main part is replaced (figures already made pointable are left as they are).
(function () {
  'use strict';

  function attach() {
    document.querySelectorAll('main img[data-explain]').forEach(function (img) {
      if (img.dataset.explaining) { return; }
      img.dataset.explaining = 'yes';
      var data = null;
      var asked = false;
      var panel = document.createElement('div');
      panel.className = 'explain';
      panel.setAttribute('role', 'status');
      panel.textContent = 'Point at a cell of the grid above (or tap it) to see the neighbourhood it was made from.';
      img.parentNode.insertBefore(panel, img.nextSibling);
      function at(event) {
        if (!data) {
          if (!asked) {
            asked = true;
            fetch(img.dataset.explain).then(function (response) { return response.json(); })
              .then(function (loaded) { data = loaded; at(event); })
              .catch(function () { panel.textContent = 'the explanation of this figure did not load'; });
          }
          return;
        }
        var rect = img.getBoundingClientRect();
        var px = (event.clientX - rect.left) * data.pictureWidth / rect.width;
        var py = (event.clientY - rect.top) * data.pictureHeight / rect.height;
        var x = Math.floor((px - data.left) / data.cell);
        var y = Math.floor((py - data.top) / data.cell);
        if (x < 0 || y < 0 || x >= data.width || y >= data.height) { return; }
        describe(panel, data, x, y);
      }
      img.addEventListener('mousemove', at);
      img.addEventListener('click', at);
    });
  }

  function number(value) {
    return String(Number(value.toPrecision(6)));
  }

  function describe(panel, data, x, y) {
    var pixel = data.pixels[y * data.width + x];
    var head = document.createElement('p');
    head.textContent = 'Output pixel (' + x + ', ' + y + '), ' + data.method + ' with ' + data.edges +
      ' edges: each level read around it × its weight';
    var table = document.createElement('table');
    pixel.levels.forEach(function (row, j) {
      var line = document.createElement('tr');
      row.forEach(function (level, i) {
        var cell = document.createElement('td');
        cell.textContent = number(level) + ' × ' + number(data.weights[j][i]) + ' = ' + number(pixel.terms[j][i]);
        if (i === data.radius && j === data.radius) { cell.className = 'centre'; }
        line.appendChild(cell);
      });
      table.appendChild(line);
    });
    var sum = document.createElement('p');
    sum.textContent = 'sum = ' + number(pixel.sum) + ', stored as ' + pixel.stored;
    panel.textContent = '';
    panel.appendChild(head);
    panel.appendChild(table);
    panel.appendChild(sum);
  }

  window.blurExplain = { attach: attach };
})();
