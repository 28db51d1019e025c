// Shared DOM helpers: an ES module every kit widget's module imports (`import { h } from
// "./dom.js"`). anywidget loads a widget's module from a string, where a relative import cannot
// resolve, so esbuild (frontend/build.mjs) bundles each widget with the helpers it imports.

/** Make an element; `text` is set with textContent, so user text is never parsed as HTML.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} [cls] @param {string|number|null} [text]
 * @returns {HTMLElementTagNameMap[K]} */
export function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/** Call `fn(value)` once when a typed value is committed (Enter or leaving the field).
 * Key presses do not bubble, so JupyterLab's notebook shortcuts stay out of the way. */
/** @param {HTMLElement & { value: string }} input
 * @param {(value: string) => void} fn */
export function onCommit(input, fn) {
  let sent = input.value;
  const commit = () => { if (input.value !== sent) { sent = input.value; fn(input.value); } };
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") { ev.preventDefault(); commit(); }
  });
}

/** "BATTLE POD" -> "Battle Pod". @param {string} s */
export const title = (s) => s.toLowerCase().replace(/(^|[\s-])\w/g, (m) => m.toUpperCase());

/** A labelled control: `<label class=cls><span class=textCls>text</span>control</label>`.
 * @param {string} text @param {HTMLElement} control @param {string} [cls] @param {string} [textCls] */
export function labelled(text, control, cls = "gmk-field", textCls = "gmk-field-label") {
  const l = h("label", cls);
  l.append(h("span", textCls, text), control);
  return l;
}

/** A chance as a percentage: `digits` decimals, or whole percents with "<1%" and ">99%" at the ends
 * (so a small but real chance never reads 0% and a near-certain one never reads 100%).
 * @param {number | null | undefined} p @param {number | null} [digits] @returns {string} */
export function pct(p, digits = null) {
  if (p === null || p === undefined) return "";
  if (digits !== null) return `${(100 * p).toFixed(digits)}%`;
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return Math.round(p * 100) + "%";
}

