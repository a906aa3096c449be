// gilsim report: draws the timeline from the data embedded above, and keeps the narration beside it in step with
// the visible window. Plain script, no libraries, nothing fetched: the page works from file://.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('data').textContent);
  var R = D.run;
  var ACT = D.activities;
  var MARK = D.marks;
  var HOLDS = indexOf(ACT, 'HOLDS_GIL');
  var OFF = indexOf(ACT, 'OFF');

  // ---------------------------------------------------------------- the data, decoded once

  function indexOf(entries, name) {
    for (var i = 0; i < entries.length; i++) if (entries[i].name === name) return i;
    return -1;
  }
  function sums(deltas) {
    var out = new Float64Array(deltas.length), t = 0;
    for (var i = 0; i < deltas.length; i++) { t += deltas[i]; out[i] = t; }
    return out;
  }
  /**
   * One timeline's data, decoded: the run's, or a --compare arm's stacked under it. Lanes on screen: the GIL first,
   * then the threads in order; lanes[n] is the GIL's in the data. The drawing reads the one in use (use()).
   */
  function decode(run, names) {
    var tl = { threads: names, n: names.length, lanes: [], marks: { t: sums(run.marks.t), k: run.marks.k, l: run.marks.l },
      handoffs: [], levels: run.summaries || [], detailFrom: run.detailFromNs, detailTo: run.detailToNs, S: run.state };
    for (var i = 0; i <= tl.n; i++) tl.lanes.push({ start: sums(run.lanes[i].t), code: run.lanes[i].c });
    var g = tl.lanes[tl.n], last = 0;
    for (var j = 0; j < g.code.length; j++) {
      var c = g.code[j];
      if (c === 0) continue;
      if (last !== 0 && c !== last) tl.handoffs.push({ t: g.start[j], from: last - 1, to: c - 1 });
      last = c;
    }
    tl.handoffTimes = tl.handoffs.map(function (h) { return h.t; });
    return tl;
  }
  var threads, n, lanes, marks, handoffs, handoffTimes, levels, detailFrom, detailTo, S, changes, takes;
  /** Makes tl the timeline the drawing and the state read. */
  function use(tl) {
    threads = tl.threads; n = tl.n; lanes = tl.lanes; marks = tl.marks; handoffs = tl.handoffs;
    handoffTimes = tl.handoffTimes; levels = tl.levels; detailFrom = tl.detailFrom; detailTo = tl.detailTo;
    S = tl.S; changes = tl.changes; takes = tl.takes;
  }
  var main = decode(R, D.threads);
  var arms = D.arms.map(function (a) { var tl = decode(a.run, a.threads); tl.label = a.label; return tl; });
  use(main);
  function dataLane(row) { return row === 0 ? n : row - 1; }
  function rowOf(lane) { return lane === n ? 0 : lane + 1; }
  var beats = (function () {
    var t = sums(R.beats.t), args = R.beats.a === '' ? [] : R.beats.a.split(','), next = 0, text = [];
    for (var i = 0; i < t.length; i++) {
      var tpl = R.phrases[R.beats.p[i]], s = '';
      for (var j = 0; j < tpl.length; j++) s += tpl[j] === D.hole ? args[next++] : tpl[j];
      text.push(s);
    }
    return { t: t, text: text };
  })();
  var endNs = R.endNs;

  // ---------------------------------------------------------------- formatting

  function secs(ns) { return (ns / 1e9).toFixed(6) + ' s'; }
  function human(ns) {
    if (ns >= 1e9) return (ns / 1e9).toFixed(2) + ' s';
    if (ns >= 1e6) return (ns / 1e6).toFixed(1) + ' ms';
    if (ns >= 1e3) return (ns / 1e3).toFixed(0) + ' us';
    return Math.round(ns) + ' ns';
  }
  function tick(ns, step) {
    if (step >= 1e9) return (ns / 1e9).toFixed(0) + ' s';
    if (step >= 1e8) return (ns / 1e9).toFixed(1) + ' s';
    if (step >= 1e6) return (ns / 1e6).toFixed(Math.max(0, -Math.floor(Math.log10(step / 1e6)))) + ' ms';
    if (step >= 1e3) return (ns / 1e6).toFixed(Math.min(6, 3 - Math.floor(Math.log10(step / 1e3)))) + ' ms';
    return (ns / 1e6).toFixed(6) + ' ms';
  }

  // ---------------------------------------------------------------- the view

  var canvas = document.getElementById('tl');
  var ctx = canvas.getContext('2d');
  main.canvas = canvas;
  main.ctx = ctx;
  // Each --compare arm's timeline under the run's, on the same axis: it follows every zoom, pan and instant.
  arms.forEach(function (tl) {
    var h = document.createElement('h4');
    h.className = 'arm-title';
    h.textContent = tl.label + ' (the same seed and moment, this arm\'s keys changed)';
    tl.canvas = document.createElement('canvas');
    tl.canvas.className = 'arm';
    tl.canvas.setAttribute('role', 'img');
    tl.canvas.setAttribute('aria-label', 'timeline of the arm ' + tl.label);
    tl.ctx = tl.canvas.getContext('2d');
    var legend = document.getElementById('legend');
    legend.parentElement.insertBefore(h, legend);
    legend.parentElement.insertBefore(tl.canvas, legend);
  });
  var tip = document.getElementById('tip');
  var LABEL = 78, AXIS = 26, LANE = 38, BAR = 16, PAD = 6;
  var view = { from: detailFrom, to: Math.max(detailTo, detailFrom + 1000) };
  var focusNs = -1, drag = null, cssWidth = 900, crowded = 0;
  var MIN_SPAN = 1000;

  function plotWidth() { return cssWidth - LABEL - PAD; }
  function xOf(ns) { return LABEL + (ns - view.from) / (view.to - view.from) * plotWidth(); }
  function nsOf(x) { return view.from + (x - LABEL) / plotWidth() * (view.to - view.from); }
  function laneTop(row) { return AXIS + row * LANE; }

  function setView(from, to) {
    var span = Math.min(endNs, Math.max(MIN_SPAN, to - from));
    var mid = (from + to) / 2;
    from = mid - span / 2;
    if (from < 0) from = 0;
    if (from + span > endNs) from = endNs - span;
    view.from = Math.max(0, from);
    view.to = view.from + span;
    schedule();
  }
  function zoomAt(ns, factor) {
    var span = (view.to - view.from) * factor;
    span = Math.min(endNs, Math.max(MIN_SPAN, span));
    var f = (ns - view.from) / (view.to - view.from);
    var from = ns - f * span;
    from = Math.max(0, Math.min(endNs - span, from));
    view.from = from;
    view.to = from + span;
    schedule();
  }
  function pan(fraction) {
    var by = fraction * (view.to - view.from);
    setView(view.from + by, view.to + by);
  }

  var pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; drawAll(); story(); showWindow(); showState(); remember(); });
  }

  // ---------------------------------------------------------------- drawing

  function resize() {
    cssWidth = Math.max(320, canvas.parentElement.clientWidth);
    var r = window.devicePixelRatio || 1;
    [main].concat(arms).forEach(function (tl) {
      var h = AXIS + (tl.n + 1) * LANE + 4;
      tl.canvas.width = Math.round(cssWidth * r);
      tl.canvas.height = Math.round(h * r);
      tl.canvas.style.height = h + 'px';
      tl.ctx.setTransform(r, 0, 0, r, 0, 0);
    });
    document.getElementById('narration').style.maxHeight = Math.max(320, AXIS + (main.n + 1) * LANE - 36) + 'px';
    schedule();
  }

  /** The arms' timelines, then the run's (whose count of crowded marks the window's line reports). */
  function drawAll() {
    arms.concat([main]).forEach(function (tl) {
      use(tl);
      ctx = tl.ctx;
      draw();
    });
    use(main);
    ctx = main.ctx;
  }

  // The first index whose time is >= ns (times ascending).
  function lowerBound(times, ns) {
    var lo = 0, hi = times.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (times[mid] < ns) lo = mid + 1; else hi = mid; }
    return lo;
  }

  var hatch = null;
  function hatchPattern() {
    if (hatch) return hatch;
    var c = document.createElement('canvas');
    c.width = 6; c.height = 6;
    var g = c.getContext('2d');
    g.strokeStyle = 'rgba(255,255,255,0.55)';
    g.lineWidth = 1.5;
    g.beginPath(); g.moveTo(0, 6); g.lineTo(6, 0); g.stroke();
    hatch = ctx.createPattern(c, 'repeat');
    return hatch;
  }

  function draw() {
    var w = cssWidth, h = AXIS + (n + 1) * LANE + 4;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, w, h);
    axis(w, h);
    for (var row = 0; row <= n; row++) {
      var y = laneTop(row);
      ctx.fillStyle = row % 2 ? '#fafafa' : '#ffffff';
      ctx.fillRect(LABEL, y, plotWidth(), LANE);
      ctx.fillStyle = '#1d1d1f';
      ctx.font = (row === 0 ? 'bold ' : '') + '13px system-ui, sans-serif';
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'right';
      ctx.fillText(row === 0 ? 'GIL' : threads[row - 1], LABEL - 8, y + LANE / 2, LABEL - 10);
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(LABEL, AXIS, plotWidth(), (n + 1) * LANE);
    ctx.clip();
    var a = Math.max(view.from, detailFrom), b = Math.min(view.to, detailTo);
    if (levels.length) {
      if (view.from < detailFrom) summary(view.from, Math.min(view.to, detailFrom));
      if (view.to > detailTo) summary(Math.max(view.from, detailTo), view.to);
    } else if (view.to > detailTo) {
      // An arm keeps its first span in detail and no summaries: say so where it has nothing to draw.
      ctx.fillStyle = '#6e6e73';
      ctx.font = '12px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText('not recorded this late: this arm keeps its first ' + human(detailTo - detailFrom),
        (xOf(Math.max(view.from, detailTo)) + xOf(view.to)) / 2, AXIS + (n + 1) * LANE / 2);
    }
    crowded = 0;
    if (b > a) {
      for (var lane = 0; lane <= n; lane++) segments(lane, a, b);
      // Thousands of marks or hand-offs in a few hundred pixels hide the lanes under them: they show when zoomed in.
      var hs = lowerBound(handoffTimes, b) - lowerBound(handoffTimes, a);
      var ms = lowerBound(marks.t, b) - lowerBound(marks.t, a);
      if (hs <= plotWidth() / 4) handoffLines(a, b); else crowded += hs;
      if (ms <= plotWidth() / 2) markShapes(a, b); else crowded += ms;
    }
    if (focusNs >= view.from && focusNs <= view.to) {
      ctx.strokeStyle = '#d4a000';
      ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(xOf(focusNs), AXIS); ctx.lineTo(xOf(focusNs), h); ctx.stroke();
    }
    if (drag && drag.select && Math.abs(drag.x1 - drag.x0) > 2) {
      ctx.fillStyle = 'rgba(0, 114, 178, 0.15)';
      ctx.fillRect(Math.min(drag.x0, drag.x1), AXIS, Math.abs(drag.x1 - drag.x0), (n + 1) * LANE);
    }
    ctx.restore();
  }

  function axis(w, h) {
    var span = view.to - view.from, target = span / Math.max(2, plotWidth() / 110);
    var step = Math.pow(10, Math.floor(Math.log10(target)));
    if (target / step >= 5) step *= 5; else if (target / step >= 2) step *= 2;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    for (var t = Math.ceil(view.from / step) * step; t <= view.to; t += step) {
      var x = xOf(t);
      ctx.strokeStyle = '#e4e4e4';
      ctx.lineWidth = 1;
      ctx.beginPath(); ctx.moveTo(x, AXIS - 4); ctx.lineTo(x, h); ctx.stroke();
      ctx.fillStyle = '#5b5b66';
      var label = tick(t, step), half = ctx.measureText(label).width / 2;
      if (x + half <= w) ctx.fillText(label, x, AXIS - 8);
    }
  }

  function segments(lane, a, b) {
    var L = lanes[lane], row = rowOf(lane), y = laneTop(row) + (LANE - BAR) / 2;
    var i = Math.max(0, lowerBound(L.start, a) - 1), run = null;
    if (lowerBound(L.start, b) - i > plotWidth() / 2) return binned(lane, a, b, i);
    for (; i < L.start.length && L.start[i] < b; i++) {
      var s = Math.max(a, L.start[i]), e = Math.min(b, i + 1 < L.start.length ? L.start[i + 1] : detailTo);
      if (e <= s) continue;
      var c = L.code[i], x0 = xOf(s), x1 = xOf(e);
      if (lane === n) {
        // The holder's name goes on its run of holds; a re-take's gap of a few pixels does not end the run.
        if (c !== 0 && run && (c !== run.c || x0 - run.x1 > 3)) { holderName(run, y); run = null; }
        if (c === 0) continue;
        if (!run) run = { c: c, x0: x0 };
        run.x1 = x1;
        ctx.fillStyle = ACT[HOLDS].css;
        ctx.fillRect(x0, y, Math.max(1, x1 - x0), BAR);
      } else {
        if (c === OFF) { // asleep or blocked: a thin line, so that the lane reads as idle
          ctx.fillStyle = ACT[OFF].css;
          ctx.fillRect(x0, y + BAR / 2 - 2, Math.max(1, x1 - x0), 4);
          continue;
        }
        ctx.fillStyle = ACT[c].css;
        ctx.fillRect(x0, y, Math.max(1, x1 - x0), BAR);
      }
    }
    if (run) holderName(run, y);
  }

  function holderName(run, y) {
    var left = Math.max(run.x0, LABEL), width = run.x1 - left;
    if (width <= 40) return;
    ctx.fillStyle = '#ffffff';
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(threads[run.c - 1], left + 3, y + BAR / 2, width - 6);
  }

  // More segments than pixels: each pixel column drawn as the shares of the time it covers, stacked.
  function binned(lane, a, b, i) {
    var L = lanes[lane], y = laneTop(rowOf(lane)) + (LANE - BAR) / 2, x0 = Math.floor(xOf(a)), x1 = Math.ceil(xOf(b));
    var cols = Math.max(1, x1 - x0), codes = lane === n ? 2 : ACT.length, acc = new Float64Array(cols * codes);
    var nsPerPx = (view.to - view.from) / plotWidth();
    for (; i < L.start.length && L.start[i] < b; i++) {
      var s = Math.max(a, L.start[i]), e = Math.min(b, i + 1 < L.start.length ? L.start[i + 1] : detailTo);
      var c = lane === n ? (L.code[i] === 0 ? 1 : 0) : L.code[i];
      while (e > s) {
        var col = Math.min(cols - 1, Math.max(0, Math.floor(xOf(s)) - x0));
        var colEnd = Math.min(e, view.from + (x0 + col + 1 - LABEL) * nsPerPx);
        if (colEnd <= s) colEnd = e;
        acc[col * codes + c] += colEnd - s;
        s = colEnd;
      }
    }
    for (var k = 0; k < cols; k++) {
      var total = 0, top = y;
      for (var c2 = 0; c2 < codes; c2++) total += acc[k * codes + c2];
      if (total <= 0) continue;
      for (c2 = 0; c2 < codes; c2++) {
        var f = acc[k * codes + c2] / total;
        if (f <= 0 || (lane === n && c2 === 1)) { top += BAR * f; continue; }
        ctx.fillStyle = ACT[lane === n ? HOLDS : c2].css;
        ctx.fillRect(x0 + k, lane === n ? y + BAR * (1 - f) : top, 1, BAR * f);
        top += BAR * f;
      }
    }
  }

  function handoffLines(a, b) {
    ctx.strokeStyle = '#333333';
    ctx.fillStyle = '#333333';
    ctx.lineWidth = 1.2;
    var i = lowerBound(handoffTimes, a), drawn = 0;
    for (; i < handoffs.length && handoffs[i].t < b; i++) {
      var hnd = handoffs[i], x = xOf(hnd.t);
      var y0 = laneTop(rowOf(hnd.from)) + LANE / 2, y1 = laneTop(rowOf(hnd.to)) + LANE / 2;
      ctx.beginPath(); ctx.moveTo(x, y0); ctx.lineTo(x, y1); ctx.stroke();
      var dir = y1 > y0 ? 1 : -1, tipY = y1 - dir * BAR / 2;
      ctx.beginPath();
      ctx.moveTo(x, tipY); ctx.lineTo(x - 3, tipY - dir * 6); ctx.lineTo(x + 3, tipY - dir * 6);
      ctx.fill();
      if (++drawn > 20000) break;
    }
  }

  // The PNG charts' marker shapes (XChart's names), drawn around (x, y).
  function shape(kind, x, y, size) {
    var r = size / 2;
    function polygon(points) {
      ctx.moveTo(x + points[0] * r, y + points[1] * r);
      for (var i = 2; i < points.length; i += 2) ctx.lineTo(x + points[i] * r, y + points[i + 1] * r);
      ctx.closePath();
      ctx.fill();
    }
    ctx.beginPath();
    switch (kind) {
      case 'TriangleDown': polygon([-1, -1, 1, -1, 0, 1]); break;
      case 'TriangleUp': polygon([-1, 1, 1, 1, 0, -1]); break;
      case 'Diamond': polygon([0, -1, 1, 0, 0, 1, -1, 0]); break;
      case 'Square': polygon([-0.8, -0.8, 0.8, -0.8, 0.8, 0.8, -0.8, 0.8]); break;
      case 'Cross':
        ctx.lineWidth = 2;
        ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
        ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
        ctx.stroke();
        break;
      default: ctx.arc(x, y, r * 0.8, 0, 2 * Math.PI); ctx.fill();
    }
  }
  function markY(lane, kind) {
    var mid = laneTop(rowOf(lane)) + LANE / 2;
    return MARK[kind].above ? mid - BAR / 2 - 5 : mid + BAR / 2 + 5;
  }
  function markShapes(a, b) {
    var i = lowerBound(marks.t, a), lastX = {};
    for (; i < marks.t.length && marks.t[i] < b; i++) {
      var k = marks.k[i], l = marks.l[i], x = xOf(marks.t[i]), key = l * 16 + k;
      if (lastX[key] !== undefined && x - lastX[key] < 1) continue; // one mark a pixel is all the eye sees
      lastX[key] = x;
      ctx.fillStyle = MARK[k].css;
      ctx.strokeStyle = MARK[k].css;
      shape(MARK[k].shape, x, markY(l, k), 8);
    }
  }

  // The summary level: the finest whose buckets are at least a pixel wide.
  function level() {
    var nsPerPx = (view.to - view.from) / plotWidth(), best = 0;
    for (var i = 0; i < levels.length; i++) if (levels[i].widthNs >= nsPerPx) best = i;
    return best;
  }
  function share(lv, lane, bucket, code) {
    return (lv.shares[lane].charCodeAt(bucket * ACT.length + code) - 97) / lv.steps;
  }
  function summary(a, b) {
    var lv = levels[level()], width = lv.widthNs, buckets = lv.shares[0].length / ACT.length;
    var first = Math.max(0, Math.floor(a / width)), last = Math.min(buckets - 1, Math.floor((b - 1) / width));
    for (var lane = 0; lane <= n; lane++) {
      var y = laneTop(rowOf(lane)) + (LANE - BAR) / 2;
      for (var k = first; k <= last; k++) {
        var s = Math.max(a, k * width), e = Math.min(b, (k + 1) * width);
        var x0 = xOf(s), x1 = xOf(e), top = y;
        if (lane === n) {
          var held = share(lv, lane, k, 0);
          ctx.fillStyle = ACT[HOLDS].css;
          ctx.fillRect(x0, y + BAR * (1 - held), Math.max(1, x1 - x0), BAR * held);
          continue;
        }
        for (var c = 0; c < ACT.length; c++) {
          var f = share(lv, lane, k, c);
          if (f <= 0) continue;
          ctx.fillStyle = ACT[c].css;
          ctx.fillRect(x0, top, Math.max(1, x1 - x0), BAR * f);
          top += BAR * f;
        }
      }
      ctx.fillStyle = hatchPattern();
      ctx.fillRect(xOf(a), y, xOf(b) - xOf(a), BAR);
    }
  }

  // ---------------------------------------------------------------- what is under the pointer

  function describe(x, y) {
    var row = Math.floor((y - AXIS) / LANE);
    if (row < 0 || row > n || x < LABEL) return null;
    var lane = dataLane(row), ns = nsOf(x), name = lane === n ? 'GIL' : threads[lane];
    if (ns >= detailFrom && ns < detailTo) {
      var near = nearestMark(lane, x, y);
      if (near >= 0) return name + ': ' + MARK[marks.k[near]].label + '\nat ' + secs(marks.t[near]);
      var hi = nearestHandoff(x);
      if (hi && Math.abs(y - (laneTop(rowOf(hi.to)) + LANE / 2)) < LANE) {
        return 'hand-off: ' + threads[hi.from] + ' \u2192 ' + threads[hi.to] + '\nat ' + secs(hi.t);
      }
      var L = lanes[lane], i = lowerBound(L.start, ns + 1) - 1;
      if (i < 0) return null;
      var s = L.start[i], e = i + 1 < L.start.length ? L.start[i + 1] : detailTo, c = L.code[i];
      var what = lane === n ? (c === 0 ? 'free' : 'held by ' + threads[c - 1]) : ACT[c].label;
      return name + ': ' + what + '\n' + secs(s) + ' \u2192 ' + secs(e) + ' (' + human(e - s) + ')';
    }
    if (!levels.length) return null;
    var lvIndex = level(), lv = levels[lvIndex], k = Math.floor(ns / lv.widthNs);
    var parts = [];
    if (lane === n) {
      parts.push('held ' + Math.round(100 * share(lv, lane, k, 0)) + ' %');
      parts.push(lv.handoffs[k] + ' hand-offs');
    } else {
      for (var c2 = 0; c2 < ACT.length; c2++) {
        var f = share(lv, lane, k, c2);
        if (f > 0) parts.push(ACT[c2].label + ' ' + Math.round(100 * f) + ' %');
      }
      var coarse = levels[0], k0 = Math.floor(ns / coarse.widthNs);
      coarse.marks.forEach(function (m) {
        if (m[0] !== lane || m[2] !== k0) return;
        parts.push(m[3] + ' \u00d7 ' + MARK[m[1]].label + ' (in ' + human(coarse.widthNs) + ')');
      });
    }
    return name + ', ' + secs(k * lv.widthNs) + ' \u2192 ' + secs((k + 1) * lv.widthNs) + ' (summary of '
      + human(lv.widthNs) + '):\n' + parts.join('\n');
  }
  function nearestMark(lane, x, y) {
    var slack = 5 * (view.to - view.from) / plotWidth(), ns = nsOf(x), best = -1, bestD = 7;
    for (var i = lowerBound(marks.t, ns - slack); i < marks.t.length && marks.t[i] <= ns + slack; i++) {
      if (marks.l[i] !== lane) continue;
      var d = Math.hypot(xOf(marks.t[i]) - x, markY(lane, marks.k[i]) - y);
      if (d < bestD) { bestD = d; best = i; }
    }
    return best;
  }
  function nearestHandoff(x) {
    var slack = 3 * (view.to - view.from) / plotWidth(), ns = nsOf(x);
    var i = lowerBound(handoffTimes, ns - slack);
    return i < handoffs.length && handoffs[i].t <= ns + slack ? handoffs[i] : null;
  }

  // ---------------------------------------------------------------- the narration of the visible window

  var MAX_LINES = 300;
  var list = document.getElementById('narration');
  var count = document.getElementById('story-count');
  function story() {
    var a = Math.max(view.from, detailFrom), b = Math.min(view.to, detailTo);
    var first = lowerBound(beats.t, a), last = b > a ? lowerBound(beats.t, b) : first;
    var total = last - first, shown = Math.min(total, MAX_LINES);
    var frag = document.createDocumentFragment();
    for (var i = first; i < first + shown; i++) {
      var li = lineItem(i);
      if (i === focusBeat()) li.className = 'focus';
      frag.appendChild(li);
    }
    list.replaceChildren(frag);
    var focused = list.querySelector('li.focus');
    if (focused) list.scrollTop = Math.max(0, focused.offsetTop - list.offsetTop - 40);
    var outside = view.from < detailFrom || view.to > detailTo;
    count.textContent = total === 0 ? 'Nothing told in this window.' : total + (total === 1 ? ' line' : ' lines')
      + ' in this window' + (total > shown ? '; the first ' + shown + ' are listed: zoom in for the rest' : '') + '.';
    if (outside && levels.length) count.textContent += ' The narration covers ' + secs(detailFrom) + ' to '
      + secs(detailTo) + ' only.';
  }
  /** Narration line i as a list item: its time, then its sentence; a click or Enter goes to its moment. */
  function lineItem(i) {
    var li = document.createElement('li');
    li.dataset.t = beats.t[i];
    li.tabIndex = 0;
    var t = document.createElement('span');
    t.className = 't';
    t.textContent = secs(beats.t[i]);
    li.appendChild(t);
    li.appendChild(document.createTextNode(beats.text[i]));
    return li;
  }

  /** The narration line of the chosen instant: the last one at or before it. */
  function focusBeat() { return focusNs < 0 ? -1 : lowerBound(beats.t, focusNs + 0.5) - 1; }
  list.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && e.target.closest('li')) e.target.closest('li').click();
  });
  list.addEventListener('click', function (e) {
    var li = e.target.closest('li');
    if (!li) return;
    focusNs = Number(li.dataset.t);
    var span = Math.min(5e6, Math.max(20000, (view.to - view.from) / 8));
    setView(focusNs - span / 2, focusNs + span / 2);
  });

  // The address keeps the visible window (#t=FROM,TO in seconds), so that a copied link opens the same moment.
  function remember() {
    var hash = '#t=' + (view.from / 1e9).toFixed(6) + ',' + (view.to / 1e9).toFixed(6)
      + (focusNs >= 0 ? '&at=' + (focusNs / 1e9).toFixed(9) : '');
    try {
      if (location.hash !== hash) history.replaceState(null, '', hash);
    } catch (e) {
      // A browser that refuses it for file:// keeps the address as it was.
    }
  }

  function showWindow() {
    var el = document.getElementById('window');
    el.dataset.from = Math.round(view.from);
    el.dataset.to = Math.round(view.to);
    el.textContent = 'showing ' + secs(view.from) + ' \u2013 ' + secs(view.to) + ' (' + human(view.to - view.from)
      + ') of ' + human(endNs) + (crowded ? '; ' + crowded + ' marks and hand-offs in view: zoom in to see them' : '');
  }

  // ---------------------------------------------------------------- input

  function local(e) {
    var r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }
  canvas.addEventListener('wheel', function (e) {
    e.preventDefault();
    var p = local(e);
    if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      pan((e.shiftKey ? e.deltaY : e.deltaX) / plotWidth());
    } else {
      zoomAt(nsOf(Math.max(LABEL, p.x)), Math.exp(e.deltaY * 0.0015));
    }
  }, { passive: false });
  arms.forEach(function (tl) {
    tl.canvas.addEventListener('wheel', function (e) {
      e.preventDefault();
      var r = tl.canvas.getBoundingClientRect(), x = e.clientX - r.left;
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) pan((e.shiftKey ? e.deltaY : e.deltaX) / plotWidth());
      else zoomAt(nsOf(Math.max(LABEL, x)), Math.exp(e.deltaY * 0.0015));
    }, { passive: false });
  });
  canvas.addEventListener('mousedown', function (e) {
    if (e.button !== 0) return;
    var p = local(e);
    drag = { x0: p.x, x1: p.x, y0: p.y, from: view.from, to: view.to, select: !e.shiftKey };
  });
  window.addEventListener('mousemove', function (e) {
    var p = local(e);
    if (drag) {
      drag.x1 = p.x;
      if (!drag.select) {
        var dns = (drag.x0 - p.x) / plotWidth() * (drag.to - drag.from);
        setView(drag.from + dns, drag.to + dns);
      } else {
        schedule();
      }
      return;
    }
    if (e.target !== canvas) { tip.hidden = true; return; }
    var text = describe(p.x, p.y);
    if (!text) { tip.hidden = true; return; }
    tip.textContent = text;
    tip.hidden = false;
    var left = p.x + 14;
    if (left + tip.offsetWidth > cssWidth) left = p.x - tip.offsetWidth - 14;
    tip.style.left = Math.max(0, left) + 'px';
    tip.style.top = (p.y + 16) + 'px';
  });
  window.addEventListener('mouseup', function () {
    if (!drag) return;
    var d = drag;
    drag = null;
    if (d.select && Math.abs(d.x1 - d.x0) > 3) {
      setView(nsOf(Math.min(d.x0, d.x1)), nsOf(Math.max(d.x0, d.x1)));
    } else {
      if (d.select && d.x0 >= LABEL) {
        focusNs = Math.max(0, Math.min(endNs, Math.round(nsOf(d.x0))));
        var row = Math.floor((d.y0 - AXIS) / LANE);
        if (row >= 1 && row <= n) showWhy(row - 1, focusNs);
      }
      schedule();
    }
  });
  canvas.addEventListener('mouseleave', function () { tip.hidden = true; });
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', function (e) {
    var mid = (view.from + view.to) / 2;
    if (e.key === '+' || e.key === '=') zoomAt(mid, 0.5);
    else if (e.key === '-') zoomAt(mid, 2);
    else if (e.key === 'ArrowLeft') pan(-0.25);
    else if (e.key === 'ArrowRight') pan(0.25);
    else if (e.key === '.') step('event', 1);
    else if (e.key === ',') step('event', -1);
    else if (e.key === 'h' || e.key === 'H') step('handoff', e.shiftKey ? -1 : 1);
    else if (e.key === 'r' || e.key === 'R') step('request', e.shiftKey ? -1 : 1);
    else if (e.key === 'o' || e.key === 'O') step('timeout', e.shiftKey ? -1 : 1);
    else if (e.key === 'p') play();
    else return;
    e.preventDefault();
  });
  function button(id, f) { document.getElementById(id).addEventListener('click', f); }
  button('zoom-in', function () { zoomAt((view.from + view.to) / 2, 0.5); });
  button('zoom-out', function () { zoomAt((view.from + view.to) / 2, 2); });
  button('pan-left', function () { pan(-0.25); });
  button('pan-right', function () { pan(0.25); });
  button('zoom-all', function () { setView(0, endNs); });
  button('zoom-detail', function () { setView(detailFrom, detailTo); });

  // ---------------------------------------------------------------- the state at the chosen instant

  // The changes GilState recorded (report/html/GilState.java), replayed from its snapshot at the detail's start;
  // the GIL's own fields come from the GIL lane, which holds every take and drop.
  var OP = { SWITCH: 1, REQUEST: 3, WAIT: 4, SIGNAL: 5, TIMEOUT: 6, ABSORB: 7, RUNS: 8, READY: 9, BLOCKED: 10,
    SLICE: 11, YIELD: 12, YIELD_END: 13 };
  function decodeState(tl) {
    var St = tl.S, ch = { t: sums(St.t), o: [], a: [], b: [], d: {} };
    St.c.forEach(function (c) {
      var rest = Math.floor(c / 16);
      ch.o.push(c % 16);
      ch.a.push(rest % 2048 - 2);
      ch.b.push(Math.floor(rest / 2048) - 3);
    });
    for (var di = 0; di < St.d.length; di += 2) ch.d[St.d[di]] = St.d[di + 1];
    // Each take of the GIL the lane shows (a hold of no length it cannot): its time and its taker.
    var g = tl.lanes[tl.n], tk = { t: [], who: [] };
    for (var i = 0; i < g.code.length; i++) {
      var c = g.code[i];
      if (c === 0 || (i > 0 && g.code[i - 1] === c)) continue;
      tk.t.push(g.start[i]); tk.who.push(c - 1);
    }
    tl.changes = ch;
    tl.takes = tk;
  }
  [main].concat(arms).forEach(decodeState);
  use(main);
  function name(t) { return t >= 0 && t < n ? threads[t] : '\u2013'; }
  function stateAt(ns) {
    var st = { holder: S.start.holder, last: S.start.lastHolder, sw: S.start.switchNumber,
      req: S.start.requester, reqFor: S.start.requested, waiters: S.start.waiters.map(function (w) { return w.slice(); }),
      place: S.start.place.slice(), woken: {}, slice: S.start.slice, yielding: {} };
    S.start.yielding.forEach(function (t) { st.yielding[t] = true; });
    // The GIL lane: who holds it at ns, the last holder, and the switches since the snapshot.
    var g = lanes[n], k = lowerBound(g.start, ns + 0.5) - 1;
    if (k >= 0) st.holder = g.code[k] - 1;
    var lastTake = lowerBound(takes.t, ns + 0.5) - 1, lastTakeNs = -1;
    if (lastTake >= 0) { st.last = takes.who[lastTake]; lastTakeNs = takes.t[lastTake]; }
    var end = lowerBound(changes.t, ns + 0.5);
    for (var i = 0; i < end; i++) {
      var o = changes.o[i], a = changes.a[i], b = changes.b[i];
      if (o === OP.SWITCH) { st.sw++; st.last = lastTakeNs > changes.t[i] ? st.last : a; }
      else if (o === OP.REQUEST) { st.req = a; st.reqFor = b; }
      else if (o === OP.WAIT) st.waiters.splice(Math.min(b, st.waiters.length), 0,
        [a, i in changes.d ? changes.d[i] : changes.t[i] + D.intervalNs]);
      else if (o === OP.SIGNAL) { leave(st, b); st.woken[b] = true; }
      else if (o === OP.ABSORB) leave(st, b);
      else if (o === OP.TIMEOUT) leave(st, a);
      else if (o === OP.RUNS) { st.place[a] = b; delete st.woken[a]; }
      else if (o === OP.READY) st.place[a] = -2;
      else if (o === OP.BLOCKED) st.place[a] = -1;
      else if (o === OP.SLICE) st.slice = a;
      else if (o === OP.YIELD) st.yielding[a] = true;
      else if (o === OP.YIELD_END) delete st.yielding[a];
    }
    // A take resets the drop request (take_gil's RESET_GIL_DROP_REQUEST): one after the last request clears it.
    if (st.req >= 0) {
      var lastReq = -1;
      for (var r = end - 1; r >= 0; r--) if (changes.o[r] === OP.REQUEST) { lastReq = changes.t[r]; break; }
      if (lastTakeNs > lastReq && (lastReq >= 0 || lastTakeNs > S.start.atNs)) { st.req = -1; st.reqFor = -1; }
    }
    return st;
  }
  function leave(st, t) { st.waiters = st.waiters.filter(function (w) { return w[0] !== t; }); }
  function row(dl, term, value) {
    var dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = term; dd.textContent = value;
    dl.appendChild(dt); dl.appendChild(dd);
  }
  function showState() {
    var at = document.getElementById('state-at');
    var gil = document.getElementById('state-gil'), ws = document.getElementById('state-waiters');
    var cs = document.getElementById('state-cores');
    if (focusNs < 0) return;
    at.textContent = secs(focusNs) + (focusNs < detailFrom || focusNs > detailTo ? ' (outside the detailed span: '
      + 'not recorded)' : '');
    var st = stateAt(focusNs);
    gil.replaceChildren(); ws.replaceChildren(); cs.replaceChildren();
    row(gil, 'locked', st.holder >= 0 ? '1, held by ' + name(st.holder) : '0');
    row(gil, 'last_holder', name(st.last));
    row(gil, 'switch_number', String(st.sw));
    row(gil, 'drop request', st.req >= 0 ? 'set by ' + name(st.req) + ', asking ' + name(st.reqFor) + ' to drop'
      : 'none');
    row(gil, 'interval', human(D.intervalNs));
    if (D.pool) {
      row(gil, 'pool: slice', st.slice >= 0 ? name(st.slice) + '\'s run of its slice' : 'none yet');
      var ys = Object.keys(st.yielding).map(Number).map(name);
      row(gil, 'pool: yielding', ys.length ? ys.join(', ') : 'nobody');
    }
    st.waiters.forEach(function (w) {
      var li = document.createElement('li');
      li.textContent = name(w[0]) + (w[1] > 0 ? ': its timed wait runs out at ' + secs(w[1]) + ' (in '
        + human(Math.max(0, w[1] - focusNs)) + ')' : '');
      ws.appendChild(li);
    });
    if (!st.waiters.length) {
      var none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'nobody';
      ws.appendChild(none);
    }
    var ready = [];
    for (var c = 0; c < D.cores; c++) {
      var who = [];
      for (var t = 0; t < n; t++) if (st.place[t] === c) who.push(name(t));
      var li = document.createElement('li');
      li.textContent = 'core ' + c + ': ' + (who.length ? who.join(', ') : 'idle');
      cs.appendChild(li);
    }
    for (var u = 0; u < n; u++) if (st.place[u] === -2) ready.push(name(u));
    var r = document.createElement('li');
    r.textContent = 'ready, no core: ' + (ready.length ? ready.join(', ') : 'nobody');
    cs.appendChild(r);
    // Signalled by a drop of the GIL and not yet running: the wake-up latency in which #161868's worker takes the
    // GIL back.
    var woken = Object.keys(st.woken).map(Number).filter(function (t) { return st.place[t] < 0; }).map(name);
    var wk = document.createElement('li');
    wk.textContent = 'woken by a signal, not yet on a core: ' + (woken.length ? woken.join(', ') : 'nobody');
    cs.appendChild(wk);
    // Each arm at the same instant, a line each, beside the run's.
    var ul = document.getElementById('state-arms');
    ul.replaceChildren();
    arms.forEach(function (tl) {
      use(tl);
      var a = stateAt(focusNs), li = document.createElement('li');
      li.textContent = tl.label + ': ' + (focusNs > detailTo ? 'not recorded this late (the arm keeps its first '
        + human(detailTo - detailFrom) + ')' : 'locked ' + (a.holder >= 0 ? '1, held by ' + name(a.holder) : '0')
        + '; switch_number ' + a.sw + '; waiting on gil->cond: ' + (a.waiters.length ? a.waiters.map(function (w) {
          return name(w[0]); }).join(', ') : 'nobody') + (a.req >= 0 ? '; drop request by ' + name(a.req) : ''));
      ul.appendChild(li);
      use(main);
    });
    ul.parentElement.hidden = arms.length === 0;
  }

  // ---------------------------------------------------------------- why did this wait last?

  // Click a thread's wait for the GIL: the narration lines that concern the thread or hand the GIL on while it
  // waited, and what they add up to (as run --why prints it): the wake-ups it got and who took the GIL first each
  // time, its timeouts and drop requests, and how the wait ended. Read off the recorded changes and narration.
  var WAITS = indexOf(ACT, 'WAITS_FOR_GIL');
  function waitAround(thread, ns) {
    var L = lanes[thread], i = lowerBound(L.start, ns + 0.5) - 1;
    if (i < 0 || L.code[i] !== WAITS) return null;
    var a = i, b = i;
    while (a > 0 && L.code[a - 1] === WAITS) a--;
    while (b + 1 < L.code.length && L.code[b + 1] === WAITS) b++;
    return { from: L.start[a], to: b + 1 < L.start.length ? L.start[b + 1] : detailTo, open: b + 1 >= L.start.length };
  }
  function whyChain(thread, w) {
    var who = name(thread);
    var word = new RegExp('(^|[^\\w-])' + who.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^\\w-])');
    var lines = [];
    for (var i = lowerBound(beats.t, w.from); i < beats.t.length && beats.t[i] <= w.to; i++) {
      if (word.test(beats.text[i]) || beats.text[i].indexOf('takes the GIL') >= 0) lines.push(i);
    }
    var woken = 0, firstTakers = {}, timeouts = 0, requests = 0, pending = false, ended = null;
    // The wait's changes and the takes of the GIL in it, in time order (a take after a change at the same instant).
    var j = lowerBound(changes.t, w.from), k = lowerBound(takes.t, w.from);
    while ((j < changes.t.length && changes.t[j] <= w.to) || (k < takes.t.length && takes.t[k] <= w.to)) {
      var takeFirst = !(j < changes.t.length && changes.t[j] <= w.to)
        || (k < takes.t.length && takes.t[k] <= w.to && takes.t[k] < changes.t[j]);
      if (takeFirst) {
        var who2 = takes.who[k];
        if (who2 === thread) { ended = takes.t[k]; pending = false; }
        else if (pending) { firstTakers[name(who2)] = (firstTakers[name(who2)] || 0) + 1; pending = false; }
        k++;
        continue;
      }
      var o = changes.o[j], a = changes.a[j], b = changes.b[j];
      if (o === OP.SIGNAL && b === thread) { woken++; pending = true; }
      else if (o === OP.TIMEOUT && a === thread) timeouts++;
      else if (o === OP.REQUEST && a === thread) requests++;
      j++;
    }
    var takers = Object.keys(firstTakers).map(function (k) { return k + ' ' + firstTakers[k] + ' times'; });
    var s = who + ' waited ' + human(w.to - w.from) + ' for the GIL, from ' + secs(w.from) + ' to ' + secs(w.to)
      + (w.open ? ' (still waiting where the detailed span ends)' : '') + '. It was woken ' + woken + ' time'
      + (woken === 1 ? '' : 's') + ' by a signal' + (takers.length ? ', and another thread took the GIL before it ran: '
      + takers.join(', ') : '') + '. Its timed wait ran out ' + timeouts + ' time' + (timeouts === 1 ? '' : 's')
      + ', and it asked for a drop ' + requests + ' time' + (requests === 1 ? '' : 's') + '. '
      + (ended !== null ? 'It ended when ' + who + ' took the GIL at ' + secs(ended) + '.' : '');
    return { summary: s, lines: lines };
  }
  function showWhy(thread, ns) {
    var w = waitAround(thread, ns);
    var box = document.getElementById('why'), sum = document.getElementById('why-summary');
    var ol = document.getElementById('why-lines');
    if (!w) return false;
    var chain = whyChain(thread, w);
    box.hidden = false;
    sum.textContent = chain.summary;
    var frag = document.createDocumentFragment();
    chain.lines.slice(0, 200).forEach(function (i) { frag.appendChild(lineItem(i)); });
    ol.replaceChildren(frag);
    return true;
  }
  document.getElementById('why-lines').addEventListener('click', function (e) {
    var li = e.target.closest('li');
    if (li) moveTo(Number(li.dataset.t));
  });

  // Stepping: to the next (or previous) change or narration line, hand-off, drop request or timeout.
  var eventTimes = (function () {
    var all = Array.prototype.slice.call(changes.t).concat(Array.prototype.slice.call(beats.t)).concat(takes.t);
    all.sort(function (x, y) { return x - y; });
    return all.filter(function (v, i) { return i === 0 || v !== all[i - 1]; });
  })();
  function timesOf(op) {
    var out = [];
    for (var i = 0; i < changes.t.length; i++) if (changes.o[i] === op) out.push(changes.t[i]);
    return out;
  }
  var stepTimes = { event: eventTimes, handoff: timesOf(OP.SWITCH), request: timesOf(OP.REQUEST),
    timeout: timesOf(OP.TIMEOUT) };
  function step(kind, dir) {
    var ts = stepTimes[kind], from = focusNs < 0 ? (dir > 0 ? view.from - 1 : view.to + 1) : focusNs, i;
    if (dir > 0) { i = lowerBound(ts, from + 0.5); if (i >= ts.length) return false; }
    else { i = lowerBound(ts, from) - 1; if (i < 0) return false; }
    moveTo(ts[i]);
    return true;
  }
  function moveTo(ns) {
    focusNs = ns;
    if (ns < view.from || ns > view.to) {
      var half = (view.to - view.from) / 2;
      setView(ns - half, ns + half);
    } else {
      schedule();
    }
  }
  var playing = null;
  function play() {
    var btn = document.getElementById('play');
    if (playing) { clearInterval(playing); playing = null; btn.textContent = 'play'; return; }
    if (focusNs < 0) focusNs = Math.max(view.from, detailFrom);
    var last = performance.now();
    btn.textContent = 'pause';
    playing = setInterval(function () {
      var now = performance.now(), speed = Number(document.getElementById('speed').value);
      var next = focusNs + (now - last) / 1000 * speed;
      last = now;
      if (next >= detailTo) { next = detailTo; play(); }
      moveTo(next);
    }, 40);
  }
  button('step-next', function () { step('event', 1); });
  button('step-prev', function () { step('event', -1); });
  button('step-handoff', function () { step('handoff', 1); });
  button('step-request', function () { step('request', 1); });
  button('step-timeout', function () { step('timeout', 1); });
  button('play', play);

  // ---------------------------------------------------------------- the legend

  (function legend() {
    var ul = document.getElementById('legend');
    function item(swatch, label) {
      var li = document.createElement('li');
      li.appendChild(swatch);
      li.appendChild(document.createTextNode(label));
      ul.appendChild(li);
    }
    ACT.forEach(function (a) {
      var s = document.createElement('span');
      s.className = 'swatch';
      s.style.background = a.css;
      item(s, a.label);
    });
    MARK.forEach(function (m) {
      var c = document.createElement('canvas');
      c.width = 14; c.height = 14;
      var g = c.getContext('2d'), saved = ctx;
      ctx = g;
      g.fillStyle = m.css; g.strokeStyle = m.css;
      shape(m.shape, 7, 7, 10);
      ctx = saved;
      item(c, m.label);
    });
    var h = document.createElement('span');
    h.className = 'swatch';
    h.style.background = 'linear-gradient(90deg, transparent 6px, #333 6px, #333 8px, transparent 8px)';
    item(h, 'hand-off of the GIL to another thread');
    if (levels.length) {
      var s = document.createElement('span');
      s.className = 'swatch';
      s.style.background = 'repeating-linear-gradient(135deg, ' + ACT[HOLDS].css + ' 0 3px, #a8cbe3 3px 5px)';
      item(s, 'hatched: a summary of each bucket, outside the detailed span');
    }
  })();

  window.addEventListener('resize', resize);
  // For tests and the curious: the visible window in ns, and a way to set it.
  window.gilsimReport = {
    view: function () { return { from: view.from, to: view.to }; },
    show: setView,
    /** The chosen instant in ns (-1: none), a way to choose one, and a step as the buttons take it. */
    at: function (ns) { if (ns !== undefined) moveTo(ns); return focusNs; },
    step: step,
    /** The state panel's text now: the GIL's fields, the waiters and the cores, a line each. */
    state: function () {
      showState();
      var out = [document.getElementById('state').querySelector('h3').textContent];
      document.querySelectorAll('#state-gil dt').forEach(function (dt) {
        out.push(dt.textContent + '\t' + dt.nextSibling.textContent);
      });
      document.querySelectorAll('#state-waiters li, #state-cores li, #state-arms li').forEach(function (li) {
        out.push(li.textContent);
      });
      return out.join('\n');
    },
    /** The why-chain of the wait of a thread (by name) at an instant, as a click on it shows it; null: no wait. */
    why: function (thread, ns) {
      if (!showWhy(threads.indexOf(thread), ns)) return null;
      return { summary: document.getElementById('why-summary').textContent,
        lines: Array.from(document.querySelectorAll('#why-lines li')).map(function (li) { return li.textContent; }) };
    },
    /** The narration line highlighted for the chosen instant. */
    focusLine: function () { var i = focusBeat(); return i < 0 ? null : { t: beats.t[i], text: beats.text[i] }; },
    /** The middle of a lane, in CSS pixels from the canvas's top: 'GIL' or a thread's name. */
    laneMiddle: function (name) { return laneTop(name === 'GIL' ? 0 : threads.indexOf(name) + 1) + LANE / 2; }
  };
  // A link can open the page at a moment: page.html#t=1.0,1.03 shows 1.0 s to 1.03 s.
  var asked = /^#t=([0-9.]+),([0-9.]+)(?:&at=([0-9.]+))?$/.exec(location.hash);
  if (asked && asked[3] !== undefined) focusNs = Math.round(Number(asked[3]) * 1e9);
  if (asked && Number(asked[2]) > Number(asked[1])) setView(Number(asked[1]) * 1e9, Number(asked[2]) * 1e9);
  resize();
})();
