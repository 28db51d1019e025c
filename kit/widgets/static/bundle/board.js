// gm-kit widget bundle of board.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: board.js dom.js
// sources-sha256: b35c65d3c3a5d20965db7772e294e51997de9ddacd0387c0d263a868ca2103a0
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
var board_default = {
  render({ model, el }) {
    const root = h("div", "gmk-root gmk-board");
    el.appendChild(root);
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
    const controls = h("div", "gmk-row gmk-board-controls");
    const valueLabel = h("label", "gmk-board-field");
    const valueName = h("span", "gmk-muted", "Check");
    valueLabel.append(valueName);
    const value = (
      /** @type {HTMLInputElement} */
      h("input", "gmk-input gmk-board-value")
    );
    value.type = "number";
    value.placeholder = "result";
    value.setAttribute("aria-label", "check result");
    valueLabel.append(value);
    const listId = "gmk-skills-" + Math.random().toString(36).slice(2);
    const skillLabel = h("label", "gmk-board-field");
    skillLabel.append(h("span", "gmk-muted", "Skill"));
    const skill = (
      /** @type {HTMLInputElement} */
      h("input", "gmk-input gmk-board-skill")
    );
    skill.setAttribute("list", listId);
    skill.placeholder = "none";
    skill.setAttribute("aria-label", "skill used");
    const datalist = h("datalist");
    datalist.id = listId;
    const penalty = h("span", "gmk-chip gmk-board-penalty");
    skillLabel.append(skill, datalist, penalty);
    const oppLabel = h("label", "gmk-board-field gmk-board-opp-field");
    oppLabel.append(h("span", "gmk-muted", "Opponent"));
    const opp = (
      /** @type {HTMLInputElement} */
      h("input", "gmk-input gmk-board-opp")
    );
    opp.type = "number";
    opp.placeholder = "result";
    opp.setAttribute("aria-label", "opponent's check result");
    const oppSkill = (
      /** @type {HTMLInputElement} */
      h("input", "gmk-input gmk-board-oppskill")
    );
    oppSkill.setAttribute("list", listId);
    oppSkill.placeholder = "skill";
    oppSkill.setAttribute("aria-label", "opponent's skill");
    const oppPenalty = h("span", "gmk-chip gmk-board-penalty gmk-board-opp-penalty");
    oppLabel.append(opp, oppSkill, oppPenalty);
    const checkBtn = h("button", "gmk-btn gmk-primary gmk-board-check", "Check");
    const undoBtn = h("button", "gmk-btn gmk-board-undo", "↶ Undo");
    controls.append(valueLabel, skillLabel, oppLabel, checkBtn, undoBtn);
    const oddsRow = h("div", "gmk-row gmk-board-oddsrow");
    const checksLabel = h("label", "gmk-board-field");
    checksLabel.append(h("span", "gmk-muted", "Odds for checks of"));
    const checksInput = (
      /** @type {HTMLInputElement} */
      h("input", "gmk-input gmk-board-checks")
    );
    checksInput.title = "a dice expression such as 2d6 or 2d6+1";
    checksInput.setAttribute("aria-label", "dice for the odds");
    checksLabel.append(checksInput);
    const oddsLine = h("span", "gmk-muted gmk-board-odds");
    const hintsLabel = h("label", "gmk-muted gmk-hints-toggle");
    const hintsBox = (
      /** @type {HTMLInputElement} */
      h("input")
    );
    hintsBox.type = "checkbox";
    hintsBox.checked = model.get("hints");
    hintsBox.addEventListener("change", () => {
      model.set("hints", hintsBox.checked);
      model.save_changes();
    });
    hintsLabel.append(hintsBox, document.createTextNode(" GM hints"));
    oddsRow.append(checksLabel, oddsLine, hintsLabel);
    const history = h("div", "gmk-board-history");
    const hintLine = h("div", "gmk-hint gmk-board-hint");
    hintLine.setAttribute("role", "note");
    const skillHint = h("div", "gmk-hint gmk-board-skill-hint");
    skillHint.setAttribute("role", "note");
    skillHint.setAttribute("aria-label", "skill hint");
    const askSkill = h("button", "gmk-btn gmk-board-ask-skill", "Which skill?");
    askSkill.dataset.action = "advise_skill";
    askSkill.addEventListener("click", () => {
      askSkill.disabled = true;
      askSkill.textContent = "Working…";
      model.send({ action: "advise_skill" });
    });
    root.append(header, felt, banner, error, controls, oddsRow, hintLine, skillHint, askSkill, history);
    let slots = [];
    let selected = null;
    let lastChecks = -1;
    function build(n) {
      row.replaceChildren();
      slots = [];
      for (let i = 0; i < n; i++) {
        const slot = h("div", "gmk-slot");
        slot.dataset.slot = String(i + 1);
        const marker = h("div", "gmk-slot-marker");
        const parts = makeCard();
        const place = h("div", "gmk-slot-place");
        const odds = h("div", "gmk-slot-odds");
        const num = h("div", "gmk-slot-num", String(i + 1));
        slot.append(marker, parts.card, place, odds, num);
        const choose = () => {
          const v = model.get("view");
          if (v.kind !== "limit" || !(v.open || []).includes(i + 1)) return;
          selected = selected === i + 1 ? null : i + 1;
          update();
        };
        parts.card.addEventListener("click", choose);
        parts.card.addEventListener("keydown", (ev) => {
          ev.stopPropagation();
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            choose();
          }
        });
        row.append(slot);
        slots.push({ slot, marker, parts, place, odds });
      }
    }
    function send(action) {
      const v = model.get("view");
      if (action === "check") {
        model.send({
          action: "check",
          value: value.value,
          skill: skill.value,
          slot: v.kind === "limit" ? selected : null,
          opponent: opp.value,
          opponent_skill: oppSkill.value
        });
      } else {
        model.send({ action });
      }
    }
    function update() {
      const v = model.get("view") || /** @type {import("./payloads").BoardView} */
      {};
      if (!v.slots) return;
      if (slots.length !== v.slots.length) build(v.slots.length);
      const checks = (v.history || []).length;
      if (checks !== lastChecks) {
        if (lastChecks >= 0 && checks > lastChecks) {
          value.value = "";
          opp.value = "";
          selected = null;
        }
        lastChecks = checks;
      }
      if (v.kind !== "limit" || !(v.open || []).includes(selected)) selected = null;
      title.textContent = v.title || KIND_NAMES[v.kind] || "Board";
      kind.textContent = KIND_NAMES[v.kind] + (v.kind === "limit" ? ` (${v.need})` : "");
      status.textContent = v.result || "";
      root.dataset.kind = v.kind;
      root.classList.toggle("gmk-finished", !!v.finished);
      v.slots.forEach((s, i) => {
        const ui = slots[i];
        paintCard(ui.parts, s.card, s.modifier);
        const open = (v.open || []).includes(i + 1);
        ui.parts.card.classList.toggle("gmk-removed", !!s.removed);
        ui.parts.card.classList.toggle("gmk-facing", !!s.facing || v.kind === "limit" && selected === i + 1);
        ui.parts.card.classList.toggle("gmk-open", open && v.kind === "limit");
        ui.parts.card.classList.toggle("gmk-goal-card", !!s.goal);
        ui.parts.card.title = s.removed ? "removed from the board" : s.card ? `${s.card.label}: difficulty ${s.difficulty}` : "face down: revealed when a check is committed";
        const choosable = open && v.kind === "limit";
        ui.parts.card.setAttribute("role", choosable ? "button" : "img");
        ui.parts.card.setAttribute("aria-label", `slot ${i + 1}: ${ui.parts.card.title}`);
        if (choosable) {
          ui.parts.card.tabIndex = 0;
          ui.parts.card.setAttribute("aria-pressed", String(selected === i + 1));
        } else {
          ui.parts.card.removeAttribute("tabindex");
          ui.parts.card.removeAttribute("aria-pressed");
        }
        ui.marker.replaceChildren();
        if (s.goal && v.kind === "standard") ui.marker.append(h("span", "gmk-marker gmk-marker-goal", "⚑ goal"));
        if (s.goal && v.kind === "contest") ui.marker.append(h("span", "gmk-marker gmk-marker-goal", "◆ goal"));
        if (s.goal && v.kind === "chase") ui.marker.append(h("span", "gmk-marker gmk-marker-escapee", "➤ escapee"));
        if (v.kind === "chase" && !s.removed && (i === 0 || v.slots[i - 1].removed))
          ui.marker.append(h("span", "gmk-marker gmk-marker-pursuer", "pursuer →"));
        ui.place.replaceChildren();
        if (s.placed) {
          const mini = h("div", "gmk-mini " + (s.placed.success ? "gmk-mini-success" : "gmk-mini-failure"));
          mini.append(h("span", "gmk-mini-value", String(s.placed.value)));
          mini.append(h("span", "gmk-mini-mark", s.placed.success ? "✓" : "✗"));
          mini.title = `check #${s.placed.number}: ${s.placed.value}` + (s.placed.skill ? ` (${s.placed.skill})` : "") + (s.placed.success ? ", success" : ", failure (face down)");
          ui.place.append(mini);
        }
        const p = v.odds ? v.odds[String(i + 1)] : void 0;
        ui.odds.textContent = p === void 0 ? "" : pct(p);
        ui.odds.title = p === void 0 ? "" : `chance the next check succeeds here (${v.checks})`;
      });
      leftSide.replaceChildren();
      rightSide.replaceChildren();
      if (v.kind === "contest") {
        leftSide.append(h("span", "gmk-side-name", "◀ Opponent"));
        rightSide.append(h("span", "gmk-side-name", "Players ▶"));
      } else if (v.kind === "chase") {
        leftSide.append(h("span", "gmk-side-name", v.role === "pursuer" ? "Players pursue" : "NPC pursues"));
        rightSide.append(h("span", "gmk-side-name", "Escape ▶"));
      }
      banner.className = "gmk-banner gmk-board-banner";
      if (v.finished) {
        banner.classList.add(v.outcome === "success" ? "gmk-success" : v.outcome === "failure" ? "gmk-failure" : "gmk-info");
        banner.textContent = (v.outcome === "success" ? "✔ " : v.outcome === "failure" ? "✖ " : "★ ") + v.result.charAt(0).toUpperCase() + v.result.slice(1);
      } else {
        banner.classList.add("gmk-info");
        banner.textContent = nextText(v);
      }
      error.textContent = model.get("error") || "";
      const isContest = v.kind === "contest";
      oppLabel.style.display = isContest ? "" : "none";
      valueName.textContent = isContest ? "Players" : "Check";
      checkBtn.textContent = ACTION_NAMES[v.kind] || "Check";
      checkBtn.disabled = !!v.finished || v.kind === "limit" && selected === null;
      value.disabled = !!v.finished;
      undoBtn.disabled = !v.can_undo;
      datalist.replaceChildren(...(model.get("skills") || []).map((s) => {
        const o = h("option");
        o.value = s;
        return o;
      }));
      penalty.textContent = `penalty ${signed(v.penalty || 0) || "0"}`;
      penalty.classList.toggle("gmk-hot", (v.penalty || 0) > 0);
      oppPenalty.textContent = `penalty ${signed(v.opponent_penalty || 0) || "0"}`;
      oppPenalty.classList.toggle("gmk-hot", (v.opponent_penalty || 0) > 0);
      if (document.activeElement !== skill && skill.value !== model.get("skill")) skill.value = model.get("skill");
      const bits = [];
      if (v.board_odds !== null && v.board_odds !== void 0)
        bits.push(`chance to succeed from here: ${pct(v.board_odds)}`);
      if (v.exchange)
        bits.push(`next exchange: toward players ${pct(v.exchange["toward players"])}, toward opponent ${pct(v.exchange["toward opponent"])}, no move ${pct(v.exchange["no move"])}`);
      if (v.npc) {
        const res = (v.npc_results || []).map((ok) => ok ? "✓" : "✗").join(" ");
        bits.push(`NPC ${v.npc}` + (res ? ` (so far: ${res})` : ""));
      }
      oddsLine.textContent = v.odds_error ? v.odds_error : bits.join(" · ");
      const a = model.get("hints") ? v.advice : null;
      hintLine.style.display = a ? "" : "none";
      if (a) {
        const ranked = Object.entries(a.options).sort((x, y) => y[1] - x[1]);
        const tie = new Set(Object.values(a.options)).size === 1;
        hintLine.textContent = `GM hint, ${a.exact ? "exact" : "simulated"}: ` + (tie ? `the order does not matter here (${(100 * ranked[0][1]).toFixed(1)}% whichever card)` : `face ${a.best} next - ` + ranked.map(([k, p]) => `${k} ${(100 * p).toFixed(1)}%`).join(" · "));
      }
      const sk = model.get("hints") ? v.skill_advice : null;
      skillHint.style.display = sk ? "" : "none";
      if (sk) {
        const ranked = Object.entries(sk.options).sort((x, y) => y[1] - x[1]);
        skillHint.textContent = sk.error ? `Skill hint: ${sk.error}` : "GM hint, skill for the next check: " + ranked.map(([k, p]) => `${k === sk.best ? "best " : ""}${k} ${(100 * p).toFixed(1)}%` + (sk.notes[k] ? ` (${sk.notes[k]})` : "")).join(" · ");
      }
      askSkill.style.display = v.can_advise_skill && model.get("hints") ? "" : "none";
      askSkill.disabled = false;
      askSkill.textContent = "Which skill?";
      slots.forEach((ui, i) => ui.parts.card.classList.toggle(
        "gmk-best-card",
        !!a && a.best_slot === i + 1 && new Set(Object.values(a.options)).size > 1
      ));
      oddsLine.classList.toggle("gmk-board-odds-error", !!v.odds_error);
      if (document.activeElement !== checksInput) checksInput.value = model.get("checks");
      history.replaceChildren();
      const recs = (v.history || []).slice(-8);
      if (recs.length) {
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
        history.append(table);
      }
    }
    function nextText(v) {
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
      model.set("skill", skill.value);
      model.save_changes();
    };
    const onOppSkill = () => {
      model.set("opponent_skill", oppSkill.value);
      model.save_changes();
    };
    const onChecks = () => {
      if (checksInput.value.trim() === model.get("checks")) return;
      model.set("checks", checksInput.value.trim());
      model.save_changes();
    };
    const onChecksKey = (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation();
        onChecks();
      }
    };
    checkBtn.addEventListener("click", onCheck);
    undoBtn.addEventListener("click", onUndo);
    value.addEventListener("keydown", onKey);
    opp.addEventListener("keydown", onKey);
    skill.addEventListener("change", onSkill);
    skill.addEventListener("input", onSkill);
    oppSkill.addEventListener("input", onOppSkill);
    checksInput.addEventListener("change", onChecks);
    checksInput.addEventListener("keydown", onChecksKey);
    const watched = ["view", "error", "skills", "checks"];
    for (const t of watched) model.on(`change:${t}`, update);
    const onHints = () => {
      hintsBox.checked = model.get("hints");
      update();
    };
    model.on("change:hints", onHints);
    update();
    return () => {
      for (const t of watched) model.off(`change:${t}`, update);
      model.off("change:hints", onHints);
      checkBtn.removeEventListener("click", onCheck);
      undoBtn.removeEventListener("click", onUndo);
      value.removeEventListener("keydown", onKey);
      opp.removeEventListener("keydown", onKey);
      skill.removeEventListener("change", onSkill);
      skill.removeEventListener("input", onSkill);
      oppSkill.removeEventListener("input", onOppSkill);
      checksInput.removeEventListener("change", onChecks);
      checksInput.removeEventListener("keydown", onChecksKey);
      root.remove();
    };
  }
};
export {
  board_default as default
};
