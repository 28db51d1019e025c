// gm-kit widget bundle of tuner.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js state.js tuner.js
// sources-sha256: 2c1b70b556f26ec91226d53a674c52b4de78ce34a2979c78fc90dae0136a367b
// ../kit/widgets/static/dom.js
function h(tag, cls, text2) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text2 !== void 0 && text2 !== null) e.textContent = String(text2);
  return e;
}
function onCommit(input, fn) {
  let sent = input.value;
  const commit = () => {
    if (input.value !== sent) {
      sent = input.value;
      fn(input.value);
    }
  };
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") {
      ev.preventDefault();
      commit();
    }
  });
}
function labelled(text2, control, cls = "gmk-field", textCls = "gmk-field-label") {
  const l = h("label", cls);
  l.append(h("span", textCls, text2), control);
  return l;
}
function pct(p, digits = null) {
  if (p === null || p === void 0) return "";
  if (digits !== null) return `${(100 * p).toFixed(digits)}%`;
  if (p > 0 && p < 5e-3) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return Math.round(p * 100) + "%";
}

// ../kit/widgets/static/state.js
var inMarimo = (el) => {
  const root = el.getRootNode && el.getRootNode();
  return !!(root && root.host && root.host.tagName === "MARIMO-ANYWIDGET");
};
function followInMarimo(model, el, names) {
  let echoing = false;
  const echo = (name) => () => {
    if (echoing || !inMarimo(el)) return;
    echoing = true;
    try {
      model.set(name, model.get(name));
      model.save_changes();
    } finally {
      echoing = false;
    }
  };
  const handlers = names.map((name) => [name, echo(name)]);
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  return () => {
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
  };
}

// ../kit/widgets/static/tuner.js
var TABS = [["job", "Job"], ["board", "Board"], ["battle", "Battle"]];
function setInput(ctx, key, value) {
  const inputs = { ...ctx.model.get("inputs") };
  inputs[key] = value;
  ctx.model.set("inputs", inputs);
  ctx.model.save_changes();
}
function text(ctx, key, label, cls, width) {
  const input = h("input", "gmk-input gmk-tuner-" + cls);
  input.type = "text";
  input.value = ctx.model.get("inputs")[key] ?? "";
  if (width) input.style.width = width;
  onCommit(input, (v) => setInput(ctx, key, v));
  return labelled(label, input);
}
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
function fields(ctx, v) {
  const row = h("div", "gmk-row gmk-tuner-fields");
  if (v.system === "job") {
    row.append(
      choice(ctx, "job_type", "Job type", "job-type", v.job_types.map((t) => [t, t])),
      text(ctx, "crew", "Crew size", "crew", "4em")
    );
  } else if (v.system === "board") {
    row.append(
      text(ctx, "length", "Board length", "length", "4em"),
      choice(ctx, "kind", "Board", "kind", [["standard", "standard (goal slot)"], ["limit", "limit (successes needed)"]]),
      text(ctx, "checks", "Checks", "checks", "7em"),
      text(ctx, "skill", "Skill on every check", "skill", "12em")
    );
  } else {
    const mode = ctx.model.get("inputs").mode;
    row.append(
      text(ctx, "attacker", "Attacker", "attacker", "12em"),
      choice(ctx, "mode", "Garrison", "mode", [["garrison", "count of one type"], ["budget", "budget in RU"]]),
      text(ctx, "ships", mode === "budget" ? "Ships bought" : "Ship type", "ships", "10em"),
      mode === "budget" ? text(ctx, "budgets", "Budgets (RU)", "budgets", "7em") : text(ctx, "counts", "Sizes", "counts", "6em"),
      text(ctx, "n", "Battles each", "n", "5em"),
      text(ctx, "seed", "Seed", "seed", "5em")
    );
  }
  return row;
}
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
    b.onclick = () => {
      model.set("system", key);
      model.save_changes();
    };
    tabs.appendChild(b);
  }
  head.appendChild(tabs);
  if (model.get("busy")) head.appendChild(h("span", "gmk-muted gmk-tuner-busy", "computing…"));
  return head;
}
function targetRow(ctx) {
  const model = ctx.model;
  const shown = ctx.dragging === null ? model.get("target") : ctx.dragging;
  const slider = h("input", "gmk-tuner-target");
  slider.type = "range";
  slider.min = "0";
  slider.max = "100";
  slider.step = "1";
  slider.value = String(Math.round(shown * 100));
  slider.setAttribute("aria-label", "target chance");
  const out = h("span", "gmk-tuner-target-value", pct(shown, 0));
  slider.oninput = () => {
    ctx.dragging = Number(slider.value) / 100;
    out.textContent = pct(ctx.dragging, 0);
  };
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
  const td = h("td", "");
  td.appendChild(use);
  row.appendChild(td);
  return row;
}
function resultTable(ctx, v) {
  const table = h("table", "gmk-table gmk-tuner-table");
  const tr = h("tr");
  for (const c of ["#", ...v.heads, v.exact ? "chance (exact)" : "attacker wins", ""]) tr.appendChild(h("th", "", c));
  const thead = h("thead");
  thead.appendChild(tr);
  table.appendChild(thead);
  const body = h("tbody");
  const target = ctx.model.get("target");
  v.rows.forEach((r, i) => body.appendChild(resultRow(ctx, r, i, target)));
  table.appendChild(body);
  return table;
}
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
  root.appendChild(h(
    "div",
    "gmk-muted gmk-tuner-note",
    `${v.note}; ${v.rows.length} of ${v.total} setups shown, nearest the target first.`
  ));
  if (v.chosen) {
    const c = h("div", "gmk-banner gmk-info gmk-tuner-chosen");
    c.setAttribute("role", "status");
    c.append(h("span", "", `Chosen: ${v.chosen.join(", ")}. In Python: `), h("code", "", v.hand_back));
    root.appendChild(c);
  }
}
var tuner_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["chosen", "chosen_system"]);
    const root = h("div", "gmk-root gmk-tuner");
    el.appendChild(root);
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
  }
};
export {
  tuner_default as default
};
