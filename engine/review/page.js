// The replay page: every step's table, story and judgement are in the embedded JSON; this
// draws the step asked for (slider, arrow keys, buttons, a click on the chart or a marked
// move). It knows no game: a table is seats, rows of pieces, ladders and a sale.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var steps = data.steps;
  var last = steps.length - 1;
  var SEATS = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#2c7a7b", "#975a16",
               "#4a5568", "#9b2c2c", "#276749", "#553c9a", "#702459"];
  var KINDS = ["#f6e05e", "#90cdf4", "#fbb6ce", "#9ae6b4", "#fbd38d", "#d6bcfa", "#feb2b2",
               "#b2f5ea", "#e2e8f0", "#c6f6d5"];
  var kindColour = {};
  data.kinds.forEach(function (k, i) { kindColour[k] = KINDS[i % KINDS.length]; });

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  function seatColour(seat) { return SEATS[seat % SEATS.length]; }
  function initial(seat) { return (data.players[seat] || "?").charAt(0).toUpperCase(); }

  function pieces(list) {
    var box = el("div", "pieces");
    if (!list.length) { box.appendChild(el("span", "empty", "empty")); }
    list.forEach(function (p) {
      var chip = el("span", "piece", p.name);
      chip.style.background = kindColour[p.kind] || "#eee";
      box.appendChild(chip);
    });
    return box;
  }

  function marker(seat) {
    var dot = el("span", "marker", seat === null ? "●" : initial(seat));
    dot.style.background = seat === null ? "#1d232a" : seatColour(seat);
    if (seat !== null) { dot.title = data.players[seat]; }
    return dot;
  }

  function drawSeats(board) {
    var box = el("div", "seats");
    board.seats.forEach(function (s, i) {
      var card = el("div", "seat" + (board.turn === i ? " turn" : ""));
      card.style.setProperty("--seat", seatColour(i));
      var head = el("div");
      head.appendChild(el("span", "money", s.money));
      head.appendChild(el("span", "name", s.name));
      if (board.turn === i) { head.appendChild(el("span", "badge turn", "to act")); }
      if (board.winners.indexOf(i) >= 0) { head.appendChild(el("span", "badge win", "wins")); }
      card.appendChild(head);
      s.rows.forEach(function (r) {
        var row = el("div", "row");
        row.appendChild(el("span", "label", r.label));
        row.appendChild(pieces(r.pieces));
        if (r.note) { row.appendChild(el("div", "note", r.note)); }
        card.appendChild(row);
      });
      s.facts.forEach(function (f) { card.appendChild(el("div", "fact", f)); });
      box.appendChild(card);
    });
    return box;
  }

  function upright(ladder) {
    var box = el("div", "ladder");
    var name = el("div", "lname", ladder.name);
    name.style.background = kindColour[ladder.kind] || "#eee";
    box.appendChild(name);
    for (var r = ladder.rungs.length - 1; r >= 0; r--) {
      var rung = el("div", "rung");
      rung.appendChild(el("span", "rl", ladder.rungs[r]));
      var marks = el("span", "marks");
      ladder.places.forEach(function (p) { if (p.rung === r) { marks.appendChild(marker(p.seat)); } });
      rung.appendChild(marks);
      rung.appendChild(el("span", "rn", ladder.notes[r] || ""));
      box.appendChild(rung);
    }
    return box;
  }

  function across(ladder) {
    var line = el("div", "across");
    var name = el("span", "lname end", ladder.name);
    name.style.background = kindColour[ladder.kind] || "#eee";
    name.style.padding = "0 0.3rem";
    name.style.borderRadius = "4px";
    var cells = el("span", "cells");
    ladder.rungs.forEach(function (label, i) {
      var on = ladder.places.some(function (p) { return p.rung === i; });
      var cell = el("span", "cell" + (on ? " on" : ""), on ? "●" : label);
      if (ladder.notes[i]) { cell.title = ladder.notes[i]; }
      cells.appendChild(cell);
    });
    line.appendChild(name);
    line.appendChild(cells);
    return line;
  }

  function drawLadders(board) {
    var box = el("div", "ladders");
    var group = null;
    board.ladders.forEach(function (ladder) {
      if (ladder.group && ladder.group !== group) {
        group = ladder.group;
        var ends = ladder.across && ladder.ends ? "  (◂ " + ladder.ends[0] + " | " +
          ladder.ends[1] + " ▸)" : "";
        box.appendChild(el("div", "group", group + ends));
      }
      box.appendChild(ladder.across ? across(ladder) : upright(ladder));
    });
    return box;
  }

  function drawSale(sale) {
    var box = el("div", "sale");
    box.appendChild(el("strong", null, sale.label));
    box.appendChild(pieces(sale.pieces));
    if (sale.note) { box.appendChild(el("div", "note", sale.note)); }
    return box;
  }

  function section(title, body) {
    var box = el("section");
    box.appendChild(el("h2", null, title));
    box.appendChild(body);
    return box;
  }

  function percent(x) { return Math.round(x) + "%"; }

  function drawJudgement(mark) {
    var box = el("div", "judgement");
    var head = el("div");
    head.appendChild(el("span", "lab lab-" + mark.label, mark.label));
    head.appendChild(document.createTextNode(" · " + mark.player + " played " + mark.move));
    box.appendChild(head);
    if (mark.label !== "forced") {
      var figures = "win chance " + percent(mark.before) + " before, " + percent(mark.after) +
        " after";
      if (mark.best_move !== mark.move) {
        figures += "; " + percent(mark.best) + " after " + mark.best_move + " (" +
          mark.given_away + " points given away)";
      }
      box.appendChild(el("div", "note", figures));
    }
    if (mark.words) { box.appendChild(el("div", "note", mark.words)); }
    return box;
  }

  var board = document.getElementById("board");
  var story = document.getElementById("story");
  var slider = document.getElementById("slider");
  var stepno = document.getElementById("stepno");
  var phase = document.getElementById("phase");
  var cursor = document.getElementById("cursor");
  var current = 0;

  function show(step) {
    current = Math.max(0, Math.min(last, step));
    var s = steps[current];
    var b = s.board;
    slider.value = String(current);
    stepno.textContent = "Step " + current + " / " + last;
    phase.textContent = b.title;
    board.textContent = "";
    board.appendChild(section("Players", drawSeats(b)));
    if (b.sale) { board.appendChild(section("On sale", drawSale(b.sale))); }
    if (b.ladders.length) { board.appendChild(section(b.ladders_title, drawLadders(b))); }
    if (b.notes.length) { board.appendChild(el("div", "notes", b.notes.join(" · "))); }
    story.textContent = "";
    if (!s.lines.length) { story.appendChild(el("p", "hint", "The game as set up.")); }
    s.lines.forEach(function (line) { story.appendChild(el("p", null, line)); });
    if (s.mark) { story.appendChild(drawJudgement(s.mark)); }
    if (cursor) {
      var x = data.chart ? data.chart.x0 + current * data.chart.dx : 0;
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    document.body.setAttribute("data-step", String(current));
    if (history.replaceState) {
      try { history.replaceState(null, "", "#" + current); } catch (e) { /* file: pages */ }
    }
  }

  slider.max = String(last);
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("end").addEventListener("click", function () { show(last); });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT" && e.target.type !== "range") { return; }
    var to = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { to = current + 1; }
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { to = current - 1; }
    else if (e.key === "PageDown") { to = current + 10; }
    else if (e.key === "PageUp") { to = current - 10; }
    else if (e.key === "Home") { to = 0; }
    else if (e.key === "End") { to = last; }
    if (to !== null) { e.preventDefault(); show(to); }
  });
  var svg = document.getElementById("chart");
  if (svg && data.chart) {
    svg.addEventListener("click", function (e) {
      var box = svg.getBoundingClientRect();
      var x = (e.clientX - box.left) * data.chart.width / box.width;
      show(Math.round((x - data.chart.x0) / data.chart.dx));
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-goto]"), function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      show(parseInt(a.getAttribute("data-goto"), 10));
    });
  });
  var start = parseInt((location.hash || "#0").slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
