// gm-kit widget bundle of job_table.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js job_table.js state.js
// sources-sha256: 96d86ba4e40770e38254094f39fbb688edfba84eec03de8d53c99724d192cb73
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
  return e;
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

// ../kit/widgets/static/job_table.js
function clockSvg(clock, spent, ended) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "gmk-clock");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Clock: ${clock - spent} of ${clock} rolls left`);
  const gap = 0.06, r = 40, cx = 50, cy = 50;
  for (let i = 0; i < clock; i++) {
    const a0 = i / clock * 2 * Math.PI + gap - Math.PI / 2;
    const a1 = (i + 1) / clock * 2 * Math.PI - gap - Math.PI / 2;
    const p = document.createElementNS(ns, "path");
    const x0 = cx + r * Math.cos(a0), y0 = cy + r * Math.sin(a0);
    const x1 = cx + r * Math.cos(a1), y1 = cy + r * Math.sin(a1);
    const large = a1 - a0 > Math.PI ? 1 : 0;
    p.setAttribute("d", `M ${x0} ${y0} A ${r} ${r} 0 ${large} 1 ${x1} ${y1}`);
    p.setAttribute("class", i < spent ? "gmk-seg gmk-seg-spent" : "gmk-seg");
    svg.appendChild(p);
  }
  const t = document.createElementNS(ns, "text");
  t.setAttribute("x", "50");
  t.setAttribute("y", "47");
  t.setAttribute("class", "gmk-clock-num");
  t.textContent = `${clock - spent}`;
  const t2 = document.createElementNS(ns, "text");
  t2.setAttribute("x", "50");
  t2.setAttribute("y", "64");
  t2.setAttribute("class", "gmk-clock-lbl");
  t2.textContent = "left";
  svg.append(t, t2);
  return svg;
}
function track(label, value, max, cls) {
  const wrap = h("div", "gmk-track " + cls);
  const head = h("div", "gmk-track-head");
  head.append(h("span", "gmk-track-label", label), h("span", "gmk-track-value", `${value} / ${max}`));
  const bar = h("div", "gmk-track-bar");
  for (let i = 0; i < max; i++) bar.appendChild(h("div", i < value ? "gmk-pip gmk-pip-on" : "gmk-pip"));
  wrap.append(head, bar);
  return wrap;
}
function counter(label, value, cls) {
  const c = h("div", "gmk-counter " + (cls || ""));
  c.append(h("div", "gmk-counter-value", String(value)), h("div", "gmk-counter-label", label));
  return c;
}
function header(v) {
  const head = h("div", "gmk-row gmk-job-head");
  head.append(
    h("span", "gmk-title", v.title),
    h("span", "gmk-chip", v.job_type),
    h("span", "gmk-muted", `Difficulty ${v.difficulty} · Clock ${v.clock} · seed ${v.seed}`)
  );
  return head;
}
function dials(v) {
  const box = h("div", "gmk-job-dials");
  box.appendChild(clockSvg(v.clock, v.turn, v.outcome !== null));
  const tracks = h("div", "gmk-job-tracks");
  tracks.appendChild(track("Progress", Math.max(0, Math.min(v.progress, v.difficulty)), v.difficulty, "gmk-progress"));
  if (v.progress > v.difficulty || v.progress < 0) tracks.appendChild(h("div", "gmk-muted", `Progress is ${v.progress}`));
  const counters = h("div", "gmk-row");
  counters.append(
    counter("Threat", v.threat, "gmk-threat"),
    counter("Heat", v.heat, "gmk-heat"),
    counter("Tokens", v.tokens, "gmk-tokens")
  );
  if (v.odds !== null && v.odds !== void 0 && v.outcome === null) {
    counters.appendChild(counter("chance now", (100 * v.odds).toFixed(1) + "%", "gmk-odds"));
  }
  tracks.appendChild(counters);
  box.appendChild(tracks);
  return box;
}
function roster(v) {
  const row = h("div", "gmk-row gmk-roster");
  for (const op of v.crew) {
    const chip = h("span", "gmk-chip gmk-op" + (op.active ? "" : " gmk-op-out"));
    chip.textContent = `${op.name} · ${op.gig}${op.lead ? " (lead)" : ""}`;
    chip.title = op.contributions.join(", ");
    row.appendChild(chip);
  }
  return row;
}
function hint(ctx, v, prompt2) {
  const a = v.advice;
  if (!a || !ctx.model.get("hints")) return;
  const parts = Object.entries(a.options).sort((x, y) => y[1] - x[1]).map(([k, p]) => `${k} ${(100 * p).toFixed(1)}%`);
  const tie = new Set(Object.values(a.options)).size === 1;
  const text = tie ? `every answer gives ${(100 * a.options[a.best]).toFixed(1)}%` : `best: ${a.best} (${parts.join(" · ")})`;
  const note = h("div", "gmk-hint", `GM hint, ${a.exact ? "exact" : "simulated"}: ${text}`);
  note.setAttribute("role", "note");
  prompt2.appendChild(note);
  if (!tie) {
    for (const b of prompt2.querySelectorAll("button"))
      if (b.dataset.answer) b.classList.toggle("gmk-best", b.dataset.answer === a.best);
  }
}
function prompt(ctx, v, question, answers) {
  const p = h("div", "gmk-banner gmk-info gmk-prompt");
  p.appendChild(h("div", "", question));
  const row = h("div", "gmk-row");
  for (const [label, cls, answer, msg] of answers) {
    const b = h("button", "gmk-btn " + cls, label);
    b.dataset.answer = answer;
    b.onclick = () => ctx.send(msg);
    row.appendChild(b);
  }
  p.appendChild(row);
  hint(ctx, v, p);
  return p;
}
function banner(ctx, v) {
  if (v.outcome) {
    const why = {
      progress: "Progress reached the Difficulty",
      clock: "the Clock ran out",
      crew: "no crew left on the job",
      condition: "a Condition can no longer hold"
    }[v.reason] || "";
    return h(
      "div",
      `gmk-banner gmk-${v.outcome} gmk-job-result`,
      `${v.outcome === "success" ? "Success" : "Failure"}: ${why}`
    );
  }
  if (v.phase === "knockout") {
    return prompt(
      ctx,
      v,
      "Knockout! Who is taken out of the job? (one of their contributions stays)",
      v.roster.map((op) => [op.name, "gmk-ko", op.name, { action: "knockout", operative: op.name }])
    );
  }
  if (v.phase === "token") {
    return prompt(ctx, v, `Spend a Postponed Minor Consequence token? (+1 Progress, a Minor Consequence; ${v.tokens} held)`, [
      ["Spend", "gmk-primary gmk-spend", "spend", { action: "token", spend: true }],
      ["Keep", "gmk-keep", "keep", { action: "token", spend: false }]
    ]);
  }
  if (v.phase === "companion") return h("div", "gmk-banner gmk-info", `Companion incident: roll ${v.dice} (no clock tick)`);
  return null;
}
function toggle(model, trait, cls, text) {
  const label = h("label", "gmk-muted " + cls);
  const box = h("input");
  box.type = "checkbox";
  box.checked = model.get(trait);
  box.onchange = () => {
    model.set(trait, box.checked);
    model.save_changes();
  };
  label.append(box, document.createTextNode(text));
  return label;
}
function controls(ctx, v) {
  const row = h("div", "gmk-row gmk-controls");
  const rolling = v.phase === "main" || v.phase === "companion";
  const roll = h("button", "gmk-btn gmk-primary gmk-roll", v.phase === "companion" ? `Roll companion (${v.dice})` : `Roll ${v.dice}`);
  roll.disabled = !rolling;
  roll.onclick = () => ctx.send({ action: "roll" });
  const input = h("input", "gmk-input gmk-entry");
  input.type = "text";
  input.inputMode = "numeric";
  input.placeholder = "roll";
  input.value = ctx.entry;
  input.setAttribute("aria-label", `entered roll (${v.dice})`);
  input.disabled = !rolling;
  input.oninput = () => {
    ctx.entry = input.value;
  };
  const enter = h("button", "gmk-btn gmk-enter", "Enter roll");
  enter.disabled = !rolling;
  enter.onclick = () => ctx.send({ action: "enter", value: ctx.entry });
  input.onkeydown = (e) => {
    if (e.key === "Enter") enter.click();
  };
  const undo = h("button", "gmk-btn gmk-undo", "Undo");
  undo.disabled = !v.can_undo;
  undo.onclick = () => ctx.send({ action: "undo" });
  const md = h("button", "gmk-btn gmk-md", "Markdown");
  md.onclick = () => {
    const blob = new Blob([v.markdown], { type: "text/markdown" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "job-record.md";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1e3);
  };
  row.append(
    roll,
    input,
    enter,
    undo,
    toggle(ctx.model, "auto_decide", "gmk-auto", " decide automatically"),
    toggle(ctx.model, "hints", "gmk-hints-toggle", " GM hints"),
    md
  );
  return row;
}
function record(v) {
  const table = h("table", "gmk-table gmk-record");
  const thead = h("tr");
  for (const c of ["#", "Turn", "Roll", "", "Incident", "Effects", "Prog", "Threat", "Heat", "Consequences", "Crew lost"])
    thead.appendChild(h("th", "", c));
  table.appendChild(thead);
  if (!v.rows.length) {
    const tr = h("tr");
    const td = h("td", "gmk-muted", "No incidents yet: roll to start the job.");
    td.colSpan = 11;
    tr.appendChild(td);
    table.appendChild(tr);
  }
  for (const r of v.rows) {
    const tr = h("tr", `gmk-incident-row gmk-row-${r.kind}`);
    const roll = r.roll === null ? "–" : String(r.roll) + (r.manual ? "*" : "");
    const cells = [
      String(r.index),
      String(r.turn),
      roll,
      r.kind === "main" ? "" : r.kind,
      r.incident,
      r.effects,
      String(r.progress),
      String(r.threat),
      String(r.heat),
      r.consequences.join(", "),
      r.crew_lost.join(", ")
    ];
    cells.forEach((c, i) => {
      const td = h("td", i === 4 ? "gmk-incident" : "", c);
      if (i === 2 && r.dice && r.dice.length) td.title = "dice: " + r.dice.join(" + ");
      tr.appendChild(td);
    });
    if (r.note) tr.title = r.note;
    table.appendChild(tr);
  }
  const sheet = h("div", "gmk-sheet");
  sheet.appendChild(table);
  return sheet;
}
var job_table_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view"]);
    const root = h("div", "gmk-root gmk-job-table");
    el.appendChild(root);
    const ctx = { model, send: (msg) => model.send(msg), entry: "" };
    let shownRows = -1;
    function draw() {
      const v = model.get("view");
      const err = model.get("error");
      root.replaceChildren();
      if (!v || !v.clock) return;
      if (v.rows.length !== shownRows) {
        if (shownRows !== -1) ctx.entry = "";
        shownRows = v.rows.length;
      }
      root.append(header(v), dials(v), roster(v));
      const shown = banner(ctx, v);
      if (shown) root.appendChild(shown);
      root.appendChild(controls(ctx, v));
      const error = h("div", "gmk-error", err || "");
      if (err) error.setAttribute("role", "alert");
      root.append(error, record(v));
    }
    const watched = ["view", "error", "auto_decide", "hints"];
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
  job_table_default as default
};
