// Tuner: the kit's three tuners (job, board, battle) behind one set of controls. Fields are
// text sent to Python as typed (Python checks them and names any problem); the table is drawn
// from the `view` trait. User text uses textContent only.

import { h, labelled, onCommit, pct } from "./dom.js";
import { followInMarimo } from "./state.js";

const TABS = [["job", "Job"], ["board", "Board"], ["battle", "Battle"]];

/**
 * What the drawing functions share: the model, the root element and the slider's value while it
 * is dragged (sent when it is let go).
 * @typedef {{ model: any, root: HTMLElement, dragging: number | null }} Ctx
 */

/** @param {Ctx} ctx @param {string} key @param {string} value */
function setInput(ctx, key, value) {
  const inputs = { ...ctx.model.get("inputs") };
  inputs[key] = value;
  ctx.model.set("inputs", inputs);
  ctx.model.save_changes();
}

/** A text field committed to ``inputs[key]``. @param {Ctx} ctx */
function text(ctx, key, label, cls, width) {
  const input = h("input", "gmk-input gmk-tuner-" + cls);
  input.type = "text";
  input.value = ctx.model.get("inputs")[key] ?? "";
  if (width) input.style.width = width;
  onCommit(input, (v) => setInput(ctx, key, v));
  return labelled(label, input);
}

/** A select committed to ``inputs[key]``. @param {Ctx} ctx */
function choice(ctx, key, label, cls, options) {
  const sel = h("select", "gmk-input gmk-tuner-" + cls);
  for (const [value, shown] of options) {
    const o = h("option", "", shown);
    o.value = value;
    sel.appendChild(o);
  }
  sel.value = ctx.model.get("inputs")[key];
  sel.onchange = () => setInput(ctx, key, sel.value);
  return labelled(label, sel);
}

/** The fields of the chosen system's tuner. @param {Ctx} ctx @param {any} v */
function fields(ctx, v) {
  const row = h("div", "gmk-row gmk-tuner-fields");
  if (v.system === "job") {
    row.append(
      choice(ctx, "job_type", "Job type", "job-type", v.job_types.map((t) => [t, t])),
      text(ctx, "crew", "Crew size", "crew", "4em"));
  } else if (v.system === "board") {
    row.append(
      text(ctx, "length", "Board length", "length", "4em"),
      choice(ctx, "kind", "Board", "kind", [["standard", "standard (goal slot)"], ["limit", "limit (successes needed)"]]),
      text(ctx, "checks", "Checks", "checks", "7em"),
      text(ctx, "skill", "Skill on every check", "skill", "12em"));
  } else {
    const mode = ctx.model.get("inputs").mode;
    row.append(
      text(ctx, "attacker", "Attacker", "attacker", "12em"),
      choice(ctx, "mode", "Garrison", "mode", [["garrison", "count of one type"], ["budget", "budget in RU"]]),
      text(ctx, "ships", mode === "budget" ? "Ships bought" : "Ship type", "ships", "10em"),
      mode === "budget" ? text(ctx, "budgets", "Budgets (RU)", "budgets", "7em")
        : text(ctx, "counts", "Sizes", "counts", "6em"),
      text(ctx, "n", "Battles each", "n", "5em"),
      text(ctx, "seed", "Seed", "seed", "5em"));
  }
  return row;
}

/** The title, the three tabs and the busy mark. @param {Ctx} ctx @param {any} v */
function header(ctx, v) {
  const model = ctx.model;
  const head = h("div", "gmk-row gmk-tuner-head");
  head.appendChild(h("span", "gmk-title", "Tuner"));
  const tabs = h("div", "gmk-tuner-tabs");
  tabs.setAttribute("role", "tablist");
  for (const [key, label] of TABS) {
    const b = h("button", "gmk-btn gmk-tuner-tab" + (key === v.system ? " gmk-on" : ""), label);
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", key === v.system ? "true" : "false");
    b.dataset.system = key;
    b.onclick = () => { model.set("system", key); model.save_changes(); };
    tabs.appendChild(b);
  }
  head.appendChild(tabs);
  if (model.get("busy")) head.appendChild(h("span", "gmk-muted gmk-tuner-busy", "computing…"));
  return head;
}

/** The target chance: a slider sent when it is let go. @param {Ctx} ctx */
function targetRow(ctx) {
  const model = ctx.model;
  const shown = ctx.dragging === null ? model.get("target") : ctx.dragging;
  const slider = h("input", "gmk-tuner-target");
  slider.type = "range"; slider.min = "0"; slider.max = "100"; slider.step = "1";
  slider.value = String(Math.round(shown * 100));
  slider.setAttribute("aria-label", "target chance");
  const out = h("span", "gmk-tuner-target-value", pct(shown, 0));
  slider.oninput = () => { ctx.dragging = Number(slider.value) / 100; out.textContent = pct(ctx.dragging, 0); };
  slider.onchange = () => {
    const t = Number(slider.value) / 100;
    ctx.dragging = null;
    model.set("target", t);
    model.save_changes();
  };
  const trow = h("div", "gmk-row gmk-tuner-target-row");
  trow.append(h("span", "gmk-field-label", "Target chance"), slider, out);
  return trow;
}

/** One setup of the table: its cells, its chance against the target, and Use.
 * @param {Ctx} ctx @param {any} r @param {number} i @param {number} target */
function resultRow(ctx, r, i, target) {
  const row = h("tr", i === 0 ? "gmk-tuner-best" : "");
  row.appendChild(h("td", "gmk-muted", String(i + 1)));
  for (const c of r.cells) row.appendChild(h("td", "", String(c)));
  const chance = pct(r.chance, 1) + (r.stderr === null ? "" : ` ± ${pct(r.stderr, 1)}`);
  const cell = h("td", "gmk-tuner-chance");
  const bar = h("span", "gmk-tuner-bar");
  bar.style.width = `${Math.round(r.chance * 100)}%`;
  const mark = h("span", "gmk-tuner-mark");
  mark.style.left = `${Math.round(target * 100)}%`;
  const track = h("span", "gmk-tuner-track");
  track.append(bar, mark);
  cell.append(h("span", "gmk-tuner-pct", chance), track);
  row.appendChild(cell);
  const use = h("button", "gmk-btn gmk-tuner-use", "Use");
  use.setAttribute("aria-label", `use setup ${i + 1}`);
  use.onclick = () => ctx.model.send({ action: "choose", index: i });
  const td = h("td", ""); td.appendChild(use); row.appendChild(td);
  return row;
}

/** The setups, nearest the target first. @param {Ctx} ctx @param {any} v */
function resultTable(ctx, v) {
  const table = h("table", "gmk-table gmk-tuner-table");
  const tr = h("tr");
  for (const c of ["#", ...v.heads, v.exact ? "chance (exact)" : "attacker wins", ""]) tr.appendChild(h("th", "", c));
  const thead = h("thead"); thead.appendChild(tr); table.appendChild(thead);
  const body = h("tbody");
  const target = ctx.model.get("target");
  v.rows.forEach((r, i) => body.appendChild(resultRow(ctx, r, i, target)));
  table.appendChild(body);
  return table;
}

/** Everything, from the `view` trait. @param {Ctx} ctx */
function draw(ctx) {
  const { model, root } = ctx;
  const v = model.get("view");
  const err = model.get("error");
  root.replaceChildren();
  if (!v || !v.system) return;
  root.append(header(ctx, v), fields(ctx, v), targetRow(ctx));
  const error = h("div", "gmk-error gmk-tuner-error", err || "");
  if (err) error.setAttribute("role", "alert");
  root.appendChild(error);
  if (v.stale) root.appendChild(h("div", "gmk-muted gmk-tuner-stale", "The table below is for the last inputs the tuner accepted."));
  root.appendChild(resultTable(ctx, v));
  root.appendChild(h("div", "gmk-muted gmk-tuner-note",
    `${v.note}; ${v.rows.length} of ${v.total} setups shown, nearest the target first.`));
  if (v.chosen) {
    const c = h("div", "gmk-banner gmk-info gmk-tuner-chosen");
    c.setAttribute("role", "status");
    c.append(h("span", "", `Chosen: ${v.chosen.join(", ")}. In Python: `), h("code", "", v.hand_back));
    root.appendChild(c);
  }
}

/** @type {import("@anywidget/types").AnyWidget<import("./payloads").TunerModel>} */
export default {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["chosen", "chosen_system"]);
    const root = h("div", "gmk-root gmk-tuner");
    el.appendChild(root);
    /** @type {Ctx} */
    const ctx = { model, root, dragging: null };
    const redraw = () => draw(ctx);
    const watched = ["view", "error", "busy", "target"];
    for (const t of watched) model.on(`change:${t}`, redraw);
    redraw();
    return () => {
      unfollow();
      for (const t of watched) model.off(`change:${t}`, redraw);
      root.remove();
    };
  },
};
