"""The player screen's page, style sheet and script (served as fixed files).

The page loads plotly.js, the style and the script from the screen itself (no network needed)
and its script asks ``/version`` every :data:`POLL_MS` milliseconds, fetching ``/content`` when
the version changes. In share mode the page's requests carry the session's cookie, which the
join link set.
"""

from __future__ import annotations

__all__ = ["PAGE", "POLL_MS", "SCRIPT", "STYLE"]

#: How often the page asks whether anything changed, in milliseconds.
POLL_MS = 600

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="gm-kit"><title>Player screen</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/screen.css">
<script src="/plotly.js"></script><script src="/screen.js" defer></script>
</head><body>
<header><h1 id="gmk-title">Player screen</h1><span id="gmk-status" class="muted">connecting</span></header>
<main>
<section class="gmk-panel gmk-wide"><div id="gmk-map" class="gmk-figure"></div>
<div id="gmk-sector" class="gmk-text"></div></section>
<section class="gmk-panel"><div id="gmk-system-figure" class="gmk-figure"></div>
<div id="gmk-system" class="gmk-text"></div></section>
<section class="gmk-panel"><div id="gmk-fleets" class="gmk-text"></div>
<div id="gmk-notes" class="gmk-text"></div></section>
<section class="gmk-panel"><div id="gmk-timeline" class="gmk-text"></div></section>
</main>
<footer class="muted">Made with gm-kit. This page shows only what the players know.</footer>
</body></html>
"""

STYLE = """
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #6b7280;
  --line: #d0d5dd; --alt: #f4f6f8; --panel: #fafbfc; --accent: #e0823d; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #141518; --muted: #9aa1ab;
  --line: #343840; --alt: #1d1f24; --panel: #191b1f; } }
* { box-sizing: border-box; }
body { font-family: Inter, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg);
  background: var(--bg); margin: 0; padding: 1rem 1.5rem; line-height: 1.45; }
header { display: flex; align-items: baseline; gap: 1rem; border-bottom: 2px solid var(--accent);
  margin-bottom: 1rem; }
header h1 { font-size: 1.5rem; margin: .2rem 0 .4rem; }
main { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
.gmk-panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
  padding: .6rem 1rem; min-width: 0; }
.gmk-wide { grid-column: 1 / -1; }
.gmk-figure:empty { display: none; }
.gmk-text h1 { font-size: 1.2rem; margin: .6rem 0 .3rem; }
.gmk-text h2 { font-size: 1.05rem; margin: 1rem 0 .4rem; border-bottom: 1px solid var(--line); }
.gmk-card + .gmk-card { border-top: 1px solid var(--line); margin-top: .8rem; }
.gmk-card h1 { font-size: 1.05rem; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums;
  font-size: .92rem; }
th, td { border-bottom: 1px solid var(--line); padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
th { color: var(--muted); font-weight: 600; } tr:nth-child(even) td { background: var(--alt); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; }
dt { color: var(--muted); } dd { margin: 0; }
ul { padding-left: 1.2rem; } .when { color: var(--muted); font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
#gmk-status.offline { color: #d4566b; }
footer { font-size: .8rem; margin-top: 1.5rem; }
"""

SCRIPT = (
    """// The player screen: ask for the version, fetch the content when it changes.
"use strict";
const POLL_MS = POLL_MS_VALUE;
let shown = null;
function status(text, offline) {
  const el = document.getElementById("gmk-status");
  el.textContent = text;
  el.classList.toggle("offline", offline);
}
async function load() {
  const response = await fetch("/content", {cache: "no-store", credentials: "same-origin"});
  if (!response.ok) throw new Error("content " + response.status);
  const c = await response.json();
  document.title = c.title + " - player screen";
  document.getElementById("gmk-title").textContent = c.title;
  for (const [id, markup] of Object.entries(c.sections)) {
    const el = document.getElementById(id);
    if (el) el.innerHTML = markup;  // rendered and escaped by the kit on the server
  }
  for (const [id, fig] of Object.entries(c.figures)) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (fig) {
      Plotly.react(el, fig.data, fig.layout, {displaylogo: false, responsive: true});
    } else {
      Plotly.purge(el);
      el.replaceChildren();
    }
  }
  shown = c.version;
  document.body.dataset.version = String(c.version);
}
async function poll() {
  try {
    const response = await fetch("/version", {cache: "no-store", credentials: "same-origin"});
    if (!response.ok) throw new Error("version " + response.status);
    const v = (await response.json()).version;
    if (v !== shown) await load();
    status("live", false);
  } catch (e) {
    status("not connected: is the screen still running in the notebook?", true);
  }
  setTimeout(poll, POLL_MS);
}
poll();
"""
).replace("POLL_MS_VALUE", str(POLL_MS))
