#include "analysis/html_assets.hpp"

namespace gpuprice::analysis {

std::string_view page_style() {
    return R"CSS(
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #57606a;
  --line: #d0d7de; --head: #f3f5f7; --stripe: #f8f9fa; --accent: #0a58ca; --warn: #7a4d00;
  --warnbg: #fff3cd; --good: #1a7f37; --bad: #b42318; --ask: #0a58ca; --clr: #c2410c;
  --sold: #15803d; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121417; --fg: #e6e8eb; --muted: #9aa4ae; --line: #363c44; --head: #1d2126;
    --stripe: #171a1e; --accent: #79b8ff; --warn: #f0c36d; --warnbg: #3a2f12; --good: #56d364;
    --bad: #ff7b72; --ask: #79b8ff; --clr: #fb923c; --sold: #4ade80; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1800px; padding: 0 16px 32px; background: var(--bg);
  color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans",
  sans-serif; }
a { color: var(--accent); }
h1 { font-size: 1.6rem; margin: 20px 0 4px; }
h2 { font-size: 1.3rem; margin: 32px 0 8px; padding-top: 8px; border-top: 2px solid var(--line); }
h3 { font-size: 1.1rem; margin: 22px 0 6px; }
.muted, small { color: var(--muted); }
nav ul { list-style: none; padding: 0; margin: 8px 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-weight: 600; }
.status.complete { color: var(--good); border: 1px solid var(--good); }
.status.partial { color: var(--warn); background: var(--warnbg); border: 1px solid var(--warn); }
.alert { border: 1px solid var(--warn); background: var(--warnbg); padding: 8px 12px;
  border-radius: 6px; margin: 12px 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 4px 0 8px;
  font-size: 0.9rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
th, td { padding: 3px 6px; border-bottom: 1px solid var(--line); vertical-align: middle; }
table.plans td, table.plans th { white-space: nowrap; }
table.plans td:last-child { white-space: normal; min-width: 20ch; }
thead th { background: var(--head); text-align: left; white-space: nowrap; font-size: 0.9em; }
tbody tr:nth-child(even) { background: var(--stripe); }
tbody th { text-align: left; font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
thead th button { font: inherit; color: inherit; background: none; border: 0; padding: 0;
  cursor: pointer; text-align: inherit; }
thead th button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
th[aria-sort=ascending] button::after { content: " \25B2"; }
th[aria-sort=descending] button::after { content: " \25BC"; }
.basis { text-decoration: underline; text-decoration-thickness: 2px; }
td.key { font-weight: 700; }
th.key { text-decoration: underline; text-decoration-thickness: 2px; }
.filters { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; margin: 6px 0;
  font-size: 0.9rem; }
.filters label[hidden], [hidden] { display: none !important; }
.filters .narrow { display: none; }
.hint { border-left: 3px solid var(--accent); padding: 2px 10px; margin: 6px 0; }
ul.moved { padding-left: 18px; }
.glance { display: flex; flex-wrap: wrap; gap: 0 32px; }
.glance > div { max-width: 100%; }
.up { color: var(--bad); }
.down { color: var(--good); }
.mark { display: inline-block; font-size: 0.75em; font-weight: 600; padding: 0 5px;
  border-radius: 8px; border: 1px solid var(--muted); color: var(--muted); margin-left: 4px; }
.mark.legacy, .mark.outlier { border-color: var(--bad); color: var(--bad); }
.mark.ending { border-color: var(--warn); color: var(--warn); }
.spark { display: block; }
.spark .sp-txt { fill: currentColor; font-size: 10px; }
.spark .sp-ask { fill: none; stroke: var(--ask); stroke-width: 1.5; }
.spark .sp-clr { fill: var(--clr); }
.spark .sp-sold { fill: var(--sold); }
.legend .sp-ask { color: var(--ask); } .legend .sp-clr { color: var(--clr); }
.legend .sp-sold { color: var(--sold); }
figure.chart { margin: 8px 0 16px; }
figure.chart svg { max-width: 100%; height: auto; }
@media (prefers-color-scheme: dark) {
  figure.chart svg > rect:first-of-type, figure.chart path[fill="#ffffff"] { fill: var(--bg); }
  figure.chart text { fill: var(--fg); }
  figure.chart text[fill="#555555"], figure.chart text[fill="#333333"] { fill: var(--muted); }
  figure.chart line { stroke: var(--line); }
}
details { margin: 4px 0; }
summary { cursor: pointer; }
table.listings td.title { max-width: 60ch; }
dl.columns dt { font-weight: 600; }
dl.columns dd { margin: 0 0 6px 16px; }
footer { margin-top: 32px; border-top: 1px solid var(--line); padding-top: 8px; }
@media (max-width: 700px) {
  body { font-size: 14px; padding: 0 8px 24px; }
  th, td { padding: 2px 5px; }
  h1 { font-size: 1.3rem; }
  /* The model's marks go under its name, so the first figures fit beside it. */
  tbody th { white-space: normal; min-width: 8em; }
  /* The secondary columns fold away, as the terminal drops them: the key stays in view. */
  .filters .narrow { display: inline; }
  body:not(:has(#f-all:checked)) .sec { display: none; }
  /* A chart keeps a readable size and scrolls sideways like the tables. */
  figure.chart { overflow-x: auto; }
  figure.chart svg { max-width: none; width: 720px; }
}
@media print {
  :root { --bg: #ffffff; --fg: #000000; --stripe: #ffffff; --head: #eeeeee; }
  nav, .noprint { display: none; }
  body { max-width: none; font-size: 9pt; }
  .scroll { overflow: visible; }
  a { color: inherit; text-decoration: none; }
  tr, figure { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
)CSS";
}

std::string_view page_script() {
    return R"JS(
(function () {
  "use strict";
  function key(cell) {
    var v = cell.getAttribute("data-v");
    if (v === null) return cell.textContent.trim().toLowerCase();
    return v === "" ? null : parseFloat(v);
  }
  function sortBy(table, column, header) {
    var ascending = header.getAttribute("aria-sort") === "descending" ||
      (header.getAttribute("aria-sort") !== "ascending" && header.getAttribute("data-first") !== "desc");
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      th.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[column]), y = key(b.cells[column]);
      if (x === null || y === null) return x === y ? 0 : (x === null ? 1 : -1);
      if (x < y) return ascending ? -1 : 1;
      if (x > y) return ascending ? 1 : -1;
      return 0;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, column, th); });
    });
  });
  // The filters: a row shows when its condition, VRAM, support and coolers pass; a class
  // whose rows all hide hides whole.
  function value(id) { var e = document.getElementById(id); return e ? e.value : ""; }
  function applyFilters() {
    var cond = value("f-cond"), vram = parseFloat(value("f-vram")) || 0;
    var ok = document.getElementById("f-ok"), okOnly = ok && ok.checked;
    var cool = value("f-cool");
    Array.prototype.forEach.call(document.querySelectorAll("[data-cond]"), function (e) {
      var show = !cond || e.getAttribute("data-cond") === cond;
      if (e.hasAttribute("data-vram")) {
        show = show && parseFloat(e.getAttribute("data-vram")) >= vram &&
          (!okOnly || e.getAttribute("data-ok") === "1") &&
          (!cool || (" " + e.getAttribute("data-cool") + " ").indexOf(" " + cool + " ") >= 0);
      }
      e.hidden = !show;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".cls"), function (c) {
      c.hidden = c.querySelectorAll("tbody tr:not([hidden])").length === 0;
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll(".filters .js"), function (label) {
    label.hidden = false;
    label.addEventListener("change", applyFilters);
  });
})();
)JS";
}

}  // namespace gpuprice::analysis
