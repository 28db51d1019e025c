// gm-kit widget bundle of board.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: board.js dom.js state.js
// sources-sha256: fe65e9b0e8e3918ddbc21da3f793fe9fc97273d30d1923239ebd12cfdd23bc14
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

// ../kit/widgets/static/board.js
var KIND_NAMES = {
  standard: "Standard board",
  limit: "Limit board",
  contest: "Social contest",
  chase: "Chase",
  preparation: "Preparation"
};
var ACTION_NAMES = { contest: "Exchange", chase: "Play round" };
function signed(m) {
  return (m > 0 ? "+" : m < 0 ? "−" : "") + Math.abs(m);
}
function makeCard() {
  const card = h("div", "gmk-card");
  const tl = h("div", "gmk-card-corner gmk-tl");
  const pip = h("div", "gmk-card-pip");
  const br = h("div", "gmk-card-corner gmk-br");
  const mod = h("div", "gmk-card-mod");
  card.append(tl, pip, br, mod);
  return { card, tl, pip, br, mod };
}
function paintCard(parts, card, modifier) {
  const { card: el, tl, pip, br, mod } = parts;
  const down = !card;
  el.classList.toggle("gmk-face-down", down);
  el.classList.toggle("gmk-red", !!(card && card.red));
  el.classList.toggle("gmk-plain", !!(card && !card.suit));
  const face = down ? "" : card.face;
  const sym = down ? "" : card.symbol;
  tl.textContent = face + (sym ? "\n" + sym : "");
  br.textContent = face + (sym ? "\n" + sym : "");
  pip.textContent = down ? "" : sym || face;
  mod.textContent = modifier ? signed(modifier) : "";
  mod.style.display = modifier ? "" : "none";
  mod.title = modifier ? `slot modifier ${signed(modifier)}` : "";
}
function field(cls, aria, type) {
  const input = h("input", "gmk-input " + cls);
  if (type) input.type = type;
  input.setAttribute("aria-label", aria);
  return input;
}
function makeTable() {
  const header = h("div", "gmk-row gmk-board-header");
  const title = h("span", "gmk-title gmk-board-title");
  const kind = h("span", "gmk-chip gmk-board-kind");
  const status = h("span", "gmk-muted gmk-board-status");
  header.append(title, kind, status);
  const felt = h("div", "gmk-board-felt");
  const leftSide = h("div", "gmk-board-side gmk-board-left");
  const row = h("div", "gmk-board-row");
  const rightSide = h("div", "gmk-board-side gmk-board-right");
  felt.append(leftSide, row, rightSide);
  const banner = h("div", "gmk-banner gmk-board-banner");
  const error = h("div", "gmk-error gmk-board-error");
  error.setAttribute("role", "alert");
  return { header, title, kind, status, felt, leftSide, row, rightSide, banner, error };
}
function makeControls() {
  const controls = h("div", "gmk-row gmk-board-controls");
  const valueLabel = h("label", "gmk-board-field");
  const valueName = h("span", "gmk-muted", "Check");
  const value = field("gmk-board-value", "check result", "number");
  value.placeholder = "result";
  valueLabel.append(valueName, value);
  const listId = "gmk-skills-" + Math.random().toString(36).slice(2);
  const skillLabel = h("label", "gmk-board-field");
  const skill = field("gmk-board-skill", "skill used");
  skill.setAttribute("list", listId);
  skill.placeholder = "none";
  const datalist = h("datalist");
  datalist.id = listId;
  const penalty = h("span", "gmk-chip gmk-board-penalty");
  skillLabel.append(h("span", "gmk-muted", "Skill"), skill, datalist, penalty);
  const oppLabel = h("label", "gmk-board-field gmk-board-opp-field");
  const opp = field("gmk-board-opp", "opponent's check result", "number");
  opp.placeholder = "result";
  const oppSkill = field("gmk-board-oppskill", "opponent's skill");
  oppSkill.setAttribute("list", listId);
  oppSkill.placeholder = "skill";
  const oppPenalty = h("span", "gmk-chip gmk-board-penalty gmk-board-opp-penalty");
  oppLabel.append(h("span", "gmk-muted", "Opponent"), opp, oppSkill, oppPenalty);
  const checkBtn = h("button", "gmk-btn gmk-primary gmk-board-check", "Check");
  const undoBtn = h("button", "gmk-btn gmk-board-undo", "↶ Undo");
  controls.append(valueLabel, skillLabel, oppLabel, checkBtn, undoBtn);
  return { controls, valueName, value, skill, datalist, penalty, oppLabel, opp, oppSkill, oppPenalty, checkBtn, undoBtn };
}
function makeOdds() {
  const oddsRow = h("div", "gmk-row gmk-board-oddsrow");
  const checksLabel = h("label", "gmk-board-field");
  const checksInput = field("gmk-board-checks", "dice for the odds");
  checksInput.title = "a dice expression such as 2d6 or 2d6+1";
  checksLabel.append(h("span", "gmk-muted", "Odds for checks of"), checksInput);
  const oddsLine = h("span", "gmk-muted gmk-board-odds");
  const hintsLabel = h("label", "gmk-muted gmk-hints-toggle");
  const hintsBox = h("input");
  hintsBox.type = "checkbox";
  hintsLabel.append(hintsBox, document.createTextNode(" GM hints"));
  oddsRow.append(checksLabel, oddsLine, hintsLabel);
  const hintLine = h("div", "gmk-hint gmk-board-hint");
  hintLine.setAttribute("role", "note");
  const skillHint = h("div", "gmk-hint gmk-board-skill-hint");
  skillHint.setAttribute("role", "note");
  skillHint.setAttribute("aria-label", "skill hint");
  const askSkill = h("button", "gmk-btn gmk-board-ask-skill", "Which skill?");
  askSkill.dataset.action = "advise_skill";
  const history = h("div", "gmk-board-history");
  return { oddsRow, checksInput, oddsLine, hintsBox, hintLine, skillHint, askSkill, history };
}
function makeUi() {
  const root = h("div", "gmk-root gmk-board");
  const ui = { root, ...makeTable(), ...makeControls(), ...makeOdds() };
  root.append(
    ui.header,
    ui.felt,
    ui.banner,
    ui.error,
    ui.controls,
    ui.oddsRow,
    ui.hintLine,
    ui.skillHint,
    ui.askSkill,
    ui.history
  );
  return ui;
}
function buildSlots(ui, state, n, choose) {
  ui.row.replaceChildren();
  state.slots = [];
  for (let i = 0; i < n; i++) {
    const slot = h("div", "gmk-slot");
    slot.dataset.slot = String(i + 1);
    const marker = h("div", "gmk-slot-marker");
    const parts = makeCard();
    const place = h("div", "gmk-slot-place");
    const odds = h("div", "gmk-slot-odds");
    slot.append(marker, parts.card, place, odds, h("div", "gmk-slot-num", String(i + 1)));
    parts.card.addEventListener("click", () => choose(i + 1));
    parts.card.addEventListener("keydown", (ev) => {
      ev.stopPropagation();
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        choose(i + 1);
      }
    });
    ui.row.append(slot);
    state.slots.push({ slot, marker, parts, place, odds });
  }
}
function paintMarkers(s, v, i) {
  const slot = v.slots[i];
  s.marker.replaceChildren();
  if (slot.goal && v.kind === "standard") s.marker.append(h("span", "gmk-marker gmk-marker-goal", "⚑ goal"));
  if (slot.goal && v.kind === "contest") s.marker.append(h("span", "gmk-marker gmk-marker-goal", "◆ goal"));
  if (slot.goal && v.kind === "chase") s.marker.append(h("span", "gmk-marker gmk-marker-escapee", "➤ escapee"));
  if (v.kind === "chase" && !slot.removed && (i === 0 || v.slots[i - 1].removed))
    s.marker.append(h("span", "gmk-marker gmk-marker-pursuer", "pursuer →"));
}
function paintPlaced(s, placed) {
  s.place.replaceChildren();
  if (!placed) return;
  const mini = h("div", "gmk-mini " + (placed.success ? "gmk-mini-success" : "gmk-mini-failure"));
  mini.append(h("span", "gmk-mini-value", String(placed.value)));
  mini.append(h("span", "gmk-mini-mark", placed.success ? "✓" : "✗"));
  mini.title = `check #${placed.number}: ${placed.value}` + (placed.skill ? ` (${placed.skill})` : "") + (placed.success ? ", success" : ", failure (face down)");
  s.place.append(mini);
}
function paintSlots(state, v) {
  v.slots.forEach((slot, i) => {
    const s = state.slots[i];
    const card = s.parts.card;
    paintCard(s.parts, slot.card, slot.modifier);
    const open = (v.open || []).includes(i + 1);
    card.classList.toggle("gmk-removed", !!slot.removed);
    card.classList.toggle("gmk-facing", !!slot.facing || v.kind === "limit" && state.selected === i + 1);
    card.classList.toggle("gmk-open", open && v.kind === "limit");
    card.classList.toggle("gmk-goal-card", !!slot.goal);
    card.title = slot.removed ? "removed from the board" : slot.card ? `${slot.card.label}: difficulty ${slot.difficulty}` : "face down: revealed when a check is committed";
    const choosable = open && v.kind === "limit";
    card.setAttribute("role", choosable ? "button" : "img");
    card.setAttribute("aria-label", `slot ${i + 1}: ${card.title}`);
    if (choosable) {
      card.tabIndex = 0;
      card.setAttribute("aria-pressed", String(state.selected === i + 1));
    } else {
      card.removeAttribute("tabindex");
      card.removeAttribute("aria-pressed");
    }
    paintMarkers(s, v, i);
    paintPlaced(s, slot.placed);
    const p = v.odds ? v.odds[String(i + 1)] : void 0;
    s.odds.textContent = p === void 0 ? "" : pct(p);
    s.odds.title = p === void 0 ? "" : `chance the next check succeeds here (${v.checks})`;
  });
}
function paintTable(ui, state, v, error) {
  ui.title.textContent = v.title || KIND_NAMES[v.kind] || "Board";
  ui.kind.textContent = KIND_NAMES[v.kind] + (v.kind === "limit" ? ` (${v.need})` : "");
  ui.status.textContent = v.result || "";
  ui.root.dataset.kind = v.kind;
  ui.root.classList.toggle("gmk-finished", !!v.finished);
  ui.leftSide.replaceChildren();
  ui.rightSide.replaceChildren();
  if (v.kind === "contest") {
    ui.leftSide.append(h("span", "gmk-side-name", "◀ Opponent"));
    ui.rightSide.append(h("span", "gmk-side-name", "Players ▶"));
  } else if (v.kind === "chase") {
    ui.leftSide.append(h("span", "gmk-side-name", v.role === "pursuer" ? "Players pursue" : "NPC pursues"));
    ui.rightSide.append(h("span", "gmk-side-name", "Escape ▶"));
  }
  ui.banner.className = "gmk-banner gmk-board-banner";
  if (v.finished) {
    ui.banner.classList.add(v.outcome === "success" ? "gmk-success" : v.outcome === "failure" ? "gmk-failure" : "gmk-info");
    ui.banner.textContent = (v.outcome === "success" ? "✔ " : v.outcome === "failure" ? "✖ " : "★ ") + v.result.charAt(0).toUpperCase() + v.result.slice(1);
  } else {
    ui.banner.classList.add("gmk-info");
    ui.banner.textContent = nextText(v, state.selected);
  }
  ui.error.textContent = error || "";
}
function nextText(v, selected) {
  if (v.kind === "limit") {
    if (selected === null) return `Click a card to face: ${v.successes} of ${v.need} successes so far.`;
    const s2 = v.slots[selected - 1];
    return s2.card ? `Facing slot ${selected} (${s2.card.label}): target ${s2.difficulty + (v.penalty || 0)}.` : `Facing slot ${selected}, face down: it is revealed when the check is made.`;
  }
  const slot = (v.open || [])[0];
  if (!slot) return v.result;
  const s = v.slots[slot - 1];
  const target = s.difficulty + (v.penalty || 0);
  const who = v.kind === "contest" ? "Both sides check" : v.kind === "chase" ? `The players (${v.role}) check` : "Next check";
  return `${who} against slot ${slot} (${s.card.label}): target ${target}` + (v.penalty ? ` including penalty +${v.penalty}` : "") + ".";
}
function paintControls(ui, state, v, model) {
  const isContest = v.kind === "contest";
  ui.oppLabel.style.display = isContest ? "" : "none";
  ui.valueName.textContent = isContest ? "Players" : "Check";
  ui.checkBtn.textContent = ACTION_NAMES[v.kind] || "Check";
  ui.checkBtn.disabled = !!v.finished || v.kind === "limit" && state.selected === null;
  ui.value.disabled = !!v.finished;
  ui.undoBtn.disabled = !v.can_undo;
  ui.datalist.replaceChildren(...(model.get("skills") || []).map((s) => {
    const o = h("option");
    o.value = s;
    return o;
  }));
  ui.penalty.textContent = `penalty ${signed(v.penalty || 0) || "0"}`;
  ui.penalty.classList.toggle("gmk-hot", (v.penalty || 0) > 0);
  ui.oppPenalty.textContent = `penalty ${signed(v.opponent_penalty || 0) || "0"}`;
  ui.oppPenalty.classList.toggle("gmk-hot", (v.opponent_penalty || 0) > 0);
  if (document.activeElement !== ui.skill && ui.skill.value !== model.get("skill")) ui.skill.value = model.get("skill");
  if (document.activeElement !== ui.checksInput) ui.checksInput.value = model.get("checks");
}
function paintOdds(ui, v) {
  const bits = [];
  if (v.board_odds !== null && v.board_odds !== void 0)
    bits.push(`chance to succeed from here: ${pct(v.board_odds)}`);
  if (v.exchange)
    bits.push(`next exchange: toward players ${pct(v.exchange["toward players"])}, toward opponent ${pct(v.exchange["toward opponent"])}, no move ${pct(v.exchange["no move"])}`);
  if (v.npc) {
    const res = (v.npc_results || []).map((ok) => ok ? "✓" : "✗").join(" ");
    bits.push(`NPC ${v.npc}` + (res ? ` (so far: ${res})` : ""));
  }
  ui.oddsLine.textContent = v.odds_error ? v.odds_error : bits.join(" · ");
  ui.oddsLine.classList.toggle("gmk-board-odds-error", !!v.odds_error);
}
function paintHints(ui, state, v, hints) {
  const a = hints ? v.advice : null;
  ui.hintLine.style.display = a ? "" : "none";
  if (a) {
    const ranked = Object.entries(a.options).sort((x, y) => y[1] - x[1]);
    const tie = new Set(Object.values(a.options)).size === 1;
    ui.hintLine.textContent = `GM hint, ${a.exact ? "exact" : "simulated"}: ` + (tie ? `the order does not matter here (${(100 * ranked[0][1]).toFixed(1)}% whichever card)` : `face ${a.best} next - ` + ranked.map(([k, p]) => `${k} ${(100 * p).toFixed(1)}%`).join(" · "));
  }
  const sk = hints ? v.skill_advice : null;
  ui.skillHint.style.display = sk ? "" : "none";
  if (sk) {
    const ranked = Object.entries(sk.options).sort((x, y) => y[1] - x[1]);
    ui.skillHint.textContent = sk.error ? `Skill hint: ${sk.error}` : "GM hint, skill for the next check: " + ranked.map(([k, p]) => `${k === sk.best ? "best " : ""}${k} ${(100 * p).toFixed(1)}%` + (sk.notes[k] ? ` (${sk.notes[k]})` : "")).join(" · ");
  }
  ui.askSkill.style.display = v.can_advise_skill && hints ? "" : "none";
  ui.askSkill.disabled = false;
  ui.askSkill.textContent = "Which skill?";
  state.slots.forEach((s, i) => s.parts.card.classList.toggle(
    "gmk-best-card",
    !!a && a.best_slot === i + 1 && new Set(Object.values(a.options)).size > 1
  ));
}
function paintHistory(ui, v) {
  ui.history.replaceChildren();
  const recs = (v.history || []).slice(-8);
  if (!recs.length) return;
  const table = h("table", "gmk-table gmk-board-hist");
  const head = h("tr");
  for (const t of ["#", "who", "card", "skill", "check", "target", "result"]) head.append(h("th", "", t));
  table.append(head);
  for (const r of recs) {
    const tr = h("tr", r.success ? "gmk-ok" : "gmk-bad");
    for (const t of [
      String(r.number),
      r.side,
      `${r.card} (slot ${r.slot})`,
      r.skill || "—",
      String(r.value),
      `${r.target}` + (r.penalty ? ` (+${r.penalty})` : ""),
      r.success ? "success" : "failure"
    ])
      tr.append(h("td", "", t));
    table.append(tr);
  }
  ui.history.append(table);
}
function listen(ui, model, send) {
  const onCheck = () => send("check");
  const onUndo = () => send("undo");
  const onKey = (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      send("check");
    }
  };
  const onSkill = () => {
    model.set("skill", ui.skill.value);
    model.save_changes();
  };
  const onOppSkill = () => {
    model.set("opponent_skill", ui.oppSkill.value);
    model.save_changes();
  };
  const onChecks = () => {
    if (ui.checksInput.value.trim() === model.get("checks")) return;
    model.set("checks", ui.checksInput.value.trim());
    model.save_changes();
  };
  const onChecksKey = (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      onChecks();
    }
  };
  const onHintsBox = () => {
    model.set("hints", ui.hintsBox.checked);
    model.save_changes();
  };
  const onAskSkill = () => {
    ui.askSkill.disabled = true;
    ui.askSkill.textContent = "Working…";
    model.send({ action: "advise_skill" });
  };
  const wires = [
    [ui.checkBtn, "click", onCheck],
    [ui.undoBtn, "click", onUndo],
    [ui.value, "keydown", onKey],
    [ui.opp, "keydown", onKey],
    [ui.skill, "change", onSkill],
    [ui.skill, "input", onSkill],
    [ui.oppSkill, "input", onOppSkill],
    [ui.checksInput, "change", onChecks],
    [ui.checksInput, "keydown", onChecksKey],
    [ui.hintsBox, "change", onHintsBox],
    [ui.askSkill, "click", onAskSkill]
  ];
  for (const [el, type, fn] of wires) el.addEventListener(type, fn);
  return () => {
    for (const [el, type, fn] of wires) el.removeEventListener(type, fn);
  };
}
var board_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view"]);
    const ui = makeUi();
    el.appendChild(ui.root);
    const state = { slots: [], selected: null, lastChecks: -1 };
    const choose = (n) => {
      const v = model.get("view");
      if (v.kind !== "limit" || !(v.open || []).includes(n)) return;
      state.selected = state.selected === n ? null : n;
      update();
    };
    const send = (action) => {
      const v = model.get("view");
      if (action !== "check") return model.send({ action });
      model.send({
        action: "check",
        value: ui.value.value,
        skill: ui.skill.value,
        slot: v.kind === "limit" ? state.selected : null,
        opponent: ui.opp.value,
        opponent_skill: ui.oppSkill.value
      });
    };
    function update() {
      const v = model.get("view") || /** @type {BoardView} */
      {};
      if (!v.slots) return;
      if (state.slots.length !== v.slots.length) buildSlots(ui, state, v.slots.length, choose);
      const checks = (v.history || []).length;
      if (checks !== state.lastChecks) {
        if (state.lastChecks >= 0 && checks > state.lastChecks) {
          ui.value.value = "";
          ui.opp.value = "";
          state.selected = null;
        }
        state.lastChecks = checks;
      }
      if (v.kind !== "limit" || !(v.open || []).includes(state.selected)) state.selected = null;
      paintTable(ui, state, v, model.get("error"));
      paintSlots(state, v);
      paintControls(ui, state, v, model);
      paintOdds(ui, v);
      paintHints(ui, state, v, model.get("hints"));
      paintHistory(ui, v);
    }
    const unlisten = listen(ui, model, send);
    const watched = ["view", "error", "skills", "checks"];
    for (const t of watched) model.on(`change:${t}`, update);
    const onHints = () => {
      ui.hintsBox.checked = model.get("hints");
      update();
    };
    model.on("change:hints", onHints);
    ui.hintsBox.checked = model.get("hints");
    update();
    return () => {
      unfollow();
      for (const t of watched) model.off(`change:${t}`, update);
      model.off("change:hints", onHints);
      unlisten();
      ui.root.remove();
    };
  }
};
export {
  board_default as default
};
