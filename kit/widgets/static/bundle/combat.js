// gm-kit widget bundle of combat.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: combat.js dom.js state.js
// sources-sha256: f450c6c68b66a86875672dded005d69987f3187d820595828489ec3bd38e0d4a
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
  return e;
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

// ../kit/widgets/static/combat.js
var PHASES = ["order", "sensors", "takeover", "repair", "first", "main", "last", "retreat"];
var PHASE_NAMES = {
  order: "Order of battle",
  sensors: "Sensors",
  takeover: "Take-Over",
  repair: "Repair",
  first: "First strike",
  main: "Main combat",
  last: "Last combat",
  retreat: "Retreats"
};
function button(ctx, label, action, opts = {}) {
  const b = h("button", "gmk-btn" + (opts.primary ? " gmk-primary" : ""), label);
  b.dataset.action = action;
  if (opts.disabled) b.disabled = true;
  b.addEventListener("click", () => ctx.send({ action, ...opts.extra || {} }));
  return b;
}
function hint(ctx, ban, v) {
  const a = ctx.model.get("hints") ? v.advice : null;
  if (!a) return;
  const ranked = Object.entries(a.options).sort((x, y) => y[1] - x[1]);
  const note = h("div", "gmk-hint", `GM hint, simulated (${a.n} battles an answer): ` + ranked.map(([k, p]) => `${k === a.best ? "best " : ""}${k} ${(100 * p).toFixed(1)}% ± ${(100 * (a.stderr[k] || 0)).toFixed(1)}`).join(" · "));
  note.setAttribute("role", "note");
  ban.appendChild(note);
}
function shipName(v, key) {
  for (const s of v.sides || []) {
    const sh = s.ships.find((x) => x.key === key);
    if (sh) return `${sh.name} ${key}`;
  }
  return key;
}
function finishPrompt(ctx, ban, row, v) {
  row.append(button(ctx, "Default", "default"));
  if (ctx.model.get("hints")) row.append(button(ctx, "Advise", "advise"));
  ban.appendChild(row);
  hint(ctx, ban, v);
  return ban;
}
function prompt(ctx, v, d) {
  const side = v.sides[d.side];
  const ban = h("div", "gmk-banner gmk-info gmk-pending");
  const row = h("span", "gmk-row");
  const answer = (label, value) => {
    const b = h("button", "gmk-btn", label);
    b.dataset.action = "answer";
    b.addEventListener("click", () => ctx.send({ action: "answer", value }));
    return b;
  };
  if (d.kind === "takeover") {
    ban.append(h("span", "", `${side.name}: Take-Over - which enemy ship do its Control users try to seize? `));
    d.options.forEach((key) => row.append(answer(shipName(v, key), key)));
    row.append(answer("No attempt", "none"));
  } else if (d.kind === "detonate") {
    const n = (d.options || []).length;
    ban.append(h("span", "", `${side.name}: explode ${n === 1 ? "its Buster" : `its ${n} Busters`} now? A Buster hits every ship and entity in the orbit, its own side's too. `));
    row.append(answer("Explode", true), answer("Hold", false));
  } else {
    ban.append(h("span", "", `${side.name}: retreat from the orbit now? `));
    row.append(answer("Retreat", true), answer("Stay", false));
  }
  return finishPrompt(ctx, ban, row, v);
}
function allocation(ctx, v, pending) {
  const side = v.sides[pending.side];
  const ban = h("div", "gmk-banner gmk-info gmk-pending");
  ban.append(h("span", "", `${side.name}: place ${pending.hits} hit(s) from ${PHASE_NAMES[pending.phase]} - click ships or abilities (${ctx.picked.length}/${pending.hits}). `));
  const row = h("span", "gmk-row");
  const ok = h("button", "gmk-btn gmk-primary", "Confirm");
  ok.dataset.action = "confirm";
  ok.disabled = ctx.picked.length === 0;
  ok.addEventListener("click", () => ctx.send({ action: "allocate", targets: ctx.picked }));
  const clear = h("button", "gmk-btn", "Clear");
  clear.addEventListener("click", () => {
    ctx.picked = [];
    ctx.draw();
  });
  row.append(ok, clear);
  return finishPrompt(ctx, ban, row, v);
}
function header(v) {
  const head = h("div", "gmk-row gmk-combat-head");
  head.append(h("span", "gmk-title", `Round ${v.round}`));
  const track = h("div", "gmk-combat-phases");
  const idx = PHASES.indexOf(v.next_phase);
  PHASES.forEach((p, i) => {
    const c = h("span", "gmk-chip gmk-phase" + (i === idx && !v.over ? " gmk-phase-next" : i < idx ? " gmk-phase-done" : ""), PHASE_NAMES[p]);
    track.appendChild(c);
  });
  head.appendChild(track);
  return head;
}
function controls(ctx, v, asked) {
  const ctl = h("div", "gmk-row");
  ctl.append(
    button(ctx, "Step phase", "step", { primary: true, disabled: v.over || asked }),
    button(ctx, "Step round", "round", { disabled: v.over || asked }),
    button(ctx, "Run to end", "run", { disabled: v.over || asked }),
    button(ctx, "Undo", "undo", { disabled: !v.can_undo })
  );
  const n = h("input", "gmk-input");
  n.type = "number";
  n.min = "10";
  n.value = String(ctx.model.get("sim_n"));
  n.setAttribute("aria-label", "battles to simulate");
  const sim = h("button", "gmk-btn", "Simulate");
  sim.dataset.action = "simulate";
  sim.addEventListener("click", () => ctx.send({ action: "simulate", n: Number(n.value) || 1e3 }));
  ctl.append(h("span", "gmk-muted", "battles:"), n, sim);
  return ctl;
}
function pick(ctx, key, pending) {
  ctx.picked.push(key);
  if (ctx.picked.length >= pending.hits) ctx.send({ action: "allocate", targets: ctx.picked });
  else ctx.draw();
}
function sideBox(ctx, s, i, pending) {
  const box = h("div", "gmk-combat-side" + (s.retreated ? " gmk-retreated" : ""));
  box.dataset.side = String(i);
  const title = h("div", "gmk-row");
  title.append(h("span", "gmk-title", s.name));
  const counts = {};
  s.ships.forEach((sh) => {
    counts[sh.status] = (counts[sh.status] || 0) + 1;
  });
  Object.entries(counts).forEach(([k, c]) => title.appendChild(h("span", "gmk-chip gmk-st-" + k, `${c} ${k}`)));
  if (s.static_defenses) title.appendChild(h("span", "gmk-chip", `Static Defenses ${s.static_defenses}`));
  box.appendChild(title);
  const clickable = pending && pending.side === i;
  if (s.entity) {
    const e = s.entity;
    const er = h("div", "gmk-row gmk-entity" + (e.neutralized ? " gmk-st-neutralized" : "") + (e.state !== "active" ? " gmk-st-destroyed" : ""));
    er.append(h("span", "gmk-entity-name", `${e.name} (${e.state}${e.neutralized && e.state === "active" ? ", neutralized" : ""})`));
    Object.entries(e.ranks).forEach(([a, r]) => {
      const chip = h("button", "gmk-ability", `${a} ${r}/${e.base[a]}`);
      chip.dataset.key = `${i}:E:${a}`;
      chip.disabled = !clickable;
      chip.addEventListener("click", () => pick(ctx, `${i}:E:${a}`, pending));
      er.appendChild(chip);
    });
    box.appendChild(er);
  }
  const tokens = h("div", "gmk-tokens");
  s.ships.forEach((sh) => {
    const t = h("button", `gmk-token gmk-st-${sh.status}` + (sh.controlled ? " gmk-ctl" : ""));
    t.dataset.key = sh.key;
    t.title = `${sh.name} ${sh.key}: ${sh.status}, ${sh.cost} RU` + (sh.k > 1 ? `, ${sh.hits}/${sh.k} hits` : "") + (sh.controlled ? ", under Control" : "") + (sh.recondition ? ", needs reconditioning" : "");
    t.append(h("span", "gmk-token-name", sh.name), h("span", "gmk-token-id", sh.key.split(":")[1]));
    const n = ctx.picked.filter((k) => k === sh.key).length;
    if (n) t.appendChild(h("span", "gmk-token-pick", `x${n}`));
    const gone = ["hulked", "vaporized", "destroyed", "eaten", "retreated", "captured", "taken"].includes(sh.status);
    t.disabled = !clickable || gone;
    t.addEventListener("click", () => pick(ctx, sh.key, pending));
    tokens.appendChild(t);
  });
  box.appendChild(tokens);
  return box;
}
function field(ctx, v, pending) {
  const body = h("div", "gmk-combat-body");
  const sides = h("div", "gmk-combat-field");
  (v.sides || []).forEach((s, i) => sides.appendChild(sideBox(ctx, s, i, pending)));
  body.appendChild(sides);
  const logBox = h("div", "gmk-combat-log");
  logBox.appendChild(h("div", "gmk-muted", "Log"));
  const ol = h("ol", "gmk-log-list");
  (v.log || []).forEach((e) => ol.appendChild(h("li", "gmk-log-" + e.kind, e.text)));
  logBox.appendChild(ol);
  body.appendChild(logBox);
  requestAnimationFrame(() => {
    ol.scrollTop = ol.scrollHeight;
  });
  return body;
}
function simulation(sim, v) {
  const simBox = h("div", "gmk-combat-sim");
  simBox.appendChild(h("div", "gmk-title", `Simulated ${sim.n} battles (${sim.method}), mean ${sim.rounds.toFixed(1)} rounds`));
  const tbl = h("table", "gmk-table");
  const hr = h("tr");
  ["Side", "Won", "Draw", "Retreated", "Lost", "RU lost (mean)", "10%-90%"].forEach((c) => hr.appendChild(h("th", "", c)));
  tbl.appendChild(hr);
  sim.odds.forEach((o) => {
    const tr = h("tr");
    [o.side, pct(o.won, 1), pct(o.draw, 1), pct(o.retreated, 1), pct(o.lost, 1), o.ru_lost_mean.toFixed(1), `${o.ru_lost_p10}-${o.ru_lost_p90}`].forEach((c) => tr.appendChild(h("td", "", String(c))));
    tbl.appendChild(tr);
  });
  simBox.appendChild(tbl);
  sim.losses.forEach((dist, i) => {
    const row = h("div", "gmk-loss-row");
    row.appendChild(h("span", "gmk-loss-name", `${v.sides[i].name} RU lost`));
    const bars = h("div", "gmk-loss-bars");
    const top = Math.max(...dist.map((d) => d[1]), 1e-9);
    dist.forEach(([ru, p]) => {
      const b = h("div", "gmk-loss-bar");
      b.style.height = `${Math.max(2, p / top * 48)}px`;
      b.title = `${ru} RU lost: ${pct(p, 1)}`;
      b.classList.add(i === 0 ? "gmk-loss-a" : "gmk-loss-b");
      bars.appendChild(b);
    });
    row.appendChild(bars);
    if (dist.length) row.appendChild(h("span", "gmk-muted", `${dist[0][0]} to ${dist[dist.length - 1][0]} RU`));
    simBox.appendChild(row);
  });
  return simBox;
}
var combat_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view", "advice"]);
    const root = h("div", "gmk-root gmk-combat");
    el.appendChild(root);
    const ctx = { model, send: (msg) => model.send(msg), picked: [], draw };
    function draw() {
      const v = model.get("view") || /** @type {CombatView} */
      {};
      const asked = v.pending || null;
      const pending = asked && asked.kind === "allocate" ? asked : null;
      if (!pending) ctx.picked = [];
      root.replaceChildren(header(v));
      const err = h("div", "gmk-error", model.get("error") || "");
      err.setAttribute("role", "alert");
      root.appendChild(err);
      if (v.over && v.result) {
        root.appendChild(h(
          "div",
          "gmk-banner " + (v.result.winner ? "gmk-success" : "gmk-info"),
          `Battle over after ${v.result.rounds} round(s): ` + (v.result.winner ? `${v.result.winner} holds the orbit` : "no winner") + ` (${v.result.reason}).`
        ));
      }
      if (pending) root.appendChild(allocation(ctx, v, pending));
      else if (asked && ["takeover", "retreat", "detonate"].includes(asked.kind)) root.appendChild(prompt(ctx, v, asked));
      root.append(controls(ctx, v, !!asked), field(ctx, v, pending));
      if (v.simulation) root.appendChild(simulation(v.simulation, v));
    }
    const watched = ["view", "error"];
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
  combat_default as default
};
