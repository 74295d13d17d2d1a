// The workbench page: line numbers beside the editor, problems marked at their line,
// "line N" links that select that line, and the board marked with the last verdicts.
// htmx does the requests; this file only decorates what it swaps in.
(function () {
  "use strict";

  function editor() { return document.getElementById("scenario"); }
  function gutter() { return document.getElementById("gutter"); }

  function badLines() {
    const found = new Map();
    document.querySelectorAll("#timeline [data-line], #board .problem-box [data-line], #verdicts .problem-box [data-line]")
      .forEach(function (el) {
        if (!el.classList.contains("problem") && !el.classList.contains("unsupported")) { return; }
        const line = parseInt(el.getAttribute("data-line"), 10);
        if (line > 0 && !found.has(line)) { found.set(line, el.classList.contains("unsupported") ? "unsupported" : "bad"); }
      });
    return found;
  }

  function renderGutter() {
    const text = editor(), lines = gutter();
    if (!text || !lines) { return; }
    const count = text.value.split("\n").length;
    const marks = badLines();
    const parts = [];
    for (let n = 1; n <= count; n++) {
      const mark = marks.get(n);
      parts.push('<div class="ln' + (mark ? " " + mark : "") + '" data-ln="' + n + '">' + n + "</div>");
    }
    lines.innerHTML = parts.join("");
    lines.scrollTop = text.scrollTop;
  }

  function gotoLine(n) {
    const text = editor();
    if (!text || !(n > 0)) { return; }
    const lines = text.value.split("\n");
    let start = 0;
    for (let i = 0; i < n - 1 && i < lines.length; i++) { start += lines[i].length + 1; }
    const end = start + (lines[n - 1] || "").length;
    text.focus();
    text.setSelectionRange(start, end);
    const height = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (n - 4) * height);
    renderGutter();
  }

  function markBoard() {
    document.querySelectorAll("#board .card").forEach(function (card) {
      card.classList.remove("legal", "illegal", "selected");
    });
    const verdicts = document.querySelector("#verdicts .verdicts");
    if (!verdicts) { return; }
    const chosen = verdicts.getAttribute("data-object");
    document.querySelectorAll('#board .card[data-object="' + chosen + '"]').forEach(function (card) {
      card.classList.add("selected");
    });
    verdicts.querySelectorAll(".verdict").forEach(function (row) {
      const name = row.getAttribute("data-candidate");
      const legal = row.classList.contains("legal");
      document.querySelectorAll("#board .card").forEach(function (card) {
        if (card.getAttribute("data-name") !== name) { return; }
        if (legal) { card.classList.remove("illegal"); card.classList.add("legal"); }
        else if (!card.classList.contains("legal")) { card.classList.add("illegal"); }
      });
    });
  }

  document.addEventListener("input", function (event) {
    if (event.target === editor()) { renderGutter(); }
  });
  document.addEventListener("scroll", function (event) {
    if (event.target === editor() && gutter()) { gutter().scrollTop = editor().scrollTop; }
  }, true);
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest(".goto") : null;
    if (link) {
      event.preventDefault();
      gotoLine(parseInt(link.getAttribute("data-line"), 10));
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && event.target === editor()) {
      event.preventDefault();
      document.getElementById("run").click();
    }
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    const target = event.detail && event.detail.target;
    if (target && target.id === "editor") {
      // a new scenario: what was shown belonged to the old one
      document.getElementById("timeline").innerHTML = '<p class="empty">Run the scenario to see its timeline.</p>';
      document.getElementById("board").innerHTML = '<h2>Board</h2><p class="empty">Open a step\'s board from the timeline.</p>';
      document.getElementById("verdicts").innerHTML = "";
    }
    if (target && target.id === "board") {
      document.getElementById("verdicts").innerHTML = "";
      // the step whose board is open
      const shown = target.querySelector(".board");
      const step = shown ? shown.getAttribute("data-step") : null;
      document.querySelectorAll("#timeline .step").forEach(function (item) {
        const button = item.querySelector(".board-btn");
        item.classList.toggle("current", !!button && button.getAttribute("data-step") === step);
      });
    }
    renderGutter();
    markBoard();
  });
  document.addEventListener("DOMContentLoaded", renderGutter);
  if (document.readyState !== "loading") { renderGutter(); }
})();
