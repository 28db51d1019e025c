// gm-kit widget bundle of entity_builder.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js entity_builder.js state.js
// sources-sha256: b7393533fb03ef291975e8c3404d6487c3dfd20c77ee856924b4c4a4ef7421bd
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
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
function labelled(text, control, cls = "gmk-field", textCls = "gmk-field-label") {
  const l = h("label", cls);
  l.append(h("span", textCls, text), control);
  return l;
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

// ../kit/widgets/static/entity_builder.js
function dieBox(part) {
  const d = h("span", "gmk-die");
  d.title = `succeeds on 1-${Math.min(part, 5)}`;
  for (let i = 1; i <= 5; i++) d.appendChild(h("span", i <= part ? "gmk-pip gmk-pip-on" : "gmk-pip"));
  return d;
}
function select(values, current, cls) {
  const s = h("select", "gmk-input " + (cls || ""));
  for (const v of values) {
    const o = h("option", "", v);
    o.value = v;
    if (v === current) o.selected = true;
    s.appendChild(o);
  }
  if (current && !values.includes(current)) {
    const o = h("option", "", current);
    o.value = current;
    o.selected = true;
    s.appendChild(o);
  }
  return s;
}
function traitPicker(ctx, kind, list, opts) {
  const { send, picks } = ctx;
  const box = h("div", "gmk-trait-col");
  const head = h("div", "gmk-row gmk-trait-head");
  const pts = kind === "edge" ? ctx.model.get("view").edge_points : ctx.model.get("view").flaw_points;
  head.append(
    h("span", "gmk-subtitle", kind === "edge" ? "Edges" : "Flaws"),
    h("span", "gmk-chip gmk-points-chip", `${pts} pts`)
  );
  box.appendChild(head);
  const chips = h("div", "gmk-chips");
  list.forEach((t, i) => {
    const c = h("span", `gmk-chip gmk-trait gmk-${kind}`);
    c.title = t.summary;
    c.append(h("span", "", t.label), h("span", "gmk-muted gmk-trait-cost", `${t.cost}`));
    const x = h("button", "gmk-x", "×");
    x.title = `remove ${t.label}`;
    x.setAttribute("aria-label", `remove ${t.label}`);
    x.addEventListener("click", () => send({ action: "remove_trait", kind, index: i }));
    c.appendChild(x);
    chips.appendChild(c);
  });
  if (!list.length) chips.appendChild(h("span", "gmk-muted", "none taken"));
  box.appendChild(chips);
  const row = h("div", "gmk-row gmk-trait-add");
  const sel = h("select", `gmk-input gmk-pick-${kind}`);
  sel.setAttribute("aria-label", kind === "edge" ? "Edge to add" : "Flaw to add");
  sel.appendChild(h("option", "", kind === "edge" ? "add an Edge…" : "add a Flaw…")).value = "";
  for (const o of opts) {
    const opt = h("option", "", `${o.name} (${o.cost}${o.variable ? "+" : ""})`);
    opt.value = o.name;
    opt.title = o.summary;
    if (o.name === picks[kind]) opt.selected = true;
    sel.appendChild(opt);
  }
  const chosen = opts.find((o) => o.name === picks[kind]);
  const param = h("input", "gmk-input gmk-trait-param");
  param.addEventListener("keydown", (ev) => ev.stopPropagation());
  param.placeholder = chosen && chosen.parameter ? chosen.parameter : "";
  param.setAttribute("aria-label", chosen && chosen.parameter ? chosen.parameter : "detail");
  param.style.display = chosen && chosen.parameter ? "" : "none";
  const points = h("input", "gmk-input gmk-trait-points");
  points.type = "number";
  points.min = "1";
  points.max = "6";
  points.value = "1";
  points.title = "points";
  points.setAttribute("aria-label", `points for the ${kind}`);
  points.style.display = chosen && chosen.variable ? "" : "none";
  const add = h("button", `gmk-btn gmk-add-${kind}`, "Add");
  add.disabled = !chosen;
  sel.addEventListener("change", () => {
    picks[kind] = sel.value;
    ctx.draw();
  });
  add.addEventListener("click", () => {
    if (!picks[kind]) return;
    send({
      action: "add_trait",
      name: picks[kind],
      parameter: param.value,
      points: chosen && chosen.variable ? points.value : null
    });
    picks[kind] = "";
  });
  row.append(sel, param, points, add);
  box.appendChild(row);
  if (chosen) box.appendChild(h("div", "gmk-muted gmk-hint", chosen.summary));
  return box;
}
function sheet(v) {
  const s = h("div", "gmk-sheet");
  const top = h("div", "gmk-sheet-top");
  for (const [k, val] of [["NAME", v.name], ["SEX", v.sex || "-"], ["SIDE", v.side || "-"]]) {
    const f = h("span", "gmk-sheet-field");
    f.append(h("span", "gmk-sheet-key", k + ":"), h("span", "gmk-sheet-val", val));
    top.appendChild(f);
  }
  s.appendChild(top);
  const rank = (name) => v.abilities.find((a) => a.name === name).text;
  const grid = h("div", "gmk-sheet-grid");
  const cells = [
    ["BATTLE", rank("battle")],
    ["HANDLING", rank("handling")],
    ["SENSORS", rank("sensors")],
    ["CONTROL", rank("control")],
    ["INFORMATION", rank("information")],
    ["SIGNATURE", String(v.signature)]
  ];
  for (const [k, val] of cells) grid.append(h("span", "gmk-sheet-key", k), h("span", "gmk-sheet-num", val));
  s.appendChild(grid);
  const ef = [...v.edges, ...v.flaws].map((t) => t.label).join(", ");
  const line = h("div", "gmk-sheet-ef");
  line.append(h("span", "gmk-sheet-key", "EDGES&FLAWS:"), h("span", "", ef ? ` ${ef}.` : ""));
  s.appendChild(line);
  return s;
}
function identity(ctx, v, o) {
  const { send } = ctx;
  const head = h("div", "gmk-row gmk-head");
  head.append(h("span", "gmk-title", "Entity builder"), h("span", "gmk-chip", v.kind));
  const undo = h("button", "gmk-btn gmk-undo", "↶ Undo");
  undo.disabled = !v.can_undo;
  undo.addEventListener("click", () => send({ action: "undo" }));
  head.append(h("span", "gmk-spacer"), undo);
  const ident = h("div", "gmk-row gmk-ident");
  const name = h("input", "gmk-input gmk-name");
  name.value = v.name;
  onCommit(name, (val) => send({ action: "name", value: val }));
  const sex = select(o.sexes, v.sex, "gmk-sex");
  sex.addEventListener("change", () => send({ action: "sex", value: sex.value }));
  const side = select(o.sides, v.side, "gmk-side");
  side.addEventListener("change", () => send({ action: "side", value: side.value }));
  ident.append(labelled("Name", name), labelled("Sex", sex), labelled("Side", side));
  return [head, ident];
}
function pointsRows(ctx, v) {
  const { model, send } = ctx;
  const ph = h("div", "gmk-row gmk-points-row");
  ph.appendChild(h("span", "gmk-subtitle", "Abilities"));
  if (v.points !== null) {
    const left = v.points_left;
    const cls = left === 0 ? "gmk-ok" : left > 0 ? "gmk-warn-text" : "gmk-bad-text";
    ph.appendChild(h(
      "span",
      "gmk-points-left " + cls,
      left >= 0 ? `${left} of ${v.points} points left` : `${-left} points over ${v.points}`
    ));
    if (v.roll) ph.appendChild(h("span", "gmk-muted", `rolled ${v.roll.join("+")}+3` + (v.entity_seed === null ? "" : `, seed ${v.entity_seed}`)));
  } else {
    ph.appendChild(h("span", "gmk-muted", `free build · ${v.points_spent} points above 1s`));
  }
  const rollRow = h("div", "gmk-row gmk-roll-row");
  const seed = h("input", "gmk-input gmk-seed");
  seed.placeholder = "random";
  seed.value = model.get("seed");
  onCommit(seed, (val) => {
    model.set("seed", val.trim());
    model.save_changes();
  });
  const roll = h("button", "gmk-btn gmk-primary gmk-roll", "Roll 2d6+3");
  roll.title = "roll the points to spend; every ability goes back to 1";
  roll.addEventListener("click", () => send({ action: "roll" }));
  const spread = h("button", "gmk-btn gmk-roll-spread", "Roll and spread");
  spread.title = "roll the points and spread them at random";
  spread.addEventListener("click", () => send({ action: "roll", spread: true }));
  const pts = h("input", "gmk-input gmk-points-input");
  pts.type = "number";
  pts.min = "0";
  pts.placeholder = "free";
  pts.value = v.points === null ? "" : String(v.points);
  onCommit(pts, (val) => send({ action: "points", value: val }));
  rollRow.append(labelled("Seed", seed), roll, spread, labelled("Points", pts));
  return [ph, rollRow];
}
function abilityRow(send, a) {
  const row = h("div", "gmk-ability");
  row.dataset.ability = a.name;
  const minus = h("button", "gmk-btn gmk-step gmk-minus", "−");
  minus.setAttribute("aria-label", `lower ${a.name}`);
  minus.disabled = a.rank <= 0;
  minus.addEventListener("click", () => send({ action: "add", ability: a.name, points: -1 }));
  const plus = h("button", "gmk-btn gmk-step gmk-plus", "+");
  plus.setAttribute("aria-label", `raise ${a.name}`);
  plus.addEventListener("click", () => send({ action: "add", ability: a.name, points: 1 }));
  const dice = h("span", "gmk-dice");
  if (!a.dice.length) dice.appendChild(h("span", "gmk-muted", "no dice"));
  for (const part of a.dice) dice.appendChild(dieBox(part));
  const rank = h("span", "gmk-rank", a.text);
  if (a.current !== a.rank) rank.title = `built ${a.rank}, damaged to ${a.current}`;
  row.append(h("span", "gmk-ability-name", a.name), minus, rank, plus, dice);
  if (!a.own) row.appendChild(h("span", "gmk-chip gmk-warn-chip", "a Flaw removes it"));
  return row;
}
function abilities(ctx, v) {
  const sec = h("div", "gmk-section");
  sec.append(...pointsRows(ctx, v));
  const table = h("div", "gmk-abilities");
  for (const a of v.abilities) table.appendChild(abilityRow(ctx.send, a));
  sec.appendChild(table);
  const sum = h("div", "gmk-row gmk-sum");
  sum.append(
    h("span", "gmk-chip", `Total of ranks ${v.total}`),
    h("span", "gmk-chip gmk-sig", `Signature ${v.signature}`)
  );
  sec.appendChild(sum);
  return sec;
}
function traits(ctx, v, o) {
  const tsec = h("div", "gmk-section");
  const th = h("div", "gmk-row");
  th.appendChild(h("span", "gmk-subtitle", "Edges & Flaws"));
  const bal = v.flaw_points - v.edge_points;
  th.appendChild(h(
    "span",
    "gmk-balance " + (bal >= 0 ? "gmk-ok" : "gmk-warn-text"),
    bal >= 0 ? `balanced: Flaws ${v.flaw_points} ≥ Edges ${v.edge_points}` : `Edges exceed Flaws by ${-bal}`
  ));
  tsec.appendChild(th);
  const tc = h("div", "gmk-trait-cols");
  tc.append(traitPicker(ctx, "edge", v.edges, o.edges), traitPicker(ctx, "flaw", v.flaws, o.flaws));
  tsec.appendChild(tc);
  return tsec;
}
function summary(ctx, v, right) {
  if (v.findings.length) {
    const w = h("div", "gmk-warnings");
    for (const f of v.findings) w.appendChild(h("div", "gmk-warning", f));
    right.appendChild(w);
  } else {
    right.appendChild(h("div", "gmk-banner gmk-success gmk-legal", "A legal character build"));
  }
  right.appendChild(h("div", "gmk-subtitle", "Character sheet"));
  right.appendChild(sheet(v));
  const det = h("details", "gmk-md");
  det.open = ctx.mdOpen;
  det.addEventListener("toggle", () => {
    ctx.mdOpen = det.open;
  });
  det.appendChild(h("summary", "", "Markdown export"));
  const pre = h("pre", "gmk-md-text", v.markdown);
  const copy = h("button", "gmk-btn gmk-copy", "Copy");
  copy.addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText(v.markdown).then(
      () => {
        copy.textContent = "Copied";
      },
      () => {
        copy.textContent = "Select the text to copy";
      }
    );
  });
  det.append(copy, pre);
  right.appendChild(det);
}
var entity_builder_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view"]);
    const root = h("div", "gmk-root gmk-successors gmk-entity-builder");
    el.appendChild(root);
    const ctx = { model, send: (msg) => model.send(msg), picks: { edge: "", flaw: "" }, mdOpen: false, draw };
    function draw() {
      const v = model.get("view");
      const o = model.get("options");
      if (!v || !v.abilities || !o || !o.edges) return;
      const active = (
        /** @type {HTMLInputElement | null} */
        document.activeElement
      );
      const keepFocus = active && root.contains(active) && active.classList.contains("gmk-name") ? active.selectionStart : null;
      root.replaceChildren(...identity(ctx, v, o));
      const err = h("div", "gmk-error", model.get("error"));
      err.setAttribute("role", "alert");
      root.appendChild(err);
      const cols = h("div", "gmk-cols");
      const left = h("div", "gmk-col");
      const right = h("div", "gmk-col gmk-col-narrow");
      cols.append(left, right);
      root.appendChild(cols);
      left.append(abilities(ctx, v), traits(ctx, v, o));
      summary(ctx, v, right);
      if (keepFocus !== null) {
        const n = (
          /** @type {HTMLInputElement} */
          root.querySelector(".gmk-name")
        );
        n.focus();
        n.setSelectionRange(keepFocus, keepFocus);
      }
    }
    const watched = ["view", "error", "options", "seed"];
    for (const t of watched) model.on(`change:${t}`, draw);
    draw();
    return () => {
      unfollow();
      for (const t of watched) model.off(`change:${t}`, draw);
      root.remove();
    };
  }
};
export {
  entity_builder_default as default
};
